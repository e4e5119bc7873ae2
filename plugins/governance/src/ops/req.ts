import {DEFAULT_REQUIREMENT_STATUS, RECORDED_REQUIREMENT_STATUSES, REQUIREMENT_PRIORITIES, REQUIREMENT_STATUSES, defineOperation, lazySchema} from 'govtool/core'
import {z} from 'zod/v3'

import {findingsExit, plainTable, warnProblems} from '../lib/trace/present.js'
import {ReqAddResultSchema, ReqEditResultSchema, ReqGapsResultSchema, ReqListResultSchema, ReqOrphansResultSchema, ReqRemoveResultSchema, ReqTraceResultSchema} from './schemas.js'

const PROBLEMS_EXIT = 'A malformed entry in docs/REQUIREMENTS.md or docs/TESTS.md is reported with its file and line, and the command exits 1 (the result covers the entries that could be read).'

/** Exit 1 when the governance files had entries that could not be read. */
const problemsExit = (r: {problems: unknown[]}) => (r.problems.length > 0 ? 1 : 0)

export const reqAddOp = defineOperation({
  id: 'req.add',
  summary: 'Add a requirement to docs/REQUIREMENTS.md.',
  description: `Appends the requirement in the standard form: a "## REQ-ID. Title" heading with ID, Description, Status, Priority and Component bullets. The file is locked while it is read and written, so concurrent adds never lose one.

Refuses a malformed id (exit 2; ids are REQ-<number> or REQ-<COMPONENT>-<number>), a status or priority that is not in the lists below (exit 2) and an id that already exists (exit 1, naming where).

The new requirement needs a test that covers it: \`govtool req gaps\` lists it until a test in docs/TESTS.md names it in "Covers:".`,
  examples: [
    '<%= config.bin %> req add REQ-CLI-003 --component cli --priority P1 --description "The CLI prints its version with --version."',
    '<%= config.bin %> req add REQ-007 --title "Export" --description "..." --status draft',
  ],
  project: true,
  effect: 'write',
  input: lazySchema(() => z.object({
    id: z.string().describe('Requirement id, e.g. REQ-001 or REQ-CLI-001.'),
    description: z.string().optional().describe('What the system must do, stated so that a test can check it.'),
    title: z.string().optional().describe('Short title (default: the first sentence of the description).'),
    component: z.string().optional().describe('Component the requirement belongs to.'),
    priority: z.string().optional().describe(`Priority: ${REQUIREMENT_PRIORITIES.join(', ')}.`),
    status: z.string().default(DEFAULT_REQUIREMENT_STATUS).describe(`Status: ${REQUIREMENT_STATUSES.join(', ')} (draft requirements are left out of coverage).`),
  })),
  cli: {fields: {id: {arg: true}, description: {char: 'd'}, component: {char: 'c'}, priority: {char: 'p'}}},
  result: ReqAddResultSchema,
  async run(ctx, input) {
    const {addRequirement} = await import('../lib/trace/requirements.js')
    return {requirement: await addRequirement(ctx.project(), input)}
  },
  render: ({requirement: r}) => `Added ${r.id} to ${r.file}:${r.line}.`,
})

const STATUSES_TEXT = `Statuses: ${REQUIREMENT_STATUSES.join(', ')}. Priorities: ${REQUIREMENT_PRIORITIES.join(', ')}.`

