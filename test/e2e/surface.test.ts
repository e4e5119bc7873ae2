import {readFileSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {Config} from '@oclif/core'
import {expect} from 'chai'
import {REPO_ROOT} from 'govtool/testing'

const SNAPSHOT = path.join(REPO_ROOT, 'test', 'command-surface.json')

/**
 * The command and flag surface is frozen in test/command-surface.json, so that a change to it is always
 * deliberate: after changing commands on purpose, regenerate it with `UPDATE_SURFACE=1 npm run test:only`.
 */
describe('command surface', () => {
  it('matches test/command-surface.json', async () => {
    const config = await Config.load(REPO_ROOT)
    const surface: Record<string, {args: string[]; flags: string[]}> = {}
    for (const c of [...config.commands].sort((a, b) => a.id.localeCompare(b.id))) {
      if (!(c.pluginName === 'govtool' || c.pluginName?.startsWith('@govtool/'))) continue
      surface[c.id] = {
        args: Object.keys(c.args ?? {}),
        flags: Object.entries(c.flags ?? {})
          .map(([name, f]) => `--${name}${f.char ? `|-${f.char}` : ''}${f.type === 'option' ? '=' : ''}`)
          .sort(),
      }
    }
    if (process.env.UPDATE_SURFACE) writeFileSync(SNAPSHOT, JSON.stringify(surface, null, 2) + '\n')
    const frozen = JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as typeof surface
    expect(surface, 'the command surface changed: if on purpose, run UPDATE_SURFACE=1 npm run test:only').to.deep.equal(frozen)
  })
})
