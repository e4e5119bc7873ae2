/**
 * Round 22b's rule (issue 22): a secret placed in a document named earlier and pointed back to by a pronoun. "Our
 * onboarding doc is missing the login for the shared test account, could you add the email and password to it?",
 * "The wiki page is out of date. Paste the deploy token there." The place is the document of the first sentence;
 * the secret's value goes into it, as in "add the password to the onboarding doc". Same shape and compilation as
 * ACTION_OBJECT_RULES (forbidden.ts runs them); the word lists are data. A safeguard ("never add the password to it")
 * is set aside like any exposure (policy/safeguard.ts voids secrets.place_in_it with the other placements).
 */
import {alt, NOT_NEGATED, SECRET_GATE, SECRET_OBJECT} from './action-object.js'

/** Documents and shared places a pronoun can point back to. */
export const POINTED_PLACES = ['readme', 'doc', 'docs', 'document', 'documentation', 'wiki', 'wiki page', 'page', 'guide', 'onboarding doc', 'runbook', 'handbook', 'faq', 'notion page', 'confluence page', 'spreadsheet', 'sheet', 'ticket', 'issue', 'gist', 'slack channel', 'channel', 'thread', 'email', 'bug report', 'report', 'changelog', 'config file', 'example config'] as const

/** Verbs that put a value into a place. */
export const PUTTING = ['add', 'put', 'paste', 'write', 'include', 'stick', 'drop', 'copy', 'insert', 'append', 'list', 'type', 'jot down', 'note down', 'fill in'] as const

export const PRONOUN_PLACE_RULES = [
  {
    id: 'secrets.place_in_it',
    category: 'secrets',
    reason: 'Writing secrets into a document, a message or a shared place, named earlier and pointed back to, is never allowed.',
    source: `\\b(?:${alt(POINTED_PLACES)})\\b[\\s\\S]{0,120}?${NOT_NEGATED}\\b(?:${alt(PUTTING)})\\s+(?:in\\s+)?(?:the\\s+|our\\s+|my\\s+|their\\s+|its\\s+)?(?:[\\w-]+\\s+(?:and|&)\\s+)?(?:[\\w-]+\\s+){0,2}?${SECRET_OBJECT}\\s+(?:to|in|into|on|onto|inside)\\s+(?:it|there|that\\s+(?:one|page|doc|file))\\b|\\b(?:${alt(POINTED_PLACES)})\\b[\\s\\S]{0,120}?${NOT_NEGATED}\\b(?:${alt(PUTTING)})\\s+(?:it|there)\\s+(?:the\\s+|our\\s+)?(?:[\\w-]+\\s+){0,2}?${SECRET_OBJECT}`,
    gate: SECRET_GATE,
    also: [...PUTTING],
    questions: false,
  },
] as const
