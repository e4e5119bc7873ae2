/**
 * LEDGER.md on disk: reading, locked hash-chained appends, and verification across the archive. Beside it,
 * per working copy (git-ignored): `.govtool/ledger-chain.txt`, the digest of every entry this working copy
 * appended or verified (`<sha256> <timestamp>` lines, a set across branches), and `.govtool/ledger-heads.json`,
 * the last entry seen on each git branch (to tell entries removed from the end from another branch's ledger).
 */
import {readFileSync, statSync} from 'node:fs'
import path from 'node:path'

import {checkWritePath, events, fileSignature, GovError, InputError, readTextIfExists, withLock, writeFileAtomic, writeJsonAtomic, type ProjectContext, redactSecrets} from 'govtool/core'
import {z} from 'zod/v3'

import {
  LEDGER_TYPES,
  entryDigest,
  formatLedgerEntry,
  parseLedgerText,
  parseWitness,
  verifyLedgerChainDetailed,
  type ChainDetail,
  type ChainProblem,
  type ChainVerification,
  type LedgerEntry,
  type ParsedLedger,
  type LedgerWitness,
} from './ledger-format.js'
import {ledgerAuthor} from './ledger-author.js'
import {parsedLedger} from './ledger-parsed.js'
import {VERIFIED_FILE, rememberChain, rememberedChain, verifiedKey, verifiedStats} from './ledger-verified.js'
import {squash} from './markdown.js'
import {scopedRead} from './read-scope.js'
import type {ParseProblem} from './types.js'

export const LEDGER_HEADER = '# Change Ledger\n'
export const ARCHIVE_HEADER = '# Ledger Archive\n\nEntries moved here from LEDGER.md by `govtool compress`, oldest first. The hash chain runs on into LEDGER.md.\n'
const CHAIN_FILE = 'ledger-chain.txt'
const HEADS_FILE = 'ledger-heads.json'
/** The witness and heads files of this working copy (inputs of the chain verification and its memos). */
export function ledgerStateFiles(ctx: ProjectContext): {chain: string; heads: string} {
  return {chain: ctx.state(CHAIN_FILE), heads: ctx.state(HEADS_FILE)}
}

/** the ledger-heads.json key for a detached HEAD or a project outside git */
export const NO_BRANCH = '(none)'

export interface LedgerEntryInput {
  description: string
  type: (typeof LEDGER_TYPES)[number]
  author?: string
  reqs?: readonly string[]
  status?: string
  /** extra `- **Label:** value` bullets, e.g. {'Work item': 'WI-0123456789ab'} */
  fields?: Record<string, string>
}

const FieldLabel = z.string().regex(/^[A-Za-z][A-Za-z0-9 _-]{0,40}$/, 'a field label is a letter followed by up to 40 letters, digits, spaces, _ or -')
const InputSchema = z.object({
  description: z.string().refine((s) => squash(s).length > 0, 'the description must not be empty'),
  type: z.enum(LEDGER_TYPES),
  author: z.string().optional(),
  reqs: z.array(z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, 'requirement ids are like REQ-001')).optional(),
  status: z.string().optional(),
  fields: z.record(FieldLabel, z.string()).optional(),
})

const RESERVED_LABELS = new Set(['author', 'type', 'reqs affected', 'reqs', 'requirements', 'status', 'chain hash'])

export {ledgerAuthor}

export {ledgerParseStats} from './ledger-parsed.js'

/** The entries of LEDGER.md (not the archive) and what could not be read. Missing file: no entries. */
export async function readLedger(ctx: ProjectContext): Promise<{entries: LedgerEntry[]; problems: ParseProblem[]}> {
  const file = ctx.file('ledger')
  // read and parsed once per read scope (checkpoint and its phase checklists); each caller gets its own arrays
  const parsed = await scopedRead(ctx, `ledger:${file}`, async () => {
    const text = await readTextIfExists(file)
    return text === undefined ? undefined : parsedLedger(ctx, text, ctx.relative(file))
  })
  if (parsed === undefined) return {entries: [], problems: []}
  return {entries: [...parsed.entries], problems: [...parsed.problems]}
}

