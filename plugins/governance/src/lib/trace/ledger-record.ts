/** What `ledger add` and `ledger list` do: record a change with its author resolved, list entries since a date. */
import {InputError, NotFoundError, type ProjectContext} from 'govtool/core'

import {appendLedgerEntry, ledgerSince, readLedger, readLedgerHistory} from './ledger.js'
import type {LedgerEntry, USER_LEDGER_TYPES} from './ledger-format.js'
import {loadGovernanceModel} from './model.js'
import type {ParseProblem} from './types.js'

export interface RecordChangeInput {
  description: string
  type: (typeof USER_LEDGER_TYPES)[number]
  /** default: resolved by ledgerAuthor ($GOVTOOL_AUTHOR, git's author name, else the OS user) */
  author?: string
  reqs?: readonly string[]
  status?: string
}

export interface RecordedChange {
  entry: LedgerEntry
  /** project-relative path of the ledger */
  file: string
  /** requirement ids the entry names that docs/REQUIREMENTS.md does not define (recorded anyway) */
  unknown_reqs: string[]
}

/** Appends a person's ledger entry (`ledger add`); without --author, ledgerAuthor names the author, as for every entry. */
export async function recordLedgerChange(ctx: ProjectContext, input: RecordChangeInput): Promise<RecordedChange> {
  const entry = await appendLedgerEntry(ctx, {
    description: input.description,
    type: input.type,
    author: input.author,
    reqs: (input.reqs ?? []).map((r) => r.trim()).filter(Boolean),
    status: input.status,
  })
  let unknown: string[] = []
  if (entry.reqs.length > 0) {
    const known = new Set((await loadGovernanceModel(ctx).catch(() => undefined))?.requirements.map((r) => r.id) ?? entry.reqs)
    unknown = entry.reqs.filter((r) => !known.has(r))
  }
  return {entry, file: ctx.relative(ctx.file('ledger')), unknown_reqs: unknown}
}

export interface LedgerListing {
  entries: LedgerEntry[]
  count: number
  problems: ParseProblem[]
}

/** The entries of LEDGER.md, oldest first, on or after `since` (YYYY-MM-DD) when given. */
export async function listLedgerEntries(ctx: ProjectContext, since?: string): Promise<LedgerListing> {
  const {entries: all, problems} = await readLedger(ctx)
  const entries = ledgerSince(all, since)
  return {entries, count: entries.length, problems}
}

export interface CorrectionInput {
  /** the entry corrected: `last`, its chain hash (or a unique prefix of at least 6 hex characters), or its timestamp */
  entry: string
  reason: string
  /** the corrected values, when the correction restates them */
  description?: string
  type?: string
  reqs?: readonly string[]
  status?: string
  author?: string
}

export interface Correction {
  entry: LedgerEntry
  /** the entry it corrects, with the file it is in */
  corrects: LedgerEntry & {file: string}
  file: string
}

/** Finds a ledger entry (archive included) by `last`, chain hash or unique prefix, or timestamp. */
export async function findLedgerEntry(ctx: ProjectContext, ref: string): Promise<LedgerEntry & {file: string}> {
  const {entries} = await readLedgerHistory(ctx)
  const wanted = ref.trim()
  const hint = '`govtool ledger list --json` shows each entry with its timestamp and chain hash; `last` names the newest.'
  if (entries.length === 0) throw new NotFoundError('The ledger has no entries to correct.', {code: 'E_NO_LEDGER', hint: 'Record changes with `govtool ledger add`.'})
  if (wanted === 'last') return entries.at(-1)!
  let matches: (LedgerEntry & {file: string})[]
  if (/^[0-9a-f]{6,16}$/.test(wanted)) matches = entries.filter((e) => e.chain_hash.startsWith(wanted))
  else if (/^\d{4}-\d{2}-\d{2}/.test(wanted)) matches = entries.filter((e) => e.timestamp === wanted)
  else {
    throw new InputError(`"${ref}" does not name a ledger entry.`, {code: 'E_INPUT', hint: `Name it by its chain hash (at least 6 hex characters), its timestamp, or \`last\`. ${hint}`})
  }
  if (matches.length === 0) throw new NotFoundError(`No ledger entry has ${/^[0-9a-f]+$/.test(wanted) ? 'a chain hash starting with' : 'the timestamp'} ${wanted}.`, {hint})
  if (matches.length > 1) {
    throw new InputError(`${wanted} matches ${matches.length} ledger entries (${matches.map((m) => `${m.file}:${m.line}`).join(', ')}).`, {code: 'E_INPUT', hint: `Give more characters of the chain hash. ${hint}`})
  }
  return matches[0]
}

/**
 * `ledger correct ENTRY --reason ...`: the ledger stays append-only, so a mistake in an entry is corrected by
 * a new `correction` entry that points at it (`Corrects:` its chain hash, else its timestamp) and carries the
 * reason and any corrected values (`Corrected type:` and so on). REQs affected are the corrected ones when
 * given, else the original entry's.
 */
export async function correctLedgerEntry(ctx: ProjectContext, input: CorrectionInput): Promise<Correction> {
  const reason = input.reason.replaceAll(/\s+/g, ' ').trim()
  if (!reason) throw new InputError('A correction needs a reason.', {code: 'E_NEEDS_REASON', hint: 'Pass --reason "<what was wrong>".'})
  const original = await findLedgerEntry(ctx, input.entry)
  const fields: Record<string, string> = {
    Corrects: original.chain_hash || original.timestamp,
    'Corrected entry': `${original.timestamp} — ${original.description}`,
    Reason: reason,
  }
  if (input.description !== undefined) fields['Corrected description'] = input.description
  if (input.type !== undefined) fields['Corrected type'] = input.type
  if (input.reqs !== undefined) fields['Corrected REQs'] = input.reqs.length > 0 ? input.reqs.join(', ') : 'none'
  if (input.status !== undefined) fields['Corrected status'] = input.status
  const entry = await appendLedgerEntry(ctx, {
    description: `Correction of the entry of ${original.timestamp}: ${reason}`,
    type: 'correction',
    author: input.author,
    reqs: input.reqs ?? original.reqs,
    fields,
  })
  return {entry, corrects: original, file: ctx.relative(ctx.file('ledger'))}
}
