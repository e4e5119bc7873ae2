import {readFileSync} from 'node:fs'

import {ProjectContext} from 'govtool/core'
import {makeTempDir} from 'govtool/testing'

import {eventsFile, type DispatchEvent, type NodeJob, type NodeOutcome, type PlanNode, type WorkerPool} from '../src/index.js'

export function tempProject(prefix = 'govtool-dispatch-'): ProjectContext {
  return new ProjectContext(makeTempDir(prefix))
}

/** A pool whose workers answer from `decide` after `delayMs`, recording how many ran at once. */
export class FakePool implements WorkerPool {
  running = 0
  peak = 0
  readonly ran: string[] = []
  constructor(
    readonly size: number,
    private readonly decide: (job: NodeJob) => NodeOutcome | Promise<NodeOutcome> = () => ({ok: true, summary: 'ok'}),
    private readonly delayMs = 0,
  ) {}

  async run(job: NodeJob): Promise<NodeOutcome> {
    this.running++
    this.peak = Math.max(this.peak, this.running)
    this.ran.push(job.node.id)
    try {
      if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs))
      else await Promise.resolve()
      return await this.decide(job)
    } finally {
      this.running--
    }
  }
}

export const node = (id: string, deps: string[] = [], role: PlanNode['role'] = 'coder'): PlanNode => ({id, title: `do ${id}`, role, depends_on: deps})

/** The events of the file, parsed line by line. */
export function fileEvents(ctx: ProjectContext, dagId: string): DispatchEvent[] {
  return readFileSync(eventsFile(ctx, dagId), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as DispatchEvent)
}

/** The most nodes RUNNING at once, from the events alone. */
export function peakRunning(events: readonly DispatchEvent[]): number {
  let running = 0
  let peak = 0
  for (const e of events) {
    if (e.event_type === 'node_started') peak = Math.max(peak, ++running)
    else if (e.event_type === 'node_completed' || e.event_type === 'node_failed') running--
  }
  return peak
}
