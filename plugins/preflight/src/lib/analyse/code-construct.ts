/**
 * Round 23b (issue 22): a hard destroying verb on a piece of code is an edit of the code, not destruction of data
 * ("nuke the flaky sleep in the session timeout test", "zap the leftover console.log calls in sync.ts", "purge the
 * TODO comments from the export module", "wipe the debug prints out of login"). The object's head, the words before
 * its first preposition, ends in a construct of source code; a store of data ("wipe the notes in the test database"),
 * a file, a folder or the code as a whole ("nuke all the code in src/") is not one, and stays destructive. The words
 * are data.
 */

/** Constructs of source code, as their last word (or words) in the object's head. */
export const CODE_CONSTRUCTS = [
  'sleeps?', 'waits?', 'settimeouts?', 'timers? hacks?', 'console\\.logs?(?: calls?| lines?| statements?)?', 'print(?:ln)?s?(?: calls?| statements?)?', 'debug (?:prints?|statements?|output|lines?|logging)',
  'log(?:ging)? statements?', 'todos?(?: comments?)?', 'fixmes?', 'xxx comments?', 'comments?', 'commented-out (?:code|lines?|blocks?)', 'imports?', 'requires?',
  'helpers?', 'functions?', 'methods?', 'variables?', 'vars?', 'constants?', 'params?', 'parameters?', 'arguments?', 'workarounds?', 'hacks?', 'kludges?',
  'shims?', 'polyfills?', 'monkey-?patch(?:es)?', 'retry loops?', 'loops?', 'try/catch(?: blocks?)?', 'try-catch(?: blocks?)?', 'catch blocks?', 'if[- ]statements?',
  'conditionals?', 'stubs?', 'mocks?', 'spies', 'annotations?', 'decorators?', 'eslint-disable(?: comments?| lines?)?', 'ts-ignores?', '@ts-ignore(?: comments?)?',
  'lint suppressions?', 'type casts?', 'casts?', 'assertions?', 'dead code', 'unused code', 'duplicated code', 'copy-?pasted code', 'boilerplate', 'wrappers?',
  'indirection', 'abstractions?', 'classes', 'class', 'interfaces?', 'enums?', 'snippets?', 'feature flags?', 'flag checks?', 'null checks?', 'checks? for [\\w-]+',
] as const

/** Where the head of an object ends: its first preposition or conjunction. */
export const HEAD_END = /\s(?:in|from|of|inside|within|out|at|on|across|around|throughout|that|which|and|so|because|since|then|with|for|to|into|under|before|after|when)\b/

export const CONSTRUCT_HEAD = new RegExp(`(?:^|\\s)(?:${CODE_CONSTRUCTS.join('|').replaceAll(' ', '\\s+')})$`)

/** The object names a construct of source code by its head ("the flaky sleep", "all the leftover console.log calls"). */
export function codeConstruct(object: string): boolean {
  const text = object.trim().toLowerCase()
  const end = HEAD_END.exec(text)
  const head = (end ? text.slice(0, end.index) : text).replace(/[.,;:!?]+$/, '').trim()
  return head.split(/\s+/).length <= 6 && CONSTRUCT_HEAD.test(head)
}
