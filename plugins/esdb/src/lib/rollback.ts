import {GovError, withLock} from 'govtool/core'
import {z} from 'zod/v3'

import {canonicalJson} from './canonical.js'
import type {EsdbRecord, WalEntry} from './record.js'
import {loadCompactSnapshot} from './snapshot.js'
import {loadSqlJs} from './sqljs.js'
import type {EsdbStore} from './store.js'
import {verifyChain} from './verify.js'
import {readEntry} from './wal-format.js'
import {isBlank, scanWal} from './wal-read.js'
import {prepareTail, writeEntries, type PendingEntry} from './wal-write.js'

/** One event rollback would undo, and how. */
export interface RollbackEvent {
  seq: number
  op: 'upsert' | 'delete'
  record_id: string
  kind: string | null
  /** the compensating event: delete the record, or restore the version it had before `seq` */
  undo: 'delete' | 'restore'
  /** seq of the version restored, `snapshot` when it comes from the compaction snapshot, null for a delete */
  restore_from: number | 'snapshot' | null
}

export interface RollbackResult {
  ok: boolean
  steps_requested: number
  records_before: number
  note: string
  events: RollbackEvent[]
  applied: boolean
  records_after: number
  first_seq: number | null
  last_seq: number | null
}

/** The `record` of the `migrate` entry that closes a rollback: which events it undid, with which entries. */
const RollbackMarkerSchema = z.object({action: z.literal('rollback'), undoes: z.array(z.number().int()), compensations: z.array(z.number().int())})

interface Plan {
  events: RollbackEvent[]
  compensations: {event: RollbackEvent; target: EsdbRecord | undefined}[]
  available: number
  anchor: number | null
}

/**
 * Plans undoing the last `steps` record events (upserts and deletes not already undone by an earlier
 * rollback; the compensating events themselves are not undoable events). Each is undone by appending the
 * opposite event: restoring the version the record had before it (from the WAL, or the compaction snapshot),
 * or deleting a record it created. History is never rewritten.
 */
async function plan(store: EsdbStore, steps: number): Promise<Plan> {
  const entries = await readEntries(store)
  const excluded = new Set<number>()
  for (const e of entries) {
    if (e.op !== 'migrate') continue
    const marker = RollbackMarkerSchema.safeParse(e.record)
    if (!marker.success) continue
    excluded.add(e.seq)
    for (const s of [...marker.data.undoes, ...marker.data.compensations]) excluded.add(s)
  }
  const effective = entries.filter((e) => (e.op === 'upsert' || e.op === 'delete') && !excluded.has(e.seq))
  const chosen = effective.slice(-steps).reverse()
  const first = entries[0]
  const snapshot = first?.op === 'compact' && chosen.length > 0 ? await snapshotReader(store, first) : undefined
  const compensations: Plan['compensations'] = []
  try {
    planEach(chosen, effective, snapshot?.get, compensations)
  } finally {
    snapshot?.close()
  }
  return {events: compensations.map((c) => c.event), compensations, available: effective.length, anchor: first?.op === 'compact' ? first.seq - 1 : null}
}

function planEach(chosen: WalEntry[], effective: WalEntry[], snapshot: ((id: string) => EsdbRecord | undefined) | undefined, compensations: Plan['compensations']): void {
  for (const e of chosen) {
    let prior: WalEntry | undefined
    for (let i = effective.indexOf(e) - 1; i >= 0; i--) {
      if (effective[i].record_id === e.record_id) {
        prior = effective[i]
        break
      }
    }
    let target: EsdbRecord | undefined
    let from: RollbackEvent['restore_from'] = null
    if (prior) {
      if (prior.op === 'upsert') {
        target = prior.record as EsdbRecord
        from = prior.seq
      }
    } else {
      target = snapshot?.(e.record_id)
      if (target) from = 'snapshot'
    }
    const kind = ((e.op === 'upsert' ? e.record : target) as Partial<EsdbRecord> | undefined)?.kind ?? null
    const event: RollbackEvent = {seq: e.seq, op: e.op as 'upsert' | 'delete', record_id: e.record_id, kind, undo: target ? 'restore' : 'delete', restore_from: from}
    compensations.push({event, target})
  }
}

