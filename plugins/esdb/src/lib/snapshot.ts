import {readFile} from 'node:fs/promises'
import path from 'node:path'

import {z} from 'zod/v3'

import {SNAPSHOT_FILE} from './paths.js'
import type {WalEntry} from './record.js'

/** node:crypto on first use: loading it is 5-25 ms of a start-up that may hash nothing (issue 14, seventh pass) */
let cryptoModule: typeof import('node:crypto') | undefined
const crypto = (): typeof import('node:crypto') => (cryptoModule ??= process.getBuiltinModule('node:crypto'))

/**
 * The `record` of a `compact` entry, always the first line of a compacted WAL: it names the snapshot that
 * folds every entry up to `anchor_seq`, binds its bytes by sha256 into the chain, and continues the chain
 * from the anchor (its prev_hash is `anchor_hash`, its seq `anchor_seq + 1`).
 */
export const CompactRecordSchema = z.object({
  anchor_seq: z.number().int().nonnegative(),
  anchor_hash: z.string(),
  snapshot: z.string().regex(SNAPSHOT_FILE),
  snapshot_sha256: z.string().regex(/^[0-9a-f]{64}$/),
  records: z.number().int().nonnegative(),
  by_kind: z.record(z.string(), z.number().int().nonnegative()),
  entries_folded: z.number().int().nonnegative(),
})
export type CompactRecord = z.infer<typeof CompactRecordSchema>

/** Checks a compact entry against its snapshot file; returns the snapshot bytes, or the problem. */
export async function loadCompactSnapshot(dir: string, entry: WalEntry): Promise<{record: CompactRecord; bytes: Buffer} | {problem: string}> {
  const parsed = CompactRecordSchema.safeParse(entry.record)
  if (!parsed.success) return {problem: 'the compact entry does not describe a snapshot'}
  const record = parsed.data
  if (entry.seq !== record.anchor_seq + 1 || entry.prev_hash !== record.anchor_hash) {
    return {problem: `the compact entry does not continue the chain from its anchor (seq ${record.anchor_seq})`}
  }
  let bytes: Buffer
  try {
    bytes = await readFile(path.join(dir, record.snapshot))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {problem: `the snapshot ${record.snapshot} it folds into is missing`}
    throw error
  }
  const digest = crypto().createHash('sha256').update(bytes).digest('hex')
  if (digest !== record.snapshot_sha256) return {problem: `the snapshot ${record.snapshot} was modified (sha256 differs from the one chained in the WAL)`}
  return {record, bytes}
}
