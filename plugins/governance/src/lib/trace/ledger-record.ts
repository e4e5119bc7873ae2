/** What `ledger add` and `ledger list` do: record a change with its author resolved, list entries since a date. */
import type {ProjectContext} from 'govtool/core'

import {appendLedgerEntry, ledgerSince, readLedger} from './ledger.js'
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
