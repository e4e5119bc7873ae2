/**
 * Abort flags that work across processes: a marker file per node (or `_dag` for the whole run) under
 * `.govtool/dispatch/<dag_id>/abort/`, written by `dispatch abort` or the API server, checked by the runner at
 * its checkpoints (before preflight, after preflight, after acquiring a worker, every 0.5 s of a model call).
 * Cooperative: a node is never cut mid-stream, it fails at its next checkpoint with 'Aborted: ...'.
 */
import {existsSync, readFileSync, rmSync} from 'node:fs'
import path from 'node:path'

import {writeFileAtomic, type ProjectContext} from 'govtool/core'

import {ABORT_DIR, DAG_ABORT, dagDir} from './store.js'

export const ABORT_POLL_MS = 500
export const CHECKPOINTS = ['before preflight', 'after preflight', 'after worker acquire', 'during model call'] as const
export type Checkpoint = (typeof CHECKPOINTS)[number]

function marker(ctx: ProjectContext, dagId: string, nodeId?: string): string {
  return path.join(dagDir(ctx, dagId), ABORT_DIR, nodeId ?? DAG_ABORT)
}

/** Sets the abort flag of a node (or, without nodeId, of the whole run). */
export async function writeAbortMarker(ctx: ProjectContext, dagId: string, nodeId?: string, reason = 'abort requested'): Promise<void> {
  await writeFileAtomic(marker(ctx, dagId, nodeId), `${JSON.stringify({reason, at: new Date().toISOString(), pid: process.pid})}\n`)
}

/** The reason a node is to stop, or undefined: its own flag, else the run's. */
export function abortReason(ctx: ProjectContext, dagId: string, nodeId: string): string | undefined {
  for (const file of [marker(ctx, dagId, nodeId), marker(ctx, dagId)]) {
    if (!existsSync(file)) continue
    try {
      const reason = (JSON.parse(readFileSync(file, 'utf8')) as {reason?: unknown}).reason
      return typeof reason === 'string' && reason ? reason : 'abort requested'
    } catch {
      return 'abort requested'
    }
  }
  return undefined
}

/** Clears the flags (a resumed run starts without them). */
export function clearAbortMarkers(ctx: ProjectContext, dagId: string): void {
  rmSync(path.join(dagDir(ctx, dagId), ABORT_DIR), {recursive: true, force: true})
}
