import {spawnSync} from 'node:child_process'

import {Ansis} from 'ansis'
import {expect} from 'chai'
import {REPO_ROOT} from 'govtool/testing'

import {color, colorLevel, resetColor} from '../../src/ui.js'

// issue 14, start-up eighth pass: colour is decided on first use without Node's stdout stream, and gives ansis's
// exact output (the library every renderer used before), on and off.
describe('colour without ansis at load', () => {
  const STYLES = ['bold', 'dim', 'red', 'green', 'yellow', 'cyan'] as const
  const INPUTS: unknown[] = ['', 'plain', 'two\nlines', 'crlf\r\nline', '\n', 0, 42, false, null, undefined, 'a \u001B[1mbold\u001B[22m b', 'x \u001B[31mred\u001B[39m \u001B[32mgreen\u001B[39m y', 'nested\n\u001B[2mdim\u001B[22m\nend', '✔']
  const saved = {...process.env}
  afterEach(() => {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key]
    Object.assign(process.env, saved)
    resetColor()
  })

  for (const [on, env] of [[true, {FORCE_COLOR: '1'}], [false, {FORCE_COLOR: '0'}]] as const) {
    it(`every style gives ansis's output with colour ${on ? 'on' : 'off'}`, () => {
      delete process.env.NO_COLOR
      Object.assign(process.env, env)
      resetColor()
      const ansis = new Ansis(on ? 3 : 0) as unknown as Record<(typeof STYLES)[number], (v: unknown) => string>
      for (const name of STYLES) {
        for (const input of INPUTS) expect(color[name](input), `${name}(${JSON.stringify(input)})`).to.equal(ansis[name](input))
        // nested styles (a renderer colouring text that holds colour)
        for (const inner of STYLES) expect(color[name](`a ${color[inner]('b\nc')} d`), `${name}(${inner})`).to.equal(ansis[name](`a ${ansis[inner]('b\nc')} d`))
      }
    })
  }

  it('decides colour as ansis does, from the environment, the flags and whether fd 1 is a terminal', () => {
    const cases: [NodeJS.ProcessEnv, string[]][] = [
      [{}, []],
      [{FORCE_COLOR: '1'}, []],
      [{FORCE_COLOR: '2'}, []],
      [{FORCE_COLOR: '3'}, []],
      [{FORCE_COLOR: '0'}, []],
      [{FORCE_COLOR: 'false'}, []],
      [{FORCE_COLOR: ''}, []],
      [{FORCE_COLOR: 'yes'}, []],
      [{FORCE_COLOR: '1', NO_COLOR: '1'}, []],
      [{NO_COLOR: '1'}, ['--color']],
      [{}, ['--color']],
      [{}, ['--color=always']],
      [{FORCE_COLOR: '1'}, ['--no-color']],
      [{FORCE_COLOR: '1'}, ['--color=never']],
      [{COLORTERM: 'truecolor'}, []],
      [{CI: 'true'}, []],
      [{CI: 'true', GITHUB_ACTIONS: 'true'}, []],
      [{TERM: 'xterm-256color'}, []],
      [{TERM: 'dumb', FORCE_COLOR: '1'}, []],
      [{PM2_HOME: '/x'}, []],
      [{PM2_HOME: '/x', TERM: 'dumb'}, []],
    ]
    for (const [env, argv] of cases) {
      for (const tty of [false, true]) {
        // ansis's own decision, in a child whose stdout is (not) a terminal as far as ansis can tell
        const script = `Object.defineProperty(process, 'stdout', {value: {isTTY: ${tty}}}); const a = require('ansis'); console.error(a.level > 0 ? 'on' : 'off')`
        const r = spawnSync(process.execPath, ['-e', script, '--', ...argv], {cwd: REPO_ROOT, env: {PATH: process.env.PATH, ...env}, encoding: 'utf8'})
        const expected = r.stderr.trim().split('\n')[0]
        expect(expected, r.stderr).to.match(/^(on|off)$/)
        const ours = colorLevel(env, ['node', 'script', ...argv], () => tty) > 0 ? 'on' : 'off'
        expect(ours, `${JSON.stringify(env)} ${argv.join(' ')} tty=${tty}`).to.equal(expected)
      }
    }
  })
})
