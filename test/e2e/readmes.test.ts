import {existsSync, readFileSync} from 'node:fs'
import path from 'node:path'
import {pathToFileURL} from 'node:url'

import {expect} from 'chai'
import {REPO_ROOT} from 'govtool/testing'

/** scripts/readmes.mjs, the generator `npm run readmes` runs (plain ESM, typed here by hand). */
interface ReadmesScript {
  pluginDirs(): string[]
  packageOperations(dir: string): Promise<Array<{id: string; command?: string}>>
  generatedSections(dir: string): Promise<{commands: string; config: string}>
  currentSection(text: string, name: 'commands' | 'config'): string | undefined
  withSections(text: string, sections: {commands: string; config: string}): string
  commandWords(op: {id: string; command?: string}): string
}

const script = async () => (await import(pathToFileURL(path.join(REPO_ROOT, 'scripts', 'readmes.mjs')).href)) as ReadmesScript
const REGENERATE = 'Run `npm run readmes` (after `npm run build`) and commit the READMEs.'

describe('plugin READMEs', () => {
  it('every plugin has a README whose generated sections are what `npm run readmes` writes now', async () => {
    const readmes = await script()
    const dirs = readmes.pluginDirs()
    expect(dirs.length).to.be.greaterThan(10)
    const problems: string[] = []
    for (const dir of dirs) {
      const file = path.join(dir, 'README.md')
      const rel = path.relative(REPO_ROOT, file)
      if (!existsSync(file)) {
        problems.push(`${rel} is missing`)
        continue
      }
      const text = readFileSync(file, 'utf8')
      const expected = await readmes.generatedSections(dir)
      for (const name of ['commands', 'config'] as const) {
        const current = readmes.currentSection(text, name)
        if (current === undefined) problems.push(`${rel} has no <!-- ${name}:start --> / <!-- ${name}:end --> markers`)
        else if (current !== expected[name]) problems.push(`${rel}: the generated "${name}" section is stale (an operation or a config section changed)`)
      }
    }
    expect(problems, `${problems.join('\n')}\n${REGENERATE}`).to.deep.equal([])
  })

  it('every README starts with the hand-written part: what the plugin is for and a quick start, maintainer notes below', async () => {
    const readmes = await script()
    for (const dir of readmes.pluginDirs()) {
      const text = readFileSync(path.join(dir, 'README.md'), 'utf8')
      const rel = path.relative(REPO_ROOT, path.join(dir, 'README.md'))
      const headings = text.split('\n').filter((l) => /^## /.test(l))
      expect(headings[0], `${rel}: the first section after the introduction`).to.equal('## Quick start')
      const intro = text.slice(text.indexOf('\n'), text.indexOf('## Quick start')).trim()
      expect(intro.length, `${rel}: what the plugin is for, before the quick start`).to.be.greaterThan(100)
      const quick = /## Quick start\n\n```sh\n([\s\S]*?)\n```/.exec(text)?.[1].split('\n') ?? []
      expect(quick.length, `${rel}: a quick start of 2 to 4 commands`).to.be.within(2, 4)
      const order = ['## Quick start', '<!-- commands:start -->', '<!-- config:start -->', '## How it is built'].map((s) => text.indexOf(s))
      expect(order.every((i, n) => i !== -1 && (n === 0 || i > order[n - 1])), `${rel}: quick start, commands, configuration, then "How it is built"`).to.equal(true)
    }
  })

  it('every README names every command of its plugin', async () => {
    const readmes = await script()
    const missing: string[] = []
    for (const dir of readmes.pluginDirs()) {
      const text = readFileSync(path.join(dir, 'README.md'), 'utf8')
      for (const op of await readmes.packageOperations(dir)) {
        if (!text.includes(`### \`govtool ${readmes.commandWords(op)}\``)) missing.push(`${path.basename(dir)}: govtool ${readmes.commandWords(op)}`)
      }
    }
    expect(missing, `${missing.join('\n')}\n${REGENERATE}`).to.deep.equal([])
  })

  it('regeneration is deterministic and replaces only the text between the markers', async () => {
    const readmes = await script()
    const dir = path.join(REPO_ROOT, 'plugins', 'esdb')
    const first = await readmes.generatedSections(dir)
    expect(await readmes.generatedSections(dir)).to.deep.equal(first)
    expect(first.commands).to.include('### `govtool esdb status`').and.to.include('```sh\ngovtool esdb status\n')
    expect(`${first.commands}\n${first.config}`).not.to.match(/\d{4}-\d{2}-\d{2}T|\/(home|tmp|work|Users)\//)
    const stale = 'intro\n\n<!-- commands:start -->\nold commands\n<!-- commands:end -->\n\n<!-- config:start -->\nold\n<!-- config:end -->\n\n## How it is built\n\nnotes\n'
    const next = readmes.withSections(stale, first)
    expect(next.startsWith('intro\n\n<!-- commands:start -->\n## Commands')).to.equal(true)
    expect(next.endsWith('<!-- config:end -->\n\n## How it is built\n\nnotes\n')).to.equal(true)
    expect(readmes.withSections(next, first)).to.equal(next)
    // a README without markers gets the sections before "How it is built"
    const placed = readmes.withSections('intro\n\n## How it is built\n\nnotes\n', first)
    expect(placed.indexOf('<!-- config:end -->')).to.be.lessThan(placed.indexOf('## How it is built'))
  })

  it('a plugin that reads configuration lists every key it declares, with its default', async () => {
    const readmes = await script()
    const {config} = await readmes.generatedSections(path.join(REPO_ROOT, 'plugins', 'preflight'))
    expect(config).to.include('### `verify`').and.to.include('- `verify.threshold` (default `')
    expect(config).to.include('- `preflight.phase_gating` (default `auto`; one of: auto, always, never)')
    const none = await readmes.generatedSections(path.join(REPO_ROOT, 'plugins', 'esdb'))
    expect(none.config).to.equal('## Configuration\n\nThis plugin reads no configuration.')
  })
})
