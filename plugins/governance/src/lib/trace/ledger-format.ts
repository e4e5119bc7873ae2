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
 * previous entry's chain hash; the full 64-char digests are kept in `.govtool/ledger-chain.txt`. The chain
 * is a fork-join one: after a merge of two branches that both appended entries, an entry chains to an
 * earlier entry that is not the one right before it (see verifyLedgerChainDetailed).
 */

import {squash} from './markdown.js'
import type {ParseProblem} from './types.js'

/** node:crypto on first use: loading it is 5-25 ms of a start-up that may hash nothing (issue 14, seventh pass) */
let cryptoModule: typeof import('node:crypto') | undefined
const crypto = (): typeof import('node:crypto') => (cryptoModule ??= process.getBuiltinModule('node:crypto'))

export const LEDGER_TYPES = ['task', 'feature', 'fix', 'migration', 'preflight', 'work_proposal', 'dispatch', 'permission_denied', 'secret_allowed', 'correction', 'requirement_removed'] as const
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
/** blank lines, thematic breaks and HTML comments may separate entries */
const BLANK_OR_RULE = /^[ \t]*(?:(?:[-*_][ \t]*){3,}|<!--.*-->)?[ \t]*$/
const NONE = /^(?:none|n\/a|-|—|–)?$/i

/** The lines of a ledger text as the parser numbers them (no `\r`, no empty last line after the final newline). */
export function ledgerLines(text: string): string[] {
  const lines = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l))
  if (lines.length > 0 && lines.at(-1) === '') lines.pop()
  return lines
}

