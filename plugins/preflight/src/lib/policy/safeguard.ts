/**
 * Safeguards about secrets. A request that keeps a secret out of a place ("add a test that the token is never
 * written to the log", "make sure no API key ends up in the README", "stop printing the session token in debug
 * output") names the same secret, verb and place as an exposure, so the exposure rules match it; what it asks is
 * the opposite. An exposure rule's match is a safeguard when, inside the matched text, a negation governs the
 * exposing verb or the secret itself, or a preventing verb governs the exposure. The rules that remove a
 * protection (unmasking, secrets in plain text kept on purpose) and the questions for a secret's value are never
 * voided, and neither is a suggestion put with a negation ("why not put the key in the README?").
 */

import {insideConstraintList} from './constraint-list.js'
import type {ForbiddenHit} from './forbidden.js'
import {keptOutByNegatedSubject} from './secrets-carried.js'
import {onlyAProductChecklist} from './governance-worded.js'
import {reportedThenRemedied} from './secrets-remedied.js'
import {secretInFailedState} from './secret-state.js'
import {productNoteNotRecord} from './product-note.js'
import {secretUnlogged} from './secret-unlogged.js'
import {namedWithoutValues} from './secrets-values-named.js'
import {shownOnlyMasked} from './secrets-contained.js'
import {bypassRemoved} from './bypass-removed.js'
import {handledSecret} from './secrets-handled.js'
import {keptInSafeStore} from './secrets-safe-store.js'
import {toolTalkSafeguard} from './secrets-tooled.js'
import {reportedWithoutValues} from './secrets-reported.js'

/** Exposure and placement rules a safeguard can void (by id). */
const VOIDABLE = /^secrets\.(?:place|place_in|routed|place_subject|place_in_it|placed_passive|in_document|in_document_with|hardcode|commit|expose|expose_passive|expose_it|reveal|env_exposed|value_placed|read_aloud|plaintext|unprotected_kept|store_moved|env_output)$/

/** Verbs that put a secret somewhere or show it, in the forms that follow a negation ("never written", "not logged"). */
const EXPOSING =
  '(?:writ(?:e|es|ten|ing)|wrote|log(?:s|ged|ging)?|print(?:s|ed|ing)?|show(?:s|n|ed|ing)?|display(?:s|ed|ing)?|appear(?:s|ed|ing)?|leak(?:s|ed|ing)?|end(?:s|ed)?\\s+up|show(?:s|ed)?\\s+up|commit(?:s|ted|ting)?|stor(?:e|es|ed|ing)|sav(?:e|es|ed|ing)|sen[dt]|sends|expos(?:e|es|ed|ing)|includ(?:e|es|ed|ing)|echo(?:es|ed|ing)?|dump(?:s|ed|ing)?|put|puts|plac(?:e|es|ed)|cop(?:y|ies|ied)|past(?:e|es|ed)|upload(?:s|ed)?|sync(?:s|ed)?|reach(?:es|ed)?|go(?:es)?\\s+(?:in|into|to)|get(?:s)?\\s+(?:in|into|to)|mak(?:e|es)\\s+it\\s+(?:in|into|to)|hard-?cod(?:e|es|ed)|embed(?:s|ded)?|contain(?:s|ed|ing)?|transmit(?:s|ted)?|post(?:s|ed)?|shar(?:e|es|ed)|exported|read\\s+out)'

/** Words that may stand between a negation and its verb ("is never ever accidentally written", "must not be logged"). */
const BETWEEN = '(?:\\s+(?:be|been|being|get|gets|got|ever|accidentally|again|also|even|anywhere|somehow|just|actually|up))*'

export const NEGATED_EXPOSURE = new RegExp(`(?:\\bnever|\\bnot|n't|\\bno\\s+longer|\\bcannot)${BETWEEN}\\s+${EXPOSING}\\b`)

const SECRET = '(?:passwords?|passphrases?|passcodes?|tokens?|api[ -]?keys?|keys?|secrets?|credentials?|creds|\\.env)'

