import {lstatSync} from 'node:fs'

import type {ProjectContext} from 'govtool/core'

import {esdbPaths} from './paths.js'
import {verifyChain, type VerifyReport} from './verify.js'

/** What audit and checkpoint need of a project's store: is there one, does its whole chain verify, how many records. */
export interface EsdbHealth {
  /** false when the project has no store (no WAL and no head): nothing to verify */
  exists: boolean
  report: VerifyReport
  /** live records counted while verifying; null after a compaction (then ask the index) */
  records: number | null
}

const memo = new Map<string, {signature: string; health: Promise<EsdbHealth>}>()

// lstat without the thread pool (a round trip each; issue 14, start-up eighth pass)
async function signature(files: string[]): Promise<string> {
  const parts = files.map((f) => {
    try {
      const s = lstatSync(f)
      return `${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`
    } catch {
      return '-'
    }
  })
  return parts.join('|')
}

/**
 * Verifies the whole chain and counts live records in one linear pass over the WAL, without the query index
 * (no sql.js): a flipped byte, a deleted or reordered line, a torn tail or a WAL behind its head all show. The
 * answer is remembered for the process while the WAL and head are unchanged, so the audit checks and the
 * checkpoint's record count share one pass.
 */
export async function esdbHealth(ctx: ProjectContext): Promise<EsdbHealth> {
  const paths = esdbPaths(ctx)
  const sig = await signature([paths.wal, paths.head])
  const known = memo.get(paths.wal)
  if (known && known.signature === sig) return known.health
  const health = (async (): Promise<EsdbHealth> => {
    const report = await verifyChain(paths, {countRecords: true})
    return {exists: sig !== '-|-', report, records: report.records ?? null}
  })()
  memo.set(paths.wal, {signature: sig, health})
  health.catch(() => memo.delete(paths.wal))
  return health
}
