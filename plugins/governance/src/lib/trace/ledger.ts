/** LEDGER.md on disk: reading, locked hash-chained appends, and verification across the archive. */
import os from 'node:os'

import {events, GovError, InputError, readTextIfExists, withLock, writeFileAtomic, type ProjectContext} from 'govtool'
import {z} from 'zod'

import {
  LEDGER_TYPES,
  entryDigest,
  formatLedgerEntry,
  parseLedgerText,
  verifyLedgerChain,
  type ChainVerification,
  type LedgerEntry,
  type ParsedLedger,
} from './ledger-format.js'
import {squash} from './markdown.js'
import type {ParseProblem} from './types.js'

export const LEDGER_HEADER = '# Change Ledger\n'
export const ARCHIVE_HEADER = '# Ledger Archive\n\nEntries moved here from LEDGER.md by `govtool compress`, oldest first. The hash chain runs on into LEDGER.md.\n'
const CHAIN_FILE = 'ledger-chain.txt'

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

/** The author recorded when none is given: GOVTOOL_AUTHOR, GIT_AUTHOR_NAME, else the login name. */
export function defaultAuthor(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.GOVTOOL_AUTHOR?.trim() || env.GIT_AUTHOR_NAME?.trim()
  if (fromEnv) return fromEnv
  try {
    return os.userInfo().username || 'unknown'
  } catch {
    return 'unknown'
  }
}

/** The entries of LEDGER.md (not the archive) and what could not be read. Missing file: no entries. */
export async function readLedger(ctx: ProjectContext): Promise<{entries: LedgerEntry[]; problems: ParseProblem[]}> {
  const file = ctx.file('ledger')
  const text = await readTextIfExists(file)
  if (text === undefined) return {entries: [], problems: []}
  const parsed = parseLedgerText(text, ctx.relative(file))
  return {entries: parsed.entries, problems: parsed.problems}
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
export async function readLedgerHistory(ctx: ProjectContext): Promise<LedgerHistory> {
  const [archiveText, ledgerText] = await Promise.all([readTextIfExists(ctx.file('ledgerArchive')), readTextIfExists(ctx.file('ledger'))])
  const archive = archiveText === undefined ? undefined : parseLedgerText(archiveText, ctx.relative(ctx.file('ledgerArchive')))
  const ledger = ledgerText === undefined ? undefined : parseLedgerText(ledgerText, ctx.relative(ctx.file('ledger')))
  const entries: LedgerHistory['entries'] = []
  for (const e of archive?.entries ?? []) entries.push({...e, file: ctx.relative(ctx.file('ledgerArchive'))})
  const archived = new Set((archive?.entries ?? []).filter((e) => e.chain_hash).map((e) => `${e.chain_hash}|${e.timestamp}`))
  for (const e of ledger?.entries ?? []) {
    if (e.chain_hash && archived.has(`${e.chain_hash}|${e.timestamp}`)) continue
    entries.push({...e, file: ctx.relative(ctx.file('ledger'))})
  }
  return {entries, problems: [...(archive?.problems ?? []), ...(ledger?.problems ?? [])], archive, ledger}
}

async function readDigests(ctx: ProjectContext): Promise<string[] | undefined> {
  const text = await readTextIfExists(ctx.state(CHAIN_FILE)).catch(() => undefined)
  if (text === undefined) return undefined
  return text
    .split('\n')
    .map((l) => l.trim().split(/\s+/)[0])
    .filter((d) => d && /^[0-9a-f]{64}$/.test(d))
}

/** Verifies the hash chain over the archive and LEDGER.md, against .govtool/ledger-chain.txt when present. */
export async function checkLedgerChain(ctx: ProjectContext): Promise<ChainVerification & {entries: number}> {
  const [history, digests] = await Promise.all([readLedgerHistory(ctx), readDigests(ctx)])
  const result = verifyLedgerChain(history.entries, digests, ctx.relative(ctx.file('ledger')))
  return {...result, entries: history.entries.length}
}

/**
 * Appends an entry to LEDGER.md: read-modify-write under the file's cross-process lock, written atomically,
 * chained to the previous entry (in LEDGER.md, else the archive's last). Creates LEDGER.md when missing.
 */
export async function appendLedgerEntry(ctx: ProjectContext, input: LedgerEntryInput): Promise<LedgerEntry> {
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
    fields[squash(label)] = squash(value)
  }
  const file = ctx.file('ledger')
  const entry = await withLock(file, async () => {
    const text = (await readTextIfExists(file)) ?? LEDGER_HEADER
    const parsed = parseLedgerText(text, ctx.relative(file))
    let history = parsed.entries
    if (history.length === 0) history = (await readLedgerHistory(ctx)).entries
    const prev = history.at(-1)?.chain_hash ?? ''
    const base = {
      timestamp: new Date().toISOString(),
      description: squash(input.description),
      author: squash(input.author ?? '') || defaultAuthor(),
      type: input.type,
      reqs: [...new Set((input.reqs ?? []).map((r) => r.trim()).filter(Boolean))],
      status: squash(input.status ?? '') || 'complete',
      fields,
    }
    const digest = entryDigest(base, prev)
    const full: LedgerEntry = {...base, chain_hash: digest.slice(0, 16), line: 0}
    const body = text.replace(/\s*$/, '') || LEDGER_HEADER.trim()
    full.line = body.split('\n').length + 2
    const next = `${body}\n\n${formatLedgerEntry(full)}`
    await writeFileAtomic(file, next)
    await recordDigest(ctx, digest, full.timestamp)
    return full
  })
  await events.emit('ledger.appended', {type: entry.type, description: entry.description, chain_hash: entry.chain_hash, project: ctx.root})
  return entry
}

/**
 * Adds `digest` to .govtool/ledger-chain.txt (caller holds the ledger lock). A chain file that lags behind
 * the ledger (a fresh clone, entries appended elsewhere) is first filled with the recomputed digests.
 */
async function recordDigest(ctx: ProjectContext, digest: string, timestamp: string): Promise<void> {
  const chainFile = ctx.state(CHAIN_FILE)
  const history = await readLedgerHistory(ctx)
  const text = (await readTextIfExists(chainFile).catch(() => undefined)) ?? ''
  const lines = text.split('\n').filter((l) => /^[0-9a-f]{64}\b/.test(l))
  const entries = history.entries
  // entries already contains the new one (LEDGER.md was written first)
  let prev = ''
  for (const [i, e] of entries.entries()) {
    if (i >= lines.length && i < entries.length - 1) lines.push(`${entryDigest(e, prev)} ${e.timestamp}`)
    prev = e.chain_hash
  }
  lines.push(`${digest} ${timestamp}`)
  await writeFileAtomic(chainFile, lines.join('\n') + '\n').catch((error: unknown) => {
    throw new GovError(`Could not record the ledger chain in ${ctx.relative(chainFile)}: ${(error as Error).message}`, {
      code: 'E_LEDGER_CHAIN',
      hint: 'The entry is in LEDGER.md; check that .govtool/ is writable.',
    })
  })
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
