import {writeFileAtomic} from 'govtool/core'

/** What the report operations (`export`, `workspace export`) return: where the report went, and the report. */
export interface ReportResult {
  /** absolute path written, or null when printed */
  output: string | null
  /** the Markdown report */
  report: string
}

/**
 * The shared end of `export` and `workspace export`: the report is written atomically to `output` (an
 * absolute path the transport resolved) or, without one, left for the caller to print.
 */
export async function deliverReport(report: string, output: string | undefined): Promise<ReportResult> {
  if (!output) return {output: null, report}
  await writeFileAtomic(output, report)
  return {output, report}
}

/** The human output of a report operation: a one-line confirmation naming the file as the user gave it, or the report. */
export function renderReport(result: ReportResult, given: unknown): string {
  return result.output ? `Wrote ${typeof given === 'string' ? given : result.output}.` : result.report.trimEnd()
}
