/**
 * The in-process event bus: plugins publish what happened (`preflight.decided`, `ledger.appended`,
 * `dispatch.node.*`...) and others subscribe, so areas stay decoupled. Plugins add their events to
 * `GovEventMap` by declaration merging:
 *
 *   declare module 'govtool' { interface GovEventMap { 'esdb.appended': {seq: number} } }
 */
import {redactDeep} from './secrets.js'

export interface GovEventMap {
  'preflight.decided': {decision: string; work_item_id: string; intent: string; project: string}
  'ledger.appended': {type: string; description: string; chain_hash: string; project: string}
  'verify.completed': {equilibrium: boolean; confidence: number; work_item_id: string | null; project: string}
}

export type GovEventName = keyof GovEventMap & string
type Handler<K extends GovEventName> = (payload: GovEventMap[K]) => void | Promise<void>

export class EventBus {
  private readonly handlers = new Map<string, Set<Handler<GovEventName>>>()

  /** Subscribes; returns the function that unsubscribes. */
  on<K extends GovEventName>(name: K, handler: Handler<K>): () => void {
    let set = this.handlers.get(name)
    if (!set) {
      set = new Set()
      this.handlers.set(name, set)
    }
    set.add(handler as Handler<GovEventName>)
    return () => set.delete(handler as Handler<GovEventName>)
  }

  /**
   * Delivers `payload` (its strings redacted: subscribers log and store it) to every subscriber and waits for
   * async ones. A failing subscriber never breaks
   * the publisher: its error is collected and returned.
   */
  async emit<K extends GovEventName>(name: K, payload: GovEventMap[K]): Promise<Error[]> {
    const set = this.handlers.get(name)
    if (!set || set.size === 0) return []
    payload = redactDeep(payload)
    const errors: Error[] = []
    for (const handler of set) {
      try {
        await (handler as Handler<K>)(payload)
      } catch (error) {
        errors.push(error instanceof Error ? error : new Error(String(error)))
      }
    }
    return errors
  }

  listenerCount(name: GovEventName): number {
    return this.handlers.get(name)?.size ?? 0
  }

  clear(): void {
    this.handlers.clear()
  }
}

/** The process-wide bus. */
export const events = new EventBus()
