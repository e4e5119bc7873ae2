/**
 * Round 29b (issue 22): a read verb that switches where the program takes a value from, said with "instead of" or
 * "rather than": "read the database password from a gitignored env file instead of the inline value", "in
 * docker-compose.yml, read the port from an env file rather than hard-coding it", "load the sync url from the config
 * instead of the constant". The switch is a change to the program or its config, not a read for the asker: read-only is
 * decided on positive evidence, and this is none. A read for the asker ("read the notes from the backup instead of the
 * live db and tell me which differ") names its asker and stays a read. The words are data.
 */
import type {ClauseAnalysis} from './intent.js'
import {alt} from '../policy/action-object.js'
import {READING_VERBS} from './code-reads.js'

/**
 * Words that replace one source with another; round 30d: or give the new source a fallback ("read the session timeout
 * from a SESSION_TIMEOUT_MINUTES environment variable, defaulting to 30 minutes"), which only a program does.
 */
export const SWITCH_WORDS = ['instead of', 'rather than', 'in place of', 'in lieu of', 'defaulting to', 'default to', 'with a default of', 'falling back to', 'fall back to', 'fallback to']

/** A read for the asker: the clause says whom it reads for. */
const FOR_ASKER = /\b(?:tell|show|give|send)\s+(?:me|us)\b|\bfor\s+(?:me|us)\b|\b(?:and|then)\s+(?:summari[sz]e|explain|list|compare|report)\b/

/** "<read verb> <value> from <source> ... instead of <other>", in one sentence. */
export const SWITCHED_READ = new RegExp(String.raw`\b(?:${alt(READING_VERBS)})\b[^.;!?]{0,60}?\bfrom\s+[^.;!?]{1,60}?\b(?:${alt(SWITCH_WORDS)})\b`)

/** Rereads a read-only clause whose read switches the program's source as a change. */
export function markSwitchedReads(clauses: ClauseAnalysis[]): void {
  for (const [i, c] of clauses.entries()) {
    if (c.intent !== 'read_only' || c.question) continue
    const text = c.text.toLowerCase()
    if (!text.includes(' from ') || !SWITCH_WORDS.some((w) => text.includes(w))) continue
    if (!SWITCHED_READ.test(text) || FOR_ASKER.test(text)) continue
    clauses[i] = {...c, intent: 'change', via: 'wish', cue: `${c.cue ?? 'read'} (a switch of where the program reads a value)`}
  }
}
