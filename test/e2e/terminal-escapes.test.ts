import {expect} from 'chai'
import {terminalSafe, terminalSafeDeep} from 'govtool/core'
import {cleanupTempDirs, makeTempDir, runCli} from 'govtool/testing'
import {mkdirSync, writeFileSync} from 'node:fs'
import path from 'node:path'

const EVIL = 'Evil \u001B[2J\u001B]8;;http://evil.example\u0007link\u001B]8;;\u0007 \u001B]52;c;ZXZpbA==\u0007 \u009B31m \u202Etxt.exe title'

/** Escape sequences in user text are inert in human output and exact in JSON. */
describe('terminal escape sequences from user text', () => {
  after(cleanupTempDirs)

  it('terminalSafe shows C0, C1, DEL and bidi controls as text and keeps newlines and tabs', () => {
    expect(terminalSafe('a\u001B[2Jb\tc\nd\u009Be\u007F\u202E')).to.equal('a\\x1b[2Jb\tc\nd\\x9be\\x7f\\u202e')
    expect(terminalSafe('plain ünïcode ✓')).to.equal('plain ünïcode ✓')
  })

  it('terminalSafeDeep neutralises strings and keys deeply, and returns a clean result as it is (no copy)', () => {
    const clean = {rows: [{id: 'REQ-1', title: 'plain'}], count: 1}
    expect(terminalSafeDeep(clean)).to.equal(clean)
    const dirty = {rows: [{id: 'REQ-2', title: 'a\u001B[2Jb'}, {id: 'REQ-3', title: 'ok'}], ['k\u009B']: 1}
    const safe = terminalSafeDeep(dirty)
    expect(safe).to.deep.equal({rows: [{id: 'REQ-2', title: 'a\\x1b[2Jb'}, {id: 'REQ-3', title: 'ok'}], ['k\\x9b']: 1})
    expect(safe.rows[1]).to.equal(dirty.rows[1])
    expect(dirty.rows[0].title).to.equal('a\u001B[2Jb')
  })

  it('a requirement title with ESC[2J, OSC 8/52 and C1 controls: req list neutralises them, --json keeps them exact', async () => {
    const root = makeTempDir()
    mkdirSync(path.join(root, 'docs'))
    writeFileSync(path.join(root, 'docs', 'REQUIREMENTS.md'), `# Requirements\n\n### REQ-CORE-001: ${EVIL}\n- **Status:** proposed\n- **Priority:** P2\n- **Description:** x\n`)
    const human = await runCli(['req', 'list', '--project-dir', root])
    expect(human.code, human.stderr).to.equal(0)
    // eslint-disable-next-line no-control-regex -- looking for raw control characters
    expect(human.stdout).to.not.match(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202E]/)
    expect(human.stdout).to.include('\\x1b[2J').and.include('\\x9b')
    const json = await runCli(['req', 'list', '--project-dir', root, '--json'])
    const reqs = json.json<{requirements: {title: string}[]}>().requirements
    expect(reqs[0].title).to.equal(EVIL)
  })

  it('an error message echoing user text is neutralised on stderr', async () => {
    const r = await runCli(['req', 'list', '--project-dir', path.join(makeTempDir(), 'no\u001B[2Jdir'), '--bogus\u001B]52;c;eA==\u0007'])
    expect(r.code).to.equal(2)
    expect(r.stderr).to.not.include('\u001B]52')
  })
})
