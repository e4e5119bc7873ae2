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
    expect(read(root, 'LEDGER.md')).to.match(/Imported small-node-\w+|Imported [\w-]+ into govtool governance \(type node-typescript, 5 source files\)/)

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
