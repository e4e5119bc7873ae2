/**
 * `req edit`, `req remove`, `test add`, `test edit`, `test remove`: corrections to docs/REQUIREMENTS.md and
 * docs/TESTS.md without editing Markdown by hand. Each is a locked read-modify-write of the file, written
 * atomically, that rewrites only the lines of the entry it changes, in the entry's own style (entry-text.ts).
 * Removing a requirement is recorded in the ledger; removing one that shipped (or is kept for the record)
 * needs a reason.
 */
import {checkWritePath, GovError, InputError, NotFoundError, isRecordedStatus, readTextIfExists, withLock, writeFileAtomic, type ProjectContext, redactDeep} from 'govtool/core'

import {entryFields, entrySpan, joinLines, removeEntry, setEntryField, setEntryTitle, splitLines, type EntrySpan} from './entry-text.js'
import {appendMarkdownBlock, formatTestCase} from './format.js'
import {appendLedgerEntry, ledgerAuthor} from './ledger.js'
import type {LedgerEntry} from './ledger-format.js'
import {squash} from './markdown.js'
import {LABELS, parseSection} from './parse.js'
import {governanceSources, isDraft, loadGovernanceModel} from './model.js'
import {TESTS_HEADER, checkRequirementId, checkedPriority, checkedStatus} from './requirements.js'
import {TEST_ID, type GovernanceModel, type Requirement, type TestCase} from './types.js'

// the labels the parser reads, so an edit finds every field the parser does
const REQUIREMENT_LABELS = LABELS.requirement
const TEST_LABELS = LABELS.test

export interface RequirementEdit {
  title?: string
  description?: string
  status?: string
  priority?: string
  component?: string
}

export interface TestEdit {
  title?: string
  description?: string
  covers?: readonly string[]
}

function requirementNotFound(id: string, file: string): NotFoundError {
  return new NotFoundError(`${id} is not in ${file}.`, {hint: '`govtool req list` shows the requirement ids.'})
}

function testNotFound(id: string, file: string): NotFoundError {
  return new NotFoundError(`${id} is not in ${file}.`, {hint: '`govtool req trace` shows the tests of each requirement.'})
}

function nothingToChange(what: string, flags: string): InputError {
  return new InputError(`Nothing to change: give at least one of ${flags}.`, {code: 'E_INPUT', hint: `e.g. govtool ${what}`})
}

/** Refuses to edit an entry the parser could not read cleanly: the edit might land in the wrong place. */
function checkEntryReadable(model: GovernanceModel, file: string, span: EntrySpan): void {
  const problem = model.problems.find((p) => p.file === file && p.line >= span.start + 1 && p.line <= span.end)
  if (problem) {
    throw new GovError(`${problem.file}:${problem.line}: ${problem.message}; fix it by hand before editing this entry.`, {
      code: 'E_GOVERNANCE_PARSE',
      file: problem.file,
      line: problem.line,
      hint: 'Entries are a "## REQ-ID. Title" (or "### TEST-ID. Title") heading followed by "- **Field:** value" bullets.',
    })
  }
}

async function readEntryFile(file: string): Promise<string[]> {
  return splitLines((await readTextIfExists(file)) ?? '')
}

/** A requirement's changed fields, and the requirement as the parser now reads it. */
export interface RequirementEditResult {
  requirement: Requirement
  changed: string[]
}

/** `req edit ID`: changes the given fields of a requirement in place. */
export async function editRequirement(ctx: ProjectContext, id: string, edit: RequirementEdit): Promise<RequirementEditResult> {
  checkRequirementId(id)
  // free text lands in REQUIREMENTS.md and every cache and report derived from it
  edit = redactDeep(edit)
  const values: Record<string, string> = {}
  if (edit.status !== undefined) values.status = checkedStatus(edit.status)
  if (edit.priority !== undefined) values.priority = checkedPriority(edit.priority)
  if (edit.description !== undefined) values.description = squash(edit.description)
  if (edit.component !== undefined) values.component = squash(edit.component)
  const title = edit.title === undefined ? undefined : squash(edit.title)
  if (Object.keys(values).length === 0 && title === undefined) {
    throw nothingToChange(`req edit ${id} --status implemented`, '--title, --description, --status, --priority, --component')
  }
  for (const [field, value] of Object.entries(values)) {
    if (value === '') throw new InputError(`--${field} must not be empty.`, {code: 'E_INPUT', hint: `Give ${id} a ${field}.`})
  }
  const file = (await governanceSources(ctx)).requirements
  return withLock(file, async () => {
    const model = await loadGovernanceModel(ctx)
    const found = model.requirements.find((r) => r.id === id)
    if (!found) throw requirementNotFound(id, ctx.relative(file))
    let lines = await readEntryFile(file)
    let span = entrySpan(lines, found.line)
    checkEntryReadable(model, found.file, span)
    const changed: string[] = []
    const labels: Record<string, string> = {description: 'Description', status: 'Status', priority: 'Priority', component: 'Component'}
    for (const [field, value] of Object.entries(values)) {
      ;({lines, span} = setEntryField(lines, span, REQUIREMENT_LABELS, field, labels[field], value))
      changed.push(field)
    }
    if (title !== undefined) {
      if (entryFields(lines, span, REQUIREMENT_LABELS).has('title')) ({lines, span} = setEntryField(lines, span, REQUIREMENT_LABELS, 'title', 'Title', title))
      else lines = setEntryTitle(lines, span, id, title)
      changed.push('title')
    }
    await writeFileAtomic(file, joinLines(lines))
    // written: a failing read-back must not turn it into a failed command
    const requirement = (await loadGovernanceModel(ctx).catch(() => undefined))?.requirements.find((r) => r.id === id) ?? found
    return {requirement, changed}
  })
}

