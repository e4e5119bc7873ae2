/**
 * Round 30a (issue 22): a report about leaked secrets that names where they are, never what they are. Three forms the
 * exposure rules matched on a secret noun that is not the thing shown:
 * - the holders listed: "list every file that seems to contain an API key", "show me the commits that introduced
 *   credentials" (the files, commits or lines are what is listed; a value is asked for only by words like "with their
 *   values", "in full", "unredacted", which keep the hit);
 * - a question about what happened: "Did anyone ever commit the .env file?" (a past-tense yes/no question is asked,
 *   not done);
 * - the scanner named by its secret word: "a summary of the secret scan", "the token check's findings" (the noun after
 *   the secret word makes it a tool).
 * Left alone: any of these with the values asked for ("list the files with the keys in full"), present or future
 * questions ("can you commit the .env?"), and a secret followed by any other noun.
 */
import type {ForbiddenHit} from './forbidden.js'

/** Things that hold a secret and can be listed without it. */
export const SECRET_HOLDERS = ['files', 'file', 'commits', 'commit', 'lines', 'line', 'places', 'place', 'paths', 'path', 'locations', 'location', 'modules', 'module', 'config files', 'configs', 'branches', 'tests', 'fixtures']

/** Tools named by the secret they look for ("the secret scan"). */
export const SECRET_TOOLS = ['scan', 'scans', 'scanner', 'scanners', 'scanning', 'check', 'checks', 'checker', 'detector', 'detection', 'linter', 'hook', 'audit', 'sweep']

export const HOLDER_CLAUSE = new RegExp(`\\b(?:${SECRET_HOLDERS.join('|')})\\s+(?:that|which|where|with|containing|holding|carrying)\\s+(?:\\w+\\s+){0,3}?(?:contain|contains|contained|hold|holds|held|has|have|had|include|includes|introduced|introduce|introduces|leak|leaks|leaked|reference|references|mention|mentions|carry|carries)\\b`)

/** Words that ask for the values themselves: a report with these is an exposure. */
export const VALUES_ASKED = /\b(?:with|and|plus|including)\s+(?:their|the|its|each|every)?\s*(?:[\w-]+\s+)?values?\b|\b(?:un-?redacted|unmasked|in full|verbatim|in (?:plain ?text|clear ?text))\b|\b(?:full|complete|whole|entire|raw|actual|real)\s+(?:values?|keys?|tokens?|secrets?|passwords?|strings?)\b/

export const PAST_QUESTION = /^\s*(?:did|has|have|had|was|were)\s+(?:anyone|anybody|someone|somebody|we|you|they|he|she|i|the\s+\w+|\w+)\b/

export const TOOL_AFTER = new RegExp(`^\\s*(?:${SECRET_TOOLS.join('|')})\\b`)
export const SECRET_AT_END = /\b(?:secrets?|keys?|tokens?|credentials?|passwords?)$/

/** The sentence around a position of the request (from after the last stop to its own stop, included). */
function sentenceAt(lower: string, at: number): string {
  const start = Math.max(lower.lastIndexOf('.', at), lower.lastIndexOf('?', at), lower.lastIndexOf('!', at), lower.lastIndexOf('\n', at), lower.lastIndexOf(';', at)) + 1
  const rest = lower.slice(at)
  const end = rest.search(/[?!;\n]|\.(?=\s|$)/)
  return lower.slice(start, end === -1 ? lower.length : at + end + 1)
}

/** Why a secrets hit is only a report of where secrets are, or undefined. */
export function reportedWithoutValues(hit: ForbiddenHit, lower: string): string | undefined {
  if (hit.category !== 'secrets') return undefined
  const at = lower.indexOf(hit.match)
  if (at === -1) return undefined
  const sentence = sentenceAt(lower, at)
  if (VALUES_ASKED.test(sentence.replaceAll(/\b(?:mask|masked|redact|redacted|hide|hidden|blank|blanked|star|starred)\s+(?:out\s+)?(?:the\s+|their\s+|all\s+)?values?\b/g, ' '))) return undefined
  if (HOLDER_CLAUSE.test(hit.match)) return 'lists where secrets are (files, commits, lines), not their values'
  if (sentence.trimEnd().endsWith('?') && PAST_QUESTION.test(sentence)) return 'asks whether it happened (a question about the past), it does not do it'
  if (SECRET_AT_END.test(hit.match) && TOOL_AFTER.test(lower.slice(at + hit.match.length))) return 'names a tool by the secret it looks for ("the secret scan"), not a secret'
  return undefined
}
