/**
 * What checkpoint, audit and the phase checklists need of the ledger, remembered across processes (issue 14,
 * start-up seventh pass): `.govtool/cache/ledger-summary.json`. They read LEDGER.md's size and open TODOs, the
 * history's parse problems, the chain verification, the count of user entries and the few last entries checkpoint
 * shows (the last preflight, the entries naming the last three work items); with the whole parse remembered
 * (ledger-parsed.ts) every run still read a 225 KB JSON of 1,000 entries and hashed the 174 KB text to key it.
 *
 * The memo is keyed by the identity of every input (LEDGER.md, the archive, the witness `ledger-chain.txt`,
 * `ledger-heads.json`: device, inode, size, mtime and ctime in ns, or absent), the branch, the file names and
 * SUMMARY_VERSION, so a hit reads none of the files. Any write changes a file's ctime, restoring its mtime with
 * `utimes` included, and a replaced file is another inode: an append, a rewrite of the same length with its mtime
 * restored, a truncation, a torn last line, a compress, a pull or a branch switch are another key, and the
 * summary is computed again from the files (through the parse and verification memos). File times are coarse (a
 * clock tick), so an input changed shortly before the identities were taken might be changed again within the
 * same tick without changing them ("racy git"): a summary is kept only when every input's ctime is RACY_MS older
 * than the moment its identities were taken, and only when they are the same after it was computed (a write
 * meanwhile, the verification's own witness writes included, keeps nothing; the next run keeps it). Only intact
 * chains are kept, so a damaged ledger is read and reported in full every time. Like the memos beside it, trusted
 * local state under the protected `.govtool/`, written only where `.govtool/` exists. Bump SUMMARY_VERSION when
 * what it holds, or how it is derived, changes.
 */
import {existsSync, statSync} from 'node:fs'

import {readTextIfExists, writeFileAtomic, type ProjectContext} from 'govtool/core'

import {checkLedgerChain, currentBranch, ledgerStateFiles, readLedger, readLedgerHistory} from './ledger.js'
import {countOpenTodos, type ChainVerification, type LedgerEntry} from './ledger-format.js'
import {lineCount} from './project.js'
import {scopedRead} from './read-scope.js'
import type {ParseProblem} from './types.js'

export const SUMMARY_FILE = 'ledger-summary.json'
const SUMMARY_VERSION = 1
/** inputs changed less than this before their identities were taken are not remembered (file times are coarse) */
const RACY_MS = 200n

/** The entry types `ledger records the work` counts (the phase checklists). */
export const USER_ENTRY_TYPES: readonly string[] = ['task', 'feature', 'fix', 'migration']

export interface LedgerSummary {
  /** LEDGER.md exists */
  exists: boolean
  /** LEDGER.md's lines and open TODOs (0 when missing) */
  lines: number
  todos: number
  /** LEDGER.md's entries, and those of a user type (USER_ENTRY_TYPES) */
  entries: number
  user_entries: number
  /** LEDGER.md's entries checkpoint reads (recentEntries), in ledger order */
  recent: LedgerEntry[]
  /** the history's (archive, then LEDGER.md) parse problems */
  problems: ParseProblem[]
  /** checkLedgerChain's answer */
  chain: ChainVerification & {entries: number}
}

/** Summaries computed and memo hits in this process (tests: a warm checkpoint computes none). */
export const summaryStats = {computed: 0, hits: 0, kept: 0}

/** The work item id an entry carries (`Work item` field, else a WI- id in its description). */
export function workItemOf(entry: Pick<LedgerEntry, 'fields' | 'description'>): string | undefined {
  const field = Object.entries(entry.fields).find(([k]) => /^work[ _-]?item(?:[ _-]?id)?$/i.test(k))?.[1]
  if (field) return field
  return /\bWI-[0-9a-f]{6,}\b/i.exec(entry.description)?.[0]
}

/**
 * The entries checkpoint reads, in ledger order: the last `preflight` entry and, from the end, each entry that
 * names a work item not named after it, until three are named. Checkpoint's walk from the end over these finds
 * the same three work items and the same last preflight as over all entries (the entries left out name no work
 * item or one already seen, and are not the last preflight).
 */
