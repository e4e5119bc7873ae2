import {stdioIsTTY} from './stdio.js'

/**
 * Human output helpers shared by every command: colour only on a TTY (NO_COLOR and FORCE_COLOR honoured as ansis
 * honours them), borderless aligned tables that fit the terminal, and short status words.
 */

/**
 * Whether colour is on, decided on first use and then kept: ansis 4's rule (the library every human renderer used
 * until start-up's eighth pass, issue 14), read from the environment, the command line and whether fd 1 is a
 * terminal. ansis asked `process.stdout.isTTY` when its module loaded, which builds Node's stdout stream (2-20 ms)
 * in every command that imported it, JSON output included; `tty.isatty(1)` is the same answer without the stream.
 * The level ansis computes (1-3) matters only for 256 and true colours, which no renderer uses: on or off is all.
 */
export function colorLevel(env: NodeJS.ProcessEnv = process.env, argv: readonly string[] = process.argv, isTTY: () => boolean = () => stdioIsTTY(1)): number {
  const flag = (re: RegExp) => argv.some((a) => re.test(a))
  const FORCE: Record<string, number> = {false: 0, 0: 0, 1: 1, 2: 2, 3: 3}
  const force = (env.FORCE_COLOR !== undefined && Object.hasOwn(FORCE, env.FORCE_COLOR) ? FORCE[env.FORCE_COLOR] : undefined) ?? -1
  const forced = ('FORCE_COLOR' in env && force) || flag(/^--color=?(true|always)?$/)
  let level = forced ? force : -1
  if (level === -1) {
    const term = env.TERM
    const COLORTERM: Record<string, number> = {'24bit': 3, truecolor: 3, ansi256: 2, ansi: 1}
    const fromColorTerm = env.COLORTERM !== undefined && Object.hasOwn(COLORTERM, env.COLORTERM) ? COLORTERM[env.COLORTERM] : 0
    if (fromColorTerm) level = fromColorTerm
    else if (env.CI) level = Object.keys(env).some((k) => k.startsWith('GITHUB')) ? 3 : 1
    else if ((Boolean(env.PM2_HOME) || env.NEXT_RUNTIME?.includes('edge') || isTTY()) && term !== 'dumb') level = process.platform === 'win32' ? 3 : term !== undefined && /-256/.test(term) ? 2 : 1
    else level = 0
  }
  if (!force || env.NO_COLOR || flag(/^--(no-color|color=(false|never))$/)) return 0
  return forced && !level ? 3 : level
}

let colorOn: boolean | undefined

/** One style: ansis's output for a style without parents (nested closes re-open it, each line closed and re-opened). */
function style(open: string, close: string): (text: unknown) => string {
  return (text) => {
    if (text === undefined || text === null || text === '') return ''
    let s = '' + (text as string)
    colorOn ??= colorLevel() > 0
    if (!colorOn) return s
    if (s.includes('\u001B')) s = s.split(close).join(open)
    return open + (s.includes('\n') ? s.replaceAll(/(\r?\n)/g, `${close}$1${open}`) : s) + close
  }
}

/** Colours and weights of human output (on or off as `colorLevel` decides, on first use). */
export const color = {
  bold: style('\u001B[1m', '\u001B[22m'),
  dim: style('\u001B[2m', '\u001B[22m'),
  red: style('\u001B[31m', '\u001B[39m'),
  green: style('\u001B[32m', '\u001B[39m'),
  yellow: style('\u001B[33m', '\u001B[39m'),
  cyan: style('\u001B[36m', '\u001B[39m'),
}

/** Tests: decide colour again on next use (after changing the environment in process). */
export function resetColor(): void {
  colorOn = undefined
}

export interface Column<Row> {
  /** header text */
  header: string
  /** value of the cell */
  get: (row: Row) => string | number | boolean | null | undefined
  align?: 'left' | 'right'
}

/** The width human output is fitted to: $COLUMNS, else the terminal's width, else 80. */
export function outputColumns(): number {
  const env = Number.parseInt(process.env.COLUMNS ?? '', 10)
  if (Number.isFinite(env) && env > 0) return env
  // the stream only on a terminal (its width); asking isTTY of process.stdout would build it for a file or pipe
  return (stdioIsTTY(1) && process.stdout.columns) || 80
}

