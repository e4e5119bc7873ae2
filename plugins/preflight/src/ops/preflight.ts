import {defineOperation, lazySchema} from 'govtool/core'
import {z} from 'zod/v3'

import {renderPreflightHuman} from '../lib/render.js'
import {DECISION_EXIT} from '../lib/types.js'
import {PreflightDecisionSchema} from './schemas.js'

export const preflightOp = defineOperation({
  id: 'preflight',
  summary: 'Decide whether a request may proceed: accepted, needs_clarification, blocked or rejected.',
  description: `Classifies the request's intent (read_only, change, destructive, release), resolves its scope against the requirements in docs/REQUIREMENTS.md and the tests covering them, and applies the project's policy: forbidden patterns and protected paths (rejected), the AEE phase, the agent permission profile, frozen requirements and the work item's retry budget (blocked), ambiguity, missing scope, destructive requests and releases (needs_clarification).

Deterministic: the same request on the same project always gets the same decision and work item id. Policy lives in the preflight section of docs/GOVTOOL.yml.

confidence_target is the confidence \`govtool verify\` will require of the work: verify.threshold in docs/GOVTOOL.yml (default 0.7, raised by scaffold.yml epistemic_threshold), the one threshold both commands use; destructive and release requests get preflight.high_risk_confidence_target (default 0.9) when it is higher. The instruction says where the number is set. Phase rules apply once scaffold.yml records aee_phase; a project without one is not phase-gated (preflight.phase_gating).

Exit codes: 0 accepted, 2 needs_clarification, 3 blocked or rejected. With --json the payload is printed on stdout for every exit code. Every accepted request is remembered in its work item file (.govtool/work-items/<id>.json). An accepted change (also a destructive or release request) is logged to LEDGER.md, when it exists, as a preflight entry, plus a work_proposal entry the first time a work item is seen; a read-only question changes nothing and never writes to LEDGER.md.`,
  examples: [
    '<%= config.bin %> preflight "fix the login timeout in REQ-AUTH-002" --json',
    '<%= config.bin %> preflight "release v1.2.0" --verbose',
    '<%= config.bin %> preflight "refactor the sync command" --stress --json',
  ],
  project: true,
  effect: 'write',
  input: lazySchema(() => z.object({
    utterance: z.string().describe('The request, in plain words (quote it, or pass it as several words).'),
    verbose: z.boolean().default(false).describe('Add narration: every rule evaluated, and which fired.'),
    stress: z.boolean().default(false).describe('Add stress_warnings: conflicting requirements, vague terms, missing acceptance criteria, scope too broad.'),
  })),
  cli: {fields: {utterance: {rest: true}}},
  result: PreflightDecisionSchema,
  async run(ctx, input) {
    const {preflight} = await import('../lib/preflight.js')
    return preflight(ctx.project(), input.utterance, {stress: input.stress, verbose: input.verbose})
  },
  exitCode: (result) => DECISION_EXIT[result.decision],
  render: (result) => renderPreflightHuman(result),
})
