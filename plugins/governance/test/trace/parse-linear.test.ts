import {mkdirSync, truncateSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {ProjectContext} from 'govtool/core'
import {cleanupTempDirs, makeTempDir, runCli} from 'govtool/testing'

import {loadGovernanceModel} from '../../src/lib/trace/model.js'
import {markdownBlocks, scanBlocks} from '../../src/lib/trace/parse.js'

/** A REQUIREMENTS.md of about `bytes` bytes in the style `req add` writes, with code spans and snake_case words. */
function requirementsText(bytes: number, style: 'A' | 'B'): {text: string; count: number} {
  const parts = ['# Requirements\n']
  let size = 0
  let i = 0
  while (size < bytes) {
    i++
    const id = `REQ-CORE-${String(i).padStart(6, '0')}`
    const part =
      style === 'A'
        ? `\n### ${id}: Requirement ${i} keeps the \`--json\` output stable\n- **Status:** proposed\n- **Priority:** P2\n- **Description:** The system shall do thing ${i} with care, naming each field in snake_case words like record_id.\n`
        : `\n## Requirement ${i} title\n- **ID:** ${id}\n- **Status:** proposed\n- **Description:** The system shall do thing ${i} with care.\n`
    parts.push(part)
    size += part.length
  }
  return {text: parts.join(''), count: i}
}

/** Parsing REQUIREMENTS.md is linear: a line scanner for the plain form, mdast only for sections that need it. */
describe('requirements parsing is linear and bounded', () => {
  after(cleanupTempDirs)

  for (const style of ['A', 'B'] as const) {
    it(`a 5 MB REQUIREMENTS.md (style ${style}) parses in well under the quadratic minute`, async function () {
      this.timeout(120_000)
      const root = makeTempDir()
      mkdirSync(path.join(root, 'docs'))
      const {text, count} = requirementsText(5_000_000, style)
      writeFileSync(path.join(root, 'docs', 'REQUIREMENTS.md'), text)
      const t0 = performance.now()
      const model = await loadGovernanceModel(new ProjectContext(root), {cache: 'off'})
      const ms = performance.now() - t0
      expect(model.requirements).to.have.length(count)
      expect(model.problems).to.deep.equal([])
      expect(model.requirements.at(-1)).to.include({status: 'proposed'})
      // generous: it was 54 s before (and minutes for style B); precise numbers are in bench/commands.bench.mjs
      expect(ms, `${Math.round(ms)} ms`).to.be.lessThan(15_000)
    })
  }

  it('the line scanner gives exactly the blocks of the markdown parser for every section it accepts', () => {
    const shapes = [
      '', '', '### REQ-CORE-001: Title `--json` here', '## Heading two', '- **Status:** proposed', '- **Status**: draft', '- **Covers:** REQ-1, REQ-2',
      '- plain item', '- 1. nested', '- a) x', 'Plain text line', 'Description: free', '(paren) line', '1. ordered', '- **Description:**', '---', '===',
      '    indented', '- **Foo**bar', 'x  ', 'snake_case word', '_lead', 'a `` b', 'x ` y', '` a `', 'a_ b', '## Title #', 'a > b', 'x *y* z', '[a](b)', '&amp;',
    ]
    let seed = 7
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) & 0x7f_ff_ff_ff) / 0x7f_ff_ff_ff
    let accepted = 0
    for (let n = 0; n < 5000; n++) {
      const text = Array.from({length: 1 + Math.floor(next() * 8)}, () => shapes[Math.floor(next() * shapes.length)]).join('\n') + '\n'
      const scanned = scanBlocks(text)
      if (!scanned) continue
      accepted++
      expect(scanned, JSON.stringify(text)).to.deep.equal(markdownBlocks(text))
    }
    expect(accepted).to.be.greaterThan(100)
  })

  it('a REQUIREMENTS.md over the 32 MiB limit is refused with a clear error, at once', async () => {
    const root = makeTempDir()
    mkdirSync(path.join(root, 'docs'))
    const file = path.join(root, 'docs', 'REQUIREMENTS.md')
    writeFileSync(file, '# Requirements\n')
    truncateSync(file, 50 * 1024 * 1024)
    const r = await runCli(['req', 'list', '--project-dir', root, '--json'])
    expect(r.code).to.equal(1)
    const error = r.json<{error: {code: string; message: string; hint: string}}>().error
    expect(error.code).to.equal('E_FILE_TOO_LARGE')
    expect(error.message).to.match(/docs\/REQUIREMENTS\.md is 50\.0 MiB, over the 32 MiB limit/)
  })
})