export interface LedgerHistory {
  /** archive entries then ledger entries, in order, each with its file */
  entries: (LedgerEntry & {file: string})[]
  problems: ParseProblem[]
  archive: ParsedLedger | undefined
  ledger: ParsedLedger | undefined
}

/**
 * The whole history: docs/ledger-archive.md then LEDGER.md. When a compress was interrupted between its two
 * writes, the moved entries are in both files; the copies in LEDGER.md are skipped.
 */
export async function readLedgerHistory(ctx: ProjectContext, texts?: {archiveText: string | undefined; ledgerText: string | undefined}): Promise<LedgerHistory> {
  const [archiveText, ledgerText] = texts ? [texts.archiveText, texts.ledgerText] : await Promise.all([readTextIfExists(ctx.file('ledgerArchive')), readTextIfExists(ctx.file('ledger'))])
  // the two names once, not per entry (a path.relative per entry was 10-20 ms of a 1,000-entry checkpoint)
  const [archiveRel, ledgerRel] = [ctx.relative(ctx.file('ledgerArchive')), ctx.relative(ctx.file('ledger'))]
  const [archive, ledger] = await Promise.all([
    archiveText === undefined ? undefined : parsedLedger(ctx, archiveText, archiveRel),
    ledgerText === undefined ? undefined : parsedLedger(ctx, ledgerText, ledgerRel),
  ])
  const entries: LedgerHistory['entries'] = []
  for (const e of archive?.entries ?? []) entries.push({...e, file: archiveRel})
  const archived = new Set((archive?.entries ?? []).filter((e) => e.chain_hash).map((e) => `${e.chain_hash}|${e.timestamp}`))
  for (const e of ledger?.entries ?? []) {
    if (e.chain_hash && archived.has(`${e.chain_hash}|${e.timestamp}`)) continue
    entries.push({...e, file: ledgerRel})
  }
  return {entries, problems: [...(archive?.problems ?? []), ...(ledger?.problems ?? [])], archive, ledger}
}

/** `.govtool/ledger-chain.txt` as a set keyed by timestamp, and its text (to append to). */
async function readWitness(ctx: ProjectContext): Promise<{text: string; witness: Map<string, Set<string>>}> {
  const text = (await readTextIfExists(ctx.state(CHAIN_FILE)).catch(() => undefined)) ?? ''
  return {text, witness: parseWitness(text.split('\n'))}
}

const HeadSchema = z.object({
  digest: z.string().regex(/^[0-9a-f]{64}$/),
  timestamp: z.string().min(1),
  /** entries in the history up to and including this one when it was recorded */
  count: z.number().int().nonnegative().optional(),
})
/** The last entry this working copy saw on a branch (`.govtool/ledger-heads.json`, keyed by branch name). */
export type LedgerHead = z.infer<typeof HeadSchema>

/** `.govtool/ledger-heads.json`; a missing or unreadable file, or a malformed branch record, counts as absent. */
async function readHeads(ctx: ProjectContext): Promise<Record<string, LedgerHead>> {
  return headsFrom(await readTextIfExists(ctx.state(HEADS_FILE)).catch(() => undefined))
}

/** The heads of `.govtool/ledger-heads.json`'s text (undefined: no file). */
function headsFrom(text: string | undefined): Record<string, LedgerHead> {
  if (text === undefined) return {}
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return {}
  }
  const heads: Record<string, LedgerHead> = {}
  if (!data || typeof data !== 'object' || Array.isArray(data)) return heads
  for (const [branch, value] of Object.entries(data)) {
    const parsed = HeadSchema.safeParse(value)
    if (parsed.success) heads[branch] = parsed.data
  }
  return heads
}

