import {Config} from '@oclif/core'
import {expect} from 'chai'
import {REPO_ROOT} from 'govtool/testing'

describe('help text', () => {
  it('writes descriptions as paragraphs: no line of a description is broken mid-sentence', async () => {
    const config = await Config.load(REPO_ROOT)
    const commands = config.commands.filter((c) => c.pluginName === 'govtool' || c.pluginName?.startsWith('@govtool/'))
    const problems: string[] = []
    for (const c of commands) {
      const lines = (c.description ?? '').split('\n')
      for (let i = 0; i < lines.length - 1; i++) {
        const line = lines[i]
        const next = lines[i + 1]
        // a break is fine between paragraphs, before a list item or an indented (code) line, and after a colon
        if (line.trim() === '' || next.trim() === '' || /^\s*([-*]|\d+[.)])\s/.test(next) || /^\s{2,}/.test(next) || /:$/.test(line.trim())) continue
        problems.push(`${c.id}: "${line.trim().slice(-30)}" / "${next.trim().slice(0, 30)}"`)
      }
    }
    expect(problems, problems.join('\n')).to.deep.equal([])
  })

})