// SGR colour sequences only: the cells are ours, already neutralised of other controls
// eslint-disable-next-line no-control-regex
const SGR = /\u001B\[[0-9;]*m/g
const visible = (s: string) => (s.includes('\u001B') ? s.replaceAll(SGR, '').length : s.length)

/** Splits a cell into lines of at most `width` visible characters, at spaces where it can. */
export function wrapCell(text: string, width: number): string[] {
  if (visible(text) <= width || text.includes('\u001B')) return [text]
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    let w = word
    while (w.length > width) {
      if (line) lines.push(line)
      line = ''
      lines.push(w.slice(0, width))
      w = w.slice(width)
    }
    if (!line) line = w
    else if (line.length + 1 + w.length <= width) line += ` ${w}`
    else {
      lines.push(line)
      line = w
    }
  }
  if (line || lines.length === 0) lines.push(line)
  return lines
}

/**
 * Column widths that fit `total` characters with `gap` between columns. Prose gives way first: the last column
 * down to 30, then the other columns holding phrases (three words or more), widest first, down to 12, then the
 * last column down to 16. Ids, dates and numbers are never wrapped: a table that cannot fit even so is left
 * wider than the screen rather than unreadable.
 */
export function fitWidths(natural: readonly number[], total: number, prose: readonly boolean[] = [], gap = 2): number[] {
  const widths = [...natural]
  const last = widths.length - 1
  let excess = widths.reduce((a, b) => a + b, 0) + gap * Math.max(0, last) - total
  const shrink = (i: number, min: number) => {
    const cut = Math.max(0, Math.min(excess, widths[i] - min))
    widths[i] -= cut
    excess -= cut
  }
  if (excess > 0 && last >= 0) shrink(last, 30)
  while (excess > 0) {
    let widest = -1
    for (let i = 0; i < last; i++) if (prose[i] && widths[i] > 12 && (widest === -1 || widths[i] > widths[widest])) widest = i
    if (widest === -1) break
    widths[widest]--
    excess--
  }
  if (excess > 0 && last >= 0) shrink(last, 16)
  return widths
}

export interface TableLayout {
  align?: readonly ('left' | 'right')[]
  /** the width to fit; default outputColumns() */
  width?: number
}

/**
 * An aligned, borderless table with a bold header line, fitted to the output width: a cell longer than its
 * column wraps onto continuation lines (nothing is cut off). Built by padding strings, so it stays fast for
 * tens of thousands of rows.
 */
export function layoutTable(head: readonly string[], rows: readonly (readonly (string | number | boolean | undefined | null)[])[], layout: TableLayout = {}): string {
  // renderers get results already neutralised of terminal controls (terminalSafeDeep), so colour they add stays
  const cells = rows.map((r) => head.map((_, i) => (r[i] === undefined || r[i] === null ? '' : String(r[i]))))
  const natural = head.map((h, i) => {
    let w = h.length
    for (const r of cells) {
      const v = visible(r[i])
      if (v > w) w = v
    }
    return w
  })
  const prose = head.map((_, i) => cells.some((r) => /\S+ \S+ \S/.test(r[i])))
  const widths = fitWidths(natural, layout.width ?? outputColumns(), prose)
  const pad = (c: string, i: number) => {
    const fill = ' '.repeat(Math.max(0, widths[i] - visible(c)))
    return layout.align?.[i] === 'right' ? fill + c : c + fill
  }
  const out: string[] = []
  const emit = (r: readonly string[], style?: (s: string) => string) => {
    const wrapped = r.map((c, i) => (visible(c) > widths[i] ? wrapCell(c, widths[i]) : [c]))
    const height = Math.max(...wrapped.map((w) => w.length))
    for (let k = 0; k < height; k++) {
      const line = wrapped.map((w, i) => {
        const c = pad(w[k] ?? '', i)
        return style ? style(c) : c
      })
      out.push(line.join('  ').trimEnd())
    }
  }
  emit(head, (s) => color.bold(s))
  for (const r of cells) emit(r)
  return out.join('\n')
}

/** Renders rows as an aligned, borderless table with a bold header line, fitted to the output width. */
export function renderTable<Row>(rows: readonly Row[], columns: readonly Column<Row>[], width?: number): string {
  return layoutTable(
    columns.map((c) => c.header),
    rows.map((row) => columns.map((c) => {
      const v = c.get(row)
      return v === null || v === undefined ? '' : String(v)
    })),
    {align: columns.map((c) => c.align ?? 'left'), width},
  )
}

/** `ok` / `warn` / `fail` markers for check lists. */
export const mark = {
  ok: () => color.green('✔'),
  warn: () => color.yellow('!'),
  fail: () => color.red('✖'),
}