export interface RequirementRemoval {
  requirement: Requirement
  /** tests whose Covers still names it (now orphan references) */
  covering_tests: string[]
  /** the ledger entry that records the removal */
  ledger_entry: LedgerEntry
}

/**
 * `req remove ID`: removes the requirement's entry and records the removal in the ledger. A requirement that
 * shipped or is kept for the record (implemented, verified, frozen, deprecated, superseded, withdrawn) needs
 * a reason, which the ledger entry carries.
 */
export async function removeRequirement(ctx: ProjectContext, id: string, options: {reason?: string} = {}): Promise<RequirementRemoval> {
  checkRequirementId(id)
  const reason = squash(options.reason ?? '')
  const file = (await governanceSources(ctx)).requirements
  const removed = await withLock(file, async () => {
    const model = await loadGovernanceModel(ctx)
    const found = model.requirements.find((r) => r.id === id)
    if (!found) throw requirementNotFound(id, ctx.relative(file))
    if (isRecordedStatus(found.status) && !reason) {
      throw new InputError(`${id} is ${found.status}: removing it needs a reason, which the ledger records.`, {
        code: 'E_NEEDS_REASON',
        hint: `govtool req remove ${id} --reason "<why it no longer applies>" (or mark it withdrawn or superseded with \`govtool req edit ${id} --status withdrawn\` to keep it on record).`,
      })
    }
    const lines = await readEntryFile(file)
    const span = entrySpan(lines, found.line)
    checkEntryReadable(model, found.file, span)
    // the ledger entry follows the removal: refuse before removing when it could not be written (E_SYMLINK)
    checkWritePath(ctx.file('ledger'))
    await writeFileAtomic(file, joinLines(removeEntry(lines, span)))
    return {requirement: found, covering: model.tests.filter((t) => t.covers.includes(id)).map((t) => t.id)}
  })
  const entry = await appendLedgerEntry(ctx, {
    description: `Removed requirement ${id} (${removed.requirement.status})${removed.requirement.title ? `: ${removed.requirement.title}` : ''}`,
    type: 'requirement_removed',
    author: await ledgerAuthor(ctx),
    reqs: [id],
    ...(reason ? {fields: {Reason: reason}} : {}),
  })
  return {requirement: removed.requirement, covering_tests: removed.covering, ledger_entry: entry}
}

/** Checks test ids and the requirements a test covers (each must exist). */
function checkCovers(model: GovernanceModel, covers: readonly string[], file: string): string[] {
  const ids = [...new Set(covers.map((c) => c.trim()).filter(Boolean))]
  if (ids.length === 0) throw new InputError('A test must cover at least one requirement.', {code: 'E_INPUT', hint: 'Pass --covers REQ-001 (comma-separated for several).'})
  for (const id of ids) checkRequirementId(id)
  const known = new Set(model.requirements.map((r) => r.id))
  const unknown = ids.filter((id) => !known.has(id))
  if (unknown.length > 0) {
    throw new NotFoundError(`${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not in ${file}: a test can only cover requirements that exist.`, {
      hint: 'Add the requirement first (`govtool req add`), or correct the id (`govtool req list`).',
    })
  }
  return ids
}

function checkTestId(id: string): void {
  if (!TEST_ID.test(id)) {
    throw new InputError(`Malformed test id "${id}".`, {
      code: 'E_BAD_TEST_ID',
      hint: 'Test ids are TEST-<number> or TEST-<COMPONENT>-<number>, optionally with a lower-case letter: TEST-001, TEST-CLI-001, TEST-012a.',
    })
  }
}

