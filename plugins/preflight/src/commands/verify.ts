import {Flags} from '@oclif/core'
import {GovCommand, projectFlags} from 'govtool'

import {gatherVerifyInput, renderVerifyHuman} from '../lib/verify/cli.js'
import {verify, verifyExitCode, type VerifyResult} from '../lib/verify/verify.js'

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
    const input = await gatherVerifyInput(flags)
    const result = await verify(ctx, input)
    this.setExitCode(verifyExitCode(result))
    if (!this.jsonEnabled()) this.log(renderVerifyHuman(result))
    return result
  }
}
