import {readTextIfExists, withLock, writeFileAtomic} from 'govtool/core'

import {systemClock, type PacerClock} from './clock.js'
import {
  WINDOW_FORMAT,
  applySync,
  emptyState,
  pidAlive,
  pruneKey,
  type KeyState,
  type SyncGrant,
  type SyncRequest,
  type WindowState,
  type WindowStore,
} from './window-state.js'

/** The shared window file of a project. */
export const WINDOW_FILE = 'ratelimit-window.json'

/**
 * A corrupt or foreign window file is replaced by an empty state: it only ever holds the last 60 s of
 * pacing, written atomically, so losing it costs at most one window of conservatism, never a crash.
 */
function parseState(text: string | undefined): WindowState {
  if (text === undefined) return emptyState()
  try {
    const data = JSON.parse(text) as WindowState
    if (data && data.format === WINDOW_FORMAT && typeof data.keys === 'object' && data.keys !== null) {
      data.clock = Number.isFinite(data.clock) ? data.clock : 0
      return data
    }
  } catch {
    // fall through
  }
  return emptyState()
}

/**
 * The window state shared by every process of a project: `.govtool/ratelimit-window.json`, read, changed by
 * `applySync` and written back atomically while holding the kernel's cross-process lock on it. Each sync
 * is one lock round trip (a few ms); the pacer syncs per lease, not per request.
 */
export class FileWindowStore implements WindowStore {
  constructor(
    readonly file: string,
    private readonly clock: PacerClock = systemClock,
    private readonly isAlive: (pid: number) => boolean = pidAlive,
  ) {}

  async sync(req: SyncRequest): Promise<SyncGrant> {
    return withLock(
      this.file,
      async () => {
        const state = parseState(await readTextIfExists(this.file))
        // time is read under the lock, so grants are ordered the same way as the file's history
        const grant = applySync(state, {...req, now: Math.max(req.now, this.clock.now())}, this.isAlive)
        for (const [key, k] of Object.entries(state.keys)) {
          if (k.charges.length === 0 && Object.keys(k.slots).length === 0 && Object.keys(k.waiters).length === 0 && k.cooldown_until <= grant.now && k.history.length === 0) {
            delete state.keys[key]
          }
        }
        await writeFileAtomic(this.file, JSON.stringify(state) + '\n')
        return grant
      },
      {timeoutMs: 30_000, staleMs: 5000},
    )
  }

  async read(key: string, now: number): Promise<KeyState | undefined> {
    const state = parseState(await readTextIfExists(this.file))
    const k = state.keys[key]
    if (!k) return undefined
    pruneKey(k, now, this.isAlive)
    return k
  }
}
