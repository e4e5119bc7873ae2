/**
 * The gate of the governance proxy: preflight of each request's latest user message, with
 *
 * - a decision cache: a repeated identical request on an unchanged project reuses the decision (the project
 *   is unchanged while the governance files and the work item's record keep their file signatures);
 * - records that do not grow the ledger per request: every decision becomes an ESDB record (`gate_decision`,
 *   appended in batches off the request path), and the ledger gets its preflight and work-proposal entries
 *   only the first time a work item is seen.
 */
import path from 'node:path'

import {preflight, readWorkItem} from '@govtool/plugin-preflight'
import {fileSignature, type ProjectContext} from 'govtool/core'

type Decision = Awaited<ReturnType<typeof preflight>>

interface Cached {
  result: Decision
  signatures: string
}

/** How many distinct requests the cache remembers (least recently used go first). */
const CACHE_SIZE = 4096
/** Decision records are flushed to the ESDB after this many, or this many ms after the first queued. */
const FLUSH_COUNT = 256
const FLUSH_MS = 250

export interface GateOutcome {
  result: Decision
  cached: boolean
}

export class Gate {
  private readonly cache = new Map<string, Cached>()
  private readonly files: string[]
  private queue: unknown[] = []
  private timer: NodeJS.Timeout | undefined
  private flushing: Promise<void> = Promise.resolve()
  private readonly seen = new Set<string>()
  /** problems met while recording (reported in the access log, never fatal to a request) */
  readonly problems: string[] = []

  constructor(private readonly ctx: ProjectContext) {
    this.files = [ctx.file('requirements'), ctx.file('tests'), ctx.file('scaffold'), ctx.file('config'), path.join(ctx.userDir, 'config.yml'), ctx.file('ledger')]
  }

  private signatures(workItem?: string): string {
    const sigs = this.files.map((f) => fileSignature(f))
    if (workItem) sigs.push(fileSignature(this.ctx.state('work-items', `${workItem}.json`)))
    return sigs.join('|')
  }

  /** Decides a request (from the cache when the project is unchanged) and records the decision. */
  async decide(utterance: string, options: {verbose?: boolean; stress?: boolean} = {}): Promise<GateOutcome> {
    // narration and stress warnings change the payload, so they are part of the key
    const key = options.verbose || options.stress ? `${options.verbose ? 'v' : ''}${options.stress ? 's' : ''}\0${utterance}` : utterance
    const hit = this.cache.get(key)
    if (hit && hit.signatures === this.signatures(hit.result.work_item_id)) {
      this.cache.delete(key)
      this.cache.set(key, hit)
      this.record(hit.result, true)
      return {result: hit.result, cached: true}
    }
    let result = await preflight(this.ctx, utterance, {...options, record: false})
    if (result.decision === 'accepted' && !this.seen.has(result.work_item_id)) {
      this.seen.add(result.work_item_id)
      // the first time a work item is seen it gets its ledger entries (preflight + work proposal), once
      if (!(await readWorkItem(this.ctx, result.work_item_id))) result = await preflight(this.ctx, utterance, options)
    }
    this.cache.set(key, {result, signatures: this.signatures(result.work_item_id)})
    if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string)
    this.record(result, false)
    return {result, cached: false}
  }

  private record(result: Decision, cached: boolean): void {
    this.queue.push({
      id: `gate-${result.work_item_id}-${Date.now().toString(36)}-${this.queue.length}`,
      kind: 'gate_decision',
      status: result.decision,
      label: `${result.decision}: ${result.intent}`,
      confidence: result.confidence_target,
      evidence: result.requirement_ids,
      data: {work_item_id: result.work_item_id, decision: result.decision, intent: result.intent, requirement_ids: result.requirement_ids, cached, at: new Date().toISOString()},
    })
    if (this.queue.length >= FLUSH_COUNT) void this.flush()
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS)
  }

  /** Appends the queued decision records to the ESDB in one batch. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    const batch = this.queue
    this.queue = []
    if (batch.length === 0) return this.flushing
    this.flushing = this.flushing.then(async () => {
      try {
        const {appendRecords} = await import('@govtool/plugin-esdb')
        await appendRecords(this.ctx, batch)
      } catch (error) {
        this.problems.push(`could not record ${batch.length} gate decisions in the ESDB: ${(error as Error).message}`)
      }
    })
    return this.flushing
  }
}
