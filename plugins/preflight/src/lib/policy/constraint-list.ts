/**
 * Round 27c (issue 22): a list of what not to do at the end of an agent prompt ("Don't delete anything, don't touch
 * the ledger, keep it small") protects the records it names. A governance rule that matched across the list ("delete
 * anything, don't touch the ledger") read a forbidden action and a record from two different constraints, each of them
 * a negated leave-alone. The hit is set aside when it lies wholly inside such a list: every comma-separated item is a
 * negated leave-alone verb (touch, delete, change, move ...) or a working rule (keep it small, commit as you go).
 * Negated recording verbs are no leave-alone ("don't log this in the ledger", "don't update the ledger", "don't run the
 * audit" keep work out of the record): they are not in the list, so such a hit stays. Word lists are data.
 */
import {NEGATED_LEAVE_ALONE, WORKING_RULE} from '../analyse/empty-task.js'
import type {ForbiddenHit} from './forbidden.js'

/** The list around a hit: the sentence that holds it, cut at its commas and semicolons. */
function sentenceAround(lower: string, at: number, length: number): string {
  const start = Math.max(lower.lastIndexOf('. ', at), lower.lastIndexOf('! ', at), lower.lastIndexOf('? ', at), lower.lastIndexOf(':', at))
  const ends = ['. ', '! ', '? '].map((p) => lower.indexOf(p, at + length)).filter((i) => i >= 0)
  return lower.slice(start + 1, ends.length > 0 ? Math.min(...ends) : lower.length)
}

/** Why a hit inside a list of what not to do is set aside, or undefined. */
export function insideConstraintList(hit: ForbiddenHit, lower: string): string | undefined {
  if (!hit.id.startsWith('governance.') || !/\b(?:don'?t|do\s+not|never)\b/.test(lower)) return undefined
  const at = lower.indexOf(hit.match)
  if (at < 0) return undefined
  const items = sentenceAround(lower, at, hit.match.length).replace(/[.!?]\s*$/, '').split(/[,;]/).map((s) => s.trim()).filter(Boolean)
  if (items.length < 2) return undefined
  const rule = (item: string) => {
    WORKING_RULE.lastIndex = 0
    return item.replaceAll(WORKING_RULE, ' ').replaceAll(/\b(?:and|also|please)\b/g, ' ').trim() === ''
  }
  // a reading that put a thing the list leaves alone for "it" ("don't touch the ledger, keep it small" read as "keep
  // the ledger small") still reads a working rule: nobody is told to keep small what they must not touch
  const resolved = (item: string) => {
    const m = /^(?:and\s+)?keep\s+(the\s+[\w./-]+)\s+(?:small|minimal|short|tight|focused|tidy|simple)$/.exec(item)
    return m !== null && items.some((other) => other !== item && NEGATED_LEAVE_ALONE.test(other) && other.endsWith(m[1]))
  }
  if (!items.every((item) => NEGATED_LEAVE_ALONE.test(item) || rule(item) || resolved(item))) return undefined
  if (!items.some((item) => NEGATED_LEAVE_ALONE.test(item))) return undefined
  return 'a list of what not to do (negated leave-alone constraints), not an instruction'
}