/** Reports (and with `apply`, performs) the rollback of the last `steps` events. */
export async function rollback(store: EsdbStore, steps: number, apply: boolean): Promise<RollbackResult> {
  if (!Number.isInteger(steps) || steps < 1) {
    throw new GovError(`--steps must be a positive integer (got ${steps}).`, {code: 'E_USAGE', hint: 'Pass --steps 1 or more.'})
  }
  const run = async (): Promise<RollbackResult> => {
    const report = await verifyChain(store.paths)
    if (!report.ok) {
      throw new GovError(`The ESDB chain is broken at seq ${report.first_bad_seq ?? '?'}: ${report.problem}. Refusing to roll back over it.`, {
        code: 'E_ESDB_CORRUPT',
        hint: 'Run `govtool esdb replay` for details, and restore .govtool/esdb/ from a backup.',
      })
    }
    const index = await store.ready()
    const recordsBefore = index.count()
    const p = await plan(store, steps)
    const present = new Map<string, boolean>()
    let recordsAfter = recordsBefore
    for (const {event, target} of p.compensations) {
      const was = present.get(event.record_id) ?? index.get(event.record_id) !== undefined
      const now = target !== undefined
      recordsAfter += Number(now) - Number(was)
      present.set(event.record_id, now)
    }
    const folded = p.anchor === null ? '' : ` (history up to seq ${p.anchor} is folded into the compaction snapshot)`
    const limit = p.events.length < steps && p.events.length > 0 ? ` Only ${p.events.length} event${p.events.length === 1 ? ' is' : 's are'} undoable${folded}.` : ''
    if (!apply || p.events.length === 0) {
      return {
        ok: true, steps_requested: steps, records_before: recordsBefore, events: p.events, applied: false, records_after: recordsAfter, first_seq: null, last_seq: null,
        note: p.events.length === 0
          ? `Nothing to undo${folded}.`
          : `${p.events.length} event${p.events.length === 1 ? '' : 's'} would be undone by appending compensating events; nothing was modified.${limit} Run again with --apply to append them (history is never rewritten).`,
      }
    }
    const tail = await prepareTail(store.paths)
    const entries: PendingEntry[] = p.compensations.map(({event, target}) => target
      ? {op: 'upsert', recordId: event.record_id, recordJson: canonicalJson(target)}
      : {op: 'delete', recordId: event.record_id, recordJson: canonicalJson({reason: 'rollback', compensates: event.seq})})
    const compensationSeqs = entries.map((_, i) => tail.seq + 1 + i)
    entries.push({op: 'migrate', recordId: 'esdb:rollback', recordJson: canonicalJson({action: 'rollback', undoes: p.events.map((e) => e.seq), compensations: compensationSeqs})})
    const written = await writeEntries(store.paths, tail, entries)
    return {
      ok: true, steps_requested: steps, records_before: recordsBefore, events: p.events, applied: true, records_after: recordsAfter,
      first_seq: written.first_seq, last_seq: written.last_seq,
      note: `Undid ${p.events.length} event${p.events.length === 1 ? '' : 's'} by appending compensating events and a rollback marker at seq ${written.first_seq}-${written.last_seq}; the undone events stay in the WAL.${limit}`,
    }
  }
  return apply ? withLock(store.paths.wal, run, store.lock) : run()
}

async function readEntries(store: EsdbStore): Promise<WalEntry[]> {
  const entries: WalEntry[] = []
  await scanWal(store.paths.wal, 0, (buf, start, end) => {
    if (isBlank(buf, start, end)) return
    const parsed = readEntry(buf, start, end)
    if ('entry' in parsed) entries.push(parsed.entry)
  })
  return entries
}

/** Looks records up in the snapshot a compacted WAL starts from. */
async function snapshotReader(store: EsdbStore, compact: WalEntry): Promise<{get: (id: string) => EsdbRecord | undefined; close: () => void}> {
  const snap = await loadCompactSnapshot(store.paths.dir, compact)
  if ('problem' in snap) throw new GovError(`Cannot read the compaction snapshot: ${snap.problem}.`, {code: 'E_ESDB_CORRUPT', hint: 'Run `govtool esdb replay` for details.'})
  const SQL = await loadSqlJs()
  const db = new SQL.Database(snap.bytes)
  return {
    get(id) {
      const row = db.exec('SELECT json FROM records WHERE id = ?', [id])[0]?.values[0]?.[0]
      return typeof row === 'string' ? (JSON.parse(row) as EsdbRecord) : undefined
    },
    close: () => db.close(),
  }
}
