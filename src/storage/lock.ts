import {mkdir} from 'node:fs/promises'
import path from 'node:path'

import {GovError} from '../errors.js'

export interface LockOptions {
  /** how long to wait for the lock before failing (ms), default 30 s */
  timeoutMs?: number
  /**
   * A lock whose holder has not refreshed it for this long (ms) is considered abandoned by a crashed
   * process and is taken over. The holder refreshes it every stale/2 ms. Default 5 s.
   */
  staleMs?: number
  /**
   * Called when the lock was taken over while held (this process stalled longer than `staleMs`). A holder
   * about to write can check a flag set here and abort instead of writing.
   */
  onCompromised?: (error: Error) => void
}

/**
 * Runs `fn` while holding a cross-process lock on `target` (the lock is the directory `<target>.lock`,
 * created atomically with mkdir, so it works across processes on one machine). The target itself need
 * not exist. Waiters retry with a short backoff until `timeoutMs`.
 */
export async function withLock<T>(target: string, fn: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 30_000
  const staleMs = Math.max(options.staleMs ?? 5000, 2000)
  await mkdir(path.dirname(target), {recursive: true})
  const {default: lockfile} = await import('proper-lockfile')
  const deadline = Date.now() + timeoutMs
  let release: (() => Promise<void>) | undefined
  let delay = 2
  while (!release) {
    try {
      release = await lockfile.lock(target, {
        realpath: false,
        lockfilePath: `${target}.lock`,
        stale: staleMs,
        update: Math.floor(staleMs / 2),
        retries: 0,
        onCompromised(error: Error) {
          // The lock was taken over after going stale (our event loop stalled longer than staleMs).
          // Never throw from the timer: tell the caller, who decides whether to abort its write.
          options.onCompromised?.(error)
        },
      })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error
      if (Date.now() > deadline) {
        throw new GovError(`Timed out after ${timeoutMs} ms waiting for the lock on ${target}.`, {
          code: 'E_LOCK_TIMEOUT',
          hint: `Another govtool process holds it. If none is running, remove ${target}.lock.`,
        })
      }
      await new Promise((resolve) => {
        setTimeout(resolve, delay + Math.random() * delay)
      })
      delay = Math.min(delay * 2, 50)
    }
  }
  try {
    return await fn()
  } finally {
    await release().catch(() => {})
  }
}
