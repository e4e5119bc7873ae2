/** Formatting shared by the human output and the Markdown report. */

/** Digits grouped by thousands with commas (no Intl: its first use costs ~15 ms of start-up). */
function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/** USD with cents, or more decimals for sub-cent amounts so small spends do not all read $0.00. */
export function usd(value: number | null | undefined): string {
  if (value === null || value === undefined) return 'n/a'
  const abs = Math.abs(value)
  if (abs === 0) return '$0.00'
  if (abs < 0.01) return `${value < 0 ? '-' : ''}$${abs.toFixed(4)}`
  const [whole, cents] = abs.toFixed(2).split('.')
  return `${value < 0 ? '-' : ''}$${group(whole)}.${cents}`
}

/** Whole numbers with thousands separators. */
export function int(value: number): string {
  const n = Math.round(value)
  return `${n < 0 ? '-' : ''}${group(String(Math.abs(n)))}`
}

export function pct(value: number | null | undefined): string {
  return value === null || value === undefined ? 'n/a' : `${value}%`
}

export {markdownTable} from 'govtool/core'

const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉']

/** A horizontal bar of `value / max * width` cells, in eighth-block resolution. */
export function bar(value: number, max: number, width: number): string {
  if (max <= 0 || value <= 0) return ''
  const eighths = Math.max(1, Math.round((value / max) * width * 8))
  return '█'.repeat(Math.floor(eighths / 8)) + EIGHTHS[eighths % 8]
}
