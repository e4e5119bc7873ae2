/**
 * The `--stress` pass: critical findings about the request and the requirements it targets, which a
 * careful reviewer would raise before work starts. It never changes the decision; it explains risk.
 * - conflicting_requirements: two requirements on the same topic with opposite polarity (must / must not)
 *   or opposite terms (enable / disable, always / never, sync / async...);
 * - vague_terms: unmeasurable words ("fast", "user-friendly", "robust") in the request or a requirement;
 * - missing_acceptance_criteria: a targeted requirement with nothing testable in it;
 * - untested_requirement: a targeted requirement no test covers;
 * - scope_too_broad: the request matches many requirements, spans several components, or says "everything".
 */
import type {RequestAnalysis} from './analyse/intent.js'
import type {RequirementIndex, ScopeRequirement} from './scope-index.js'
import type {ScopeResult} from './scope.js'
import type {PreflightSnapshot} from './snapshot.js'
import {terms} from './text/tokens.js'
import type {StressWarning} from './types.js'

const VAGUE =
  /\b(fast(?:er)?|quick(?:ly|er)?|user[- ]friendly|easy|easier|intuitive|robust|scalable|efficient(?:ly)?|better|optimal(?:ly)?|seamless(?:ly)?|flexible|simple|simpler|etc|various|appropriate(?:ly)?|as needed|and\/or|modern|reasonable|reasonably|several|many|few|nice|clean(?:er)?|good|properly|somehow|stuff|things|some|adequate(?:ly)?|sufficient(?:ly)?|minimal|maximal|state[- ]of[- ]the[- ]art|best practices?|high[- ]quality|lightweight|powerful|smooth(?:ly)?|responsive|secure(?:ly)?|as soon as possible|asap|if possible|where possible|normally|usually|generally)\b/gi

const MEASURABLE =
  /\d|\b(exit(?:s| code)?|returns?|responds?|rejects?|displays?|prints?|writes?|errors?|within|at least|at most|less than|more than|no more than|equal|given|when|then|fails?|succeeds?|contains?|matches|lists?|includes?|excludes?|appends?|creates?|deletes?|refuses?|accepts?|validates?|reports?)\b/i
const MODAL = /\b(shall|must|will|should|may not|is required to)\b/i

const NEGATION = /\b(must not|shall not|should not|will not|may not|cannot|can't|never|disallows?|forbids?|forbidden|prohibits?|prohibited|den(?:y|ies)|disables?|disabled|rejects?|no longer|not allowed)\b/i

const ANTONYMS: readonly [RegExp, RegExp][] = [
  [/\benabl\w*/i, /\bdisabl\w*/i],
  [/\ballow\w*/i, /\b(den(?:y|ies|ied)|forbid\w*|prohibit\w*|disallow\w*)/i],
  [/\balways\b/i, /\bnever\b/i],
  [/\b(synchronous(?:ly)?|sync)\b/i, /\b(asynchronous(?:ly)?|async)\b/i],
  [/\b(required|mandatory)\b/i, /\boptional\b/i],
  [/\baccept\w*/i, /\breject\w*/i],
  [/\bencrypt\w*/i, /\b(plain ?text|unencrypted)\b/i],
  [/\bonline\b/i, /\boffline\b/i],
  [/\binclud\w*/i, /\bexclud\w*/i],
  [/\bpublic\b/i, /\bprivate\b/i],
  [/\bshow\w*/i, /\bhid(?:e|es|den|ing)\b/i],
  [/\bpersist\w*/i, /\b(ephemeral|in-memory only|never stored)\b/i],
]

/** Words that carry polarity, not topic: left out when deciding whether two requirements share a topic. */
const POLARITY_TERMS = new Set(terms('enable disable allow deny forbid prohibit disallow always never sync async synchronous asynchronous required mandatory optional accept reject encrypt plaintext unencrypted online offline include exclude public private show hide persist ephemeral cannot'))

function vagueIn(text: string): string[] {
  return [...new Set([...text.matchAll(VAGUE)].map((m) => m[0].toLowerCase()))]
}

function topicTerms(index: RequirementIndex, i: number): Set<string> {
  const out = new Set<string>()
  for (const t of index.termsOf(i).keys()) if (!POLARITY_TERMS.has(t)) out.add(t)
  return out
}

function fullText(r: ScopeRequirement): string {
  return `${r.title}. ${r.description}`
}

/** Why two requirements conflict, or undefined. `shared`: topic terms they have in common. */
function conflict(a: ScopeRequirement, b: ScopeRequirement, shared: number): string[] | undefined {
  if (shared < 2) return undefined
  const ta = fullText(a)
  const tb = fullText(b)
  const na = NEGATION.test(ta)
  const nb = NEGATION.test(tb)
  for (const [x, y] of ANTONYMS) {
    const xa = x.exec(ta)?.[0]
    const yb = y.exec(tb)?.[0]
    if (xa && yb && !y.test(ta) && !x.test(tb)) return [xa.toLowerCase(), yb.toLowerCase()]
    const xb = x.exec(tb)?.[0]
    const ya = y.exec(ta)?.[0]
    if (xb && ya && !y.test(tb) && !x.test(ta)) return [ya.toLowerCase(), xb.toLowerCase()]
  }
  if (shared >= 3 && na !== nb && MODAL.test(ta) && MODAL.test(tb)) {
    const neg = (na ? NEGATION.exec(ta) : NEGATION.exec(tb))![0].toLowerCase()
    return [neg, 'without negation']
  }
  return undefined
}

/** Requirements sharing at least two topic terms with requirement `i` (its likely neighbours), at most 20. */
function neighbours(index: RequirementIndex, i: number): number[] {
  const topic = topicTerms(index, i)
  const shared = new Map<number, number>()
  for (const t of topic) {
    const p = index.postings(t)
    if (!p || p.idx.length > 500) continue // a term on most requirements says nothing about a shared topic
    for (const j of p.idx) if (j !== i && index.eligible[j]) shared.set(j, (shared.get(j) ?? 0) + 1)
  }
  return [...shared]
    .filter(([, c]) => c >= 2)
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, 20)
    .map(([j]) => j)
}

