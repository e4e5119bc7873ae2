import {mkdirSync, truncateSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {ProjectContext} from 'govtool/core'
import {cleanupTempDirs, makeTempDir, runCli} from 'govtool/testing'

import {loadGovernanceModel} from '../../src/lib/trace/model.js'
import {CHUNK_CHARS, markdownBlocks, markdownStats, scanBlocks} from '../../src/lib/trace/parse.js'

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

  it('a long markup-heavy section goes through micromark in bounded chunks, to the blocks of one whole parse', () => {
    const entry = (i: number) =>
      [
        `### Notes ${i}: *emphasis* with [a link](https://x.test/${i}) and **bold**`,
        '',
        `- **Description:** The *notes* service (see [docs][d${i % 7}]) stores __note__ ${i} with \`code\` &amp; <b>html</b>.`,
        '  - nested with *emphasis* and [a reference][r1]',
        '    - deeper with `span` and **strong _nested em_**',
        '',
        '| a | b |',
        '|---|:-:|',
        `| *a${i}* | [b](https://t.test/${i}) |`,
        '',
        '```ts',
        `const x = "## REQ-FAKE-${i}" // *not emphasis* [not a link][r1]`,
        '',
        'still code',
        '```',
        '',
        '> quoted **bold** and [shortcut]',
        '',
        `[d${i % 7}]: https://docs.test/${i}`,
        i % 3 === 0 ? '[r1]: https://r.test/1 "title"' : 'Plain paragraph closing the entry.',
        '',
        '~~~',
        'tilde code',
        '~~~',
        '  - an item with a fence inside',
        '',
        '    ```',
        '    indented code of the item',
        '    ```',
        '',
      ].join('\n')
    const section = (n: number) => ['## REQ-CORE-001: One long entry', '- **Status:** approved', '- **Description:** big', '', ...Array.from({length: n}, (_, i) => entry(i + 1)), '[shortcut]: https://s.test'].join('\n')
    // equal to one micromark run over the whole section, where that is still affordable
    const mid = section(120)
    expect(mid.length).to.be.greaterThan(4 * CHUNK_CHARS)
    markdownStats.calls = 0
    markdownStats.largest = 0
    expect(markdownBlocks(mid)).to.deep.equal(markdownBlocks(mid, {whole: true}))
    // the step that grew faster than the text: micromark's input. It stays bounded however long the section
    markdownStats.calls = 0
    markdownStats.largest = 0
    const long = section(3000)
    expect(long.length).to.be.greaterThan(1024 * 1024)
    const blocks = markdownBlocks(long)
    expect(blocks.filter((b) => b.type === 'heading')).to.have.length(3001)
    expect(markdownStats.largest, 'largest micromark input').to.be.at.most(2 * CHUNK_CHARS)
    expect(markdownStats.calls).to.be.greaterThan(long.length / (2 * CHUNK_CHARS))
    // fenced code in column 0 never reaches micromark: a section that is plain around it is scanned
    const fenced = '## REQ-CORE-002: Fenced\n- **Status:** approved\n- **Description:** plain\n\n```sh\nnpm *run* [x](y)\n```\n\nMore plain text.\n'
    const wholeFenced = markdownBlocks(fenced, {whole: true})
    markdownStats.calls = 0
    expect(markdownBlocks(fenced)).to.deep.equal(wholeFenced)
    expect(markdownStats.calls).to.equal(0)
    // what cannot be cut safely is parsed whole: an HTML comment that may span blank lines, a definition inside a paragraph
    for (const odd of [`${mid}\n<!--\n\nnot a block\n\n-->\n`, `${mid}\ntext right before\n[r1]: https://late.test\n`]) {
      const whole = markdownBlocks(odd, {whole: true})
      markdownStats.calls = 0
      expect(markdownBlocks(odd)).to.deep.equal(whole)
      expect(markdownStats.calls).to.equal(1)
    }
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
