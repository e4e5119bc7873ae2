/**
 * Start-up timing marks (issue 14). With GOVTOOL_TIMING=1, `timingMark` records a performance mark and
 * bin/run.js prints every mark at exit on stderr, in ms since the process started (Node's time origin), with
 * Node's own bootstrap milestones first. Without it a mark is one environment lookup: nothing is recorded.
 */
const enabled = Boolean(process.env.GOVTOOL_TIMING)

/** Records `label` at the current time when GOVTOOL_TIMING is set. */
export function timingMark(label: string): void {
  if (enabled) performance.mark(label)
}

/** Awaits `work`, marking its start and end as `<label> start` / `<label> end` (timing on only). */
export async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  if (!enabled) return work()
  performance.mark(`${label} start`)
  try {
    return await work()
  } finally {
    performance.mark(`${label} end`)
  }
}