/** Parses LEDGER.md (or docs/ledger-archive.md) text. Never throws: what it cannot read becomes a problem. */
export function parseLedgerText(text: string, file: string): ParsedLedger {
  const lines = ledgerLines(text)
  const entries: LedgerEntry[] = []
  const spans: ParsedLedger['spans'] = []
  const problems: ParseProblem[] = []
  let current: LedgerEntry | undefined
  let fence: string | undefined
  let preambleEnd = lines.length
  // lines after an entry's heading that are neither its bullets nor blank, per entry: text the chain hash does
  // not cover (junk, a torn write, a forged heading), reported for entries that carry a chain hash
  const strays = new Map<LedgerEntry, number[]>()
  const stray = (i: number) => {
    const owner = entries.at(-1)
    if (!owner) return
    const list = strays.get(owner)
    if (list) list.push(i)
    else strays.set(owner, [i])
  }
  const finish = (end: number) => {
    if (current) spans[spans.length - 1].end = end
    current = undefined
  }
  for (const [i, line] of lines.entries()) {
    // a fence starts with a space, ` or ~ and a heading with #: other lines skip those patterns (7,000 lines a run)
    const first = line.charCodeAt(0)
    const f = first === 32 || first === 96 || first === 126 ? FENCE.exec(line) : null
    if (fence) {
      if (f && f[1][0] === fence[0] && f[1].length >= fence.length) fence = undefined
      continue
    }
    if (f) {
      fence = f[1]
      stray(i)
      continue
    }
    if (first === 35 && /^#{1,2}[ \t]/.test(line)) {
      const m = ENTRY_HEADING.exec(line)
      finish(i)
      if (!m) {
        stray(i)
        continue
      }
      if (entries.length === 0) preambleEnd = i
      if (!TIMESTAMP.test(m[1])) problems.push({file, line: i + 1, message: `ledger entry heading has a malformed timestamp "${m[1]}" (expected an ISO timestamp such as 2025-06-01T10:00:00.000Z)`})
      if (!m[2]?.trim()) problems.push({file, line: i + 1, message: 'ledger entry heading has no description (expected "## <timestamp> — <description>")'})
      current = {timestamp: m[1], description: squash(m[2] ?? ''), author: '', type: '', reqs: [], status: '', chain_hash: '', line: i + 1, fields: {}}
      entries.push(current)
      spans.push({start: i, end: lines.length})
      continue
    }
    if (!current) {
      if (!BLANK_OR_RULE.test(line)) stray(i)
      continue
    }
    const field = FIELD.exec(line)
    if (!field) {
      if (!BLANK_OR_RULE.test(line)) stray(i)
      continue
    }
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
  for (const [entry, at] of strays) {
    if (!entry.chain_hash) continue
    for (const i of at) {
      const shown = lines[i].length > 60 ? `${lines[i].slice(0, 57)}...` : lines[i]
      problems.push({file, line: i + 1, message: `line ${i + 1} is not part of any ledger entry (after "${entry.description}"): ${JSON.stringify(shown)} is junk, a torn write or a heading written by hand`})
    }
  }
  if (strays.size > 0) problems.sort((a, b) => a.line - b.line)
  return {entries, problems, spans, preambleEnd: Math.min(preambleEnd, lines.length), lines}
}

type HashInput = Pick<LedgerEntry, 'timestamp' | 'description' | 'author' | 'type' | 'reqs' | 'status' | 'fields'>

/** The canonical JSON of an entry without its leading `[prev,` (so a digest over any prev is one concatenation). */
function canonicalTail(entry: HashInput): string {
  const fields = Object.entries(entry.fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return JSON.stringify([entry.timestamp, entry.description, entry.author, entry.type, entry.reqs, entry.status, fields]).slice(1)
}

function digestOf(prev: string, tail: string): string {
  return crypto().createHash('sha256').update(`[${JSON.stringify(prev)},${tail}`).digest('hex')
}

/** The full sha256 digest of an entry chained to `prev` (the previous entry's chain hash, '' for the first). */
export function entryDigest(entry: HashInput, prev: string): string {
  return digestOf(prev, canonicalTail(entry))
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

/**
 * What a chain problem is, so that callers can give the right advice: `edited` (no earlier entry gives the
 * stated hash: the entry was edited, or the one it chained to was removed), `reordered` (it chains to a later
 * entry), `unhashed` (an entry without a hash after hashed ones), `duplicate`, `witness` (differs from the
 * digest this working copy recorded), `truncated` (entries removed from the end of the current branch),
 * `removed` (fewer entries up to the branch's recorded head than this working copy saw).
 */
export type ChainProblemKind = 'edited' | 'reordered' | 'unhashed' | 'duplicate' | 'witness' | 'truncated' | 'removed'

export interface ChainProblem extends ParseProblem {
  /** position in the verified history (the entry count for problems after the last entry) */
  index: number
  kind?: ChainProblemKind
}

export interface ChainVerification {
  valid: boolean
  /** entries whose hash was checked */
  checked: number
  /** entries before the first hashed one (written before chaining); not an error */
  unchained: number
  problems: ChainProblem[]
}

/** Digests recorded by `.govtool/ledger-chain.txt`, keyed by entry timestamp (a set: several per timestamp are allowed). */
export type LedgerWitness = ReadonlyMap<string, ReadonlySet<string>>

/** Reads witness lines `<sha256> <timestamp>` (other lines, and digests without a timestamp, are skipped). */
export function parseWitness(lines: Iterable<string>): Map<string, Set<string>> {
  const witness = new Map<string, Set<string>>()
  for (const line of lines) {
    const m = /^\s*([0-9a-f]{64})\s+(\S+)/.exec(line)
    if (!m) continue
    const known = witness.get(m[2])
    if (known) known.add(m[1])
    else witness.set(m[2], new Set([m[1]]))
  }
  return witness
}

export interface ChainDetail extends ChainVerification {
  /** the full digest of each entry as verified; undefined for entries without a hash or that did not verify */
  digests: (string | undefined)[]
  /** the index of the entry each one chains to: -1 for the start of the chain, undefined when none was found */
  parents: (number | undefined)[]
}

/**
 * How many digests the search for a non-adjacent parent may compute in one verification (about 3 µs each).
 * Merges need a few per merged entry; only a heavily damaged ledger of thousands of entries exhausts it, and
 * then the entries left unsearched are reported as not matching (the ledger is invalid either way).
 */
export const CHAIN_SEARCH_BUDGET = 50_000
/** the most recent chain tips (entries nothing chains to yet) tried before scanning backwards */
const TIPS_TRIED = 32
/** how far past an unmatched entry to look for the entry it chains to, to tell a reordering from an edit */
const LATER_SEARCH = 256

/**
 * Verifies the fork-join chain over `entries` (archive entries first, then the ledger's, in order). Each hashed
 * entry's stated hash must equal the digest of its fields chained to the stated hash of SOME earlier entry
 * (normally the one right before it; after a merge of branches that both appended, the fork point or the
 * other branch's last entry) or to '' (the start of the chain). That still catches an edited entry, an
 * entry whose predecessor was removed, a reordering (an entry chaining to a later one), a duplicated entry
 * and an unhashed entry after hashed ones. The immediate predecessor is tried first; other candidates (the
 * most recent chain tips, then earlier entries backwards) only on a mismatch, within CHAIN_SEARCH_BUDGET.
 *
 * With `witness` (`.govtool/ledger-chain.txt`: its lines, or them parsed by parseWitness), an entry whose
 * timestamp the witness knows with a different digest is reported, even when every hash was recomputed;
 * entries it does not know (appended on another branch or clone) are fine.
 */
export function verifyLedgerChainDetailed(
  entries: readonly (LedgerEntry & {file?: string})[],
  witness?: readonly string[] | LedgerWitness,
  ledgerFile = 'LEDGER.md',
): ChainDetail {
  const known = witness === undefined ? undefined : Array.isArray(witness) ? parseWitness(witness as readonly string[]) : (witness as LedgerWitness)
  const problems: ChainProblem[] = []
  const digests: ChainDetail['digests'] = []
  const parents: ChainDetail['parents'] = []
  const firstIndex = new Map<string, number>()
  for (const [i, e] of entries.entries()) if (e.chain_hash && !firstIndex.has(e.chain_hash)) firstIndex.set(e.chain_hash, i)
  const tips = new Set<number>()
  const hashed: number[] = []
  let budget = CHAIN_SEARCH_BUDGET
  let checked = 0
  let unchained = 0
  for (const [index, entry] of entries.entries()) {
    const file = entry.file ?? ledgerFile
    const report = (kind: ChainProblemKind, message: string) => problems.push({index, file, line: entry.line, message, kind})
    digests.push(undefined)
    parents.push(undefined)
    if (!entry.chain_hash) {
      if (hashed.length > 0) report('unhashed', `ledger entry "${entry.description}" has no chain hash (added or edited by hand?)`)
      else unchained++
      continue
    }
    checked++
    const first = firstIndex.get(entry.chain_hash)!
    if (first !== index) {
      report('duplicate', `ledger entry "${entry.description}" appears twice (also at ${entries[first].file ?? ledgerFile}:${entries[first].line})`)
      continue
    }
    const tail = canonicalTail(entry)
    const tried = new Set<string>()
    const attempt = (parent: number): boolean => {
      const prev = parent < 0 ? '' : entries[parent].chain_hash
      if (tried.has(prev)) return false
      tried.add(prev)
      const digest = digestOf(prev, tail)
      if (digest.slice(0, 16) !== entry.chain_hash) return false
      digests[index] = digest
      parents[index] = parent
      return true
    }
    const before = hashed.at(-1) ?? -1
    let found = attempt(before)
    if (!found) {
      for (const tip of [...tips].reverse()) {
        if (budget <= 0 || (found = attempt(tip))) break
        budget--
      }
    }
    if (!found) found = attempt(-1)
    for (let k = hashed.length - 1; !found && k >= 0 && budget > 0; k--, budget--) found = attempt(hashed[k])
    if (found) {
      const parent = parents[index]!
      tips.delete(parent)
      const digest = digests[index]!
      const recorded = known?.get(entry.timestamp)
      if (recorded && !recorded.has(digest)) {
        report('witness', `ledger entry "${entry.description}" (${entry.timestamp}) differs from the digest recorded in .govtool/ledger-chain.txt: it, or an entry it chains to, was changed after this working copy recorded it`)
      }
    } else {
      let later: number | undefined
      for (let j = index + 1; j < entries.length && j <= index + LATER_SEARCH && budget > 0 && later === undefined; j++, budget--) {
        if (entries[j].chain_hash && firstIndex.get(entries[j].chain_hash) === j && attempt(j)) later = j
      }
      digests[index] = undefined
      parents[index] = undefined
      if (later === undefined) {
        report('edited', `chain hash of ledger entry "${entry.description}" does not match: the entry was edited, or the entry it chained to was removed or moved after it`)
      } else {
        report('reordered', `ledger entry "${entry.description}" chains to a later entry ("${entries[later].description}", ${entries[later].file ?? ledgerFile}:${entries[later].line}): entries were reordered`)
      }
    }
    tips.add(index)
    if (tips.size > TIPS_TRIED) tips.delete(tips.values().next().value!)
    hashed.push(index)
  }
  return {valid: problems.length === 0, checked, unchained, problems, digests, parents}
}

/**
 * verifyLedgerChainDetailed without the per-entry detail. `digests` are the lines of .govtool/ledger-chain.txt
 * (`<sha256> <timestamp>`), read as a set keyed by timestamp. Removal from the end is a per-branch question
 * and is checked by checkLedgerChain (ledger.ts), which knows the branch.
 */
export function verifyLedgerChain(entries: readonly (LedgerEntry & {file?: string})[], digests?: readonly string[] | LedgerWitness, ledgerFile = 'LEDGER.md'): ChainVerification {
  const {valid, checked, unchained, problems} = verifyLedgerChainDetailed(entries, digests, ledgerFile)
  return {valid, checked, unchained, problems}
}

/** Open TODO items: unchecked task boxes and TODO markers not checked off. */
export function countOpenTodos(text: string): number {
  // only a line holding "TODO" or "[ ]" can count: a ledger without either is not split into lines at all
  if (!text.includes('TODO') && !text.includes('[ ]')) return 0
  let count = 0
  for (const line of text.split('\n')) {
    if (/^\s*[-*+]\s+\[[xX]\]/.test(line)) continue
    if (/^\s*[-*+]\s+\[ \]/.test(line) || /\bTODO\b/.test(line)) count++
  }
  return count
}
