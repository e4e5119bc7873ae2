import {readFile, type FileHandle} from 'node:fs/promises'

import {z} from 'zod/v3'

import {checkLine} from './wal-format.js'
import {readRange} from './wal-read.js'

/**
 * What the query index has folded, kept in the index database and mirrored in `.govtool/esdb/index.json` so
 * that `status` can answer without loading sql.js when the WAL has not moved since.
 */
export const IndexMetaSchema = z.object({
  format: z.literal(1),
  /** seq and hash of the last folded entry (0 and '' before genesis) */
  folded_seq: z.number().int().nonnegative(),
  folded_hash: z.string(),
  /** byte offsets in the WAL: start of the last folded line, and just after it */
  last_line_offset: z.number().int().nonnegative(),
  wal_offset: z.number().int().nonnegative(),
  /** WAL lines folded, and the WAL size seen when last brought up to date (torn bytes included) */
  wal_entries: z.number().int().nonnegative(),
  wal_size_seen: z.number().int(),
  /** the WAL's mtime then: same size with another mtime means it was edited in place, so rebuild */
  wal_mtime_ms: z.number(),
  torn_tail: z.boolean(),
  /** compaction anchor and snapshot the WAL continues from */
  anchor_seq: z.number().int().nonnegative().nullable(),
  anchor_hash: z.string().nullable(),
  snapshot: z.string().nullable(),
  /** every folded entry was verified against the chain, and the WAL reaches the acknowledged head */
  verified: z.boolean(),
  first_bad_seq: z.number().int().nullable(),
  problem: z.string().nullable(),
  record_count: z.number().int().nonnegative(),
  by_kind: z.record(z.string(), z.number().int().nonnegative()),
  updated_at: z.string(),
})
export type IndexMeta = z.infer<typeof IndexMetaSchema>

export function emptyMeta(): IndexMeta {
  return {
    format: 1, folded_seq: 0, folded_hash: '', last_line_offset: 0, wal_offset: 0, wal_entries: 0, wal_size_seen: -1, wal_mtime_ms: 0,
    torn_tail: false, anchor_seq: null, anchor_hash: null, snapshot: null, verified: true, first_bad_seq: null,
    problem: null, record_count: 0, by_kind: {}, updated_at: new Date().toISOString(),
  }
}

/** Reads the sidecar; undefined when missing or not in the current format (the index is then rebuilt). */
export async function readIndexMeta(file: string): Promise<IndexMeta | undefined> {
  try {
    const parsed = IndexMetaSchema.safeParse(JSON.parse(await readFile(file, 'utf8')))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

/** The last line the index folded is still at the same bytes of the WAL, with the same seq and hash. */
export async function foldedTailIntact(handle: FileHandle | undefined, meta: IndexMeta): Promise<boolean> {
  if (meta.folded_seq === 0) return meta.wal_offset === 0
  if (!handle) return false
  const line = await readRange(handle, meta.last_line_offset, meta.wal_offset)
  if (line.length !== meta.wal_offset - meta.last_line_offset || line.at(-1) !== 0x0a) return false
  const info = checkLine(line, 0, line.length - 1)
  return info.ok && info.seq === meta.folded_seq && info.hash === meta.folded_hash
}
