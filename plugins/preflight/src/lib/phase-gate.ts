/**
 * The AEE phase rule, in one place: whether the project's phase allows an action, and the instruction when it
 * does not. Preflight's `phase.gate` rule and the commands that act without a preflight (`release`) both ask
 * here, so a blocked action reads the same wherever it is refused.
 */
import {AEE_PHASES, GovConfig, type AeePhase, type ProjectContext} from 'govtool/core'

import type {PhaseAction} from './analyse/intent.js'
import {buildPolicy, type ProjectPolicy} from './snapshot.js'

export const ACTION_LABEL: Record<PhaseAction, string> = {
  read_only: 'read-only requests',
  docs_change: 'documentation changes',
  test_change: 'test changes',
  code_change: 'code changes',
  destructive: 'destructive operations',
  release: 'releases',
}

export interface PhaseGate {
  action: PhaseAction
  phase: AeePhase
  /** whether phase rules apply to this project (preflight.phase_gating; auto: only with a recorded aee_phase) */
  gated: boolean
  allowed: boolean
  /** the first later phase that allows the action, when it is not allowed now */
  unblocks_at: AeePhase | null
  /** one line for a narration or a report */
  detail: string
  /** what to do, when the action is blocked; null when allowed */
  instruction: string | null
}

/** The phase rule applied to a resolved policy. */
export function checkPhaseGate(policy: Pick<ProjectPolicy, 'phase' | 'phaseRules'>, action: PhaseAction): PhaseGate {
  const {phase, phaseRules} = policy
  const base = {action, phase: phase.phase, gated: phase.gated}
  if (!phase.gated) {
    const detail = phase.source === 'default' ? 'no aee_phase recorded in scaffold.yml: phase rules not applied' : 'preflight.phase_gating is never: phase rules not applied'
    return {...base, allowed: true, unblocks_at: null, detail, instruction: null}
  }
  if (phaseRules[phase.phase].has(action)) return {...base, allowed: true, unblocks_at: null, detail: `phase ${phase.phase} allows ${ACTION_LABEL[action]}`, instruction: null}
  const start = AEE_PHASES.indexOf(phase.phase)
  const next = AEE_PHASES.slice(start + 1).find((p) => phaseRules[p].has(action))
  const unblock = next
    ? `It unblocks when the project reaches the ${next} phase (\`govtool phase next\` once its checklist passes, or \`govtool phase set ${next}\`)`
    : 'No later phase allows it'
  return {
    ...base,
    allowed: false,
    unblocks_at: next ?? null,
    detail: `phase ${phase.phase} does not allow ${ACTION_LABEL[action]}`,
    instruction: `The AEE phase is ${phase.phase}, which does not allow ${ACTION_LABEL[action]}. ${unblock}, or when preflight.phase_rules.${phase.phase} in docs/GOVTOOL.yml allows ${action}.`,
  }
}

/** The phase rule for an action on a project: reads scaffold.yml and docs/GOVTOOL.yml (a bad config is an error naming its line). */
export async function phaseGate(ctx: ProjectContext, action: PhaseAction): Promise<PhaseGate> {
  return checkPhaseGate(buildPolicy(await GovConfig.load(ctx)), action)
}
