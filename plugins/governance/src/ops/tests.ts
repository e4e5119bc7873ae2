import {defineOperation, lazySchema} from 'govtool/core'
import {z} from 'zod/v3'

import {TestAddResultSchema, TestEditResultSchema, TestRemoveResultSchema} from './schemas.js'

const FORM = 'Tests are written as "### TEST-ID. Title" with "- **Covers:** REQ-..." and "- **Description:**" bullets; an existing entry keeps the style it is written in (either style of the older tool, "Covers" or "Requirement ID"). The file is locked while it is read and written.'

export const testAddOp = defineOperation({
  id: 'test.add',
  summary: 'Add a test to docs/TESTS.md, naming the requirements it covers.',
  description: `Appends the test. Every requirement in --covers must exist in docs/REQUIREMENTS.md (a test of a requirement that does not exist is an orphan); an unknown one exits 1, a malformed id 2, and an id already in use 1, naming where.

${FORM}`,
  examples: ['<%= config.bin %> test add TEST-CORE-003 --covers REQ-CORE-001 --title "core: repeated calls agree"', '<%= config.bin %> test add TEST-CORE-004 --covers REQ-CORE-001,REQ-CORE-002 --description "Runs both paths." --json'],
  project: true,
  effect: 'write',
  input: lazySchema(() => z.object({
    id: z.string().describe('Test id, e.g. TEST-CLI-001 or TEST-012a.'),
    covers: z.array(z.string()).min(1).describe('Requirement ids it covers, comma-separated (REQ-001,REQ-002).'),
    title: z.string().optional().describe('Short title (default: the first sentence of the description).'),
    description: z.string().optional().describe('What the test does and what it expects.'),
  })),
  cli: {fields: {id: {arg: true}, covers: {delimiter: ',', char: 'r'}, description: {char: 'd'}}},
  result: TestAddResultSchema,
  async run(ctx, input) {
    const {addTest} = await import('../lib/trace/edit.js')
    return {test: await addTest(ctx.project(), input)}
  },
  render: ({test: t}) => `Added ${t.id} (covers ${t.covers.join(', ')}) to ${t.file}:${t.line}.`,
})

export const testEditOp = defineOperation({
  id: 'test.edit',
  summary: "Change a test's title, description or covered requirements in docs/TESTS.md.",
  description: `Rewrites only the lines of the fields given; --covers replaces the list of requirements the test covers (each must exist). A field the entry lacks is added after its other fields.

${FORM}`,
  examples: ['<%= config.bin %> test edit TEST-CORE-002 --covers REQ-CORE-001,REQ-CORE-002', '<%= config.bin %> test edit TEST-CORE-001 --title "core: the entry point answers" --json'],
  project: true,
  effect: 'write',
  input: lazySchema(() => z.object({
    id: z.string().describe('Test id, e.g. TEST-CLI-001.'),
    covers: z.array(z.string()).optional().describe('The requirements it covers, comma-separated; replaces the list.'),
    title: z.string().optional().describe('New title.'),
    description: z.string().optional().describe('New description.'),
  })),
  cli: {fields: {id: {arg: true}, covers: {delimiter: ',', char: 'r'}, description: {char: 'd'}}},
  result: TestEditResultSchema,
  async run(ctx, input) {
    const {editTest} = await import('../lib/trace/edit.js')
    const {id, ...edit} = input
    return editTest(ctx.project(), id, edit)
  },
  render: ({test: t, changed}) => `Changed ${changed.join(', ')} of ${t.id} (${t.file}:${t.line}).`,
})

export const testRemoveOp = defineOperation({
  id: 'test.remove',
  summary: 'Remove a test from docs/TESTS.md.',
  description: `Removes the test's entry (its heading and everything under it up to the next entry). The requirements it leaves without any test are listed and warned about: \`govtool req gaps\` lists them until another test covers them.`,
  examples: ['<%= config.bin %> test remove TEST-CORE-002', '<%= config.bin %> test remove TEST-CORE-001 --json'],
  project: true,
  effect: 'write',
  input: lazySchema(() => z.object({id: z.string().describe('Test id, e.g. TEST-CLI-001.')})),
  cli: {fields: {id: {arg: true}}},
  result: TestRemoveResultSchema,
  async run(ctx, input, io) {
    const {removeTest} = await import('../lib/trace/edit.js')
    const result = await removeTest(ctx.project(), input.id)
    if (result.uncovered.length > 0) io.warn(`No test covers ${result.uncovered.join(', ')} any more (\`govtool req gaps\`).`)
    return result
  },
  render: ({test: t}) => `Removed ${t.id} from ${t.file}.`,
})
