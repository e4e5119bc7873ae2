/**
 * LEDGER.md: the text format of entries, their chain hashes and the chain's verification (pure functions;
 * the file I/O is in ledger.ts).
 *
 *   # Change Ledger
 *
 *   ## 2025-06-01T10:00:00.000Z — Add login
 *   - **Author:** alice
 *   - **Type:** feature
 *   - **REQs affected:** REQ-AUTH-001, REQ-AUTH-002
 *   - **Status:** complete
 *   - **Work item:** WI-0123456789ab          (optional extra fields, in order)
 *   - **Chain hash:** 0123456789abcdef
 *
 * chain hash = the first 16 hex chars of sha256 over the canonical JSON of the entry's fields and the
 * previous entry's chain hash; the full 64-char digests are kept in `.govtool/ledger-chain.txt`.
 */
import {createHash} from 'node:crypto'

import {squash} from './markdown.js'
import type {ParseProblem} from './types.js'

export const LEDGER_TYPES = ['task', 'feature', 'fix', 'migration', 'preflight', 'work_proposal', 'dispatch', 'permission_denied'] as const
export type LedgerType = (typeof LEDGER_TYPES)[number]
/** The types a person records with `ledger add`; the others are written by govtool itself. */
export const USER_LEDGER_TYPES = ['task', 'feature', 'fix', 'migration'] as const

export interface LedgerEntry {
  timestamp: string
  description: string
  author: string
  /** one of LEDGER_TYPES for entries govtool writes; older ledgers may hold others */
  type: string
  reqs: string[]
  status: string
  /** '' when the entry carries none (entries written before hash chaining) */
  chain_hash: string
  /** 1-based line of the entry's heading in its file */
  line: number
  /** further `- **Label:** value` bullets, e.g. `Work item` */
  fields: Record<string, string>
}

export interface ParsedLedger {
  entries: LedgerEntry[]
  problems: ParseProblem[]
  /** 0-based [start, end) line ranges of each entry's text, for moving entries verbatim */
  spans: {start: number; end: number}[]
  /** the lines before the first entry (title and introduction) */
  preambleEnd: number
  lines: string[]
}

const RESERVED: Record<string, keyof LedgerEntry> = {
  author: 'author',
  type: 'type',
  'reqs affected': 'reqs',
  reqs: 'reqs',
  requirements: 'reqs',
  status: 'status',
  'chain hash': 'chain_hash',
}

const ENTRY_HEADING = /^##[ \t]+(\d{4}-\S*)(?:[ \t]+[—–-]+[ \t]*(.*))?$/
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/
const FIELD = /^[ \t]*[-*+][ \t]+(?:\*\*|__)?([A-Za-z][A-Za-z0-9 _-]{0,40}?)[ \t]*(?::(?:\*\*|__)|(?:\*\*|__):|:)[ \t]*(.*)$/
const FENCE = /^ {0,3}(`{3,}|~{3,})/
const NONE = /^(?:none|n\/a|-|—|–)?$/i

/** Parses LEDGER.md (or docs/ledger-archive.md) text. Never throws: what it cannot read becomes a problem. */
export function parseLedgerText(text: string, file: string): ParsedLedger {
  const lines = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l))
  if (lines.length > 0 && lines.at(-1) === '') lines.pop()
  const entries: LedgerEntry[] = []
  const spans: ParsedLedger['spans'] = []
  const problems: ParseProblem[] = []
  let current: LedgerEntry | undefined
  let fence: string | undefined
  let preambleEnd = lines.length
  const finish = (end: number) => {
    if (current) spans[spans.length - 1].end = end
    current = undefined
  }
  for (const [i, line] of lines.entries()) {
    const f = FENCE.exec(line)
    if (fence) {
      if (f && f[1][0] === fence[0] && f[1].length >= fence.length) fence = undefined
      continue
    }
    if (f) {
      fence = f[1]
      continue
    }
    if (/^#{1,2}[ \t]/.test(line)) {
      const m = ENTRY_HEADING.exec(line)
      finish(i)
      if (!m) continue
      if (entries.length === 0) preambleEnd = i
      if (!TIMESTAMP.test(m[1])) problems.push({file, line: i + 1, message: `ledger entry heading has a malformed timestamp "${m[1]}" (expected an ISO timestamp such as 2025-06-01T10:00:00.000Z)`})
      if (!m[2]?.trim()) problems.push({file, line: i + 1, message: 'ledger entry heading has no description (expected "## <timestamp> — <description>")'})
      current = {timestamp: m[1], description: squash(m[2] ?? ''), author: '', type: '', reqs: [], status: '', chain_hash: '', line: i + 1, fields: {}}
      entries.push(current)
      spans.push({start: i, end: lines.length})
      continue
    }
    if (!current) continue
    const field = FIELD.exec(line)
    if (!field) continue
    const label = squash(field[1])
    const value = squash(field[2].replaceAll(/^(?:\*\*|__)|(?:\*\*|__)$/g, ''))
    const key = RESERVED[label.toLowerCase()]
    if (key === 'reqs') current.reqs = NONE.test(value) ? [] : value.split(/[\s,;]+/).filter(Boolean)
    else if (key === 'chain_hash') {
      if (!/^[0-9a-f]{16}$/.test(value)) problems.push({file, line: i + 1, message: `malformed chain hash "${value}" (expected 16 lower-case hex characters)`})
      current.chain_hash = value
    } else if (key) (current as unknown as Record<string, string>)[key] = value
    else current.fields[label] = value
  }
  finish(lines.length)
  return {entries, problems, spans, preambleEnd: Math.min(preambleEnd, lines.length), lines}
}

type HashInput = Pick<LedgerEntry, 'timestamp' | 'description' | 'author' | 'type' | 'reqs' | 'status' | 'fields'>

/** The full sha256 digest of an entry chained to `prev` (the previous entry's chain hash, '' for the first). */
export function entryDigest(entry: HashInput, prev: string): string {
  const fields = Object.entries(entry.fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  const canonical = JSON.stringify([prev, entry.timestamp, entry.description, entry.author, entry.type, entry.reqs, entry.status, fields])
  return createHash('sha256').update(canonical).digest('hex')
}

export function chainHash(entry: HashInput, prev: string): string {
  return entryDigest(entry, prev).slice(0, 16)
}

/** The text of one entry (ending with a newline). */
export function formatLedgerEntry(entry: Omit<LedgerEntry, 'line'>): string {
  const lines = [
    `## ${entry.timestamp} — ${entry.description}`,
    `- **Author:** ${entry.author}`,
    `- **Type:** ${entry.type}`,
    `- **REQs affected:** ${entry.reqs.length > 0 ? entry.reqs.join(', ') : 'none'}`,
    `- **Status:** ${entry.status}`,
  ]
  for (const [label, value] of Object.entries(entry.fields)) lines.push(`- **${label}:** ${value}`)
  lines.push(`- **Chain hash:** ${entry.chain_hash}`)
  return lines.join('\n') + '\n'
}

