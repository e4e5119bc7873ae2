import {color, renderTable} from 'govtool/core'

import type {VerifyResult} from './verify.js'

/** The human form of a verify result. */
export function renderVerifyHuman(r: VerifyResult): string {
  const head = r.equilibrium ? color.green('equilibrium') : r.retry_strategy === 'stop' ? color.red('stop') : color.yellow(`retry: ${r.retry_strategy}`)
  const lines = [`${color.bold(head)}  confidence ${r.confidence} (threshold ${r.confidence_threshold})${r.work_item_id ? `  ${color.dim(r.work_item_id)}` : ''}`, r.summary]
  const e = r.evidence
  lines.push(
    renderTable(
      [
        {signal: 'tests', score: e.tests.score, detail: e.tests.pass_ratio === null ? 'no test results' : `${r.test_results.passed} passed, ${r.test_results.failed} failed (${r.test_results.format})`},
        {signal: 'requirements', score: e.linkage.score, detail: e.linkage.known ? `touched: ${e.linkage.touched.join(', ') || 'none'}; untouched: ${e.linkage.untouched.join(', ') || 'none'}` : 'work item unknown (neutral)'},
        {signal: 'size', score: e.size.score, detail: `+${e.size.lines_added} -${e.size.lines_removed} in ${e.size.files} file(s); expected up to ${e.size.expected_lines} lines, ${e.size.expected_files} files`},
        {signal: 'logs', score: e.logs.score, detail: `${e.logs.error_lines} error line(s)${e.logs.rollback.length ? `; rollback: ${e.logs.rollback.join(', ')}` : ''}`},
      ],
      [
        {header: 'Signal', get: (row) => row.signal},
        {header: 'Score', get: (row) => row.score, align: 'right'},
        {header: 'Evidence', get: (row) => row.detail},
      ],
    ),
  )
  if (r.work_item_id) lines.push(`Retry budget: ${r.retry_budget.used} of ${r.retry_budget.limit} used`)
  const c = r.change_set
  if (c.source === 'git') {
    lines.push(`Change set: from git, against ${c.against}${c.commit ? ` (${c.commit.slice(0, 12)})` : ''}${c.untracked.length > 0 ? `; untracked files included: ${c.untracked.slice(0, 5).join(', ')}${c.untracked.length > 5 ? ` and ${c.untracked.length - 5} more` : ''}` : ''}`)
  }
  return lines.join('\n')
}
