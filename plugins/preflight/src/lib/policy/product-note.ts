/**
 * The product's notes are not the record (round 22b): in this kind of project "a note" is the thing users write, so
 * "add a regression test proving sync never overwrites a note silently" names no ledger. The rule for work kept out
 * of the record ("don't note this anywhere") reads "never ... note" as the verb; when "note" follows a determiner it
 * is the noun, and the match names no governance record, the hit is set aside.
 */
import type {ForbiddenHit} from './forbidden.js'

/** "note" as a noun: after a determiner or a quantifier ("a note", "each note", "both notes"). */
export const NOTE_NOUN = /\b(?:a|an|the|each|every|one|any|that|this|both|all|some|two|their|his|her|my|your|our|its)\s+(?:[\w-]+\s+)?notes?\b(?!\s+(?:of|about|that|in\s+the\s+(?:ledger|audit|record)))/

/** The words that make a match about the record after all. */
export const RECORD_WORDS = /\b(?:ledger|audit|govtool|governance|preflight|history|anywhere|work\s+items?|records?|trail)\b/

/** Why a hit of the unrecorded-work rule reads the product's notes, or undefined. */
export function productNoteNotRecord(hit: ForbiddenHit): string | undefined {
  if (hit.id !== 'governance.unrecorded' || !NOTE_NOUN.test(hit.match) || RECORD_WORDS.test(hit.match)) return undefined
  return 'names a note of the product (a noun after a determiner), not the record'
}
