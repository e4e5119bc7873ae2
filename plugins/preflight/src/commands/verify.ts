import {Flags} from '@oclif/core'
import {GovCommand, InputError, color, projectFlags} from 'govtool'

import {loadVerifyInput} from '../lib/verify/input.js'
import {verify, verifyExitCode, type VerifyResult} from '../lib/verify/verify.js'

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) {
    throw new InputError('--stdin needs the verification input piped in, not typed at a terminal.', {
      hint: 'Pipe one JSON object: cat input.json | govtool verify --stdin',
    })
  }
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

export default class Verify extends GovCommand<VerifyResult> {
  static override summary = 'Judge a change set: equilibrium, confidence from evidence, and the retry strategy.'
  static override description = `Confidence is computed from the evidence: the test pass ratio, whether the change touches the work
item's requirements or their tests, the change's size against its scope, and what the logs say. Equilibrium
means a non-empty change with no failing test, no rollback signal and confidence at or above the threshold
(verify.threshold in docs/GOVTOOL.yml, default 0.7; scaffold.yml epistemic_threshold raises it).
Otherwise retry_strategy is, in order: rollback (logs mention rollback, revert, contradiction, corruption,
data loss), fix_tests (failures), narrow_scope / expand_scope (log hints, then the confidence gap), else
stop. Retries are counted per work item in .govtool/ (verify.retry_budget, default 3); a spent budget stops.

Test results: --tests reads JSON counts ({"passed": N, "failed": N}, mocha or jest JSON), JUnit XML or TAP.
Exit codes: 0 equilibrium, 2 retry, 3 stop and align.`

  static override examples = [
    '<%= config.bin %> verify --diff change.diff --tests junit.xml --work-item-id WI-0123456789ab',
    '<%= config.bin %> verify --changed src/a.ts,test/a.test.ts --tests results.tap --json',
    'echo \'{"files_changed":["src/a.ts"],"test_results":{"passed":12,"failed":0}}\' | <%= config.bin %> verify --stdin --json',
  ]

  static override flags = {
    ...projectFlags,
    stdin: Flags.boolean({summary: 'Read the verification input as one JSON object from stdin (diff, files_changed, test_results, logs, summary, work_item_id).', default: false}),
    diff: Flags.string({summary: 'File holding the change as a unified diff.', helpValue: 'PATH'}),
    tests: Flags.string({summary: 'Test results file: JSON counts, JUnit XML or TAP.', helpValue: 'PATH'}),
    logs: Flags.string({summary: 'Build or run log to scan for errors and rollback signals.', helpValue: 'PATH'}),
    changed: Flags.string({summary: 'Comma-separated changed paths.', helpValue: 'a,b,c'}),
    'work-item-id': Flags.string({summary: 'Work item the change belongs to (from preflight): links requirements and counts retries.', helpValue: 'WI-...'}),
  }

  async run(): Promise<VerifyResult> {
    const {flags} = await this.parse(Verify)
    const ctx = this.project(flags)
    if (!flags.stdin && flags.diff === undefined && flags.tests === undefined && flags.logs === undefined && flags.changed === undefined) {
      throw new InputError('Nothing to verify.', {hint: 'Pass --stdin with a JSON object, or at least one of --diff, --tests, --logs, --changed.'})
    }
    const input = await loadVerifyInput({
      stdin: flags.stdin ? await readStdin() : undefined,
      diff: flags.diff,
      tests: flags.tests,
      logs: flags.logs,
      changed: flags.changed,
      work_item_id: flags['work-item-id'],
    })
    const result = await verify(ctx, input)
    this.setExitCode(verifyExitCode(result))
    if (!this.jsonEnabled()) this.printHuman(result)
    return result
  }

  private printHuman(r: VerifyResult): void {
    const head = r.equilibrium ? color.green('equilibrium') : r.retry_strategy === 'stop' ? color.red('stop') : color.yellow(`retry: ${r.retry_strategy}`)
    this.log(`${color.bold(head)}  confidence ${r.confidence} (threshold ${r.confidence_threshold})${r.work_item_id ? `  ${color.dim(r.work_item_id)}` : ''}`)
    this.log(r.summary)
    const e = r.evidence
    this.table(
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
    )
    if (r.work_item_id) this.log(`Retry budget: ${r.retry_budget.used} of ${r.retry_budget.limit} used`)
  }
}
