import {readFileSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {ProjectContext} from 'govtool'
import {cleanupTempDirs} from 'govtool/testing'
import {parse as parseYamlText} from 'yaml'

import {builtinRegistry, readLedger} from '../../src/lib/trace/index.js'
import {integrateTarget} from '../../src/lib/scaffold/index.js'
import {scaffoldProject} from './helpers.js'

const registry = builtinRegistry()
const read = (...p: string[]) => readFileSync(path.join(...p), 'utf8')

describe('integrate (library)', () => {
  after(cleanupTempDirs)

  it('assistant targets write their files, record themselves in scaffold.yml and keep a file the user changed', async () => {
    const dir = await scaffoldProject('name: app\ntype: python\n')
    const ctx = new ProjectContext(dir)
    const expected: Record<string, [string, RegExp]> = {
      cursor: ['.cursor/rules/govtool-governance.mdc', /alwaysApply: true/],
      copilot: ['.github/copilot-instructions.md', /The toolset \(python\): ruff, mypy, pytest/],
      aider: ['.aider.conf.yml', /lint-cmd: "sh scripts\/check\.sh"/],
      windsurf: ['.windsurfrules', /govtool preflight/],
    }
    for (const [target, [file, pattern]] of Object.entries(expected)) {
      const result = await integrateTarget(ctx, registry, target)
      expect(result).to.include({kind: 'assistant', platform: null, ledger_todo: null, recorded_in_scaffold: true})
      expect(result.written).to.include.members([file, 'scaffold.yml'])
      expect(read(dir, file)).to.match(pattern)
    }
    expect(parseYamlText(read(dir, '.aider.conf.yml')).read).to.deep.equal(['AGENTS.md', 'docs/governance/workflow.md', 'docs/governance/verification.md', 'docs/governance/safety.md'])
    expect((parseYamlText(read(dir, 'scaffold.yml')) as {integrations: string[]}).integrations).to.deep.equal(['cursor', 'copilot', 'aider', 'windsurf'])

    writeFileSync(path.join(dir, '.windsurfrules'), 'my rules\n')
    const again = await integrateTarget(ctx, registry, 'windsurf')
    expect(again).to.deep.include({written: [], kept: ['.windsurfrules']})
    expect(read(dir, '.windsurfrules')).to.equal('my rules\n')
    const forced = await integrateTarget(ctx, registry, 'windsurf', {force: true})
    expect(forced.written).to.deep.equal(['.windsurfrules'])
  })

  it('the review target on Azure DevOps (from --platform) and a second run adds no second TODO', async () => {
    const dir = await scaffoldProject('name: app\ntype: rust\nvcs_platform: none\n')
    const ctx = new ProjectContext(dir)
    const first = await integrateTarget(ctx, registry, 'codity', {platform: 'azure-devops'})
    expect(first).to.include({platform: 'azure-devops', platform_source: 'flag', vcs_platform_updated: true})
    expect(parseYamlText(read(dir, 'scaffold.yml'))).to.deep.include({vcs_platform: 'azure-devops', integrations: ['codity']})
    const pipeline = parseYamlText(read(dir, '.azure-pipelines/codity-review.yml')) as {steps: {env?: Record<string, string>}[]}
    expect(pipeline.steps.find((s) => s.env)?.env).to.deep.equal({CODITY_ACCESS_TOKEN: '$(CODITY_ACCESS_TOKEN)'})
    expect(read(dir, 'docs/codity-setup.md')).to.contain('Azure DevOps')
    const second = await integrateTarget(ctx, registry, 'codity', {platform: 'azure-devops'})
    expect(second).to.include({ledger_todo: null, vcs_platform_updated: false})
    expect(second.unchanged).to.include.members(['.azure-pipelines/codity-review.yml', 'docs/codity-setup.md'])
    const todos = (await readLedger(ctx)).entries.filter((e) => e.description.startsWith('TODO'))
    expect(todos).to.have.length(1)
    expect(todos[0].status).to.equal('open')
  })

  it('a review target needs a supported host', async () => {
    const dir = await scaffoldProject('name: app\ntype: generic\nvcs_platform: bitbucket\n')
    let error: (Error & {exit?: number}) | undefined
    await integrateTarget(new ProjectContext(dir), registry, 'codity').catch((e) => (error = e))
    expect(error?.message).to.contain("needs a GitHub, GitLab or Azure DevOps host; this project's is 'bitbucket'")
    expect(error?.exit).to.equal(2)
  })
})
