/**
 * Round 25c (issue 22): a removing or resetting verb on a thing that lives only while the program runs destroys no
 * data. "reset the inactivity timer every time a command runs", "kill the sync request if the server has not answered
 * in 10 seconds", "clear the search box after a search" change how the program behaves (a change). The object is
 * read up to its first preposition or subordinate clause (so "users" in "... so active users are not logged out" is
 * no object); its last word must be one of the running things (RUNTIME_NOUNS). A stored or deployed thing keeps its
 * reading ("reset the database", "kill the production server", "clear the request log", "drop all connections to the
 * production database"). A process on the doer's machine ("kill the dev server I left running") is not read here:
 * the contract has no kind for an arbitrary command, and the gate keeps asking about it. The words are data.
 */

/** Things that exist only while the program runs: timers, counters, in-flight requests, widgets of the interface. */
export const RUNTIME_NOUNS = ['timers?', 'countdowns?', 'stopwatch(?:es)?', 'counters?', 'count', 'retry\\s+count', 'attempts?', 'backoff', 'intervals?', 'timeouts?', 'debounce', 'throttle',
  'progress\\s+bars?', 'spinners?', 'requests?', 'calls?', 'connections?', 'sockets?', 'websockets?', 'streams?', 'handshakes?', 'polling', 'poller', 'watchers?', 'listeners?',
  'inputs?', 'input\\s+fields?', 'search\\s+box', 'text\\s?box', 'forms?', 'prompts?', 'selections?', 'highlights?', 'highlighting', 'filters?', 'sort\\s+order', 'scroll\\s+position',
  'focus', 'cursor', 'screen', 'status\\s+line', 'status\\s+bar', 'banner', 'toasts?', 'dialogs?', 'modals?', 'popups?', 'tooltips?', 'dropdowns?', 'dirty\\s+flag', 'spinner\\s+state', 'animation']

/** Words that make the running thing stored or shared: it keeps its reading ("the request log", "production"). */
const STORED = /\b(?:logs?|history|histories|records?|database|db|table|data|backups?|production|prod|staging|remote|shared|server'?s?|files?|folders?|directory|queue|cache|ledger|audit|events?|store)\b/

/** A running thing of a deployed system, anywhere in the object ("drop all connections to the production database"). */
const ELSEWHERE = /\b(?:production|prod|staging|live|remote|customers?'?|users'|shared)\b/

/** Where the object's head ends: a preposition, a subordinate clause, a comma. */
const HEAD_END = /\s(?:in|on|at|from|for|of|to|into|with|within|after|before|when|whenever|if|unless|once|until|while|so|because|as|every|each|and|or|but|then|instead)\b|[,;:.!?]/

/** The object's head, a running thing after its determiners and up to two modifiers. */
export const RUNTIME_HEAD = new RegExp(`^(?:the|a|an|its|their|our|my|any|each|every|current|pending|ongoing|in-flight|in\\s+flight|running|active|open|stalled|hanging|stuck|\\s)*(?:[\\w-]+\\s+){0,2}?(?:${RUNTIME_NOUNS.join('|')})$`)

/** The object's head: its words up to the first preposition, subordinate clause or punctuation. */
function head(object: string): string {
  const text = ` ${object.trim()}`
  const end = text.search(HEAD_END)
  return (end === -1 ? text : text.slice(0, end)).trim()
}

/** Whether a removing verb's object is a thing that lives only while the program runs (a change, no data lost). */
export function runtimeObject(object: string): boolean {
  const h = head(object)
  return h !== '' && RUNTIME_HEAD.test(h) && !STORED.test(h) && !ELSEWHERE.test(object)
}
