/**
 * The human output of `govtool quickstart` (a module of its own, so that the operation's renderer loads
 * nothing else): what happened, step by step, then how to do the same on one's own repository. Lines fit the
 * terminal's width (80 columns when unknown).
 */
import type {QuickstartResult} from './quickstart.js'
import {color} from './ui.js'

const quote = (s: string) => `"${s.replaceAll('"', '\\"')}"`

const DECISION_COLOR: Record<string, (s: string) => string> = {accepted: color.green, needs_clarification: color.yellow, blocked: color.red, rejected: color.red}

/** `text` wrapped at `width` columns, every line after the first indented by `indent` spaces. */
function wrap(text: string, width: number, indent: number): string {
  const room = Math.max(20, width - indent)
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > room) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(line)
  return lines.join(`\n${' '.repeat(indent)}`)
}

/** A command line broken at spaces into lines of at most `width`, continued with a backslash as a shell reads it. */
function wrapCommand(command: string, width: number, indent: number): string {
  const words = command.split(' ')
  const lines: string[] = []
  let line = ''
  for (const word of words) {
    if (line && line.length + 1 + word.length > width - indent - 2) {
      lines.push(`${line} \\`)
      line = `    ${word}`
    } else line = line ? `${line} ${word}` : word
  }
  lines.push(line)
  return lines.join(`\n${' '.repeat(indent)}`)
}

/** The human output: what happened, step by step, then how to do the same on one's own repository. */
export function renderQuickstart(r: QuickstartResult, view: {columns: number}): string {
  const paint = {bold: (s: string) => color.bold(s), dim: (s: string) => color.dim(s), decision: (d: string, s: string) => (DECISION_COLOR[d] ?? color.red)(s)}
  const width = Math.min(Math.max(view.columns, 60), 100)
  const out: string[] = []
  const para = (text: string, indent = 2) => out.push(`${' '.repeat(indent)}${wrap(text, width, indent)}`)
  out.push(paint.bold(`govtool quickstart: a governed sample project, ${r.project} (phase ${r.phase})`), `  ${r.project_dir}`, '')

  out.push(paint.bold('1. The gate decides four requests (govtool preflight "<request>")'), '')
  const pad = Math.max(...r.requests.map((q) => q.decision.length)) + 2
  for (const q of r.requests) {
    out.push(`  ${paint.decision(q.decision, q.decision.padEnd(pad))}${wrap(quote(q.request), width, pad + 2)}`)
    const scope = q.requirement_ids.length > 0 ? `scope ${q.requirement_ids.join(', ')}${q.test_case_ids.length > 0 ? `, tests ${q.test_case_ids.join(', ')}` : ''}; ` : ''
    out.push(`  ${' '.repeat(pad)}${paint.dim(wrap(`${q.shows} (exit ${q.exit_code}; ${scope}work item ${q.work_item_id})`, width, pad + 2))}`)
    out.push(`  ${' '.repeat(pad)}${wrap(q.instruction, width, pad + 2)}`, '')
  }

  const v = r.verify
  out.push(paint.bold('2. verify judges the change made for the accepted request'), `  $ ${wrapCommand(v.command, width, 4)}`)
  para(`${paint.decision(v.equilibrium ? 'accepted' : 'blocked', v.equilibrium ? 'equilibrium' : `retry: ${v.retry_strategy}`)} (exit ${v.exit_code}): ${v.summary}`)
  out.push('')

  out.push(paint.bold(`3. ${r.ledger.file} records the changes, hash-chained (govtool ledger list)`))
  const typeWidth = Math.max(...r.ledger.entries.map((e) => e.type.length)) + 2
  for (const e of r.ledger.entries) out.push(`  ${e.chain_hash}  ${e.type.padEnd(typeWidth)}${wrap(e.description, width, 20 + typeWidth)}`)
  para(
    paint.dim(
      'The clarification, the block and the rejection are answers, not changes: they are not in the ledger, and neither is a read-only question (its work item file in .govtool/work-items/ remembers it).',
    ),
  )
  out.push('')

  out.push(paint.bold('4. The checkpoint an agent re-reads every 8-10 turns (govtool checkpoint)'))
  out.push(...r.checkpoint.text.split('\n').map((l) => `  ${l}`), '')

  out.push(paint.bold('Try it in the sample'), `  cd ${r.project_dir}`, '  govtool preflight "explain how notes are exported"', `      ${paint.dim('a read-only question: accepted, and LEDGER.md stays as it is')}`, '')
  out.push(paint.bold('The same on your own repository'))
  for (const s of r.next_steps) {
    out.push(`  ${wrapCommand(s.command, width, 2)}`)
    out.push(`      ${paint.dim(wrap(s.purpose, width, 6))}`)
  }
  out.push('', paint.dim(`Done in ${(r.elapsed_ms / 1000).toFixed(1)} s, offline, without a model. To remove the sample:`), paint.dim(`  rm -rf ${r.project_dir}`))
  return out.join('\n')
}
