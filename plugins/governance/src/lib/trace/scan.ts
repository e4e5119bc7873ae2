/**
 * The parser of docs/REQUIREMENTS.md and docs/TESTS.md. Reads both styles of REFERENCE.md:
 *
 *   style A   ## REQ-CLI-001            (or `## REQ-001: Title`)
 *             - **Status**: Draft
 *             - **Description**: ...
 *   style B   ## REQ-001. Title
 *             - **ID:** REQ-001
 *             - **Description:** ...
 *   tests     ### TEST-CLI-001 Title
 *             - **Covers**: REQ-CLI-001, REQ-CLI-002      (or `- **Requirement ID:** REQ-001`)
 *
 * Each section (see markdown.ts) is read by a line scanner when it holds only the plain form govtool writes,
 * else parsed into an mdast tree with positions (parse.ts, which loads the CommonMark parser); lines in a section
 * result are relative to the section (1 = its first line) so that a cached result stays valid when the section
 * moves. This module does not load the CommonMark parser: an edit of a plain section never does.
 */
import {squash} from './markdown.js'
import {parseCovers} from './covers.js'
import {REQ_ID, TEST_ID} from './types.js'

export type RecordKind = 'requirement' | 'test'

/** A requirement or test as parsed from one section (line relative to the section). */
export interface RawRecord {
  id: string
  title: string
  line: number
  description?: string
  status?: string
  priority?: string
  component?: string
  covers?: string[]
}

export interface SectionResult {
  records: RawRecord[]
  problems: {line: number; message: string}[]
}

const ID_TOKEN = /^[[`*_\s]*((?:REQ|TEST)-[A-Za-z0-9_-]*)[\]`*_]*/i
const LABEL = /^([A-Za-z][A-Za-z ]{0,30}?)\s*:\s*([\s\S]*)$/
const NONE = /^(?:none|n\/a|-|—|–|tbd)?$/i

/** The field labels of each kind of entry and the field each names (`Requirement IDs` is a test's Covers). */
export const LABELS: Record<RecordKind, Record<string, string>> = {
  requirement: {id: 'id', title: 'title', description: 'description', status: 'status', priority: 'priority', component: 'component'},
  test: {
    id: 'id',
    title: 'title',
    description: 'description',
    covers: 'covers',
    'requirement id': 'covers',
    'requirement ids': 'covers',
    requirement: 'covers',
    requirements: 'covers',
    'covers requirements': 'covers',
  },
}

const PREFIX: Record<RecordKind, string> = {requirement: 'REQ-', test: 'TEST-'}
const PATTERN: Record<RecordKind, RegExp> = {requirement: REQ_ID, test: TEST_ID}
const EXAMPLE: Record<RecordKind, string> = {requirement: 'REQ-001 or REQ-CLI-001', test: 'TEST-001, TEST-CLI-001 or TEST-012a'}

/** The id at the start of a heading or field value, e.g. `REQ-CLI-001` from `REQ-CLI-001. Title`. */
function leadingId(text: string): {token: string; rest: string} | undefined {
  const m = ID_TOKEN.exec(text)
  if (!m) return undefined
  let token = m[1]
  // `REQ-001-` or `REQ-001_` as written before a separator is not part of the id
  while (token.endsWith('-') || token.endsWith('_')) token = token.slice(0, -1)
  const rest = text.slice(m.index + m[0].length).replace(/^[\s:.)—–-]+/, '')
  return {token, rest: rest.trim()}
}

interface Open {
  record: RawRecord
  depth: number
  free: string[]
  skip: boolean
  /** under a deeper non-id heading (Notes, Acceptance criteria...): its bullets are not the entry's fields */
  sub: boolean
}

/**
 * What the parser reads of a section: its top-level blocks in order. A heading (depth and plain text), a
 * field candidate (a list item or a paragraph: its plain text), or other prose (block quotes and the like:
 * free text of the open entry). Code, HTML and thematic breaks are not represented.
 */
export type Block =
  | {type: 'heading'; depth: number; text: string; line: number}
  | {type: 'field'; body: string; line: number}
  | {type: 'prose'; text: string}

