import {terminalSafe} from './terminal-text.js'

/** Markdown tables for the reports govtool writes (export, workspace export, credits report). */

/** A table cell: one line, backslashes and pipes escaped; an empty value shows as `empty`. */
export function markdownCell(value: unknown, empty = '—'): string {
  const text = value === undefined || value === null || value === '' ? empty : terminalSafe(String(value))
  return text.replaceAll('\\', '\\\\').replaceAll('|', '\\|').replaceAll(/\s+/g, ' ').trim()
}

/** A GitHub-flavoured Markdown table; `align` marks right-aligned columns with 'r'. */
export function markdownTable(headers: readonly string[], rows: readonly (readonly unknown[])[], align: readonly ('l' | 'r')[] = []): string {
  const line = (cells: readonly unknown[]) => `| ${cells.map((c) => markdownCell(c)).join(' | ')} |`
  const sep = `| ${headers.map((_, i) => (align[i] === 'r' ? '---:' : '---')).join(' | ')} |`
  return [line(headers), sep, ...rows.map((r) => line(r))].join('\n')
}
