/**
 * Test results in the formats test runners write: JSON counts (govtool's own, mocha's and jest's JSON
 * reporters), JUnit XML and TAP. Each parser returns counts plus the test names, which verify searches for
 * requirement and test ids.
 */
import {InputError} from 'govtool/core'
import {XMLParser, XMLValidator} from 'fast-xml-parser'
import {z} from 'zod/v3'

export interface TestCounts {
  passed: number
  failed: number
  skipped: number
  total: number
  /** where the counts came from */
  format: 'json' | 'junit' | 'tap' | 'none'
  /** test names, for linking tests to requirements (not part of the JSON output) */
  names: string[]
}

const count = z.number().int().min(0)

/** `test_results` of the verification input: at least `passed` and `failed`; `failures` and `errors` add to failed. */
export const TestResultsSchema = z
  .object({
    passed: count,
    failed: count.default(0),
    failures: count.optional(),
    errors: count.optional(),
    skipped: count.optional(),
    total: count.optional(),
    names: z.array(z.string().max(1000)).max(100_000).optional(),
  })
  .passthrough()

export type TestResultsInput = z.input<typeof TestResultsSchema>

/** Counts from a validated `test_results` object: failed = failed + failures + errors. */
export function countsFromJson(value: z.infer<typeof TestResultsSchema>): TestCounts {
  const failed = value.failed + (value.failures ?? 0) + (value.errors ?? 0)
  const skipped = value.skipped ?? 0
  return {passed: value.passed, failed, skipped, total: value.total ?? value.passed + failed + skipped, format: 'json', names: value.names ?? []}
}

const MochaSchema = z.object({stats: z.object({passes: count, failures: count, pending: count.optional(), tests: count.optional()}).passthrough()}).passthrough()
const JestSchema = z.object({numPassedTests: count, numFailedTests: count, numPendingTests: count.optional(), numTotalTests: count.optional()}).passthrough()

function fromJsonText(text: string, source: string): TestCounts {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new InputError(`${source} is not valid JSON: ${(error as Error).message}`, {
      code: 'E_BAD_TEST_RESULTS',
      hint: 'Pass test results as JSON ({"passed": N, "failed": N}), JUnit XML or TAP.',
    })
  }
  const wrapped = z.object({test_results: z.unknown()}).passthrough().safeParse(data)
  const candidate = wrapped.success && wrapped.data.test_results !== undefined ? wrapped.data.test_results : data
  const own = TestResultsSchema.safeParse(candidate)
  if (own.success) return countsFromJson(own.data)
  const mocha = MochaSchema.safeParse(candidate)
  if (mocha.success) {
    const s = mocha.data.stats
    const names = z.array(z.object({fullTitle: z.string()}).passthrough()).safeParse((candidate as {tests?: unknown}).tests)
    return {passed: s.passes, failed: s.failures, skipped: s.pending ?? 0, total: s.tests ?? s.passes + s.failures + (s.pending ?? 0), format: 'json', names: names.success ? names.data.map((t) => t.fullTitle) : []}
  }
  const jest = JestSchema.safeParse(candidate)
  if (jest.success) {
    const j = jest.data
    return {passed: j.numPassedTests, failed: j.numFailedTests, skipped: j.numPendingTests ?? 0, total: j.numTotalTests ?? j.numPassedTests + j.numFailedTests, format: 'json', names: []}
  }
  const issue = own.error.issues[0]
  throw new InputError(`${source}: test results field '${issue.path.join('.') || '(top level)'}': ${issue.message}`, {
    code: 'E_BAD_TEST_RESULTS',
    hint: 'JSON test results need at least {"passed": N, "failed": N} (non-negative integers); mocha and jest JSON reports are read too.',
  })
}

type XmlNode = Record<string, unknown>

const asArray = (v: unknown): XmlNode[] => (Array.isArray(v) ? (v as XmlNode[]) : v === undefined || v === null || v === '' ? [] : [v as XmlNode])
const num = (v: unknown): number => {
  const n = Number(v)
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : 0
}

