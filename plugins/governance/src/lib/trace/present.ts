/** Human output shared by the traceability commands. */
import {color, layoutTable} from 'govtool/core'

import type {ParseProblem} from './types.js'

/** `file:line: message` lines for stderr, with one hint at the end. */
export function problemText(problems: readonly ParseProblem[], limit = 20): string {
  if (problems.length === 0) return ''
  const lines = problems.slice(0, limit).map((p) => `${color.red('Error:')} ${p.file}:${p.line}: ${p.message}`)
  if (problems.length > limit) lines.push(`... and ${problems.length - limit} more`)
  lines.push(`${color.dim('Hint:')} Fix the entries at the lines above (\`govtool validate\` lists every problem).`)
  return lines.join('\n') + '\n'
}

/** An aligned, borderless table fitted to the output width (the kernel's layoutTable). */
export function plainTable(head: readonly string[], rows: readonly (readonly (string | number | undefined | null)[])[]): string {
  return layoutTable(head, rows)
}

/**
 * Reports parse problems as warnings, each naming its file and line (the first `limit` of them), for the
 * operations whose result also lists every problem.
 */
export function warnProblems(io: {warn(message: string): void}, problems: readonly ParseProblem[], limit = 20): void {
  for (const p of problems.slice(0, limit)) io.warn(`${p.file}:${p.line}: ${p.message}`)
  if (problems.length > limit) io.warn(`... and ${problems.length - limit} more problems (\`govtool validate\` lists every one).`)
}

/** A finding as the commands show it (a light type: the operations' renderers load no library). */
interface ShownFinding {
  check: string
  severity: 'error' | 'warning'
  message: string
  file?: string
  line?: number
  hint: string
}

/** Exit code of a command that judges findings: 1 when one of them is an error (so it can gate CI), else 0. */
export function findingsExit(result: {issues: readonly Pick<ShownFinding, 'severity'>[]}): number {
  return result.issues.some((i) => i.severity === 'error') ? 1 : 0
}

/**
 * The findings of audit, validate, req gaps and req orphans, shown one way: a mark by severity, file and line,
 * the message and check id, then the hint. At most `limit` are shown.
 */
export function renderFindings(findings: readonly ShownFinding[], limit = 200): string[] {
  const lines: string[] = []
  for (const f of findings.slice(0, limit)) {
    const mark = f.severity === 'error' ? color.red('✖') : color.yellow('!')
    const where = f.file ? `${f.file}${f.line ? `:${f.line}` : ''}: ` : ''
    lines.push(`${mark} ${where}${f.message} [${f.check}]\n    ${color.dim(f.hint)}`)
  }
  if (findings.length > limit) lines.push(`... and ${findings.length - limit} more (use --json for all)`)
  return lines
}

/** `N error(s), M warning(s).` of a list of findings. */
export function findingsCount(findings: readonly Pick<ShownFinding, 'severity'>[]): {errors: number; warnings: number} {
  const errors = findings.filter((f) => f.severity === 'error').length
  return {errors, warnings: findings.length - errors}
}
