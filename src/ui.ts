import {createRequire} from 'node:module'

import ansis from 'ansis'
import type TableType from 'cli-table3'

import {terminalSafe} from './terminal-text.js'

const require = createRequire(import.meta.url)

/**
 * Human output helpers shared by every command: colour only on a TTY (ansis honours NO_COLOR and
 * FORCE_COLOR), borderless aligned tables, and short status words.
 */
export const color = ansis

export interface Column<Row> {
  /** header text */
  header: string
  /** value of the cell */
  get: (row: Row) => string | number | boolean | null | undefined
  align?: 'left' | 'right'
}

/** Renders rows as an aligned, borderless table with a dim header line. */
export function renderTable<Row>(rows: readonly Row[], columns: readonly Column<Row>[]): string {
  // loaded on first use: most commands never print a table
  const Table = require('cli-table3') as typeof TableType
  const table = new Table({
    head: columns.map((c) => color.bold(c.header)),
    colAligns: columns.map((c) => c.align ?? 'left'),
    chars: {
      top: '', 'top-mid': '', 'top-left': '', 'top-right': '',
      bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '',
      left: '', 'left-mid': '', mid: '', 'mid-mid': '',
      right: '', 'right-mid': '', middle: '  ',
    },
    style: {head: [], border: [], 'padding-left': 0, 'padding-right': 0},
  })
  for (const row of rows) {
    table.push(columns.map((c) => {
      const value = c.get(row)
      return value === null || value === undefined ? '' : terminalSafe(String(value))
    }))
  }
  return table.toString().split('\n').map((line) => line.trimEnd()).join('\n')
}

/** `ok` / `warn` / `fail` markers for check lists. */
export const mark = {
  ok: () => color.green('✔'),
  warn: () => color.yellow('!'),
  fail: () => color.red('✖'),
}
