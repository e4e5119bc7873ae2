/**
 * A bug report naming a secret, then "fix it" (round 27a, issue 22): "Signing in with a mistyped password prints a stack
 * trace instead of the invalid credentials message; fix it". The report is a statement the gate cannot classify and
 * it names a secret ("password"), so decide.ts's stray-clause check asked what should happen to it; but the next
 * clause says: what the report describes is a bug, to be fixed, within the requirement its words name. Such a report
 * is accounted for when the clause right after it asks to fix what it points back to, and the report itself wishes
 * nothing ("the token should go in the README; fix it" states a wish: it stays a stray clause).
 *
 * The fix forms are data (`FIX_BACK`); adding one is adding an alternative.
 */

/** An instruction to fix what the previous sentence reported ("fix it", "please sort that out", "can you fix this?"). */
export const FIX_BACK = /^\s*(?:(?:ok|so|please|pls|plz|kindly|just|can\s+you|could\s+you|would\s+you|will\s+you)[\s,]+)*(?:fix|repair|correct|resolve|address|sort\s+out|sort)\s+(?:it|that|this|them|the\s+(?:bug|issue|problem|error|crash))(?:\s+(?:out|please|pls|plz|up))?\s*[.!?]?\s*(?:please|pls|plz|thanks|thx)?\s*[.!?]?\s*$/i

/** A report that states a wish rather than what happens. */
const WISHED = /\b(?:should|must|needs?\s+to|want|wants|wanted|would\s+like|let|make\s+sure|ensure|has\s+to|have\s+to|ought)\b/i

/** Whether a clause reports a bug that the next clause asks to fix. */
export function reportedThenFixed(clause: string, next: string | undefined): boolean {
  return next !== undefined && FIX_BACK.test(next) && !WISHED.test(clause)
}
