import {Args, Flags} from '@oclif/core'
import {GovCommand, projectFlags} from 'govtool'

import {decisionExitCode, preflight} from '../lib/preflight.js'
import {renderPreflightHuman} from '../lib/render.js'
import type {PreflightDecision} from '../lib/types.js'

export default class Preflight extends GovCommand<PreflightDecision> {
  static override summary = 'Decide whether a request may proceed: accepted, needs_clarification, blocked or rejected.'
  static override description = `Classifies the request's intent (read_only, change, destructive, release), resolves its scope against the
requirements in docs/REQUIREMENTS.md and the tests covering them, and applies the project's policy:
forbidden patterns and protected paths (rejected), the AEE phase, the agent permission profile, frozen
requirements and the work item's retry budget (blocked), ambiguity, missing scope, destructive requests
and releases (needs_clarification). Deterministic: the same request on the same project always gets the
same decision and work item id. Policy lives in the preflight section of docs/GOVTOOL.yml. Phase rules
apply once scaffold.yml records aee_phase; a project without one is not phase-gated (preflight.phase_gating).

Exit codes: 0 accepted, 2 needs_clarification, 3 blocked or rejected. With --json the payload is printed
on stdout for every exit code. An accepted request is logged to LEDGER.md (when it exists) as a preflight
entry, plus a work_proposal entry the first time a work item is seen.`

  static override examples = [
    '<%= config.bin %> preflight "fix the login timeout in REQ-AUTH-002" --json',
    '<%= config.bin %> preflight "release v1.2.0" --verbose',
    '<%= config.bin %> preflight "refactor the sync command" --stress --json',
  ]

  static override strict = false

  static override args = {
    utterance: Args.string({description: 'The request, in plain words (quote it, or pass it as several words).', required: true}),
  }

  static override flags = {
    ...projectFlags,
    verbose: Flags.boolean({summary: 'Add narration: every rule evaluated, and which fired.', default: false}),
    stress: Flags.boolean({summary: 'Add stress_warnings: conflicting requirements, vague terms, missing acceptance criteria, scope too broad.', default: false}),
  }

  async run(): Promise<PreflightDecision> {
    const {argv, flags} = await this.parse(Preflight)
    const ctx = this.project(flags)
    const utterance = (argv as string[]).join(' ')
    const result = await preflight(ctx, utterance, {stress: flags.stress, verbose: flags.verbose})
    this.setExitCode(decisionExitCode(result.decision))
    if (!this.jsonEnabled()) this.log(renderPreflightHuman(result))
    return result
  }
}
