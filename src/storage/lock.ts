import {AsyncLocalStorage} from 'node:async_hooks'
import {lstatSync, mkdirSync, readFileSync, rmdirSync, rmSync, utimesSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {GovError} from '../errors.js'
import {ownerGone, ownerTag} from './owner.js'
import {ensureDirSync, symlinkError} from './safe-path.js'

export interface LockOptions {
  /** how long to wait for the lock before failing (ms), default 30 s */
  timeoutMs?: number
  /**
   * A lock whose holder has not refreshed it for this long (ms) is considered abandoned by a crashed
   * process and is taken over. The holder refreshes it every stale/2 ms. Default 5 s, at least 2 s.
   */
  staleMs?: number
  /**
   * Called when the lock was taken over while held (this process stalled longer than `staleMs`). Writes
   * through the kernel's helpers fail with E_LOCK_LOST from then on whatever this does.
   */
  onCompromised?: (error: Error) => void
}

/** A lock this process holds. */
interface HeldLock {
  /** absolute path of the locked file */
  target: string
  /** `<target>.lock`, the lock directory */
  dir: string
  /**
   * The lock directory this holder created: its inode and change time (updated after each refresh of ours).
   * A takeover removes it and creates another, so a holder that finds a different one has lost the lock.
   */
  ino: bigint
  ctimeNs: bigint
  /** the target's identity (inode, size, mtime) when acquired, updated after each write of ours */
  identity: string
  staleMs: number
  released: boolean
  /** why the lock was lost (a takeover seen by the refresh timer) */
  lost?: string
  timer?: NodeJS.Timeout
  onCompromised?: (error: Error) => void
}

/** The locks held by the code running in this async context, outermost first. */
const scope = new AsyncLocalStorage<readonly HeldLock[]>()
/** Every lock this process holds, released on exit. */
const held = new Set<HeldLock>()

function identityOf(file: string): string {
  const st = lstatSync(file, {bigint: true, throwIfNoEntry: false})
  return st ? `${st.ino}:${st.size}:${st.mtimeNs}` : '-'
}

/** Unchanged, or created empty since (an append opens with O_CREAT before it writes: no content to lose). */
function sameIdentity(recorded: string, current: string): boolean {
  return current === recorded || (recorded === '-' && current.split(':')[1] === '0')
}

function owns(lock: HeldLock): boolean {
  const st = lstatSync(lock.dir, {bigint: true, throwIfNoEntry: false})
  return st !== undefined && st.ino === lock.ino && st.ctimeNs === lock.ctimeNs
}

function lockLost(lock: HeldLock, reason: string): GovError {
  return new GovError(`Lost the lock on ${lock.target}: ${reason}. This process wrote nothing more, so the other writer's change is kept.`, {
    code: 'E_LOCK_LOST',
    hint: `This process stalled for longer than the lock's stale time (${lock.staleMs / 1000} s) and another govtool process took the lock over. Run the command again; \`govtool audit\` reports anything it wrote before it stalled.`,
  })
}

/**
 * Fencing: throws E_LOCK_LOST when a lock held in the current async context was taken over (its directory is
 * not the one this holder created) or its target was changed by someone else since this holder last wrote it. The
 * kernel's write helpers call it right before the rename or append that makes a write visible; code that
 * writes a locked file by other means calls it too, then `noteLockedWrite`.
 */
export function assertLocksHeld(): void {
  const locks = scope.getStore()
  if (!locks) return
  for (const lock of locks) {
    if (lock.released) continue
    if (lock.lost !== undefined) throw lockLost(lock, lock.lost)
    if (!owns(lock)) throw lockLost(lock, 'another process took it over')
    if (!sameIdentity(lock.identity, identityOf(lock.target))) throw lockLost(lock, `${path.basename(lock.target)} was changed by another process meanwhile`)
  }
}

/** Records that this holder has just written `file`, so the next fence expects its new identity. */
export function noteLockedWrite(file: string): void {
  const locks = scope.getStore()
  if (!locks) return
  const abs = path.resolve(file)
  for (const lock of locks) if (!lock.released && lock.target === abs) lock.identity = identityOf(abs)
}

/**
 * One attempt: creates the lock directory (mkdir is atomic), or, when the existing one has not been refreshed
 * for `staleMs`, removes it under a short takeover mutex (so two waiters never both remove a fresh lock).
 */
function tryAcquire(dir: string, staleMs: number): {ino: bigint; ctimeNs: bigint} | undefined {
  try {
    mkdirSync(dir)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') {
      ensureDirSync(path.dirname(dir))
      return undefined
    }
    if (code !== 'EEXIST') throw error
    const st = lstatSync(dir, {throwIfNoEntry: false})
    if (st === undefined) return undefined
    if (st.isSymbolicLink()) throw symlinkError(dir)
    // a holder killed with SIGKILL never released its lock: when its owner file names a process that is gone,
    // the lock is removed now rather than after the stale time
    if (Date.now() - st.mtimeMs < staleMs && !holderGone(dir)) return undefined
    const mutex = `${dir}.takeover`
    try {
      mkdirSync(mutex)
    } catch {
      const m = lstatSync(mutex, {throwIfNoEntry: false})
      if (m && !m.isSymbolicLink() && Date.now() - m.mtimeMs >= staleMs) rmSync(mutex, {recursive: true, force: true})
      return undefined
    }
    try {
      const again = lstatSync(dir, {throwIfNoEntry: false})
      if (again && again.ino === st.ino && again.mtimeMs === st.mtimeMs) rmSync(dir, {recursive: true, force: true})
    } finally {
      rmdirSync(mutex)
    }
    return undefined
  }
  const made = lstatSync(dir, {bigint: true, throwIfNoEntry: false})
  // who holds it, for the next writer after a SIGKILL (fresh, so no one takes it over meanwhile)
  try {
    writeFileSync(path.join(dir, OWNER_FILE), ownerTag(), {flag: 'wx'})
  } catch {
    // without the owner file the stale-time rule still applies
  }
  const st = lstatSync(dir, {bigint: true, throwIfNoEntry: false})
  // stalled between mkdir and here for longer than the stale time: another writer took the directory over (and
  // may have released it): nothing is written yet, so this acquisition fails as a lost lock
  if (made === undefined || st === undefined || st.ino !== made.ino) {
    throw new GovError(`Lost the lock on ${dir} while taking it: another govtool process took it over. This process wrote nothing.`, {
      code: 'E_LOCK_LOST',
      hint: 'This process stalled for longer than the lock\'s stale time. Run the command again.',
    })
  }
  return {ino: st.ino, ctimeNs: st.ctimeNs}
}