/**
 * The checked-out git branch of the repository holding `root`, read from `.git/HEAD` directly (no git
 * process; a worktree's `.git` file is followed). Detached HEAD or no repository: `(none)`.
 */
function orUndefined<T>(read: () => T): T | undefined {
  try {
    return read()
  } catch {
    return undefined
  }
}

export async function currentBranch(root: string): Promise<string> {
  let dir = path.resolve(root)
  for (;;) {
    const dotGit = path.join(dir, '.git')
    // a stat and two small reads, synchronous: no thread pool round trips (issue 14, start-up eighth pass)
    const info = orUndefined(() => statSync(dotGit))
    if (info) {
      let gitDir = dotGit
      if (info.isFile()) {
        const link = /^gitdir:[ \t]*(.+?)[ \t]*$/m.exec(orUndefined(() => readFileSync(dotGit, 'utf8')) ?? '')
        if (!link) return NO_BRANCH
        gitDir = path.resolve(dir, link[1])
      }
      const head = orUndefined(() => readFileSync(path.join(gitDir, 'HEAD'), 'utf8')) ?? ''
      return /^ref:[ \t]*refs\/heads\/(.+?)[ \t]*$/m.exec(head)?.[1] ?? NO_BRANCH
    }
    const parent = path.dirname(dir)
    if (parent === dir) return NO_BRANCH
    dir = parent
  }
}

/**
 * Entries removed on the current branch: its recorded head is missing from the history (removed from the
 * end), or fewer entries lead up to it than when it was recorded (removed before it, e.g. a merged branch's
 * last entry, which no later entry chains to).
 */
function headProblems(entries: readonly (LedgerEntry & {file: string})[], head: LedgerHead | undefined, branch: string, ledgerFile: string): ChainProblem[] {
  if (!head) return []
  const short = head.digest.slice(0, 16)
  let at = -1
  for (let i = entries.length - 1; i >= 0 && at < 0; i--) if (entries[i].chain_hash === short) at = i
  // the same timestamp with another hash is an edit, which the witness reports
  for (let i = entries.length - 1; i >= 0 && at < 0; i--) if (entries[i].timestamp === head.timestamp) at = i
  const on = branch === NO_BRANCH ? 'with no branch checked out' : `on branch "${branch}"`
  if (at < 0) {
    const last = entries.at(-1)
    return [
      {
        index: entries.length,
        kind: 'truncated',
        file: last?.file ?? ledgerFile,
        line: last?.line ?? 1,
        message: `entries were removed from the end of the ledger: the last entry this working copy saw ${on} (${head.timestamp}, recorded in .govtool/${HEADS_FILE}) is missing`,
      },
    ]
  }
  if (head.count !== undefined && at + 1 < head.count) {
    const e = entries[at]
    return [
      {
        index: at,
        kind: 'removed',
        file: e.file,
        line: e.line,
        message: `entries were removed: this working copy saw ${head.count} entries up to "${e.description}" ${on}, the ledger now holds ${at + 1}`,
      },
    ]
  }
  return []
}

/**
 * Verifies the fork-join hash chain over the archive and LEDGER.md, against `.govtool/ledger-chain.txt`
 * (digests this working copy recorded, keyed by timestamp) and `.govtool/ledger-heads.json` (the last entry
 * seen on the current branch). When it is intact, entries not yet witnessed are recorded and the branch's
 * head moves to the last entry (so pulled entries are remembered); a failure to record is not an error.
 */
export async function checkLedgerChain(ctx: ProjectContext): Promise<ChainVerification & {entries: number}> {
  // once per read scope: the findings' ledger-chain check and the phase checklists ask the same question
  const verified = await scopedRead(ctx, `chain:${ctx.file('ledger')}:${ctx.state(CHAIN_FILE)}`, () => checkLedgerChainOnce(ctx))
  return {...verified, problems: [...verified.problems]}
}

