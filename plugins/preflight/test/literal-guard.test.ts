/**
 * Literal guards (policy/literal-guard.ts) only ever turn away text their pattern cannot match: over every corpus
 * request, lower-cased, and every clause the analysis reads out of it, a guarded pattern that matches is never turned
 * away by its guard; the same holds for the guards of the analysis passes that read every clause (destroyed-outcome,
 * empty-task, reported-material, code-reads, read-then-change), so that guarding one later is safe; a guard keeps its
 * pattern's case folding and never moves a global pattern's `lastIndex`. Nothing here is timed.
 */
import {readFileSync} from 'node:fs'

import {expect} from 'chai'

import {analyseRequest} from '../src/lib/analyse/intent.js'
import * as codeReads from '../src/lib/analyse/code-reads.js'
import * as destroyedOutcome from '../src/lib/analyse/destroyed-outcome.js'
import * as emptyTask from '../src/lib/analyse/empty-task.js'
import * as readThenChange from '../src/lib/analyse/read-then-change.js'
import * as reportedMaterial from '../src/lib/analyse/reported-material.js'
import {GUARDED_PATTERNS, guardedExec, literalGuard} from '../src/lib/policy/literal-guard.js'
import {OUTSIDE_USER_DATA} from '../src/lib/policy/outside-data.js'
import {machineCode} from '../src/lib/policy/machine-code.js'

const corpus = (): string[] => {
  const lines = readFileSync(new URL('corpus/requests.tsv', import.meta.url), 'utf8').split('\n')
  return lines.filter((l) => l && !l.startsWith('#')).map((l) => l.split('\t').slice(2).join('\t'))
}

/** Every RegExp a module exports, in arrays and tuples too. */
function patternsOf(module: object): RegExp[] {
  const out: RegExp[] = []
  const walk = (value: unknown, depth: number): void => {
    if (value instanceof RegExp) out.push(value)
    else if (Array.isArray(value) && depth < 3) for (const v of value) walk(v, depth + 1)
  }
  for (const value of Object.values(module)) walk(value, 0)
  return out
}

/** Asserts that each pattern's literal guard lets through every text the pattern matches; returns how many matched. */
function guardKeepsMatches(patterns: Iterable<RegExp>, texts: Iterable<string>): number {
  let matched = 0
  for (const pattern of patterns) {
    const re = machineCode(new RegExp(pattern.source, pattern.flags.replaceAll(/[gy]/g, '')))
    const guard = literalGuard(pattern)
    for (const text of texts) {
      if (!re.test(text)) continue
      matched++
      expect(guard(text), `${pattern.source.slice(0, 40)}... matches "${text}"`).to.equal(true)
    }
  }
  return matched
}

describe('literal guards', () => {
  it('keep the pattern\'s flags, read only needed words, and move no lastIndex', () => {
    expect(literalGuard(/\bapi\s+key\b/i)('print the API KEY')).to.equal(true)
    expect(literalGuard(/\bapi\s+key\b/)('print the API KEY')).to.equal(false)
    expect(literalGuard(/\b(?:print|show)\s+(?:the\s+)?token\b|\bleak\b/)('show me the token')).to.equal(true)
    expect(literalGuard(/\b(?:print|show)\s+(?:the\s+)?token\b|\bleak\b/)('show me the key')).to.equal(false)
    expect(literalGuard(/\b(?:print|show)\s+(?:the\s+)?token\b|\bleak\b/)('a leak')).to.equal(true)
    // an alternative that needs no literal: the pattern always runs
    expect(literalGuard(/\btoken\b|\w+ing/)('nothing here')).to.equal(true)
    const global = /\btoken\b/g
    global.lastIndex = 3
    literalGuard(global)('a token and a token')
    expect(global.lastIndex).to.equal(3)
    expect(guardedExec(OUTSIDE_USER_DATA, "make search also look through the user's email inbox")?.[0]).to.contain('inbox')
    expect(guardedExec(OUTSIDE_USER_DATA, 'fix the sync queue')).to.equal(null)
  })

  it('never turn away a guarded pattern that matches a corpus request or one of its clauses', () => {
    const requests = corpus()
    expect(requests.length).to.be.greaterThan(3000)
    const texts = new Set<string>()
    for (const request of requests) {
      texts.add(request.toLowerCase())
      for (const clause of analyseRequest(request).clauses) texts.add(clause.text.toLowerCase())
    }
    expect(guardKeepsMatches(GUARDED_PATTERNS, texts)).to.be.greaterThan(10)
  })

  it('would be sound for the patterns of the passes that read every clause', () => {
    const texts = corpus().map((r) => r.toLowerCase())
    const patterns = [codeReads, destroyedOutcome, emptyTask, readThenChange, reportedMaterial].flatMap((module) => patternsOf(module))
    expect(guardKeepsMatches(patterns, texts)).to.be.greaterThan(100)
  })
})