/** The secret itself negated ("no token appears in crash reports", "without any secret in the export"). */
export const NO_SECRET = new RegExp(`\\b(?:no|without\\s+(?:any|a|the)|none\\s+of\\s+the|nothing\\s+(?:from|of)\\s+the|(?:and|but|or)\\s+never\\s+(?:the|a|any|your|their|its))\\s+(?:[\\w-]+\\s+){0,2}?${SECRET}\\b`)

/** A preventing verb before the exposure ("stop printing the token", "prevent the key from being logged", "keep tokens out of logs"). */
export const PREVENTED = new RegExp(`\\b(?:stop(?:s|ped)?|prevent(?:s|ed)?|avoid(?:s|ed)?|forbid(?:s)?|block(?:s|ed)?|disallow(?:s|ed)?|refuse(?:s|d)?\\s+to|guard(?:s)?\\s+against)\\s+(?:[\\w-]+\\s+){0,4}?(?:${EXPOSING}|[\\w-]+ing)\\b|\\bkeep(?:s|ing)?\\s+(?:[\\w-]+\\s+){0,3}?${SECRET}\\s+out\\s+of\\b`)

/** A suggestion or a dismissal wearing a negation: never a safeguard. */
const NOT_A_SAFEGUARD = /\bwhy\s+(?:not|don'?t|do\s+not|wouldn'?t|can'?t)\b|\bhow\s+about\b|\bnever\s+mind\b|\b(?:don'?t|do\s+not|never)\s+(?:hesitate|forget|bother|worry)\b|\bnot\s+only\b|\bno\s+(?:need|reason|problem)\b|\bno\s+matter\b|\bif\s+not\b/

/** True when `text` keeps a secret out of where it names (a negated or prevented exposure, no secret at all). */
export function keepsSecretOut(text: string): boolean {
  const lower = text.toLowerCase()
  if (NOT_A_SAFEGUARD.test(lower)) return false
  return NEGATED_EXPOSURE.test(lower) || NO_SECRET.test(lower) || PREVENTED.test(lower) || keptOutByNegatedSubject(lower)
}

/** True when an exposure rule's match keeps the secret out rather than putting it in. */
export function isSafeguard(hit: ForbiddenHit): boolean {
  return VOIDABLE.test(hit.id) && keepsSecretOut(hit.match)
}