async function checkLedgerChainOnce(ctx: ProjectContext): Promise<ChainVerification & {entries: number}> {
  // the inputs of the verification, read once: they are its whole memo key (ledger-verified.ts)
  const [archiveText, ledgerText, witnessText, headsText, branch, memo] = await Promise.all([
    readTextIfExists(ctx.file('ledgerArchive')),
    readTextIfExists(ctx.file('ledger')),
    readTextIfExists(ctx.state(CHAIN_FILE)).catch(() => undefined),
    readTextIfExists(ctx.state(HEADS_FILE)).catch(() => undefined),
    currentBranch(ctx.root),
    readTextIfExists(ctx.state('cache', VERIFIED_FILE)).catch(() => undefined),
  ])
  const rel = ctx.relative(ctx.file('ledger'))
  const key = verifiedKey([ctx.relative(ctx.file('ledgerArchive')), rel, branch, archiveText, ledgerText, witnessText, headsText])
  const known = rememberedChain(key, memo)
  if (known) return {valid: true, checked: known.checked, unchained: known.unchained, problems: [], entries: known.entries}
  verifiedStats.verifications++
  const history = await readLedgerHistory(ctx, {archiveText, ledgerText})
  const witness = parseWitness((witnessText ?? '').split('\n'))
  const heads = headsFrom(headsText)
  const detail = verifyLedgerChainDetailed(history.entries, witness, rel)
  const problems = [...detail.problems, ...headProblems(history.entries, heads[branch], branch, rel)]
  const result = {valid: problems.length === 0, checked: detail.checked, unchained: detail.unchained, problems, entries: history.entries.length}
  if (problems.length > 0) return result
  const wrote = await rememberVerified(ctx, history.entries, detail, witness, branch, heads[branch]).catch(() => true)
  // a chain that verified with nothing left to record is remembered under its inputs; when witness or heads were
  // just written, the next verification reads them and remembers that. A history with no hashed entry (nothing
  // to verify, and perhaps no .govtool/ yet) is not.
  if (!wrote && detail.checked > 0) {
    await rememberChain(ctx, key, {checked: detail.checked, unchained: detail.unchained, entries: history.entries.length})
  }
  return result
}

function sameHead(a: LedgerHead | undefined, b: LedgerHead | undefined): boolean {
  return a?.digest === b?.digest && a?.timestamp === b?.timestamp && a?.count === b?.count
}

/**
 * After an intact verification: records unwitnessed entries and moves the branch head forward (under the ledger
 * lock). Whether it had anything to record (then witness or heads may have changed).
 */
async function rememberVerified(
  ctx: ProjectContext,
  entries: readonly LedgerEntry[],
  detail: ChainDetail,
  witness: Map<string, Set<string>>,
  branch: string,
  seenHead: LedgerHead | undefined,
): Promise<boolean> {
  const unknown = (w: Map<string, Set<string>>) => entries.flatMap((e, i) => (detail.digests[i] && !w.has(e.timestamp) ? [`${detail.digests[i]} ${e.timestamp}`] : []))
  const lastIndex = entries.length - 1
  const lastDigest = detail.digests[lastIndex]
  const head: LedgerHead | undefined = lastDigest ? {digest: lastDigest, timestamp: entries[lastIndex].timestamp, count: entries.length} : undefined
  const moveHead = head !== undefined && !sameHead(head, seenHead)
  if (unknown(witness).length === 0 && !moveHead) return false
  await withLock(ctx.file('ledger'), async () => {
    const current = await readWitness(ctx)
    const add = unknown(current.witness)
    if (add.length > 0) await writeFileAtomic(ctx.state(CHAIN_FILE), withLines(current.text, add))
    if (!moveHead) return
    const heads = await readHeads(ctx)
    // an append since this verification read the files moved the head already: leave it
    if (!sameHead(heads[branch], seenHead)) return
    heads[branch] = head
    await writeJsonAtomic(ctx.state(HEADS_FILE), heads)
  })
  return true
}

