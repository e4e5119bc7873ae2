import {readFileSync, rmSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {cleanupTempDirs, makeTempDir, runCli} from 'govtool/testing'
import {parse as parseYamlText} from 'yaml'

import {gitIn, makeNodeRepo, makePythonRepo, scaffoldProject} from './helpers.js'

const read = (...p: string[]) => readFileSync(path.join(...p), 'utf8')

describe('scaffolding commands (end to end): import', () => {
  after(cleanupTempDirs)

  it('import on a small Node repository: detections right, its own AGENTS.md kept, only missing files written', async () => {
    const root = makeTempDir()
    makeNodeRepo(root)
    const agents = read(root, 'AGENTS.md')
    const r = await runCli(['import', '--json'], {cwd: root})
    expect(r.code, r.stderr).to.equal(0)
    const result = r.json<{detected: Record<string, unknown>; written: string[]; kept: string[]; type: string; scaffold_created: boolean}>()
    expect(result.detected).to.deep.include({language: 'typescript', project_type: 'node-typescript', build_system: 'npm', test_framework: 'mocha', ci_platform: 'github-actions'})
    expect((result.detected.vcs as {url: string}).url).to.equal('https://github.com/acme/small-node.git')
    expect(r.stdout).not.to.contain('s3cr3t-token')
    expect(result.detected.modules).to.deep.equal(['src', 'src/core', 'src/util'])
    expect(result.type).to.equal('node-typescript')
    expect(result.scaffold_created).to.equal(true)
    expect(result.kept).to.deep.equal(['AGENTS.md'])
    expect(result.written).to.include.members(['scaffold.yml', 'LEDGER.md', 'docs/REQUIREMENTS.md', 'docs/TESTS.md', 'docs/governance/safety.md', '.github/workflows/govtool.yml'])
    expect(result.written).not.to.include.members(['package.json', 'src/index.ts', 'tsconfig.json'])
    expect(read(root, 'AGENTS.md')).to.equal(agents)
    expect(read(root, 'LEDGER.md')).to.match(/Imported [\w-]+ into govtool governance \(type node-typescript, 5 source files, starting at phase implementation\)/)

    const human = await runCli(['import'], {cwd: root})
    expect(human.code).to.equal(0)
    expect(human.stdout).to.match(/language\s+typescript/)
    expect(human.stdout).to.match(/test framework\s+mocha/)
    expect(human.stdout).to.contain('0 written')
  })

  it('import on a small Python repository, then --force: AGENTS.md regenerated, LEDGER.md and the user CI untouched', async () => {
    const root = makeTempDir()
    makePythonRepo(root)
    const r = await runCli(['import', '--json'], {cwd: root})
    expect(r.code, r.stderr).to.equal(0)
    const result = r.json<{detected: Record<string, unknown>; written: string[]; kept: string[]}>()
    expect(result.detected).to.deep.include({language: 'python', project_type: 'python', build_system: 'hatch', test_framework: 'pytest', ci_platform: 'gitlab-ci', vcs_platform: 'gitlab'})
    expect(result.detected.entry_points).to.include('script small-py: small_py.cli:main')
    expect(result.kept).to.deep.equal(['.gitlab-ci.yml'])
    const scaffold = parseYamlText(read(root, 'scaffold.yml')) as Record<string, unknown>
    expect(scaffold).to.include({type: 'python', vcs_platform: 'gitlab', default_branch: 'develop', language: 'python'})
    expect(result.written).to.include('renovate.json')

    writeFileSync(path.join(root, 'AGENTS.md'), 'edited\n')
    const ledger = read(root, 'LEDGER.md')
    const ci = read(root, '.gitlab-ci.yml')
    const forced = await runCli(['import', '--force', '--json'], {cwd: root})
    expect(forced.code, forced.stderr).to.equal(0)
    expect(forced.json<{written: string[]}>().written).to.deep.equal(['AGENTS.md'])
    expect(read(root, 'AGENTS.md')).to.contain('# AGENTS.md:')
    expect(read(root, 'LEDGER.md')).to.equal(ledger)
    expect(read(root, '.gitlab-ci.yml')).to.equal(ci)
  })

  it('import starts at the phase the evidence supports, says why, and ends with the commands of a first governed change', async () => {
    interface Imported {phase: {phase: string | null; label: string | null; source: string; reason: string}; next_steps: string[]; written: string[]}
    // code and tests: implementation
    const root = makeTempDir()
    makePythonRepo(root)
    const r = await runCli(['import', '--json'], {cwd: root})
    expect(r.code, r.stderr).to.equal(0)
    const result = r.json<Imported>()
    expect(result.phase).to.deep.include({phase: 'implementation', label: 'Implementation', source: 'detected'})
    expect(result.phase.reason).to.match(/^\d+ source file\(s\) and 2 test file\(s\) in tests \(pytest\) exist, so the project starts at implementation/)
    expect((parseYamlText(read(root, 'scaffold.yml')) as {aee_phase: string}).aee_phase).to.equal('implementation')
    expect(read(root, 'LEDGER.md')).to.contain('starting at phase implementation').and.to.contain('- **Phase:** implementation: ')
    // no requirement yet: guided stubs for the module found, an adoption commit of exactly what import wrote, then the change
    expect(result.next_steps).to.deep.equal([
      'govtool import --guided',
      `git add ${['.gitignore', 'AGENTS.md', 'LEDGER.md', 'docs/GOVTOOL.yml', 'docs/REQUIREMENTS.md', 'docs/TESTS.md', 'docs/architecture.md', 'docs/governance', 'renovate.json', 'scaffold.yml', 'scripts/check.sh', 'scripts/install-tools.sh'].join(' ')}`,
      'govtool commit -m "Bring the project under govtool governance"',
      'govtool preflight "fix <what is wrong> in small_py (REQ-SMALL_PY-001)"',
      'python -m pytest --junitxml=.govtool/test-results.xml',
      'govtool verify --tests .govtool/test-results.xml --work-item-id <WI-... from preflight>',
      'git add -u',
      'govtool commit -m "<what the fix changes>"',
    ])
    const human = await runCli(['import'], {cwd: root})
    expect(human.stdout).to.contain('Phase: implementation (Implementation, from scaffold.yml). scaffold.yml was already there and records aee_phase implementation; import keeps it.')
    expect(human.stdout).to.match(/\nNext:\n {2}govtool import --guided\n {2}git add /)

    // --guided on the imported project fills the empty requirements and tests files for the module found
    const guided = await runCli(['import', '--guided', '--json'], {cwd: root})
    expect(guided.code, guided.stderr).to.equal(0)
    const g = guided.json<Imported>()
    expect(g.written).to.include.members(['docs/REQUIREMENTS.md', 'docs/TESTS.md', 'docs/architecture.md'])
    expect(read(root, 'docs/REQUIREMENTS.md')).to.contain('## REQ-SMALL_PY-001. small_py: documented entry point')
    expect(read(root, 'docs/TESTS.md')).to.contain('- **Covers:** REQ-SMALL_PY-001')
    expect(g.next_steps[0]).to.match(/^git add /)
    // every stub requirement is covered (the project's own CI config is audited apart)
    const audit = await runCli(['audit', '--json'], {cwd: root})
    expect(audit.json<{issues: {check: string}[]}>().issues.filter((i) => i.check !== 'ci-config'), audit.stdout).to.deep.equal([])
    // once more: nothing to append, nothing duplicated
    await runCli(['import', '--guided'], {cwd: root})
    expect(read(root, 'docs/REQUIREMENTS.md').match(/## REQ-SMALL_PY-001\./g)).to.have.length(1)
  })

  it('import of code without tests starts at test_spec; of no code at inception; a scaffold.yml without a phase stays ungated', async () => {
    interface Imported {phase: {phase: string | null; source: string; reason: string}; next_steps: string[]}
    const untested = makeTempDir()
    writeFileSync(path.join(untested, 'tool.py'), 'print(1)\n')
    gitIn(untested, 'init', '--quiet', '--initial-branch', 'main')
    const a = (await runCli(['import', '--json'], {cwd: untested})).json<Imported>()
    expect(a.phase).to.deep.include({phase: 'test_spec', source: 'detected'})
    expect(a.phase.reason).to.equal('1 source file(s) but no test file exist, so the project starts at test_spec: tests and documents may change, and code changes wait for the implementation phase, so the first governed change adds tests.')
    expect(a.next_steps).to.include('govtool phase show')
    expect(a.next_steps.find((s) => s.startsWith('govtool preflight'))).to.match(/^govtool preflight "add tests for /)

    const empty = makeTempDir()
    writeFileSync(path.join(empty, 'README.md'), '# nothing yet\n')
    const b = (await runCli(['import', '--json'], {cwd: empty})).json<Imported>()
    expect(b.phase).to.deep.include({phase: 'inception', source: 'detected'})
    // not a git repository: no git steps
    expect(b.next_steps).to.deep.equal(['govtool import --guided', 'govtool phase show'])

    const own = makeTempDir()
    makePythonRepo(own)
    writeFileSync(path.join(own, 'scaffold.yml'), 'name: own\ntype: python\n')
    const c = (await runCli(['import', '--json'], {cwd: own})).json<Imported>()
    expect(c.phase).to.deep.include({phase: null, source: 'unrecorded'})
    expect(read(own, 'scaffold.yml')).to.equal('name: own\ntype: python\n')
    const human = await runCli(['import'], {cwd: own})
    expect(human.stdout).to.contain('Phase: none recorded. scaffold.yml was already there and records no aee_phase')
  })

  it('integrate: assistant targets, review gate for the GitHub host with a TODO, apply keeps them, unknown target exits 2', async () => {
    const dir = await scaffoldProject('name: web\ntype: generic\n', {git: true})
    gitIn(dir, 'remote', 'add', 'origin', 'https://github.com/acme/web.git')
    for (const target of ['claude-code', 'agent-skill']) {
      const r = await runCli(['integrate', target, '--project-dir', dir, '--json'])
      expect(r.code, `${target}: ${r.stderr}`).to.equal(0)
    }
    expect(read(dir, 'CLAUDE.md')).to.contain('AGENTS.md is the entry point')
    expect(read(dir, '.agents/skills/govtool-governance/SKILL.md')).to.match(/^---\nname: govtool-governance\n/)

    const ledgerBefore = read(dir, 'LEDGER.md')
    const review = await runCli(['integrate', 'codity', '--project-dir', dir, '--json'])
    expect(review.code, review.stderr).to.equal(0)
    const result = review.json<{platform: string; platform_source: string; written: string[]; ledger_todo: string}>()
    expect(result).to.include({platform: 'github', platform_source: 'remote'})
    expect(result.written).to.include.members(['.github/workflows/codity-review.yml', 'docs/codity-setup.md', 'scaffold.yml', 'LEDGER.md'])
    const workflow = parseYamlText(read(dir, '.github/workflows/codity-review.yml')) as {jobs: Record<string, {env: Record<string, string>}>}
    expect(workflow.jobs['review-gate'].env.CODITY_ACCESS_TOKEN).to.equal('${{ secrets.CODITY_ACCESS_TOKEN }}')
    expect(read(dir, 'docs/codity-setup.md')).to.contain('- [ ] ')
    const ledger = read(dir, 'LEDGER.md')
    expect(ledger.startsWith(ledgerBefore.trimEnd())).to.equal(true)
    expect(ledger).to.match(/TODO: finish the codity review setup by working through docs\/codity-setup\.md\n[\s\S]*\*\*Status:\*\* open/)
    expect((parseYamlText(read(dir, 'scaffold.yml')) as {integrations: string[]}).integrations).to.deep.equal(['claude-code', 'agent-skill', 'codity'])

    rmSync(path.join(dir, 'CLAUDE.md'))
    const apply = await runCli(['apply', '--json', '--project-dir', dir])
    expect(apply.json<{written: string[]}>().written).to.deep.equal(['CLAUDE.md'])

    const bad = await runCli(['integrate', 'emacs', '--project-dir', dir])
    expect(bad.code).to.equal(2)
    expect(bad.stderr).to.contain("Unknown integration target 'emacs'")
  })

  it('integrate codity on a GitLab project writes the included job and wires it into .gitlab-ci.yml', async () => {
    const root = makeTempDir()
    makePythonRepo(root)
    const r = await runCli(['integrate', 'codity', '--project-dir', root, '--json'])
    expect(r.code, r.stderr).to.equal(0)
    expect(r.json<{platform: string; written: string[]}>().written).to.include.members(['.gitlab/ci/codity-review.yml', '.gitlab-ci.yml', 'docs/codity-setup.md', 'LEDGER.md'])
    const ci = parseYamlText(read(root, '.gitlab-ci.yml')) as {include: unknown[]; stages: string[]; test: unknown}
    expect(ci.include).to.deep.equal([{local: '.gitlab/ci/codity-review.yml'}])
    expect(ci.stages).to.include('governance')
    expect(ci.test).to.deep.equal({script: ['pytest']})
    expect(read(root, '.gitlab/ci/codity-review.yml')).to.contain('CODITY_ACCESS_TOKEN')
    expect(read(root, 'docs/codity-setup.md')).to.contain('merge request')
  })
})
