/**
 * Requirement ids written loosely (round 24b, issue 22's scope class): a team member names a requirement the way
 * they say it, not the way the file writes it: without the `REQ-` prefix ("the SYNC-003 thing", "auth-003:"),
 * without the leading zeros ("req-sync-2", "REQ-SYNC-3"), or both ("tag-1"). Read as words, such an id found
 * the wrong requirement on its other words (a frozen one's change accepted under a live one) or named an id the
 * project lacks (a covered change clarified).
 *
 * Before the request is analysed, each loose form that resolves to exactly one id the project HAS is rewritten to
 * that id as written, so every later reader (explicit ids, hands-off clauses, labels, the frozen check) sees one
 * form. A form that resolves to no id of the project is left as it is: "utf-8", "sha-256", "AES-256-GCM", "top-10"
 * stay words, and a well-formed id the project lacks still asks which requirement was meant.
 */
import type {RequirementIndex} from '../scope-index.js'

/**
 * A loose id: an optional `REQ-` (any case), a prefix of letters (a component: SYNC, AUTH, CLI), a dash and 1-4
 * digits; never a part of a longer id (not after a letter, digit or dash, nor before one), never a test id.
 */
export const LOOSE_ID = /(?<![\w-])(?:(req)-)?([a-z][a-z0-9_]*)-(\d{1,4})(?![\w-])/gi

/** Widths an id's number is tried at, the written one first (REQ-SYNC-3, REQ-SYNC-03, REQ-SYNC-003, REQ-SYNC-0003). */
const WIDTHS = [0, 2, 3, 4] as const

/** The id of the project a loose form means, or undefined when it means none (or is already the id as written). */
function resolve(index: RequirementIndex, req: string | undefined, prefix: string, digits: string): string | undefined {
  const head = prefix.toUpperCase()
  if (head === 'REQ' || head === 'TEST') return undefined
  for (const width of WIDTHS) {
    const id = `REQ-${head}-${digits.padStart(width, '0')}`
    const i = index.lookup(id)
    if (i === undefined) continue
    const written = index.id(i)
    // the id as the file writes it, in any case: nothing to rewrite
    if (req !== undefined && width === 0) return undefined
    return written
  }
  return undefined
}

/** `text` with every loose requirement id that names one of the project's requirements written as that id. */
export function withFullIds(index: RequirementIndex, text: string): string {
  if (index.size === 0 || !/[a-z]-\d/i.test(text)) return text
  LOOSE_ID.lastIndex = 0
  return text.replace(LOOSE_ID, (whole, req: string | undefined, prefix: string, digits: string) => resolve(index, req, prefix, digits) ?? whole)
}
