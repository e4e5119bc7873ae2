import {InputError} from 'govtool/core'
import {z} from 'zod/v3'

/** The operations a WAL entry can carry (REFERENCE.md "ESDB"). */
export const WAL_OPS = ['upsert', 'delete', 'compact', 'migrate'] as const
export type WalOp = (typeof WAL_OPS)[number]

/** One WAL line. `hash` = sha256 of the canonical serialisation of the other six fields. */
export interface WalEntry {
  seq: number
  ts: string
  op: WalOp
  record_id: string
  /** the full record for `upsert`; the event's details for `delete`, `compact`, `migrate` (or null) */
  record: unknown
  prev_hash: string
  hash: string
}

/** A record as stored: every field present. */
export interface EsdbRecord {
  id: string
  /** requirement, testcase, dispatch_result, work_item, ... */
  kind: string
  status: string
  label: string
  confidence: number
  evidence: unknown[]
  data: Record<string, unknown>
}

/** Ids are free text for the store (they never become paths) but one line, printable and bounded. */
// eslint-disable-next-line no-control-regex -- the point is to refuse control characters
export const RECORD_ID = /^[^\u0000-\u001F\u007F]{1,256}$/
export const RECORD_KIND = /^[a-z][a-z0-9_-]{0,63}$/

/** What callers pass to append: id and kind required, the rest defaulted. */
export const RecordInputSchema = z.object({
  id: z.string().regex(RECORD_ID, 'one line of 1-256 printable characters'),
  kind: z.string().regex(RECORD_KIND, 'lower-case letters, digits, "_" or "-", starting with a letter'),
  status: z.string().min(1).max(64).default('active'),
  label: z.string().max(2000).optional(),
  confidence: z.number().min(0).max(1).default(1),
  evidence: z.array(z.unknown()).default([]),
  data: z.record(z.string(), z.unknown()).default({}),
})

export type RecordInput = z.input<typeof RecordInputSchema>

/** The stored form: validated with the same schema, label defaulted to the id. */
export const StoredRecordSchema = RecordInputSchema.transform((r): EsdbRecord => ({
  id: r.id,
  kind: r.kind,
  status: r.status,
  label: r.label ?? r.id,
  confidence: r.confidence,
  evidence: r.evidence,
  data: r.data,
}))

/** Validates and normalises records for appending; the error names the record and the field. */
export function normaliseRecords(records: readonly unknown[], source = 'record'): EsdbRecord[] {
  const out: EsdbRecord[] = []
  for (const [i, raw] of records.entries()) {
    const parsed = StoredRecordSchema.safeParse(raw)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const id = typeof (raw as {id?: unknown})?.id === 'string' ? ` ${JSON.stringify((raw as {id: string}).id)}` : ''
      throw new InputError(`Invalid ${source} #${i + 1}${id}: ${issue.path.join('.') || '(record)'}: ${issue.message}.`, {
        code: 'E_ESDB_RECORD',
        hint: 'A record needs id and kind; status, label, confidence (0-1), evidence (list) and data (object) are optional.',
      })
    }
    out.push(parsed.data)
  }
  return out
}
