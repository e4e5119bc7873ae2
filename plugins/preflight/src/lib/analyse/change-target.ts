/**
 * What a change clause changes (moved out of intent.ts in round 19b, which added the references said after the change:
 * "... as the requirement says", "like the spec describes"): the clause's verb and object, without references to
 * where the change is specified, so the kind of change (code, test or docs) comes from what is changed.
 */
import {DOC_TOPIC} from './forms.js'
import {SOURCE_SAYS} from './follow-up.js'
import {documentBefore} from './docs-place.js'
import type {ClauseAnalysis} from './intent.js'

/**
 * What a change clause changes: its verb and object, without references to where it is specified
 * ("implement REQ-3 as described in the requirements" changes code, not the requirements document).
 */
export function changeTarget(c: ClauseAnalysis): string {
  if (c.via !== 'leading_verb' && c.via !== 'later_verb') return c.text
  // "docs/sync.md - cover what happens ...": the document named first is what the change writes
  const doc = DOC_TOPIC.exec(c.text.trim())
  if (doc) return `${doc[1]} ${changeTarget({...c, text: c.text.trim().slice(doc[0].length)})}`
  const object = c.object.split(/\b(?:as (?:described|specified|documented|defined|written|stated)|according to|per the|in line with|following the|see|like the)\b/)[0].split(SOURCE_SAYS)[0]
  // "in readme please write how ...": the document named before a later verb is where it writes (analyse/docs-place.ts)
  const place = c.via === 'later_verb' ? documentBefore(c.text, c.verb) : undefined
  return `${place ? `${place} ` : ''}${c.verb ?? c.cue ?? ''} ${object}${c.about ? ` (${c.about})` : ''}`
}