function withLines(text: string, lines: readonly string[]): string {
  const base = text === '' || text.endsWith('\n') ? text : `${text}\n`
  return `${base}${lines.join('\n')}\n`
}

/** The input checked and normalised (the fields' labels and values squashed); a bad one is an InputError. */
function checkedFields(input: LedgerEntryInput): Record<string, string> {
  const parsedInput = InputSchema.safeParse(input)
  if (!parsedInput.success) {
    const issue = parsedInput.error.issues[0]
    throw new InputError(`Invalid ledger entry: ${issue.path.join('.') || 'entry'}: ${issue.message}`, {
      code: 'E_LEDGER_INPUT',
      hint: `Ledger types: ${LEDGER_TYPES.join(', ')}; requirement ids like REQ-001.`,
    })
  }
  const fields: Record<string, string> = {}
  for (const [label, value] of Object.entries(input.fields ?? {})) {
    if (RESERVED_LABELS.has(squash(label).toLowerCase())) {
      throw new InputError(`Ledger field "${label}" is reserved.`, {code: 'E_LEDGER_INPUT', hint: 'Pass author, type, reqs and status as their own options.'})
    }
    fields[redactSecrets(squash(label))] = redactSecrets(squash(value))
  }
  return fields
}

/**
 * Appends an entry to LEDGER.md: read-modify-write under the file's cross-process lock, written atomically,
 * chained to the previous entry (in LEDGER.md, else the archive's last). Creates LEDGER.md when missing.
 */
export async function appendLedgerEntry(ctx: ProjectContext, input: LedgerEntryInput): Promise<LedgerEntry> {
  const [entry] = await appendLedgerEntries(ctx, [input])
  return entry
}

/**
 * Appends several entries, each chained to the one before, in one locked read-modify-write of LEDGER.md and
 * its witness files (preflight's `preflight` and `work_proposal` entries). All inputs are checked first:
 * one bad input appends nothing.
 */
export async function appendLedgerEntries(ctx: ProjectContext, inputs: readonly LedgerEntryInput[]): Promise<LedgerEntry[]> {
  const checked = inputs.map((input) => ({input, fields: checkedFields(input)}))
  if (checked.length === 0) return []
  const author = checked.some((c) => !squash(c.input.author ?? '')) ? await ledgerAuthor(ctx) : ''
  const file = ctx.file('ledger')
  const entries = await withLock(file, async () => {
    // a link planted at any file this append writes refuses it before LEDGER.md changes (E_SYMLINK)
    for (const f of [file, ctx.state(CHAIN_FILE), ctx.state(HEADS_FILE), ctx.state('cache', TAIL_FILE)]) checkWritePath(f)
    const text = (await readTextIfExists(file)) ?? LEDGER_HEADER
    const tail = await readTail(ctx)
    let prev = tail?.hash
    if (prev === undefined) {
      // LEDGER.md or the archive changed since govtool last appended: the chain must verify before it is extended
      const history = await readLedgerHistory(ctx)
      refuseBrokenChain(ctx, history, (await readWitness(ctx)).witness)
      prev = history.entries.at(-1)?.chain_hash ?? ''
    }
    let body = text.trimEnd() || LEDGER_HEADER.trim()
    let line = countLines(body)
    const written: {entry: LedgerEntry; digest: string}[] = []
    for (const {input, fields} of checked) {
      const base = {
        timestamp: new Date().toISOString(),
        // free text is redacted before it is hashed into the chain: LEDGER.md never holds a key
        description: redactSecrets(squash(input.description)),
        author: redactSecrets(squash(input.author ?? '') || author),
        type: input.type,
        reqs: [...new Set((input.reqs ?? []).map((r) => r.trim()).filter(Boolean))],
        status: redactSecrets(squash(input.status ?? '') || 'complete'),
        fields,
      }
      const digest = entryDigest(base, prev)
      const entry: LedgerEntry = {...base, chain_hash: digest.slice(0, 16), line: line + 2}
      const formatted = formatLedgerEntry(entry).trimEnd()
      body = `${body}\n\n${formatted}`
      line += 1 + countLines(formatted)
      written.push({entry, digest})
      prev = entry.chain_hash
    }
    await writeFileAtomic(file, `${body}\n`)
    const count = await recordDigests(ctx, written.map((w) => ({digest: w.digest, timestamp: w.entry.timestamp})), tail)
    const last = written.at(-1)!.entry
    await writeTail(ctx, {count, hash: last.chain_hash, timestamp: last.timestamp})
    return written.map((w) => w.entry)
  })
  for (const entry of entries) await events.emit('ledger.appended', {type: entry.type, description: entry.description, chain_hash: entry.chain_hash, project: ctx.root})
  return entries
}