function fromJUnit(text: string, source: string): TestCounts {
  const valid = XMLValidator.validate(text)
  if (valid !== true) {
    throw new InputError(`${source}:${valid.err.line}: invalid JUnit XML: ${valid.err.msg}`, {
      code: 'E_BAD_TEST_RESULTS',
      line: valid.err.line,
      hint: 'Pass the XML file your test runner wrote (JUnit format: <testsuites>/<testsuite>/<testcase>).',
    })
  }
  const parser = new XMLParser({ignoreAttributes: false, attributeNamePrefix: '', processEntities: true, isArray: (name) => ['testsuite', 'testcase', 'failure', 'error', 'skipped'].includes(name)})
  const doc = parser.parse(text) as XmlNode
  const roots = [...asArray(doc.testsuites), ...asArray(doc.testsuite)]
  if (roots.length === 0) {
    throw new InputError(`${source} has no <testsuites> or <testsuite> element.`, {code: 'E_BAD_TEST_RESULTS', hint: 'Pass a JUnit XML report.'})
  }
  const out: TestCounts = {passed: 0, failed: 0, skipped: 0, total: 0, format: 'junit', names: []}
  let attrCounts = {tests: 0, failed: 0, skipped: 0}
  const walk = (suite: XmlNode) => {
    for (const tc of asArray(suite.testcase)) {
      const name = [tc.classname, tc.name].filter((x) => typeof x === 'string' && x).join('.')
      if (name) out.names.push(name)
      out.total++
      if (asArray(tc.failure).length > 0 || asArray(tc.error).length > 0) out.failed++
      else if (tc.skipped !== undefined) out.skipped++
      else out.passed++
    }
    for (const child of asArray(suite.testsuite)) walk(child)
  }
  for (const root of roots) {
    if (root.testsuite === undefined && root.testcase === undefined) {
      attrCounts = {tests: attrCounts.tests + num(root.tests), failed: attrCounts.failed + num(root.failures) + num(root.errors), skipped: attrCounts.skipped + num(root.skipped ?? root.disabled)}
    }
    walk(root)
  }
  if (out.total === 0 && attrCounts.tests > 0) {
    out.total = attrCounts.tests
    out.failed = attrCounts.failed
    out.skipped = attrCounts.skipped
    out.passed = Math.max(0, attrCounts.tests - attrCounts.failed - attrCounts.skipped)
  }
  return out
}

const TAP_LINE = /^(not )?ok\b\s*(\d+)?\s*(?:-\s*)?([^#]*?)\s*(?:#\s*(skip|todo)\b.*)?$/i

function fromTap(text: string): TestCounts {
  const out: TestCounts = {passed: 0, failed: 0, skipped: 0, total: 0, format: 'tap', names: []}
  let planned: number | undefined
  for (const raw of text.split(/\r?\n/)) {
    if (/^\s/.test(raw)) continue // subtests are summarised by their parent line
    const line = raw.trimEnd()
    const plan = /^1\.\.(\d+)/.exec(line)
    if (plan) {
      planned = Number(plan[1])
      continue
    }
    if (/^bail out!/i.test(line)) {
      out.failed++
      out.total++
      continue
    }
    const m = TAP_LINE.exec(line)
    if (!m) continue
    out.total++
    if (m[3]) out.names.push(m[3])
    const directive = m[4]?.toLowerCase()
    if (directive === 'skip' || (directive === 'todo' && m[1])) out.skipped++
    else if (m[1]) out.failed++
    else out.passed++
  }
  if (planned !== undefined && out.total < planned) {
    // tests the plan promised but never reported count as failures (a crash mid-run)
    out.failed += planned - out.total
    out.total = planned
  }
  return out
}

/** Parses a test report, detecting its format: JSON, JUnit XML (starts with `<`) or TAP. */
export function parseTestReport(text: string, source: string): TestCounts {
  const body = text.replace(/^\uFEFF/, '').trim()
  if (body === '') throw new InputError(`${source} is empty.`, {code: 'E_BAD_TEST_RESULTS', hint: 'Pass a JSON, JUnit XML or TAP test report.'})
  if (body.startsWith('{') || body.startsWith('[')) return fromJsonText(body, source)
  if (body.startsWith('<')) return fromJUnit(body, source)
  if (/^(TAP version \d+|1\.\.\d+|(?:not )?ok\b)/im.test(body)) return fromTap(body)
  throw new InputError(`${source} is not a test report govtool reads.`, {
    code: 'E_BAD_TEST_RESULTS',
    hint: 'Pass JSON counts ({"passed": N, "failed": N}), a JUnit XML report, or TAP output.',
  })
}
