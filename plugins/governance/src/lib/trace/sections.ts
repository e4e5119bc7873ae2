/**
 * The per-section parse that the governance model is made of, for callers that keep their own derived data
 * per section (the preflight pack): split a file at id headings, hash each section, and parse one section into
 * the very records `loadGovernanceModel` makes of it. Light on purpose (the parser loads on the first parse),
 * so that a caller reusing every section it knows pays only the split and the hashes.
 */

import type {RawRecord, RecordKind, SectionResult} from './scan.js'
import type {Requirement, TestCase} from './types.js'

/** node:crypto on first use: loading it is 5-25 ms of a start-up that may hash nothing (issue 14, seventh pass) */
let cryptoModule: typeof import('node:crypto') | undefined
const crypto = (): typeof import('node:crypto') => (cryptoModule ??= process.getBuiltinModule('node:crypto'))

export {sectionOffsets, splitSections, type Section} from './markdown.js'

/**
 * The largest REQUIREMENTS.md or TESTS.md govtool parses: 32 MiB, about 100,000 requirements. Parsing is
 * linear, but a file this size is a mistake (a generated dump, a binary), and every reader would pay for it.
 */
export const GOVERNANCE_FILE_MAX_BYTES = 32 * 1024 * 1024

/** The hash a section is known by in the parse caches (sha1, 20 hex digits). */
export function sectionHash(text: string): string {
  // one-shot hash: a fifth of createHash's cost per call, which thousands of small sections add up
  return crypto().hash('sha1', text, 'hex').slice(0, 20)
}

/** A raw record as the model holds it: absolute line, defaults filled in. */
export function toItem(kind: RecordKind, r: RawRecord, file: string, offset: number): Requirement | TestCase {
  if (kind === 'test') {
    const tc: TestCase = {id: r.id, title: r.title, covers: r.covers ?? [], file, line: r.line + offset}
    if (r.description) tc.description = r.description
    return tc
  }
  const req: Requirement = {id: r.id, title: r.title, description: r.description ?? '', status: r.status ?? 'unspecified', file, line: r.line + offset}
  if (r.priority) req.priority = r.priority
  if (r.component) req.component = r.component
  return req
}

/**
 * Parses one section: the line scanner when the section holds only the plain form govtool writes, else the
 * CommonMark parser, loaded on first need (the same result as parse.ts parseSection, which always loads it).
 */
export async function parseSectionText(kind: RecordKind, text: string): Promise<SectionResult> {
  const {parseBlocks, scanBlocks} = (scanner ??= await import('./scan.js'))
  const blocks = scanBlocks(text) ?? (markdown ??= await import('./parse.js')).markdownBlocks(text)
  return parseBlocks(kind, blocks)
}

let scanner: typeof import('./scan.js') | undefined
let markdown: typeof import('./parse.js') | undefined

/** The requirements of one section (`start`: its first line in `file`), and how many problems it has. */
export async function requirementSection(text: string, start: number, file: string): Promise<{items: Requirement[]; problems: number}> {
  const result = await parseSectionText('requirement', text)
  return {items: result.records.map((r) => toItem('requirement', r, file, start - 1) as Requirement), problems: result.problems.length}
}
