/**
 * The governance parser with the full CommonMark parser (mdast) for the sections the line scanner (scan.ts)
 * does not accept. See scan.ts for the formats read.
 */
import type {List, ListItem, RootContent} from 'mdast'
import {fromMarkdown} from 'mdast-util-from-markdown'

import {inlineText, lineOf, squash} from './markdown.js'
import {parseBlocks, scanBlocks, type Block, type RecordKind, type SectionResult} from './scan.js'

export * from './scan.js'

/** What went through micromark (tests: no input past a bound, however large the section). */
export const markdownStats = {calls: 0, largest: 0}

/**
 * Past this many characters a section is parsed in chunks cut at top-level block boundaries: micromark's time
 * per character grows with the length of its input (a 1 MB section of tables, lists and code took 17 s, four
 * times a 0.25 MB one), while chunks of a few KB each keep the whole linear.
 */
export const CHUNK_CHARS = 8 * 1024

/** The blocks of a section through the full CommonMark parser (mdast). */
export function markdownBlocks(text: string, options: {whole?: boolean} = {}): Block[] {
  if (!options.whole) {
    // fenced code at the top level gives no block: blanked, the rest may be plain enough for the line scanner
    const blanked = blankFences(text)
    if (blanked !== undefined) {
      const scanned = scanBlocks(blanked)
      if (scanned) return scanned
      text = blanked
    }
  }
  const chunks = text.length > CHUNK_CHARS && !options.whole ? chunkSection(text) : undefined
  if (!chunks) return treeBlocks(text, 0, Number.POSITIVE_INFINITY)
  const blocks: Block[] = []
  for (const c of chunks.parts) {
    // the definitions a reference in this chunk could name (one whose label appears nowhere in it cannot matter)
    const labels = new Set([...c.text.matchAll(BRACKETED)].map((m) => normalLabel(m[1])))
    const own = chunks.definitions.filter((d) => labels.has(d.label)).map((d) => d.line)
    blocks.push(...treeBlocks(own.length > 0 ? `${c.text}\n\n${own.join('\n')}` : c.text, c.line - 1, c.lines))
  }
  return blocks
}

const BRACKETED = /\[((?:[^[\]\\]|\\.)*)\]/g

/** A link label as CommonMark matches it: whitespace collapsed, case folded. */
function normalLabel(label: string): string {
  return label.replaceAll(/\s+/g, ' ').trim().toUpperCase().toLowerCase()
}

