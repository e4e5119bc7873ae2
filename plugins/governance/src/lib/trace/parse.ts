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
 * Each section (see markdown.ts) is parsed into an mdast tree with positions; lines in a section result are
 * relative to the section (1 = its first line) so that a cached result stays valid when the section moves.
 */
import type {Heading, List, ListItem, Paragraph, RootContent} from 'mdast'
import {fromMarkdown} from 'mdast-util-from-markdown'

import {inlineText, lineOf, squash} from './markdown.js'
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

const LABELS: Record<RecordKind, Record<string, string>> = {
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

/** Parses one section of a requirements or tests file. */
export function parseSection(kind: RecordKind, text: string): SectionResult {
  const tree = fromMarkdown(text)
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

  const onHeading = (node: Heading) => {
    const text = squash(inlineText(node))
    const lead = leadingId(text)
    if (lead && lead.token.toUpperCase().startsWith(PREFIX[kind])) {
      close()
      section = undefined
      if (PATTERN[kind].test(lead.token)) {
        open = {record: {id: lead.token, title: lead.rest, line: lineOf(node)}, depth: node.depth, free: [], skip: false, sub: false}
      } else {
        problems.push({line: lineOf(node), message: `malformed ${kind} id "${lead.token}" in heading (expected ${EXAMPLE[kind]})`})
        open = {record: {id: lead.token, title: '', line: lineOf(node)}, depth: node.depth, free: [], skip: true, sub: false}
      }
      return
    }
    if (open && node.depth > open.depth) {
      open.sub = true // a sub-heading inside the entry (Notes, Acceptance criteria...)
      return
    }
    close()
    section = {text, line: lineOf(node), depth: node.depth}
  }

  const onField = (block: Paragraph | ListItem, body: string) => {
    const line = lineOf(block)
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

  for (const node of tree.children as RootContent[]) {
    if (node.type === 'heading') onHeading(node)
    else if (node.type === 'list') {
      for (const item of (node as List).children) onField(item, itemText(item))
    } else if (node.type === 'paragraph') onField(node, inlineText(node))
    else if (open && !open.skip && !open.sub && node.type !== 'code' && node.type !== 'html' && node.type !== 'thematicBreak') {
      open.free.push(inlineText(node))
    }
  }
  close()
  return {records, problems}
}

/** Text of a list item: its first paragraph, then nested blocks on following lines. */
function itemText(item: ListItem): string {
  return item.children.map((c) => inlineText(c)).join('\n')
}

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