export function stressPass(snapshot: PreflightSnapshot, analysis: RequestAnalysis, scope: ScopeResult): StressWarning[] {
  const {index, policy} = snapshot
  const warnings: StressWarning[] = []
  const targeted = scope.requirement_ids.map((id) => index.lookup(id)).filter((i): i is number => i !== undefined)

  const seenPairs = new Set<string>()
  for (const i of targeted) {
    for (const j of [...targeted.filter((k) => k !== i), ...neighbours(index, i)]) {
      const key = i < j ? `${i}:${j}` : `${j}:${i}`
      if (seenPairs.has(key)) continue
      seenPairs.add(key)
      const a = index.requirement(i)
      const b = index.requirement(j)
      const ti = topicTerms(index, i)
      let shared = 0
      for (const t of topicTerms(index, j)) if (ti.has(t)) shared++
      const why = conflict(a, b, shared)
      if (!why) continue
      warnings.push({
        kind: 'conflicting_requirements',
        severity: 'critical',
        message: `${a.id} and ${b.id} concern the same topic but point opposite ways ("${why[0]}" vs "${why[1]}"); resolve the conflict before changing either.`,
        requirement_ids: [a.id, b.id],
        terms: why,
      })
    }
  }

  const requestVague = vagueIn(analysis.text)
  if (requestVague.length > 0) {
    warnings.push({
      kind: 'vague_terms',
      severity: 'critical',
      message: `The request uses unmeasurable terms (${requestVague.join(', ')}): say what "done" means in numbers or observable behaviour.`,
      requirement_ids: [],
      terms: requestVague,
    })
  }
  for (const i of targeted) {
    const r = index.requirement(i)
    const vague = vagueIn(fullText(r))
    if (vague.length > 0) {
      warnings.push({kind: 'vague_terms', severity: 'critical', message: `${r.id} uses unmeasurable terms (${vague.join(', ')}).`, requirement_ids: [r.id], terms: vague})
    }
    const description = r.description.trim()
    if (description.split(/\s+/).filter(Boolean).length < 6 || !(MODAL.test(description) || MEASURABLE.test(description))) {
      warnings.push({
        kind: 'missing_acceptance_criteria',
        severity: 'critical',
        message: `${r.id} has no testable acceptance criteria in its description: state the observable result (output, exit code, limit) that proves it done.`,
        requirement_ids: [r.id],
        terms: [],
      })
    }
    if (index.testsCovering(r.id).length === 0) {
      warnings.push({kind: 'untested_requirement', severity: 'critical', message: `No test in docs/TESTS.md covers ${r.id}: add one before changing it.`, requirement_ids: [r.id], terms: []})
    }
  }

  const broadWords = [...new Set([...analysis.lower.matchAll(/\b(everything|all of it|entire|whole|every|all (?:the )?(?:files|modules|components|requirements|code))\b/g)].map((m) => m[0]))]
  const components = new Set(targeted.map((i) => index.requirement(i).component?.toLowerCase()).filter(Boolean))
  const max = policy.preflight.scope.max_requirements
  if (scope.candidates > max * 2 || components.size >= 3 || (broadWords.length > 0 && analysis.intent !== 'read_only')) {
    const reasons = [
      scope.candidates > max * 2 ? `${scope.candidates} requirements match (only the top ${max} are in scope)` : '',
      components.size >= 3 ? `it spans ${components.size} components` : '',
      broadWords.length > 0 && analysis.intent !== 'read_only' ? `it says ${broadWords.map((w) => `"${w}"`).join(', ')}` : '',
    ].filter(Boolean)
    warnings.push({
      kind: 'scope_too_broad',
      severity: 'critical',
      message: `The request is too broad: ${reasons.join('; ')}. Split it into one request per requirement.`,
      requirement_ids: scope.requirement_ids,
      terms: broadWords,
    })
  }
  return warnings
}