/**
 * Throws E_LEDGER_CHAIN when the history an append would extend does not verify (an edited, removed,
 * reordered or hand-written entry, junk between entries): appending on top would bury the damage under a
 * valid-looking tail. Removal from the end is left to audit (a branch reset on purpose is legitimate).
 */
function refuseBrokenChain(ctx: ProjectContext, history: LedgerHistory, witness: LedgerWitness): void {
  const rel = ctx.relative(ctx.file('ledger'))
  const detail = verifyLedgerChainDetailed(history.entries, witness, rel)
  const hashed = history.entries.some((e) => e.chain_hash)
  const problems = [...(hashed ? history.problems : []), ...detail.problems]
  if (problems.length === 0) return
  const first = problems.reduce((a, b) => ((a.file === b.file ? a.line <= b.line : a.file !== rel) ? a : b))
  throw new GovError(`${first.file}:${first.line}: ${first.message}; refusing to append on top of a ledger chain that does not verify${problems.length > 1 ? ` (${problems.length} problems)` : ''}.`, {
    code: 'E_LEDGER_CHAIN',
    file: first.file,
    line: first.line,
    hint: `Run \`govtool audit\` to list the damage, then restore the ledger from version control (\`git checkout -- ${rel}\`, or \`git log -p ${rel}\` to find the last good version) and append again.`,
  })
}

/**
 * Records appended entries (caller holds the ledger lock, LEDGER.md already written): their digests go into
 * .govtool/ledger-chain.txt, and the current branch's head in .govtool/ledger-heads.json moves to the last,
 * unless entries of this branch were already missing (the head then stays, so audit keeps reporting the
 * removal). Returns the number of entries in the history.
 */
async function recordDigests(ctx: ProjectContext, added: readonly {digest: string; timestamp: string}[], before: LedgerTail | undefined): Promise<number> {
  const chainFile = ctx.state(CHAIN_FILE)
  const fail = (file: string) => (error: unknown) => {
    throw new GovError(`Could not record the ledger chain in ${ctx.relative(file)}: ${(error as Error).message}`, {
      code: 'E_LEDGER_CHAIN',
      hint: 'The entry is in LEDGER.md; check that .govtool/ is writable.',
    })
  }
  const text = (await readTextIfExists(chainFile).catch(() => undefined)) ?? ''
  await writeFileAtomic(chainFile, withLines(text, added.map((a) => `${a.digest} ${a.timestamp}`))).catch(fail(chainFile))
  const [heads, branch] = await Promise.all([readHeads(ctx), currentBranch(ctx.root)])
  const head = heads[branch]
  let count: number
  if (before && (!head || (head.digest.slice(0, 16) === before.hash && head.timestamp === before.timestamp))) {
    // the head is the entry this append chained to, the last of `before.count`: headProblems without the parse
    count = before.count + added.length
    if (head?.count !== undefined && before.count < head.count) return count
  } else {
    const history = await readLedgerHistory(ctx)
    count = history.entries.length
    if (headProblems(history.entries, head, branch, 'LEDGER.md').length > 0) return count
  }
  const {digest, timestamp} = added.at(-1)!
  heads[branch] = {digest, timestamp, count}
  await writeJsonAtomic(ctx.state(HEADS_FILE), heads).catch(fail(ctx.state(HEADS_FILE)))
  return count
}

