import {color} from 'govtool/core'

import type {Decision, PreflightDecision} from './types.js'

const DECISION_COLOR: Record<Decision, (s: string) => string> = {
  accepted: color.green,
  needs_clarification: color.yellow,
  blocked: color.red,
  rejected: color.red,
}

/** The human form of a decision (the `preflight` command without --json, on both of its paths). */
export function renderPreflightHuman(r: PreflightDecision): string {
  const lines = [`${DECISION_COLOR[r.decision](color.bold(r.decision))}  ${r.intent}  ${color.dim(r.work_item_id)}`]
  if (r.requirement_ids.length > 0) lines.push(`Requirements: ${r.requirement_ids.join(', ')}`)
  if (r.test_case_ids.length > 0) lines.push(`Tests: ${r.test_case_ids.join(', ')}`)
  lines.push(`Confidence target: ${r.confidence_target}`, r.instruction)
  if (r.stress_warnings) {
    lines.push(color.bold(`\nStress: ${r.stress_warnings.length} critical finding(s)`))
    for (const w of r.stress_warnings) lines.push(`  ${color.red('✖')} ${w.kind}: ${w.message}`)
  }
  if (r.narration) {
    lines.push(color.bold('\nNarration'))
    for (const s of r.narration) {
      const tag = s.fired ? DECISION_COLOR[s.outcome as Decision]?.(s.outcome) ?? s.outcome : color.dim(s.outcome)
      lines.push(`  ${String(s.step).padStart(2)}. ${s.rule} [${tag}] ${s.detail}`)
    }
  }
  return lines.join('\n')
}
