/**
 * One read per command (issue 14). checkpoint computes the findings and then the phase checklists, and both read
 * scaffold.yml, LEDGER.md (parsed) and verify the ledger chain; the audit's scaffold and CI checks both read
 * scaffold.yml. Inside `withReadScope` each of these is computed once and the answer shared; outside one (every
 * other caller, a long-lived server between requests) nothing is remembered. A scope spans only a command's
 * reading, never a write that could change what was read (phase advance writes after its checklists' scope ends).
 */
import {AsyncLocalStorage} from 'node:async_hooks'

const scope = new AsyncLocalStorage<Map<string, Promise<unknown>>>()

/** Runs `work` with reads shared (joins the enclosing scope when there is one). */
export function withReadScope<T>(work: () => Promise<T>): Promise<T> {
  return scope.getStore() ? work() : scope.run(new Map(), work)
}

/** `compute()` once per `key` within the current read scope; every call outside a scope computes. */
export function scopedRead<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const store = scope.getStore()
  if (!store) return compute()
  let answer = store.get(key) as Promise<T> | undefined
  if (!answer) {
    answer = compute()
    store.set(key, answer)
  }
  return answer
}