/** `test add ID --covers ...`: appends a test (style B) to docs/TESTS.md. */
export async function addTest(ctx: ProjectContext, input: {id: string; covers: readonly string[]; title?: string; description?: string}): Promise<TestCase> {
  checkTestId(input.id)
  input = redactDeep(input)
  const sources = await governanceSources(ctx)
  const file = sources.tests
  return withLock(file, async () => {
    const model = await loadGovernanceModel(ctx)
    const existing = model.tests.find((t) => t.id === input.id)
    if (existing) {
      throw new GovError(`${input.id} already exists (${existing.file}:${existing.line}).`, {
        code: 'E_EXISTS',
        file: existing.file,
        line: existing.line,
        hint: `Change it with \`govtool test edit ${input.id}\`, or choose the next free id.`,
      })
    }
    const covers = checkCovers(model, input.covers, ctx.relative(sources.requirements))
    const text = (await readTextIfExists(file)) ?? TESTS_HEADER
    const block = formatTestCase({id: input.id, title: input.title, description: input.description, covers})
    // checked before it is written: a command that fails leaves the file as it was
    const parsed = parseSection('test', block).records.find((r) => r.id === input.id)
    if (!parsed) throw new GovError(`${input.id} would not read back from ${ctx.relative(file)} as written; nothing was written.`, {code: 'E_GOVERNANCE_PARSE', hint: 'Reword the title or description (markdown headings or list syntax in them can break the entry).'})
    const next = appendMarkdownBlock(text, block)
    await writeFileAtomic(file, next)
    const added = (await loadGovernanceModel(ctx).catch(() => undefined))?.tests.find((t) => t.id === input.id)
    const line = next.split('\n').length - block.split('\n').length + 1
    return added ?? {id: input.id, title: parsed.title, covers: parsed.covers ?? covers, ...(parsed.description ? {description: parsed.description} : {}), file: ctx.relative(file), line}
  })
}

/** `test edit ID`: changes the title, description or covered requirements of a test in place. */
export async function editTest(ctx: ProjectContext, id: string, edit: TestEdit): Promise<{test: TestCase; changed: string[]}> {
  checkTestId(id)
  edit = redactDeep(edit)
  if (edit.title === undefined && edit.description === undefined && edit.covers === undefined) {
    throw nothingToChange(`test edit ${id} --covers REQ-001,REQ-002`, '--title, --description, --covers')
  }
  const sources = await governanceSources(ctx)
  const file = sources.tests
  return withLock(file, async () => {
    const model = await loadGovernanceModel(ctx)
    const found = model.tests.find((t) => t.id === id)
    if (!found) throw testNotFound(id, ctx.relative(file))
    let lines = await readEntryFile(file)
    let span = entrySpan(lines, found.line)
    checkEntryReadable(model, found.file, span)
    const changed: string[] = []
    if (edit.covers !== undefined) {
      const covers = checkCovers(model, edit.covers, ctx.relative(sources.requirements))
      ;({lines, span} = setEntryField(lines, span, TEST_LABELS, 'covers', 'Covers', covers.join(', ')))
      changed.push('covers')
    }
    if (edit.description !== undefined) {
      ;({lines, span} = setEntryField(lines, span, TEST_LABELS, 'description', 'Description', squash(edit.description)))
      changed.push('description')
    }
    if (edit.title !== undefined) {
      if (entryFields(lines, span, TEST_LABELS).has('title')) ({lines, span} = setEntryField(lines, span, TEST_LABELS, 'title', 'Title', squash(edit.title)))
      else lines = setEntryTitle(lines, span, id, squash(edit.title))
      changed.push('title')
    }
    await writeFileAtomic(file, joinLines(lines))
    return {test: (await loadGovernanceModel(ctx).catch(() => undefined))?.tests.find((t) => t.id === id) ?? found, changed}
  })
}

/** `test remove ID`: removes the test's entry; returns it and the requirements no test covers any more. */
export async function removeTest(ctx: ProjectContext, id: string): Promise<{test: TestCase; uncovered: string[]}> {
  checkTestId(id)
  const file = (await governanceSources(ctx)).tests
  return withLock(file, async () => {
    const model = await loadGovernanceModel(ctx)
    const found = model.tests.find((t) => t.id === id)
    if (!found) throw testNotFound(id, ctx.relative(file))
    const lines = await readEntryFile(file)
    const span = entrySpan(lines, found.line)
    checkEntryReadable(model, found.file, span)
    await writeFileAtomic(file, joinLines(removeEntry(lines, span)))
    const stillCovered = new Set(model.tests.filter((t) => t.id !== id).flatMap((t) => t.covers))
    const live = new Set(model.requirements.filter((r) => !isDraft(r)).map((r) => r.id))
    return {test: found, uncovered: found.covers.filter((r) => !stillCovered.has(r) && live.has(r))}
  })
}