/** A secret put in an ignore list is kept out of the repository ("add the .env file to .gitignore"). */
const IGNORE_LIST = /^[^.;!?,]{0,40}?\b(?:to|in|into|under)\s+(?:the\s+|our\s+|a\s+)?(?:project'?s?\s+)?(?:\.gitignore|\.dockerignore|\.npmignore|\.git\/info\/exclude|gitignore|(?:git\s+)?ignore\s+(?:file|list|rules?|patterns?))(?![\w-])/

/** What follows a secret that says it stays out ("... file must never be committed", "... is not to be logged"). */
export const MUST_NOT_EXPOSE = new RegExp(`^\\s+(?:[\\w-]+\\s+){0,2}?(?:must|should|shall|may|can|will|is|are|gets?)\\s+(?:never|not)${BETWEEN}\\s+(?:to\\s+be\\s+)?${EXPOSING}\\b|^\\s+(?:[\\w-]+\\s+){0,2}?(?:mustn'?t|shouldn'?t|can'?t|won'?t|isn'?t|aren'?t)${BETWEEN}\\s+${EXPOSING}\\b`)

/** A match that ends on a secret as the means of the action ("... using the session token", "signed with the deploy key"). */
const USED_AS_MEANS = /\b(?:using|authenticat\w*\s+(?:with|by)|signed\s+(?:with|by)|authori[sz]ed\s+(?:with|by))\s+(?:the\s+|our\s+|its\s+|their\s+|a\s+|the\s+user'?s\s+)?(?:[\w-]+\s+){0,2}?[\w-]+$/

/** A match that ends on a secret's noun. */
const SECRET_AT_END = /\b(?:passwords?|passphrases?|passcodes?|pins?|tokens?|credentials?|creds|keys?)$/

/** What follows a secret sent in a request header, with no place named after it. */
const IN_A_HEADER = /^\s+(?:only\s+)?(?:in|via|as|through|inside|using)\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+){0,2}?(?:headers?|cookies?)\b(?![^]*\b(?:into|onto|to\s+(?!the\s+server\b|server\b|the\s+api\b)))/

/** A match that ends on what is left or kept out ("leave the entered password" + " out of the output"). */
const LEFT_OUT = /\b(?:leave|leaves|leaving|left|keep|keeps|keeping|kept)\s+(?:[\w'-]+\s+){0,3}?[\w.'-]+$/

/** Words after a record's or a protected path's name that make it a modifier: the ledger command, its docs, its tests. */
const MODIFIED = /^\s*(?:command|commands|subcommand|section|chapter|page|docs?|documentation|tests?|viewer|reader|parser|module|code|function|class|formatter|tool|help|output|ui|screen|panel|button|feature|api|endpoint|plugin|cli|flag|option)\b/

/** The request's text after a hit's match, to the end of its clause. */
function after(lower: string, hit: ForbiddenHit): string {
  const at = lower.indexOf(hit.match)
  if (at === -1) return ''
  const rest = lower.slice(at + hit.match.length)
  const end = rest.search(/[;!?]|\.(?=\s|$)|\s(?:and|then|but)\s/)
  return end === -1 ? rest : rest.slice(0, end)
}

/** The request's text before a hit's match, from the start of its sentence. */
function before(lower: string, hit: ForbiddenHit): string {
  const at = lower.indexOf(hit.match)
  if (at === -1) return ''
  return lower.slice(0, at).split(/[.;!?:]\s/).pop() ?? ''
}

/** A sentence that opens on other people as the subject of the match's verb ("people", "users sometimes", "someone"). */
export const SAID_OF_OTHERS = /^\s*(?:(?:context|background|problem|situation|observation)\s*:\s*)?(?:some\s+|many\s+|our\s+|the\s+)?(?:people|users|customers|someone|somebody|folks|contributors|testers|colleagues|developers|devs|they)\s+(?:often\s+|sometimes\s+|still\s+|keep\s+|regularly\s+|always\s+|accidentally\s+)?$/

/** Why a hit is no violation when read with the words after it, or undefined. */
function readOnward(lower: string, hit: ForbiddenHit): string | undefined {
  if (hit.id.startsWith('secrets.') && VOIDABLE.test(hit.id) && IGNORE_LIST.test(after(lower, hit))) return 'puts the secret in an ignore list'
  // "Context: people paste passwords into bug reports. Task: ...": a verb whose subject is other people describes what
  // happens (a context), it asks nothing
  if (VOIDABLE.test(hit.id) && SAID_OF_OTHERS.test(before(lower, hit))) return 'describes what others do, not an instruction'
  // "a note that the .env file must never be committed": the secret the match ends on is said to stay out
  if (VOIDABLE.test(hit.id) && MUST_NOT_EXPOSE.test(after(lower, hit))) return 'says the secret must never be exposed'
  if (VOIDABLE.test(hit.id) && SECRET_AT_END.test(hit.match) && secretInFailedState(after(lower, hit))) return 'names the secret as wrong or expired (an event), not its value'
  const handled = handledSecret(hit, lower) ?? keptInSafeStore(hit, lower)
  if (handled) return handled
  if (reportedThenRemedied(hit.id, hit.match, lower.slice(lower.indexOf(hit.match) + hit.match.length))) return 'reports where the secret is and asks to move it out'
  // "send the session token in a header instead of the query string": the secret travels the way it is meant to (a
  // request header), to no place; a header sent on to a place ("as a header to the Slack webhook") is not set aside
  // "upload the notes to the server using the session token": the secret is what the action is done with, not what it sends
  if (VOIDABLE.test(hit.id) && USED_AS_MEANS.test(hit.match) && !/\b(?:in|into|onto|to)\s+(?:the\s+|a\s+)?(?:[\w-]+\s+)?(?:logs?|readme|docs?|wiki|chat|slack|issue|ticket|gist|terminal|console|stdout|url|query\s+string)\b/.test(hit.match)) return 'uses the secret to authenticate, it does not send it anywhere'
  if (VOIDABLE.test(hit.id) && shownOnlyMasked(after(lower, hit))) return 'shows the secret only masked or redacted'
  if (VOIDABLE.test(hit.id) && IN_A_HEADER.test(after(lower, hit))) return 'sends the secret in a request header, where it is meant to travel'
  if (VOIDABLE.test(hit.id)) {
    const named = namedWithoutValues(hit.id, hit.match, after(lower, hit), lower.slice(lower.indexOf(hit.match) + hit.match.length))
    if (named) return named
  }
  // "... and leave the entered password out of the output": the secret the match ends on is left or kept out
  if (VOIDABLE.test(hit.id) && LEFT_OUT.test(hit.match) && /^\s+(?:out\s+of|off|away\s+from)\b/.test(after(lower, hit))) return 'leaves the secret out'
  // a record or protected path named in words ("the ledger", "the docs"), not in shell or as a file name, followed by
  // a noun it modifies: "the ledger command", "the docs section of the README"
  if ((hit.id === 'governance.tamper' || hit.category === 'protected_path') && /\b(?:the|our|my|this|that)\s+(?:audit\s+)?[a-z]+$/.test(hit.match) && MODIFIED.test(after(lower, hit))) {
    return 'names something of it (its command, docs or tests), not the record or path itself'
  }
  return undefined
}

/**
 * The hits that stand. Exposure matches that are safeguards, secrets put in an ignore list, and a record or protected
 * path named as the modifier of another thing are set aside (and returned with why, for the narration).
 */
export function dropSafeguards(hits: readonly ForbiddenHit[], lower = ''): {kept: ForbiddenHit[]; voided: (ForbiddenHit & {why: string})[]} {
  const kept: ForbiddenHit[] = []
  const voided: (ForbiddenHit & {why: string})[] = []
  for (const hit of hits) {
    const why = isSafeguard(hit) ? 'keeps the secret out (a negated or prevented exposure)' : (readOnward(lower, hit) ?? onlyAProductChecklist(hit) ?? productNoteNotRecord(hit) ?? secretUnlogged(hit) ?? bypassRemoved(hit, lower) ?? toolTalkSafeguard(hit, lower) ?? insideConstraintList(hit, lower) ?? reportedWithoutValues(hit, lower))
    if (why) voided.push({...hit, why})
    else kept.push(hit)
  }
  return {kept, voided}
}

/**
 * What the program is told to say, quoted after a saying verb ('print "wrong email or password"', 'reply with
 * "invalid credentials"'), is the text of a message: the secret nouns inside it name no secret's value. The policy
 * reads such a quote as "the message"; a quote that could carry a value (digits, "=", ":", "is") is kept as written.
 */
const QUOTED_MESSAGE = /\b((?:print|prints|show|shows|display|displays|say|says|reply|replies|respond|responds|answer|answers|return|returns|output|outputs|emit|emits|warn|warns|message|text|error|errors|read|reads)\s+(?:with\s+|back\s+)?(?:the\s+(?:message|text|error|words?)\s+)?)["“]([a-z ,.'!-]{1,80})["”]/g

export function quotedMessagesAsWords(lower: string): string {
  if (!lower.includes('"') && !lower.includes('“')) return lower
  return lower.replaceAll(QUOTED_MESSAGE, (all, lead: string, said: string) => (/\b(?:is|are|was|were)\b/.test(said) ? all : `${lead}the message`))
}
