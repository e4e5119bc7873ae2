/** The records govtool reads from the governance files (docs/REQUIREMENTS.md, docs/TESTS.md, LEDGER.md). */

/** A requirement parsed from docs/REQUIREMENTS.md (or the legacy root-level REQUIREMENTS.md). */
export interface Requirement {
  id: string
  title: string
  description: string
  /** as written, lower-cased (`draft`, `approved`, `implemented`...); `unspecified` when the entry has none */
  status: string
  priority?: string
  component?: string
  /** project-relative path of the file that defines it */
  file: string
  /** 1-based line of its heading */
  line: number
}

/** A test case parsed from docs/TESTS.md (or the legacy root-level TESTS.md). */
export interface TestCase {
  id: string
  title: string
  /** requirement ids named by `Covers:` / `Requirement ID:` */
  covers: string[]
  description?: string
  file: string
  line: number
}

/** Something in a governance file that could not be read as intended; always names file and line. */
export interface ParseProblem {
  file: string
  line: number
  message: string
}

export interface GovernanceModel {
  requirements: Requirement[]
  tests: TestCase[]
  problems: ParseProblem[]
}

export interface Coverage {
  /** non-draft requirement ids covered by at least one test */
  covered: string[]
  /** non-draft requirement ids no test covers */
  uncovered: string[]
  /** a test naming a requirement that does not exist */
  orphans: {test: string; requirement: string}[]
  /** covered / non-draft requirements as a percentage with one decimal (0 when there are none) */
  percent: number
}

/** Requirement ids: REQ-001, REQ-CLI-001. */
export const REQ_ID = /^REQ-(?:[A-Z][A-Z0-9_]*-)?\d+$/
/** Test ids: TEST-001, TEST-CLI-001, TEST-012a. */
export const TEST_ID = /^TEST-(?:[A-Z][A-Z0-9_]*-)?\d+[a-z]?$/
