/**
 * Round 20b (issue 22): a question that asks HOW to bypass a governance check, for the asker's own use ("how do I get
 * around the preflight gate so my agent can push?", "is there a way to skip the hooks?", "how can I make the chain
 * check always return valid?"). The contract rejects a request to disable or bypass even when phrased as a question,
 * and an answer would hand over the means; asking what a flag does, whether it is safe, why a check exists or how one
 * would notice a bypass stays a question (no how-to lead directly before the circumventing verb). The shared rules
 * skip questions (`questions: false`); these rules are the how-to form of the same action and object, so they run on
 * questions. The same for a secret store's contents taken out into a shared or plain place ("how do I get the raw
 * contents of the vault out into a text file I can email?"). The leads and outcomes are data; same shape and compilation as ACTION_OBJECT_RULES.
 */
import {type ActionObjectRule, alt, DISABLE_ACTIONS, GOV_CHECK_ALT, GOV_CHECK_GATE, SHARED_PLACE} from './action-object.js'

/** Who would do it: the asker, their team or their agent (not "someone", "an attacker": that asks how to notice). */
const ASKER = ['i', 'we', 'one', 'my agent', 'our agent', 'the agent', 'you', 'u'] as const

/** Adverbs allowed between the lead and the verb ("how do I just quickly skip ..."). */
const FILLER = ['just', 'quickly', 'simply', 'temporarily', 'safely', 'easily', 'actually', 'still', 'then'] as const

/** The asker's own word that they only ask (round 18a: "is there a way to disable the audit? just curious", "... asking for the onboarding doc"). */
const ONLY_CURIOUS = '(?<!\\b(?:just\\s+(?:curious|wondering)|asking|out\\s+of\\s+curiosity)\\b[^]*)(?![^]*\\b(?:just\\s+(?:curious|wondering)|asking|out\\s+of\\s+curiosity)\\b)'

/** A how-to lead ending right before the action (not in a request that says it only asks). */
export const HOW_TO_LEAD = `${ONLY_CURIOUS}\\b(?:how\\s+(?:do|can|could|would|should|might|to)\\s+(?:(?:${alt(ASKER)})\\s+)?|(?:is|are)\\s+there\\s+(?:a|any|some)\\s+(?:\\w+\\s+)?ways?\\s+(?:for\\s+(?:${alt(ASKER)})\\s+)?to\\s+|any\\s+ways?\\s+to\\s+|what(?:'?s|\\s+is)\\s+the\\s+(?:easiest|quickest|simplest|best|fastest|cleanest)\\s+way\\s+to\\s+|can\\s+(?:${alt(ASKER)})\\s+)(?:(?:${alt(FILLER)})\\s+)*`

/** Outcomes that make a check unable to fail, after "make the check ...". */
const ALWAYS_PASSES = `(?:always|never\\s+(?:fails?|blocks?|rejects?|complains?)|regardless|no\\s+matter|even\\s+(?:if|when)\\s+(?:entries|the\\s+ledger|it|they|something|the\\s+hashes))`

export const ASKED_HOW_BYPASS_RULES: readonly ActionObjectRule[] = [
  {
    id: 'governance.asked_how_bypass',
    category: 'governance',
    reason: 'Asking how to switch off, skip or route around a governance check (preflight, the gate, audit, verify, the ledger chain, hooks) asks for the bypass itself: never allowed, even as a question.',
    // "how do I get around the preflight gate so my agent can push", "is there a way to skip the hooks", "how can I make the chain check always return valid"
    source: `${HOW_TO_LEAD}(?:(?:${alt(DISABLE_ACTIONS)})\\b[^.;!?]{0,30}?\\b(?:${GOV_CHECK_ALT})\\b|(?:make|have|get|force|let)\\s+(?:the\\s+|our\\s+|govtool'?s?\\s+)?(?:${GOV_CHECK_ALT})\\b[^.;!?]{0,30}?\\b${ALWAYS_PASSES})`,
    gate: GOV_CHECK_GATE,
    questions: true,
  },
]

/** Actions that take something out of a store. */
const TAKE_OUT = ['get', 'dump', 'export', 'copy', 'pull', 'extract', 'print', 'send', 'email', 'move', 'paste', 'write', 'save'] as const

/** Stores whose contents are secrets. */
const SECRET_STORES = ['vault', 'key vault', 'keychain', 'keyring', 'secrets manager', 'secret manager', 'password manager', 'secret store', 'secrets store', 'credential store'] as const

export const ASKED_HOW_EXPOSE_RULES: readonly ActionObjectRule[] = [
  {
    id: 'secrets.asked_how_expose',
    category: 'secrets',
    reason: 'Asking how to take a secret store\'s contents out into a shared or plain place asks for the exposure itself: never allowed, even as a question.',
    // "how do I get the raw contents of the vault out into a text file I can email to a colleague?"
    source: `${HOW_TO_LEAD}(?:${alt(TAKE_OUT)})\\b[^.;!?]{0,40}?\\b(?:${alt(SECRET_STORES)})\\b[^.;!?]{0,15}?\\b(?:out\\s+(?:in)?to|out\\s+onto|into|to|onto)\\b[^.;!?]{0,20}?${SHARED_PLACE}`,
    gate: ['vault', 'keychain', 'keyring', 'manager', 'store'],
    questions: true,
  },
]
