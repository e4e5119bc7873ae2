/**
 * `a.localeCompare(b)` without its first-call cost (issue 14). The first localeCompare of a process builds ICU's
 * collator: 13-22 ms measured on this machine, more than all of checkpoint's file walk it sorted. For strings of
 * printable ASCII (file names, ids, paths) the order of ICU's root collation is computed here from its table:
 * primary weights first (punctuation and symbols in the order below, then digits, then letters with case
 * ignored), then case (lower before upper). Any other string goes to localeCompare, so the order is always the
 * same as before; test/kernel/text-order.test.ts checks both agree.
 */

// printable ASCII in the root collation's order; the two cases of a letter share a primary weight
const ORDER = " _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$0123456789aAbBcCdDeEfFgGhHiIjJkKlLmMnNoOpPqQrRsStTuUvVwWxXyYzZ"
const PRIMARY = new Int16Array(128).fill(-1)
const UPPER = new Uint8Array(128)
{
  let weight = 0
  for (let i = 0; i < ORDER.length; i++) {
    const c = ORDER.charCodeAt(i)
    const upper = c >= 65 && c <= 90
    if (!upper) weight++
    PRIMARY[c] = weight
    UPPER[c] = upper ? 1 : 0
  }
}

function printable(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 0x20 || c > 0x7e) return false
  }
  return true
}

/** The same sign as `a.localeCompare(b)` (-1, 0 or 1). */
export function compareText(a: string, b: string): number {
  if (a === b) return 0
  if (!printable(a) || !printable(b)) return a.localeCompare(b)
  const n = Math.min(a.length, b.length)
  for (let i = 0; i < n; i++) {
    const pa = PRIMARY[a.charCodeAt(i)]
    const pb = PRIMARY[b.charCodeAt(i)]
    if (pa !== pb) return pa < pb ? -1 : 1
  }
  if (a.length !== b.length) return a.length < b.length ? -1 : 1
  for (let i = 0; i < n; i++) {
    const ua = UPPER[a.charCodeAt(i)]
    const ub = UPPER[b.charCodeAt(i)]
    if (ua !== ub) return ua < ub ? -1 : 1
  }
  return 0
}