/** Characters that change inline structure in ways the scanner does not follow (emphasis, links, HTML, entities, escapes). */
const SPECIAL = /[*[\]<&\\\t\r]/
const SIMPLE_HEADING = /^(#{1,6}) +(\S.*)$/
/** `- **Label:** value`, `- **Label**: value` or `- text`, the text starting with a letter */
const SIMPLE_BOLD_ITEM = /^- \*\*([A-Za-z][A-Za-z0-9 ]{0,40}[A-Za-z0-9]:?)\*\*(.*)$/
const SIMPLE_ITEM = /^- ([A-Za-z].*)$/
const SIMPLE_TEXT = /^[A-Za-z(]/
const WORD = /[\p{L}\p{N}]/u

/**
 * The plain text of one line of inline content, when all it holds is text, single-backtick code spans and
 * underscores inside words (which CommonMark never reads as emphasis); undefined otherwise.
 */
export function simpleInline(text: string): string | undefined {
  let out = ''
  let at = 0
  while (at < text.length) {
    const tick = text.indexOf('`', at)
    const plain = text.slice(at, tick === -1 ? text.length : tick)
    if (SPECIAL.test(plain)) return undefined
    for (let u = plain.indexOf('_'); u !== -1; u = plain.indexOf('_', u + 1)) {
      const before = u > 0 ? plain[u - 1] : at > 0 ? text[at - 1] : ''
      const after = u + 1 < plain.length ? plain[u + 1] : ''
      if (!WORD.test(before) || !WORD.test(after)) return undefined
    }
    out += plain
    if (tick === -1) break
    const close = text.indexOf('`', tick + 1)
    // a span of one backtick each side, holding no backtick and not only spaces; anything else is left to mdast
    if (close === -1 || close === tick + 1 || text[close + 1] === '`' || (tick > 0 && text[tick - 1] === '`')) return undefined
    let code = text.slice(tick + 1, close)
    if (code.trim() === '') return undefined
    if (code.startsWith(' ') && code.endsWith(' ')) code = code.slice(1, -1)
    out += code
    at = close + 1
  }
  return out
}

/**
 * The blocks of a section by a line scanner, linear in its length, or undefined when a line holds anything
 * beyond the plain form govtool writes (ATX headings, `- **Label:** value` bullets, plain paragraphs, blank
 * lines): emphasis, code, links, HTML, entities, indentation, other list markers, tabs or trailing spaces. Those
 * sections go to markdownBlocks, so both give the same blocks for every section the scanner accepts.
 */
export function scanBlocks(text: string): Block[] | undefined {
  const blocks: Block[] = []
  let paragraph: {lines: string[]; line: number} | undefined
  /** the previous line was a list item (a text line right after it would continue the item: not simple) */
  let afterItem = false
  const flush = () => {
    if (paragraph) blocks.push({type: 'field', body: paragraph.lines.join('\n'), line: paragraph.line})
    paragraph = undefined
  }
  let line = 0
  let at = 0
  const end = text.endsWith('\n') ? text.length - 1 : text.length
  while (at <= end) {
    let nl = text.indexOf('\n', at)
    if (nl === -1 || nl > end) nl = end
    const raw = text.slice(at, nl)
    at = nl + 1
    line++
    if (raw === '') {
      flush()
      afterItem = false
      continue
    }
    if (raw.endsWith(' ')) return undefined
    if (raw.startsWith('#')) {
      const m = SIMPLE_HEADING.exec(raw)
      const heading = m && !m[2].includes('#') ? simpleInline(m[2]) : undefined
      if (heading === undefined) return undefined
      flush()
      blocks.push({type: 'heading', depth: m![1].length, text: squash(heading), line})
      afterItem = false
      continue
    }
    if (raw.startsWith('- ')) {
      const bold = SIMPLE_BOLD_ITEM.exec(raw)
      let body: string
      if (bold) {
        const value = bold[2] !== '' && !bold[2].startsWith(' ') && !bold[2].startsWith(':') ? undefined : simpleInline(bold[2])
        if (value === undefined) return undefined
        body = bold[1] + value
      } else {
        const item = SIMPLE_ITEM.exec(raw)
        const text = item ? simpleInline(item[1]) : undefined
        if (text === undefined) return undefined
        body = text
      }
      flush()
      blocks.push({type: 'field', body, line})
      afterItem = true
      continue
    }
    const plain = afterItem || !SIMPLE_TEXT.test(raw) ? undefined : simpleInline(raw)
    if (plain === undefined) return undefined
    if (paragraph) paragraph.lines.push(plain)
    else paragraph = {lines: [plain], line}
  }
  flush()
  return blocks
}

/** The records and problems of a section's blocks. */
export function parseBlocks(kind: RecordKind, blocks: readonly Block[]): SectionResult {
  const records: RawRecord[] = []
  const problems: SectionResult['problems'] = []
  let open: Open | undefined
  let section: {text: string; line: number; depth: number} | undefined

  const close = () => {
    if (open && !open.skip) {
      if (open.record.description === undefined && open.free.length > 0) open.record.description = squash(open.free.join(' '))
      records.push(open.record)
    }
    open = undefined
  }

  const onHeading = (node: {depth: number; text: string; line: number}) => {
    const {text} = node
    const lead = leadingId(text)
    if (lead && lead.token.toUpperCase().startsWith(PREFIX[kind])) {
      close()
      section = undefined
      if (PATTERN[kind].test(lead.token)) {
        open = {record: {id: lead.token, title: lead.rest, line: node.line}, depth: node.depth, free: [], skip: false, sub: false}
      } else {
        problems.push({line: node.line, message: `malformed ${kind} id "${lead.token}" in heading (expected ${EXAMPLE[kind]})`})
        open = {record: {id: lead.token, title: '', line: node.line}, depth: node.depth, free: [], skip: true, sub: false}
      }
      return
    }
    if (open && node.depth > open.depth) {
      open.sub = true // a sub-heading inside the entry (Notes, Acceptance criteria...)
      return
    }
    close()
    section = {text, line: node.line, depth: node.depth}
  }

  const onField = (line: number, body: string) => {
    const m = LABEL.exec(body)
    const field = m ? LABELS[kind][squash(m[1]).toLowerCase()] : undefined
    if (open?.sub) return
    if (!field || !m) {
      if (open && !open.skip) open.free.push(body)
      return
    }
    const value = squash(m[2])
    if (!open) {
      // style B without an id heading: `## Title` then `- **ID:** REQ-001`
      const lead = field === 'id' ? leadingId(value) : undefined
      if (!lead || !lead.token.toUpperCase().startsWith(PREFIX[kind])) return
      const title = section?.text ?? ''
      if (!PATTERN[kind].test(lead.token)) {
        problems.push({line, message: `malformed ${kind} id "${lead.token}" in the ID field (expected ${EXAMPLE[kind]})`})
        open = {record: {id: lead.token, title, line}, depth: section?.depth ?? 0, free: [], skip: true, sub: false}
        return
      }
      open = {record: {id: lead.token, title, line: section?.line ?? line}, depth: section?.depth ?? 0, free: [], skip: false, sub: false}
      section = undefined
      return
    }
    if (open.skip) return
    applyField(kind, open.record, field, value, line, problems)
  }

  for (const block of blocks) {
    if (block.type === 'heading') onHeading(block)
    else if (block.type === 'field') onField(block.line, block.body)
    else if (open && !open.skip && !open.sub) open.free.push(block.text)
  }
  close()
  return {records, problems}
}

/** Text of a list item: its first paragraph, then nested blocks on following lines. */

function applyField(kind: RecordKind, record: RawRecord, field: string, value: string, line: number, problems: SectionResult['problems']): void {
  const label = field[0].toUpperCase() + field.slice(1)
  switch (field) {
    case 'id': {
      const lead = leadingId(value)
      if (!lead || lead.token !== record.id) {
        problems.push({line, message: `ID field "${value}" does not match the heading's ${record.id}`})
      }
      return
    }
    case 'title': {
      if (value) record.title = value
      return
    }
    case 'description': {
      record.description = value
      return
    }
    case 'status': {
      if (value === '') problems.push({line, message: `${record.id}: ${label} is empty`})
      else record.status = value.toLowerCase()
      return
    }
    case 'priority': {
      if (value) record.priority = /^p\d$/i.test(value) ? value.toUpperCase() : value
      return
    }
    case 'component': {
      if (value) record.component = value
      return
    }
    case 'covers': {
      if (kind !== 'test') return
      const {ids, bad} = parseCovers(value)
      for (const token of bad) problems.push({line, message: `${record.id}: malformed requirement id "${token}" in Covers (expected ${EXAMPLE.requirement})`})
      if (ids.length === 0 && bad.length === 0 && !NONE.test(value)) {
        problems.push({line, message: `${record.id}: Covers names no requirement id ("${value}")`})
      } else if (ids.length === 0 && bad.length === 0 && value === '') {
        problems.push({line, message: `${record.id}: Covers is empty`})
      }
      record.covers = [...(record.covers ?? []), ...ids.filter((id) => !record.covers?.includes(id))]
      return
    }
    default:
  }
}
