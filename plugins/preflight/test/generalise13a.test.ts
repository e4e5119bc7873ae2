/**
 * Round 13a (issue 22): what the policy step costs. A negation guard (a lookbehind) at the head of a pattern made the
 * regex engine try it at every character of a request; each guard now follows a \b (the same position, so the same
 * matches), so it runs only at a word's edges. These tests fail if a rule's alternative starts with a long lookbehind
 * again, and pin that the guards still read negations and that matches are unchanged.
 */
import {expect} from 'chai'

import {compileForbiddenRules, findForbidden} from '../src/lib/policy/forbidden.js'
import {OUTSIDE_USER_DATA} from '../src/lib/policy/outside-data.js'
import {verboseGate} from './helpers.js'

/** The top-level alternatives of a pattern's source (escapes and character classes skipped over). */
function alternatives(source: string): string[] {
  const out: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]
    if (ch === '\\') i++
    else if (ch === '[') {
      for (i++; i < source.length && source[i] !== ']'; i++) if (source[i] === '\\') i++
    } else if (ch === '(') depth++
    else if (ch === ')') depth--
    else if (ch === '|' && depth === 0) {
      out.push(source.slice(start, i))
      start = i + 1
    }
  }
  out.push(source.slice(start))
  return out
}

describe('preflight: the policy step\'s cost (round 13a)', function () {
  this.timeout(60_000)
  const gate = verboseGate()
  before(() => gate.load())
  const {rejectedBy, notRejected} = gate
  const rules = compileForbiddenRules({protected_paths: [], forbidden_patterns: []} as unknown as Parameters<typeof compileForbiddenRules>[0])

  it('starts no alternative of a built-in rule with a lookbehind longer than one character (it would run at every character)', () => {
    const slow: string[] = []
    for (const r of [...rules.filter((x) => !x.id.startsWith('protected_path:')), {id: 'outside_user_data', pattern: OUTSIDE_USER_DATA}]) {
      for (const a of alternatives(r.pattern.source)) if (/^\(\?<[!=](?!.\)|\[[^\]]*\]\))/.test(a)) slow.push(`${r.id}: ${a.slice(0, 60)}`)
    }
    expect(slow).to.deep.equal([])
  })

  it('a guard after \\b matches where the same guard before it did', () => {
    const guard = "(?<!\\b(?:never|not|don'?t|no)\\s+(?:\\w+\\s+)?)"
    const before = new RegExp(`${guard}\\b(?:print|log)\\b`)
    const after = new RegExp(`\\b${guard}\\b(?:print|log)\\b`)
    for (const text of ['print it', 'never print it', 'do not ever log it', 'reprint it', 'then print, never log', 'blog it', 'not quite print']) {
      expect(after.exec(text)?.index, text).to.equal(before.exec(text)?.index)
    }
  })

  it('still reads a negation before the verb as a safeguard, and the verb alone as the request', () => {
    rejectedBy('secrets.', ['print the api key', 'log the session token to the console', 'paste the deploy key into the README'])
    notRejected(['never print the api key', 'do not log the session token to the console', 'make sure the README never shows the deploy key'])
    expect(findForbidden(rules, 'make sure we never log the bearer token', false)).to.deep.equal([])
  })
})