const OWNER_FILE = 'owner'

/** The lock's owner file names a process of this host that no longer runs. */
function holderGone(dir: string): boolean {
  try {
    return ownerGone(readFileSync(path.join(dir, OWNER_FILE), 'utf8'))
  } catch {
    return false
  }
}

function refresh(lock: HeldLock): void {
  if (lock.released || lock.lost !== undefined) return
  if (!owns(lock)) {
    lock.lost = 'another process took it over'
    clearInterval(lock.timer)
    lock.onCompromised?.(lockLost(lock, lock.lost))
    return
  }
  try {
    const now = new Date()
    utimesSync(lock.dir, now, now)
    // the refresh changes the directory's ctime: remember the new one
    lock.ctimeNs = lstatSync(lock.dir, {bigint: true}).ctimeNs
  } catch {
    // gone meanwhile: the next fence sees it
  }
}

function release(lock: HeldLock): void {
  if (lock.released) return
  lock.released = true
  clearInterval(lock.timer)
  held.delete(lock)
  if (held.size === 0) signalCleanup(false)
  if (!owns(lock)) return
  try {
    rmSync(path.join(lock.dir, OWNER_FILE), {force: true})
    rmdirSync(lock.dir)
  } catch {
    // removed by someone else: nothing of ours is left
  }
}

function releaseAll(): void {
  for (const lock of [...held]) release(lock)
}

const SIGNALS: NodeJS.Signals[] = process.platform === 'win32' ? ['SIGINT', 'SIGTERM'] : ['SIGINT', 'SIGTERM', 'SIGHUP']
let exitHooked = false

/** A signal that would kill the process (no one else listens) releases the locks first, then is re-raised. */
function onSignal(signal: NodeJS.Signals): void {
  if (process.listenerCount(signal) > 1) return
  releaseAll()
  signalCleanup(false)
  process.kill(process.pid, signal)
}

function signalCleanup(install: boolean): void {
  for (const signal of SIGNALS) {
    const listening = process.listeners(signal).includes(onSignal)
    if (install && !listening) process.on(signal, onSignal)
    else if (!install && listening) process.off(signal, onSignal)
  }
}

/**
 * Runs `fn` while holding a cross-process lock on `target` (the lock is the directory `<target>.lock`,
 * created atomically with mkdir, so it works across processes on one machine). The target itself need not
 * exist. Waiters retry with a short backoff until `timeoutMs`.
 *
 * The holder refreshes the directory's mtime every stale/2 ms; a lock not refreshed for `staleMs` (its
 * holder crashed or stalled) is taken over. A stalled holder is fenced: the kernel's writes inside `fn`
 * check, right before the rename or append, that the lock directory is still the one this holder created
 * (same inode and change time) and that the target
 * was not changed by anyone else, and fail with E_LOCK_LOST otherwise, so a takeover never loses a write
 * the other process acknowledged.
 */
export async function withLock<T>(target: string, fn: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 30_000
  const staleMs = Math.max(options.staleMs ?? 5000, 2000)
  const abs = path.resolve(target)
  const dir = `${abs}.lock`
  ensureDirSync(path.dirname(abs))
  const deadline = Date.now() + timeoutMs
  let delay = 2
  let created: {ino: bigint; ctimeNs: bigint} | undefined
  while ((created = tryAcquire(dir, staleMs)) === undefined) {
    if (Date.now() > deadline) {
      throw new GovError(`Timed out after ${timeoutMs} ms waiting for the lock on ${target}.`, {
        code: 'E_LOCK_TIMEOUT',
        hint: `Another govtool process holds it. If none is running, remove ${dir}.`,
      })
    }
    await new Promise((resolve) => {
      setTimeout(resolve, delay + Math.random() * delay)
    })
    delay = Math.min(delay * 2, 50)
  }
  const lock: HeldLock = {target: abs, dir, ino: created.ino, ctimeNs: created.ctimeNs, identity: identityOf(abs), staleMs, released: false, onCompromised: options.onCompromised}
  lock.timer = setInterval(() => refresh(lock), Math.floor(staleMs / 2))
  lock.timer.unref()
  held.add(lock)
  if (!exitHooked) {
    exitHooked = true
    process.once('exit', releaseAll)
  }
  signalCleanup(true)
  try {
    return await scope.run([...(scope.getStore() ?? []), lock], fn)
  } finally {
    release(lock)
  }
}
