/** The human form of a checkpoint (a module of its own so that rendering one loads nothing else). */
import type {CheckpointPayload} from './checkpoint.js'

/**
 * The boxed text block of a checkpoint, at most `columns` wide (80 when unknown): a line too long for the box
 * is cut with an ellipsis (--json has every value whole).
 */
export function renderCheckpoint(p: CheckpointPayload, view: {columns?: number} = {}): string {
  const lines = [
    p.anchor,
    `Project:  ${p.project}`,
    `Phase:    ${p.phase_label} (${p.phase}), ${p.phase_pct}% ready`,
    `Health:   ${p.health}${p.audit_failed > 0 ? ` (${p.audit_failed} failed checks)` : ''}`,
    `Trace:    ${p.req_count} requirements, ${p.test_count} tests`,
    `ESDB:     ${p.esdb_records} records, chain ${p.esdb_chain_valid ? 'valid' : 'BROKEN'}`,
    `Recent:   ${p.recent_wis.length > 0 ? p.recent_wis.join(', ') : 'no work items yet'}`,
    `Preflight: ${p.last_preflight ? `${p.last_preflight.timestamp} ${p.last_preflight.work_item_id ?? ''} ${p.last_preflight.description}`.replaceAll(/\s+/g, ' ') : 'none recorded'}`,
  ]
  const room = Math.max(40, (view.columns || 80) - 4)
  for (let i = 0; i < lines.length; i++) if (lines[i].length > room) lines[i] = `${lines[i].slice(0, room - 1)}…`
  const width = Math.max(...lines.map((l) => l.length))
  const bar = '─'.repeat(width + 2)
  return [`┌${bar}┐`, ...lines.map((l) => `│ ${l.padEnd(width)} │`), `└${bar}┘`].join('\n')
}
