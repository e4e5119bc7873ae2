import {readFileSync} from 'node:fs'
import path from 'node:path'

import {Config, Help} from '@oclif/core'
import {expect} from 'chai'
import {REPO_ROOT} from 'govtool/testing'

/** govtool's own commands (oclif's help/plugins commands are theirs to document). */
async function govtoolCommands() {
  const config = await Config.load(REPO_ROOT)
  return {config, commands: config.commands.filter((c) => c.pluginName === 'govtool' || c.pluginName?.startsWith('@govtool/'))}
}

describe('--help teaches', () => {
  it('every command has a summary, a description or summary line, examples and documented flags', async () => {
    const {commands} = await govtoolCommands()
    expect(commands.length).to.be.greaterThan(3)
    const problems: string[] = []
    for (const c of commands) {
      if (!c.summary?.trim()) problems.push(`${c.id}: no summary`)
      if (!c.examples || c.examples.length === 0) problems.push(`${c.id}: no examples`)
      for (const [name, flag] of Object.entries(c.flags ?? {})) {
        if (name === 'json' || name === 'help') continue
        if (!flag.summary?.trim() && !flag.description?.trim()) problems.push(`${c.id}: flag --${name} has no summary`)
      }
    }
    expect(problems, problems.join('\n')).to.deep.equal([])
  })

  it('every topic a command lives under is described', async () => {
    const {commands} = await govtoolCommands()
    const pjson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {oclif: {topics: Record<string, unknown>}}
    const missing = new Set<string>()
    for (const c of commands) {
      const parts = c.id.split(':')
      for (let i = 1; i < parts.length; i++) {
        const topic = parts.slice(0, i).join(':')
        if (!pjson.oclif.topics[topic]) missing.add(topic)
      }
    }
    expect([...missing]).to.deep.equal([])
  })

  it('every project command accepts --project-dir and every command --json', async () => {
    const {commands} = await govtoolCommands()
    const global = new Set(['plugin', 'channel:get', 'channel:set', 'channel:clear', 'self-update', 'model-intel:scores', 'model-intel:recommendations', 'model-intel:connection', 'agent:endpoint-presets', 'agent:suggest-profiles', 'skill:list', 'skill:search', 'mcp:generate', 'ollama:list', 'ollama:available', 'ollama:gpu', 'ollama:pull', 'ollama:suggest', 'workspace:init', 'workspace:audit', 'workspace:export', 'init', 'quickstart'])
    const problems: string[] = []
    for (const c of commands) {
      if (!c.flags?.json) problems.push(`${c.id}: no --json`)
      if (!global.has(c.id) && !c.flags?.['project-dir']) problems.push(`${c.id}: no --project-dir`)
    }
    expect(problems, problems.join('\n')).to.deep.equal([])
  })

  it('every command module loads (no import errors anywhere)', async () => {
    const {commands} = await govtoolCommands()
    const failures: string[] = []
    for (const c of commands) {
      try {
        const cls = await c.load()
        if (typeof cls.run !== 'function') failures.push(`${c.id}: no run()`)
      } catch (error) {
        failures.push(`${c.id}: ${(error as Error).message}`)
      }
    }
    expect(failures, failures.join('\n')).to.deep.equal([])
  })

  it("renders every command's help within 80 columns", async () => {
    const {config, commands} = await govtoolCommands()
    const help = new Help(config, {maxWidth: 80, stripAnsi: true})
    const problems: string[] = []
    for (const c of commands) {
      let section = ''
      for (const line of (help as unknown as {formatCommand(command: typeof c): string}).formatCommand(c).split('\n')) {
        if (/^[A-Z][A-Z ]+$/.test(line)) section = line
        // command lines (usage, examples) are never wrapped, so they stay copyable; a single word longer
        // than the width (a long path or URL) cannot be wrapped either
        if (section === 'USAGE' || section === 'EXAMPLES') continue
        if (line.length > 80 && line.trim().includes(' ')) problems.push(`${c.id}: ${line}`)
      }
    }
    expect(problems, problems.join('\n')).to.deep.equal([])
  })

  it('opens the root help with a getting-started block, and takes -h everywhere', async () => {
    const {runCli} = await import('govtool/testing')
    const root = await runCli(['--help'])
    expect(root.stdout.indexOf('GETTING STARTED')).to.be.greaterThan(-1)
    expect(root.stdout.indexOf('GETTING STARTED')).to.be.lessThan(root.stdout.indexOf('TOPICS'))
    const short = await runCli(['esdb', 'status', '-h'])
    expect(short.code).to.equal(0)
    expect(short.stdout).to.contain('USAGE')
    const version = await runCli(['version'])
    expect(version.stdout).to.match(/^govtool\/\d+\.\d+\.\d+/)
  })

  it('suggests the closest command also when arguments follow a misspelled one', async () => {
    const {runCli} = await import('govtool/testing')
    const typo = await runCli(['ledgr', 'add', 'fix the parser', '--json'])
    expect(typo.code).to.equal(2)
    const error = typo.json<{error: {message: string; hint: string}}>().error
    expect(error.message).to.equal('Unknown command "ledgr add".')
    expect(error.hint).to.contain('govtool ledger add')
  })
})
