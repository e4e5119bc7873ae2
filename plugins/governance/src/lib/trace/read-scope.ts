/**
 * One read per command (issue 14). checkpoint computes the findings and then the phase checklists, and both read
 * scaffold.yml, LEDGER.md (parsed) and verify the ledger chain; the audit's scaffold and CI checks both read
 * scaffold.yml. `withReadScope(ctx, work)` gives `work` a context of its own (the same project: an object whose
 * prototype is `ctx`) under which each of these is computed once and the answer shared. Only code handed that
 * context shares: every other caller, another request of a long-lived server on the same project, or the same
 * command after the scope's work returned (phase advance writes after its checklists) reads afresh.
 * (AsyncLocalStorage would carry the scope implicitly, but it turns on Node's promise hooks for the whole process:
 * some 15 ms of checkpoint's CPU, measured.)
 */
import type {ProjectContext} from 'govtool/core'

const scopes = new WeakMap<ProjectContext, Map<string, Promise<unknown>>>()

/** Runs `work` with a context under which reads are shared (the same context when `ctx` is one already). */
export function withReadScope<T>(ctx: ProjectContext, work: (ctx: ProjectContext) => Promise<T>): Promise<T> {
  if (scopes.has(ctx)) return work(ctx)
  const scoped = Object.create(ctx) as ProjectContext
  scopes.set(scoped, new Map())
  return work(scoped)
}

/** `compute()` once per `key` under a scoped context; under any other context it computes every time. */
export function scopedRead<T>(ctx: ProjectContext, key: string, compute: () => Promise<T>): Promise<T> {
  const store = scopes.get(ctx)
  if (!store) return compute()
  let answer = store.get(key) as Promise<T> | undefined
  if (!answer) {
    answer = compute()
    store.set(key, answer)
  }
  return answer
}