/** The top-level blocks of `text` that start on its first `lines` lines, `offset` added to each line. */
function treeBlocks(text: string, offset: number, lines: number): Block[] {
  markdownStats.calls++
  markdownStats.largest = Math.max(markdownStats.largest, text.length)
  const tree = fromMarkdown(text)
  const blocks: Block[] = []
  for (const node of tree.children as RootContent[]) {
    if (lineOf(node) > lines) break
    if (node.type === 'heading') blocks.push({type: 'heading', depth: node.depth, text: squash(inlineText(node)), line: lineOf(node) + offset})
    else if (node.type === 'list') {
      for (const item of (node as List).children) blocks.push({type: 'field', body: itemText(item), line: lineOf(item) + offset})
    } else if (node.type === 'paragraph') blocks.push({type: 'field', body: inlineText(node), line: lineOf(node) + offset})
    else if (node.type !== 'code' && node.type !== 'html' && node.type !== 'thematicBreak') blocks.push({type: 'prose', text: inlineText(node)})
  }
  return blocks
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/
const TOP_FENCE = /^(`{3,}|~{3,})(.*)$/
const CLOSING_FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/

/**
 * `text` with every fenced code block that starts in column 0 replaced by as many empty lines (`undefined`
 * when it has none). Such a block is always top-level (list items and block quotes need their indentation
 * or marker on the fence line, and a fence is never a lazy continuation), it gives no block (markdownBlocks
 * skips code), and blank lines end the same paragraphs a fence ends, so every other block is unchanged, at
 * the same line: micromark is spared the code, often the bulk of a long entry.
 */
function blankFences(text: string): string | undefined {
  if (!text.includes('```') && !text.includes('~~~')) return undefined
  const lines = text.split('\n')
  let fence: {char: string; len: number} | undefined
  let changed = false
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].endsWith('\r') ? lines[i].slice(0, -1) : lines[i]
    if (fence) {
      const close = CLOSING_FENCE.exec(line)
      if (close && close[1][0] === fence.char && close[1].length >= fence.len) fence = undefined
      lines[i] = ''
      continue
    }
    const open = TOP_FENCE.exec(line)
    if (!open || (open[1][0] === '`' && open[2].includes('`'))) continue
    fence = {char: open[1][0], len: open[1].length}
    lines[i] = ''
    changed = true
  }
  return changed ? lines.join('\n') : undefined
}
/** HTML blocks that may span blank lines (CommonMark types 1 to 5): a section holding one is parsed whole. */
const SPANNING_HTML = /<!--|<\?|<!\[CDATA\[|<![A-Za-z]|<(?:script|pre|style|textarea)(?:[\s>]|$)/i
/** A link reference definition on one line, at the top level. */
const DEFINITION = /^ {0,3}\[((?:[^\]\\]|\\.)+)\]:[ \t]*\S+(?:[ \t]+(?:"[^"]*"|'[^']*'|\([^)]*\)))?[ \t]*$/

/**
 * A long section cut into chunks that parse to the same top-level blocks as the whole: a cut is made only
 * before a line that starts in column 0 right after a blank line, outside fenced code. There no paragraph,
 * list item, block quote or code block of the previous chunk can continue (continuing one takes indentation or
 * a line without a blank before it), so every top-level block lies in one chunk. What a block's text depends on
 * beyond its chunk is the link reference definitions (whether `[text][ref]` is a link): the section's are given
 * to every chunk, after its own text, where they produce no block. `undefined` (parse it whole) when a
 * definition is not a plain top-level line, or an HTML block could span blank lines.
 */
function chunkSection(text: string): {parts: {text: string; line: number; lines: number}[]; definitions: {label: string; line: string}[]} | undefined {
  if (SPANNING_HTML.test(text)) return undefined
  const lines = text.split('\n')
  const definitions: {label: string; line: string}[] = []
  const labels = new Set<string>()
  const parts: {text: string; line: number; lines: number}[] = []
  let fence: {char: string; len: number} | undefined
  let start = 0
  let size = 0
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].endsWith('\r') ? lines[i].slice(0, -1) : lines[i]
    const f = FENCE.exec(line)
    if (fence) {
      if (f && f[1][0] === fence.char && f[1].length >= fence.len && line.slice(f[0].length).trim() === '') fence = undefined
    } else if (f) {
      fence = {char: f[1][0], len: f[1].length}
    } else {
      if (line.includes(']:')) {
        // a definition cannot interrupt a paragraph: one right after text is text, and this cut would not know
        if (!DEFINITION.test(line) || (i > 0 && lines[i - 1].trim() !== '' && !DEFINITION.test(lines[i - 1]))) return undefined
        // one definition per label is enough: which of several a reference takes changes its URL, not its text
        const label = normalLabel(DEFINITION.exec(line)![1])
        if (!labels.has(label)) definitions.push({label, line})
        labels.add(label)
      }
      if (size >= CHUNK_CHARS / 2 && i > start && /^[^ \t]/.test(line) && lines[i - 1].trim() === '') {
        parts.push({text: lines.slice(start, i).join('\n'), line: start + 1, lines: i - start})
        start = i
        size = 0
      }
    }
    size += lines[i].length + 1
  }
  parts.push({text: lines.slice(start).join('\n'), line: start + 1, lines: lines.length - start})
  return {parts, definitions}
}

function itemText(item: ListItem): string {
  return item.children.map((c) => inlineText(c)).join('\n')
}

/** Parses one section of a requirements or tests file. */
export function parseSection(kind: RecordKind, text: string): SectionResult {
  return parseBlocks(kind, scanBlocks(text) ?? markdownBlocks(text))
}