export const reqEditOp = defineOperation({
  id: 'req.edit',
  summary: "Change a requirement's title, description, status, priority or component in docs/REQUIREMENTS.md.",
  description: `Rewrites only the lines of the fields given, in the style the entry is written in (either style of the older tool is kept as it is); a field the entry lacks is added after its other fields. Notes, sub-sections and every other entry stay as they were. The file is locked while it is read and written.

${STATUSES_TEXT} An unknown one exits 2 and names the list; an id that is not in the file exits 1.`,
  examples: [
    '<%= config.bin %> req edit REQ-CORE-001 --status implemented',
    '<%= config.bin %> req edit REQ-CORE-002 --priority P1 --title "core: invalid input is refused" --json',
  ],
  project: true,
  effect: 'write',
  input: lazySchema(() => z.object({
    id: z.string().describe('Requirement id, e.g. REQ-CLI-001.'),
    title: z.string().optional().describe('New title (in the heading).'),
    description: z.string().optional().describe('New description.'),
    status: z.string().optional().describe(`New status: ${REQUIREMENT_STATUSES.join(', ')}.`),
    priority: z.string().optional().describe(`New priority: ${REQUIREMENT_PRIORITIES.join(', ')}.`),
    component: z.string().optional().describe('New component.'),
  })),
  cli: {fields: {id: {arg: true}, description: {char: 'd'}, component: {char: 'c'}, priority: {char: 'p'}, status: {char: 's'}}},
  result: ReqEditResultSchema,
  async run(ctx, input) {
    const {editRequirement} = await import('../lib/trace/edit.js')
    const {id, ...edit} = input
    return editRequirement(ctx.project(), id, edit)
  },
  render: ({requirement: r, changed}) => `Changed ${changed.join(', ')} of ${r.id} (${r.file}:${r.line}).`,
})

export const reqRemoveOp = defineOperation({
  id: 'req.remove',
  summary: 'Remove a requirement from docs/REQUIREMENTS.md, recording the removal in the ledger.',
  description: `Removes the requirement's entry (its heading and everything under it up to the next entry) and appends a requirement_removed entry to LEDGER.md naming it. A requirement that shipped or is kept for the record (${RECORDED_REQUIREMENT_STATUSES.join(', ')}) needs --reason, which the ledger entry carries; without it the command exits 2 and removes nothing. To keep such a requirement on record instead, set its status: \`govtool req edit REQ-ID --status withdrawn\`.

Tests that still cover it are listed (they are orphan references until \`govtool test edit\` or \`govtool test remove\` fixes them).`,
  examples: ['<%= config.bin %> req remove REQ-CORE-002', '<%= config.bin %> req remove REQ-CORE-001 --reason "Merged into REQ-CORE-002" --json'],
  project: true,
  effect: 'write',
  input: lazySchema(() => z.object({
    id: z.string().describe('Requirement id, e.g. REQ-CLI-001.'),
    reason: z.string().optional().describe('Why it goes (required for an implemented, verified or closed requirement; recorded in the ledger).'),
  })),
  cli: {fields: {id: {arg: true}}},
  result: ReqRemoveResultSchema,
  async run(ctx, input, io) {
    const {removeRequirement} = await import('../lib/trace/edit.js')
    const result = await removeRequirement(ctx.project(), input.id, {reason: input.reason})
    for (const test of result.covering_tests) io.warn(`${test} still covers ${input.id}: \`govtool test edit ${test} --covers ...\` or \`govtool test remove ${test}\`.`)
    return result
  },
  render: ({requirement: r, ledger_entry: e}) => `Removed ${r.id} from ${r.file}; recorded in the ledger (chain hash ${e.chain_hash}).`,
})

export const reqListOp = defineOperation({
  id: 'req.list',
  summary: 'List the requirements in docs/REQUIREMENTS.md.',
  description: `Reads docs/REQUIREMENTS.md (or the legacy REQUIREMENTS.md at the root) in either style, with the file and line of each entry. --status and --component narrow the list.

${PROBLEMS_EXIT}`,
  examples: ['<%= config.bin %> req list', '<%= config.bin %> req list --status implemented --json'],
  project: true,
  effect: 'read',
  input: lazySchema(() => z.object({
    status: z.string().optional().describe('Only requirements with this status (e.g. draft, implemented).'),
    component: z.string().optional().describe('Only requirements of this component.'),
  })),
  result: ReqListResultSchema,
  async run(ctx, input, io) {
    const {listRequirements} = await import('../lib/trace/reports.js')
    const listing = await listRequirements(ctx.project(), input)
    warnProblems(io, listing.problems)
    return listing
  },
  exitCode: problemsExit,
  render({requirements}) {
    if (requirements.length === 0) return 'No requirements.'
    const table = plainTable(['ID', 'Status', 'Priority', 'Component', 'Title'], requirements.map((r) => [r.id, r.status, r.priority, r.component, r.title]))
    return `${table}\n\n${requirements.length} requirement(s)`
  },
})

