import {terminalSafe} from './terminal-text.js'

/** Markdown tables for the reports govtool writes (export, workspace export, credits report). */

/**
 * What markdownCell changes: a backslash or pipe, whitespace other than a space, two spaces, a space at either end
 * (`\s` and trim() take the same characters). A cell without any (nearly all) is its text as it is.
 */
const CELL_EDIT = /[\\|]|[^\S ]| {2}|^ | $/

/** A table cell: one line, backslashes and pipes escaped; an empty value shows as `empty`. */
export function markdownCell(value: unknown, empty = '—'): string {
  const text = value === undefined || value === null || value === '' ? empty : terminalSafe(String(value))
  if (!CELL_EDIT.test(text)) return text
  return text.replaceAll('\\', '\\\\').replaceAll('|', '\\|').replaceAll(/\s+/g, ' ').trim()
}

/** A GitHub-flavoured Markdown table; `align` marks right-aligned columns with 'r'. */
export function markdownTable(headers: readonly string[], rows: readonly (readonly unknown[])[], align: readonly ('l' | 'r')[] = []): string {
  const line = (cells: readonly unknown[]) => `| ${cells.map((c) => markdownCell(c)).join(' | ')} |`
  const sep = `| ${headers.map((_, i) => (align[i] === 'r' ? '---:' : '---')).join(' | ')} |`
  return [line(headers), sep, ...rows.map((r) => line(r))].join('\n')
}