export function recentEntries(entries: readonly LedgerEntry[]): LedgerEntry[] {
  const picked: LedgerEntry[] = []
  const items = new Set<string>()
  let preflight = false
  for (let i = entries.length - 1; i >= 0 && (items.size < 3 || !preflight); i--) {
    const entry = entries[i]
    let keep = false
    if (!preflight && entry.type === 'preflight') keep = preflight = true
    const wi = items.size < 3 ? workItemOf(entry) : undefined
    if (wi !== undefined && !items.has(wi)) {
      items.add(wi)
      keep = true
    }
    if (keep) picked.push(entry)
  }
  return picked.reverse()
}

/**
 * The ledger's summary, once per read scope: from the memo when every input has the identity it was computed
 * under, else computed (and kept when safe). Undefined when computing it failed: the caller then reads the ledger
 * its own way, so a failure is what it always was.
 */
export function ledgerSummary(ctx: ProjectContext): Promise<LedgerSummary | undefined> {
  return scopedRead(ctx, `ledger-summary:${ctx.file('ledger')}`, () => summaryOf(ctx).catch(() => undefined))
}

/** A file's identity: device, inode, size, mtime and ctime (ns); `-` when absent, `?` when it cannot be asked. */
function identity(file: string): {id: string; ctimeNs: bigint} {
  try {
    const st = statSync(file, {bigint: true, throwIfNoEntry: false})
    return st ? {id: `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`, ctimeNs: st.ctimeNs} : {id: '-', ctimeNs: 0n}
  } catch {
    return {id: '?', ctimeNs: 0n}
  }
}

function inputs(ctx: ProjectContext): string[] {
  const {chain, heads} = ledgerStateFiles(ctx)
  return [ctx.file('ledger'), ctx.file('ledgerArchive'), chain, heads]
}

async function summaryOf(ctx: ProjectContext): Promise<LedgerSummary> {
  const files = inputs(ctx)
  const memoFile = ctx.state('cache', SUMMARY_FILE)
  const takenAt = BigInt(Date.now()) * 1_000_000n
  const before = files.map((f) => identity(f))
  const [branch, memo] = await Promise.all([currentBranch(ctx.root), readTextIfExists(memoFile).catch(() => undefined)])
  const key = [`v${SUMMARY_VERSION}`, branch, ...files.map((f, i) => `${ctx.relative(f)}=${before[i].id}`)].join('\n')
  const known = memo === undefined || before.some((b) => b.id === '?') ? undefined : fromMemo(memo, key)
  if (known) {
    summaryStats.hits++
    return known
  }
  summaryStats.computed++
  const [text, {entries}, history, chain] = await Promise.all([readTextIfExists(ctx.file('ledger')), readLedger(ctx), readLedgerHistory(ctx), checkLedgerChain(ctx)])
  const summary: LedgerSummary = {
    exists: text !== undefined,
    lines: text === undefined ? 0 : lineCount(text),
    todos: text === undefined ? 0 : countOpenTodos(text),
    entries: entries.length,
    user_entries: entries.filter((e) => USER_ENTRY_TYPES.includes(e.type)).length,
    recent: recentEntries(entries),
    problems: history.problems,
    chain,
  }
  const settled = before.every((b) => b.id !== '?' && b.ctimeNs < takenAt - RACY_MS * 1_000_000n)
  if (chain.valid && settled && existsSync(ctx.stateDir) && files.every((f, i) => identity(f).id === before[i].id)) {
    summaryStats.kept++
    await writeFileAtomic(memoFile, `${JSON.stringify({v: SUMMARY_VERSION, key, summary})}\n`).catch(() => {})
  }
  return summary
}

function fromMemo(text: string, key: string): LedgerSummary | undefined {
  try {
    const m = JSON.parse(text) as {v?: number; key?: string; summary?: LedgerSummary}
    const s = m.summary
    const count = (n: unknown): boolean => Number.isInteger(n) && (n as number) >= 0
    const valid =
      m.v === SUMMARY_VERSION &&
      m.key === key &&
      s !== undefined &&
      typeof s.exists === 'boolean' &&
      [s.lines, s.todos, s.entries, s.user_entries].every((n) => count(n)) &&
      Array.isArray(s.recent) &&
      Array.isArray(s.problems) &&
      s.chain?.valid === true &&
      Array.isArray(s.chain.problems) &&
      [s.chain.checked, s.chain.unchained, s.chain.entries].every((n) => count(n))
    return valid ? s : undefined
  } catch {
    return undefined
  }
}