export interface ChainVerification {
  valid: boolean
  /** entries whose hash was checked */
  checked: number
  /** entries before the first hashed one (written before chaining); not an error */
  unchained: number
  problems: (ParseProblem & {index: number})[]
}

/**
 * Verifies the chain over `entries` (archive entries first, then the ledger's, in order). Each entry's
 * stated hash must equal the hash of its fields chained to the previous entry's stated hash: an edited,
 * reordered, inserted or removed entry breaks it. With `digests` (lines of .govtool/ledger-chain.txt, one
 * full digest per entry), each recorded digest must match too, and a chain file that records more entries
 * than the ledger holds means entries were removed from the end.
 */
export function verifyLedgerChain(entries: readonly (LedgerEntry & {file?: string})[], digests?: readonly string[], ledgerFile = 'LEDGER.md'): ChainVerification {
  const problems: ChainVerification['problems'] = []
  let prev = ''
  let seenHashed = false
  let checked = 0
  let unchained = 0
  for (const [index, entry] of entries.entries()) {
    const file = entry.file ?? ledgerFile
    if (!entry.chain_hash) {
      if (seenHashed) problems.push({index, file, line: entry.line, message: `ledger entry "${entry.description}" has no chain hash (added or edited by hand?)`})
      else unchained++
      prev = ''
      continue
    }
    seenHashed = true
    checked++
    const digest = entryDigest(entry, prev)
    if (digest.slice(0, 16) !== entry.chain_hash) {
      problems.push({index, file, line: entry.line, message: `chain hash of ledger entry "${entry.description}" does not match: the entry was edited, or entries before it were reordered or removed`})
    } else if (digests && digests[index] !== undefined && digests[index] !== digest) {
      problems.push({index, file, line: entry.line, message: `ledger entry "${entry.description}" differs from the digest recorded in .govtool/ledger-chain.txt (entry ${index + 1})`})
    }
    prev = entry.chain_hash
  }
  if (digests && digests.length > entries.length) {
    const last = entries.at(-1)
    problems.push({
      index: entries.length,
      file: last?.file ?? ledgerFile,
      line: last?.line ?? 1,
      message: `.govtool/ledger-chain.txt records ${digests.length} entries but the ledger holds ${entries.length}: entries were removed`,
    })
  }
  return {valid: problems.length === 0, checked, unchained, problems}
}

/** Open TODO items: unchecked task boxes and TODO markers not checked off. */
export function countOpenTodos(text: string): number {
  let count = 0
  for (const line of text.split('\n')) {
    if (/^\s*[-*+]\s+\[[xX]\]/.test(line)) continue
    if (/^\s*[-*+]\s+\[ \]/.test(line) || /\bTODO\b/.test(line)) count++
  }
  return count
}
