import {readdirSync, readFileSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {cleanupTempDirs, isolatedEnv, makeTempDir, runCli} from 'govtool/testing'

import {analyseRequest} from '../src/index.js'
import {PreflightConfigSchema} from '../src/lib/policy/config.js'
import {compileForbiddenRules, findForbidden} from '../src/lib/policy/forbidden.js'
import {fromText, ruleCacheStats, toText} from '../src/lib/rule-cache.js'
import {policyFromData, type PolicyData} from '../src/lib/snapshot.js'
// @ts-expect-error: a plain ESM module shared with `npm run bench`
import {loadCorpus} from './corpus/evaluate.mjs'
import {fixtureProject} from './helpers.js'

/**
 * The forbidden rules kept in `.govtool/cache/preflight-rules-<bundle>` (rule-cache.ts, issue 14 start-up pass 9):
 * rules read back from the file decide exactly as the compiled ones, a warm preflight process compiles nothing,
 * verify never compiles the rules, and any change of the key (the settings, the bundle) or a damaged file compiles.
 */
describe('preflight: the forbidden rules kept per bundle and policy', function () {
  this.timeout(300_000)
  after(cleanupTempDirs)

  const config = PreflightConfigSchema.parse({
    protected_paths: ['deploy/keys', 'infra/prod.tfvars'],
    forbidden_patterns: [{id: 'no-friday', pattern: 'deploy on (a )?friday', reason: 'Never on Fridays.'}, {pattern: 'drop\\s+table', reason: 'No dropped tables.'}],
  })

  it('gives the same hits as the compiled rules for every request of the corpus, as a statement and as a question', () => {
    const compiled = compileForbiddenRules(config)
    const kept = fromText(toText(compiled, 'key'), 'key')!
    expect(kept.map((r) => [r.id, r.category, r.reason, r.questions, r.gate, r.also])).to.deep.equal(compiled.map((r) => [r.id, r.category, r.reason, r.questions, r.gate, r.also]))
    expect(kept.map((r) => [r.pattern.source, r.pattern.flags])).to.deep.equal(compiled.map((r) => [r.pattern.source, r.pattern.flags]))
    expect(kept.map((r) => r.needs?.map((n) => `${n.flags}/${n.source}`))).to.deep.equal(compiled.map((r) => r.needs?.map((n) => `${n.flags}/${n.source}`)))
    expect(kept.map((r) => r.literals)).to.deep.equal(compiled.map((r) => r.literals))
    const requests = (loadCorpus() as Array<{request: string}>).map((c) => c.request)
    requests.push('deploy on a friday', 'please DROP TABLE users', 'rm -rf deploy/keys', 'delete infra/prod.tfvars')
    let hits = 0
    for (const request of requests) {
      const {lower} = analyseRequest(request)
      for (const question of [false, true]) {
        const want = findForbidden(compiled, lower, question)
        expect(findForbidden(kept, lower, question), request).to.deep.equal(want)
        hits += want.length
      }
    }
    expect(hits, 'the corpus fires rules').to.be.greaterThan(1000)
  })

  it('builds each pattern on first use, shares the shared parts, and refuses a file that is not its own', () => {
    const compiled = compileForbiddenRules(config)
    const text = toText(compiled, 'key')
    const kept = fromText(text, 'key')!
    const descriptor = Object.getOwnPropertyDescriptor(kept[0], 'pattern')!
    expect(descriptor.get, 'a getter, not a RegExp built ahead').to.be.a('function')
    expect(kept[0].pattern).to.equal(kept[0].pattern)
    const withNeeds = kept.filter((r) => r.needs)
    expect(withNeeds.length).to.be.greaterThan(1)
    const parts = new Set(withNeeds.flatMap((r) => r.needs!))
    expect(parts.size, 'one RegExp per shared part').to.equal(new Set([...parts].map((p) => `${p.flags}/${p.source}`)).size)
    expect(fromText(text, 'another key')).to.equal(undefined)
    expect(fromText(text.slice(0, Math.floor(text.length / 2)), 'key'), 'torn').to.equal(undefined)
    expect(fromText(text.slice(0, -10), 'key'), 'torn in the last source').to.equal(undefined)
    expect(fromText(`${text}x`, 'key'), 'longer').to.equal(undefined)
    expect(fromText(text.replace('govtool-preflight-rules', 'something else'), 'key')).to.equal(undefined)
    expect(fromText(text.split('\n').map((l, i) => (i === 2 ? l.slice(1) : l)).join('\n'), 'key'), 'bad JSON').to.equal(undefined)
    // the literal prefilters are read on first use, one line each; a line that is not one is no prefilter
    expect(Object.getOwnPropertyDescriptor(kept.find((r) => r.literals)!, 'literals')!.get).to.be.a('function')
    const lines = text.split('\n')
    const at = 3 + compiled.length + compiled.findIndex((r) => r.id === 'secrets.expose')
    // the same length (the file's length check passes), valid JSON, not a prefilter
    const foreign = fromText([...lines.slice(0, at), `"${'x'.repeat(lines[at].length - 2)}"`, ...lines.slice(at + 1)].join('\n'), 'key')!
    const expose = foreign.find((r) => r.id === 'secrets.expose')!
    expect(expose.literals).to.equal(undefined)
    expect(findForbidden(foreign, 'print the api key', false)).to.deep.equal(findForbidden(compiled, 'print the api key', false))
  })

  it('compiles the rules of a policy only when they are read', () => {
    const data: PolicyData = {
      preflight: config,
      verify: {threshold: 0.7} as PolicyData['verify'],
      permissions: {} as PolicyData['permissions'],
      phase: {phase: 'implementation', source: 'scaffold', gated: true},
      threshold_origin: 'default',
    }
    const before = ruleCacheStats.compiled
    const policy = policyFromData(data)
    expect(ruleCacheStats.compiled).to.equal(before)
    const rules = policy.rules
    expect(ruleCacheStats.compiled).to.equal(before + 1)
    expect(policy.rules).to.equal(rules)
    expect(ruleCacheStats.compiled).to.equal(before + 1)
  })

  describe('through the command line (the hot bundle)', () => {
    const marks = (stderr: string) => [...stderr.matchAll(/preflight rules (compiled|read)/g)].map((m) => m[1])
    const rulesFiles = (root: string) => readdirSync(path.join(root, '.govtool', 'cache')).filter((f) => f.startsWith('preflight-rules-'))

    it('a warm preflight reads the rules and compiles none, with the same output; verify touches none', async () => {
      const ctx = fixtureProject()
      const env = isolatedEnv(makeTempDir(), {GOVTOOL_TIMING: '1'})
      const requests = ['print the api key', 'rm -rf docs', 'fix the login page so it shows the error']
      const first = await runCli(['preflight', requests[0], '--json'], {cwd: ctx.root, env})
      expect(marks(first.stderr)).to.deep.equal(['compiled'])
      expect(rulesFiles(ctx.root)).to.deep.equal(['preflight-rules-hot-preflight-preflight'])
      for (const request of requests) {
        const warm = await runCli(['preflight', request, '--json'], {cwd: ctx.root, env})
        expect(marks(warm.stderr), request).to.deep.equal(['read'])
        const off = await runCli(['preflight', request, '--json'], {cwd: ctx.root, env: {...env, GOVTOOL_NO_RULE_CACHE: '1'}})
        expect(marks(off.stderr), request).to.deep.equal(['compiled'])
        expect(warm.code, request).to.equal(off.code)
        expect(warm.json(), request).to.deep.equal(off.json())
      }
      const verify = await runCli(['verify', '--changed', 'src/a.ts', '--json'], {cwd: ctx.root, env})
      expect(verify.stderr).to.contain('operation run')
      expect(marks(verify.stderr), 'verify never reads the forbidden rules').to.deep.equal([])
    })

    it('decides the same from a pack holding non-ASCII text (decoded as UTF-8) as from the build that wrote it', async () => {
      const ctx = fixtureProject()
      const env = isolatedEnv(makeTempDir())
      const file = path.join(ctx.root, 'docs', 'REQUIREMENTS.md')
      writeFileSync(file, readFileSync(file, 'utf8').replace('Session timeout', 'Session timeout for the café menu (Überblick, 会话)'))
      const args = ['preflight', 'change the session timeout of the café menu to 45 minutes', '--json']
      const built = await runCli(args, {cwd: ctx.root, env})
      const packed = await runCli(args, {cwd: ctx.root, env})
      expect(readFileSync(path.join(ctx.root, '.govtool', 'cache', 'preflight-pack'), 'utf8')).to.contain('Überblick, 会话')
      expect(packed.code).to.equal(built.code)
      expect(packed.json()).to.deep.equal(built.json())
      expect(packed.json<{requirement_ids: string[]}>().requirement_ids).to.include('REQ-AUTH-002')
    })

    it('compiles again when the settings change, the key is another bundle\'s, or the file is damaged', async () => {
      const ctx = fixtureProject()
      const env = isolatedEnv(makeTempDir(), {GOVTOOL_TIMING: '1'})
      const preflight = (request: string) => runCli(['preflight', request, '--json'], {cwd: ctx.root, env})
      expect(marks((await preflight('rm -rf deploy/keys')).stderr)).to.deep.equal(['compiled'])
      expect((await preflight('rm -rf deploy/keys')).json<{decision: string}>().decision).to.not.equal('rejected')
      // a protected path added: another key
      writeFileSync(path.join(ctx.root, 'docs', 'GOVTOOL.yml'), 'preflight:\n  protected_paths:\n    - deploy/keys\n')
      const added = await preflight('rm -rf deploy/keys')
      expect(marks(added.stderr)).to.deep.equal(['compiled'])
      expect(added.json<{decision: string}>().decision).to.equal('rejected')
      const warm = await preflight('rm -rf deploy/keys')
      expect(marks(warm.stderr)).to.deep.equal(['read'])
      expect(warm.json()).to.deep.equal(added.json())
      const file = path.join(ctx.root, '.govtool', 'cache', rulesFiles(ctx.root)[0])
      // written by another build: the stamp in the key differs
      const lines = readFileSync(file, 'utf8').split('\n')
      writeFileSync(file, [lines[0], lines[1].replace(/^\["[^"]*"/, '["1:2:3:4:5"'), ...lines.slice(2)].join('\n'))
      expect(marks((await preflight('rm -rf deploy/keys')).stderr)).to.deep.equal(['compiled'])
      expect(marks((await preflight('rm -rf deploy/keys')).stderr)).to.deep.equal(['read'])
      // torn
      const text = readFileSync(file, 'utf8')
      writeFileSync(file, text.slice(0, text.length - 100))
      const torn = await preflight('rm -rf deploy/keys')
      expect(marks(torn.stderr)).to.deep.equal(['compiled'])
      expect(torn.json()).to.deep.equal(added.json())
      expect(readFileSync(file, 'utf8'), 'rewritten').to.equal(text)
    })
  })
})