function countLines(text: string): number {
  let lines = 1
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++
  return lines
}

/**
 * What an append needs to know of the history (entries in it, the last entry's chain hash and timestamp),
 * kept in `.govtool/cache/ledger-tail.json` with the signatures (mtime, size, inode) LEDGER.md and the
 * archive had right after the append that wrote it. While both files are unchanged the next append uses it
 * instead of parsing the whole history, so appending stays fast however long the ledger grows; any other
 * change to either file (an edit, a pull, a compress) makes the next append parse and rewrite it.
 */
interface LedgerTail {
  count: number
  hash: string
  timestamp: string
}

const TAIL_FILE = 'ledger-tail.json'

async function readTail(ctx: ProjectContext): Promise<LedgerTail | undefined> {
  const text = await readTextIfExists(ctx.state('cache', TAIL_FILE)).catch(() => undefined)
  if (text === undefined) return undefined
  try {
    const t = JSON.parse(text) as Partial<LedgerTail & {v: number; ledger: string; archive: string}>
    const valid =
      t.v === 1 &&
      Number.isInteger(t.count) &&
      typeof t.hash === 'string' &&
      /^[0-9a-f]{16}$/.test(t.hash) &&
      typeof t.timestamp === 'string' &&
      t.ledger === fileSignature(ctx.file('ledger')) &&
      t.archive === fileSignature(ctx.file('ledgerArchive'))
    return valid ? {count: t.count!, hash: t.hash!, timestamp: t.timestamp!} : undefined
  } catch {
    return undefined
  }
}

async function writeTail(ctx: ProjectContext, tail: LedgerTail): Promise<void> {
  const record = {v: 1, ledger: fileSignature(ctx.file('ledger')), archive: fileSignature(ctx.file('ledgerArchive')), ...tail}
  await writeFileAtomic(ctx.state('cache', TAIL_FILE), JSON.stringify(record) + '\n').catch(() => {})
}

/** Entries on or after `since` (YYYY-MM-DD). */
export function ledgerSince(entries: readonly LedgerEntry[], since: string | undefined): LedgerEntry[] {
  if (!since) return [...entries]
  return entries.filter((e) => e.timestamp.slice(0, 10) >= since)
}

export interface LedgerStats {
  entries: number
  by_type: Record<string, number>
  by_author: Record<string, number>
  reqs_touched: number
  first: string | null
  last: string | null
  lines: number
  chain_valid: boolean
}

export async function ledgerStats(ctx: ProjectContext): Promise<LedgerStats> {
  const text = (await readTextIfExists(ctx.file('ledger'))) ?? ''
  const {entries} = parseLedgerText(text, 'LEDGER.md')
  const byType: Record<string, number> = {}
  const byAuthor: Record<string, number> = {}
  const reqs = new Set<string>()
  for (const e of entries) {
    byType[e.type || 'unknown'] = (byType[e.type || 'unknown'] ?? 0) + 1
    byAuthor[e.author || 'unknown'] = (byAuthor[e.author || 'unknown'] ?? 0) + 1
    for (const r of e.reqs) reqs.add(r)
  }
  const chain = await checkLedgerChain(ctx)
  return {
    entries: entries.length,
    by_type: byType,
    by_author: byAuthor,
    reqs_touched: reqs.size,
    first: entries[0]?.timestamp ?? null,
    last: entries.at(-1)?.timestamp ?? null,
    lines: text === '' ? 0 : text.replace(/\n$/, '').split('\n').length,
    chain_valid: chain.valid,
  }
}
