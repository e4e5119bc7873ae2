/**
 * User text on a terminal: a requirement title, a ledger description or a file name may hold escape sequences
 * (ESC [ 2J clears the screen, OSC 8 forges a link, OSC 52 writes the clipboard) or C1 controls that a terminal
 * obeys. Human output shows them as inert text instead (`\x1b`, `\x9b`, ...); newlines and tabs are kept.
 * JSON output is never passed through this: the data stays exact.
 */

// C0 controls but tab and newline, DEL, C1 controls, and the bidi overrides that reorder what is shown
// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g

/** `text` with every terminal control character replaced by its visible escape (`\x1b`, `\u202e`). */
export function terminalSafe(text: string): string {
  CONTROL.lastIndex = 0
  if (!CONTROL.test(text)) return text
  return text.replaceAll(CONTROL, (c) => {
    const code = c.codePointAt(0)!
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`
  })
}

/**
 * `value` with its strings (and object keys) terminalSafe, deeply: what a human renderer receives, so that every
 * command's human output is neutralised in one place whatever its renderer prints. Copy on write, as
 * redactDeep: a result with no control character (nearly all) is returned as it is, without a copy.
 */
export function terminalSafeDeep<T>(value: T): T {
  if (typeof value === 'string') return terminalSafe(value) as T
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) {
    let out: unknown[] | undefined
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i]
      const r = terminalSafeDeep(v)
      if (r !== v) (out ??= [...(value as unknown[])])[i] = r
    }
    return (out ?? value) as T
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return value
  let out: Record<string, unknown> | undefined
  for (const [k, v] of Object.entries(value)) {
    const key = terminalSafe(k)
    const r = terminalSafeDeep(v)
    if (r === v && key === k) continue
    out ??= {...(value as Record<string, unknown>)}
    if (key !== k) delete out[k]
    out[key] = r
  }
  return (out ?? value) as T
}