export const reqGapsOp = defineOperation({
  id: 'req.gaps',
  summary: 'List the requirements that no test covers.',
  description: `Non-draft requirements that no "Covers:" in docs/TESTS.md names, with the coverage of the non-draft requirements. Add a test covering each, or mark the requirement Draft while it is still being shaped.

Each gap is a finding of the coverage check, an error: the same finding \`govtool audit\` reports, so the command exits 1 while a gap remains (a CI step), as it does for a malformed entry in docs/REQUIREMENTS.md or docs/TESTS.md (reported with its file and line). The result's issues list the findings.`,
  examples: ['<%= config.bin %> req gaps', '<%= config.bin %> req gaps --json'],
  project: true,
  effect: 'read',
  input: lazySchema(() => z.object({})),
  result: ReqGapsResultSchema,
  async run(ctx, _input, io) {
    const {requirementGaps} = await import('../lib/trace/reports.js')
    const result = await requirementGaps(ctx.project())
    warnProblems(io, result.problems)
    return result
  },
  exitCode: findingsExit,
  render(r) {
    if (r.gaps.length === 0) return 'No gaps: every non-draft requirement is covered.'
    const table = plainTable(['Requirement', 'Priority', 'Where', 'Title'], r.gaps.map((g) => [g.id, g.priority, `${g.file}:${g.line}`, g.title]))
    return `${table}\n\n${r.gaps.length} requirement(s) without a test; coverage ${r.percent}%`
  },
})

export const reqOrphansOp = defineOperation({
  id: 'req.orphans',
  summary: 'List the tests that cover requirements which do not exist.',
  description: `A test whose "Covers:" names an id missing from docs/REQUIREMENTS.md: a typo, or a requirement that was removed or renamed. Each is listed with the test's file and line; fix the id, or remove it from the test.

Each orphan is a finding of the orphans check, an error (a broken trace link): the same finding \`govtool audit\` reports and the test_spec phase checklist refuses, so the command exits 1 while one remains (a CI step), as it does for a malformed entry (reported with its file and line). The result's issues list the findings.`,
  examples: ['<%= config.bin %> req orphans', '<%= config.bin %> req orphans --json'],
  project: true,
  effect: 'read',
  input: lazySchema(() => z.object({})),
  result: ReqOrphansResultSchema,
  async run(ctx, _input, io) {
    const {orphanReferences} = await import('../lib/trace/reports.js')
    const result = await orphanReferences(ctx.project())
    warnProblems(io, result.problems)
    return result
  },
  exitCode: findingsExit,
  render({orphans}) {
    if (orphans.length === 0) return 'No orphans: every test covers existing requirements.'
    const table = plainTable(['Test', 'Unknown requirement', 'Where'], orphans.map((o) => [o.test, o.requirement, `${o.file}:${o.line}`]))
    return `${table}\n\n${orphans.length} orphan reference(s)`
  },
})

export const reqTraceOp = defineOperation({
  id: 'req.trace',
  summary: 'Print the requirement-to-test traceability matrix.',
  description: `Each requirement with the tests whose "Covers:" names it, whether it is covered (draft requirements are shown but not counted), and the coverage of the non-draft requirements. \`govtool export\` puts the same matrix in the compliance report.

${PROBLEMS_EXIT}`,
  examples: ['<%= config.bin %> req trace', '<%= config.bin %> req trace --json'],
  project: true,
  effect: 'read',
  input: lazySchema(() => z.object({})),
  result: ReqTraceResultSchema,
  async run(ctx, _input, io) {
    const {traceReport} = await import('../lib/trace/reports.js')
    const result = await traceReport(ctx.project())
    warnProblems(io, result.problems)
    return result
  },
  exitCode: problemsExit,
  render(r) {
    if (r.matrix.length === 0) return 'No requirements.'
    const table = plainTable(['Requirement', 'Status', 'Covered', 'Tests'], r.matrix.map((m) => [m.requirement, m.status, m.draft ? 'draft' : m.covered ? 'yes' : 'NO', m.tests.join(', ')]))
    return `${table}\n\nCoverage: ${r.covered}/${r.total} non-draft requirements (${r.percent}%)`
  },
})
