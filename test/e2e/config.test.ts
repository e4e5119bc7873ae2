import {mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {GIT_TEST_ENV, cleanupTempDirs, isolatedEnv, makeTempDir, REPO_ROOT, runCli} from 'govtool/testing'
import {configRegistry, loadConfigSections, parseYaml, renderConfigFile, sectionDefaults, setConfigValue, undocumentedKeys, ProjectContext, type ConfigRegistry} from 'govtool/core'
import {z} from 'zod/v3'

const NO_STACK = /\n\s+at .+:\d+:\d+/

function getIn(value: unknown, keys: readonly string[]): unknown {
  let current = value
  for (const key of keys) current = (current as Record<string, unknown> | undefined)?.[key]
  return current
}

/** A value with the keys whose value is undefined dropped (what a YAML file can hold). */
const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown

describe('docs/GOVTOOL.yml: written by init and import, read and edited by config get|set|list', function () {
  this.timeout(120_000)
  let registry: ConfigRegistry
  let home: string
  let env: NodeJS.ProcessEnv
  before(async () => {
    registry = await loadConfigSections(REPO_ROOT)
    home = makeTempDir('govtool-config-home-')
    env = isolatedEnv(home, GIT_TEST_ENV)
  })
  after(cleanupTempDirs)

  async function initProject(): Promise<string> {
    const out = makeTempDir('govtool-config-')
    const r = await runCli(['init', '--config', path.join(REPO_ROOT, 'test', 'fixtures', 'ops-scaffold.yml'), '--output-dir', out, '--no-git', '--json'], {env})
    expect(r.code, r.stderr).to.equal(0)
    expect(r.json<{files: string[]}>().files).to.include('docs/GOVTOOL.yml')
    return path.join(out, 'ops-demo')
  }

  it('the plugins declare the preflight, verify, agent.permissions and audit sections, each key with a comment', () => {
    expect(registry.plugins.filter((p) => p.status === 'failed')).to.deep.equal([])
    expect(registry.sections.map((s) => s.path)).to.include.members(['preflight', 'verify', 'agent.permissions', 'audit'])
    for (const section of registry.sections) expect(undocumentedKeys(section), section.path).to.deep.equal({missing: [], unknown: []})
  })

  it('init writes docs/GOVTOOL.yml that parses to exactly the defaults of every section, every default spelled out', async () => {
    const root = await initProject()
    const text = readFileSync(path.join(root, 'docs', 'GOVTOOL.yml'), 'utf8')
    expect(text).to.equal(renderConfigFile(registry))
    const data = parseYaml(text, 'docs/GOVTOOL.yml').data
    for (const section of registry.sections) {
      const raw = getIn(data, section.path.split('.'))
      // spelled out: the file holds every default itself, not a subset that the schema completes
      expect(plain(raw), section.path).to.deep.equal(plain(sectionDefaults(section)))
      expect(plain(section.schema.parse(raw)), section.path).to.deep.equal(plain(sectionDefaults(section)))
    }
    // commented: a comment above each section and its keys
    expect(text).to.match(/# preflight: [^\n]+\npreflight:\n {2}# Paths no request may destroy/)
    expect(text).to.match(/# agent\.permissions: [^\n]+[\s\S]*?\n {2}permissions:\n {4}# The preset the profile starts from[^\n]*\n {4}preset: \S+/)
    // a key without a default is shown commented out, so it parses to absent
    expect(text).to.contain('  # confidence_target: 0.7\n')
    // and what the commands read from it is what they read with no file at all
    const list = await runCli(['config', 'list', '--project-dir', root, '--json'], {env})
    const keys = list.json<{keys: {key: string; value: unknown; default: unknown; source: string}[]}>().keys
    expect(keys.length).to.be.greaterThan(20)
    for (const k of keys) expect(k.value, k.key).to.deep.equal(k.default)
    expect(keys.find((k) => k.key === 'verify.threshold')).to.deep.include({source: 'project', value: 0.7})
    expect(keys.find((k) => k.key === 'preflight.confidence_target')).to.deep.include({source: 'default', value: null})
  })

  it('a section the file leaves out is generated from its schema: a new key shows up at its default with its comment', () => {
    const section = {
      path: 'demo.limits',
      title: 'demo: a section of a third-party plugin.',
      schema: z.object({depth: z.number().int().min(1).default(4), mode: z.enum(['fast', 'slow']).default('fast'), tags: z.array(z.string()).default(['a', 'b'])}).strict(),
      keys: {depth: 'How deep.', mode: 'How fast.', tags: 'Labels.'},
    }
    const text = renderConfigFile(configRegistry([section]))
    expect(text).to.contain('\ndemo:\n  # demo: a section of a third-party plugin.\n  limits:\n    # How deep.\n    depth: 4\n    # How fast.\n    mode: fast\n    # Labels.\n    tags: [a, b]\n')
    expect(getIn(parseYaml(text, 'x').data, ['demo', 'limits'])).to.deep.equal({depth: 4, mode: 'fast', tags: ['a', 'b']})
    expect(undocumentedKeys({...section, keys: {depth: 'x', gone: 'y'}})).to.deep.equal({missing: ['mode', 'tags'], unknown: ['gone']})
  })

  it('config set changes one value, keeps every comment and line, and config get reads it back', async () => {
    const root = await initProject()
    const file = path.join(root, 'docs', 'GOVTOOL.yml')
    const before = readFileSync(file, 'utf8')
    let r = await runCli(['config', 'set', 'verify.threshold', '0.8', '--project-dir', root, '--json'], {env})
    expect(r.code, r.stderr).to.equal(0)
    expect(r.json()).to.deep.equal({key: 'verify.threshold', value: 0.8, previous: 0.7, file: 'docs/GOVTOOL.yml', created: false, removed: false})
    r = await runCli(['config', 'set', 'agent.permissions.deny', 'git_push,git_tag', '--project-dir', root], {env})
    expect(r.code, r.stderr).to.equal(0)
    const after = readFileSync(file, 'utf8')
    const changed = after.split('\n').filter((line, i) => line !== before.split('\n')[i])
    expect(changed).to.deep.equal(['  threshold: 0.8', '    deny: [git_push, git_tag]'])
    expect(after.split('\n').length).to.equal(before.split('\n').length)

    r = await runCli(['config', 'get', 'verify.threshold', '--project-dir', root], {env})
    expect(r.code).to.equal(0)
    expect(r.stdout.trim().split(/\s+/)[0]).to.equal('0.8')
    r = await runCli(['config', 'get', 'agent.permissions.deny', '--project-dir', root, '--json'], {env})
    expect(r.json()).to.deep.include({value: ['git_push', 'git_tag'], default: [], source: 'project', file: 'docs/GOVTOOL.yml'})

    // what the gate reads: the permission profile follows the file
    r = await runCli(['agent', 'permissions-check', 'git_push', '--no-log', '--project-dir', root, '--json'], {env})
    expect(r.code).to.equal(3)

    // the old confidence target is refused with where the one threshold lives, and the file is unchanged
    const kept = readFileSync(file, 'utf8')
    r = await runCli(['config', 'set', 'preflight.confidence_target', '0.75', '--project-dir', root, '--json'], {env})
    expect(r.code).to.equal(2)
    expect(JSON.stringify(r.json())).to.match(/verify\.threshold/)
    expect(readFileSync(file, 'utf8')).to.equal(kept)

    // null removes a key: its default applies again
    r = await runCli(['config', 'set', 'verify.threshold', 'null', '--project-dir', root, '--json'], {env})
    expect(r.json()).to.deep.include({previous: 0.8, removed: true})
    expect(readFileSync(file, 'utf8')).not.to.match(/^ {2}threshold:/m)
  })

  it('config set refuses a value the key does not take, naming the key and the allowed values, and writes nothing', async () => {
    const root = await initProject()
    const file = path.join(root, 'docs', 'GOVTOOL.yml')
    const before = readFileSync(file, 'utf8')
    const cases: [string, string, RegExp, RegExp][] = [
      ['preflight.phase_gating', 'sometimes', /preflight\.phase_gating cannot be sometimes/, /one of: auto, always, never/],
      ['verify.threshold', '1.5', /verify\.threshold cannot be 1\.5/, /a number from 0 to 1/],
      ['verify.retry_budget', '2.5', /verify\.retry_budget cannot be 2\.5/, /a whole number from 0 to 100/],
      ['agent.permissions.preset', 'root', /agent\.permissions\.preset cannot be root/, /one of: read_only, workspace, standard, extended, admin/],
      ['preflight.phase_rules.implementation', '[read_only, coding]', /preflight\.phase_rules\.implementation\.1 cannot be coding/, /one of: read_only, docs_change, test_change, code_change, destructive, release/],
    ]
    for (const [key, value, message, allowed] of cases) {
      const r = await runCli(['config', 'set', key, value, '--project-dir', root], {env})
      expect(r.code, `${key} ${value}`).to.equal(2)
      expect(r.stderr).to.match(message).and.to.match(allowed)
      expect(r.stderr).not.to.match(NO_STACK)
    }
    const json = await runCli(['config', 'set', 'preflight.phase_gating', 'sometimes', '--project-dir', root, '--json'], {env})
    expect(json.json<{error: {code: string; hint: string}}>().error).to.deep.include({code: 'E_CONFIG_VALUE'})
    expect(readFileSync(file, 'utf8')).to.equal(before)

    const unknown = await runCli(['config', 'set', 'verify.treshold', '0.8', '--project-dir', root, '--json'], {env})
    expect(unknown.code).to.equal(2)
    const error = unknown.json<{error: {code: string; message: string; hint: string}}>().error
    expect(error.code).to.equal('E_CONFIG_KEY')
    expect(error.message).to.contain("Unknown config key 'verify.treshold'. Did you mean verify.threshold?")
    expect(error.hint).to.contain('threshold, retry_budget')
    expect((await runCli(['config', 'get', 'nothing.here', '--project-dir', root], {env})).code).to.equal(2)
  })

  it('without docs/GOVTOOL.yml: get reads the defaults (or the user config), and set first writes the file with every default', async () => {
    const root = makeTempDir('govtool-config-bare-')
    const userHome = makeTempDir('govtool-config-user-')
    const userEnv = isolatedEnv(userHome, GIT_TEST_ENV)
    mkdirSync(path.join(userHome, 'govtool-home'), {recursive: true})
    writeFileSync(path.join(userHome, 'govtool-home', 'config.yml'), 'verify:\n  retry_budget: 5\n')
    let r = await runCli(['config', 'get', 'verify.retry_budget', '--project-dir', root, '--json'], {env: userEnv})
    expect(r.json()).to.deep.include({value: 5, source: 'user'})
    r = await runCli(['config', 'get', 'verify.threshold', '--project-dir', root, '--json'], {env: userEnv})
    expect(r.json()).to.deep.include({value: 0.7, source: 'default', file: null})
    r = await runCli(['config', 'list', '--project-dir', root], {env: userEnv})
    expect(r.stdout).to.match(/verify\.retry_budget\s+5\s+\S*config\.yml/).and.to.contain('does not exist')

    r = await runCli(['config', 'set', 'verify.threshold', '0.9', '--project-dir', root, '--json'], {env: userEnv})
    expect(r.code, r.stderr).to.equal(0)
    expect(r.json()).to.deep.include({created: true, value: 0.9, previous: 0.7})
    expect(r.json<{warnings: string[]}>().warnings.join('\n')).to.contain('replaces the verify section of ~/.govtool/config.yml')
    const text = readFileSync(path.join(root, 'docs', 'GOVTOOL.yml'), 'utf8')
    expect(text).to.equal(renderConfigFile(registry).replace('  threshold: 0.7\n', '  threshold: 0.9\n'))
  })

  it('import writes docs/GOVTOOL.yml when the project has none, and never replaces one (not even with --force)', async () => {
    const root = makeTempDir('govtool-config-import-')
    writeFileSync(path.join(root, 'main.py'), 'print("hi")\n')
    let r = await runCli(['import', '--project-dir', root, '--json'], {env})
    expect(r.code, r.stderr).to.equal(0)
    expect(r.json<{written: string[]}>().written).to.include('docs/GOVTOOL.yml')
    expect(readFileSync(path.join(root, 'docs', 'GOVTOOL.yml'), 'utf8')).to.equal(renderConfigFile(registry))
    writeFileSync(path.join(root, 'docs', 'GOVTOOL.yml'), 'verify:\n  threshold: 0.9 # ours\n')
    r = await runCli(['import', '--force', '--project-dir', root, '--json'], {env})
    expect(r.code, r.stderr).to.equal(0)
    expect(r.json<{kept: string[]}>().kept).to.include('docs/GOVTOOL.yml')
    expect(readFileSync(path.join(root, 'docs', 'GOVTOOL.yml'), 'utf8')).to.equal('verify:\n  threshold: 0.9 # ours\n')
  })

  it('set keeps a comment on the line of the value it changes, and reports a file that is already wrong elsewhere', async () => {
    const root = makeTempDir('govtool-config-lib-')
    mkdirSync(path.join(root, 'docs'))
    const file = path.join(root, 'docs', 'GOVTOOL.yml')
    writeFileSync(file, '# ours\nverify:\n  # why\n  threshold: 0.9 # agreed with QA\n')
    const ctx = new ProjectContext(root)
    const result = await setConfigValue(ctx, registry, 'verify.threshold', '0.85')
    expect(result).to.deep.include({value: 0.85, previous: 0.9, created: false})
    expect(readFileSync(file, 'utf8')).to.equal('# ours\nverify:\n  # why\n  threshold: 0.85 # agreed with QA\n')
    writeFileSync(file, 'verify:\n  threshold: 0.9\n  retry_budget: lots\n')
    try {
      await setConfigValue(ctx, registry, 'verify.threshold', '0.8')
      expect.fail('a section that does not validate is an error')
    } catch (error) {
      expect((error as Error).message).to.contain('docs/GOVTOOL.yml:3').and.to.contain('verify.retry_budget')
    }
  })
})
