import path from 'node:path'

import {writeFileAtomic} from 'govtool/core'

/** What the report commands return: where the report went, and the report. */
export interface ReportResult {
  /** absolute path written, or null when printed */
  output: string | null
  /** the Markdown report */
  report: string
}

/**
 * The shared end of `export` and `workspace export`: the report is written atomically to `output` (relative
 * to the current directory) with a one-line confirmation, or printed when there is none.
 */
export async function deliverReport(report: string, output: string | undefined, log: (line: string) => void): Promise<ReportResult> {
  if (output) {
    const target = path.resolve(output)
    await writeFileAtomic(target, report)
    log(`Wrote ${output}.`)
    return {output: target, report}
  }
  log(report.trimEnd())
  return {output: null, report}
}
