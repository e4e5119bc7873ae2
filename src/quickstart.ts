/**
 * `govtool quickstart`: the main job on an embedded default. It makes a sample governed project (a small notes
 * app: three requirements, the tests covering them, a policy in docs/GOVTOOL.yml, in the implementation phase)
 * and runs the operations a user runs, in process and by id: `init`, `req add`, four `preflight` requests
 * that get the four decisions, `verify` of the change made for the accepted one, `ledger add`, `ledger list`
 * and `checkpoint`. Offline, no model, deterministic: the same decisions on every machine (the sample's
 * docs/GOVTOOL.yml spells out every section a decision reads, so ~/.govtool/config.yml does not change them).
 */
import {mkdir, mkdtemp, readFile, rm} from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import {ProjectContext} from './context.js'
import type {AnyOperation, OperationContext, OperationIO} from './operation.js'
import {findOperations} from './operation-registry.js'
import {executeOperation} from './operation-run.js'
import {writeFileAtomic} from './storage/atomic.js'

export const SAMPLE_NAME = 'notes-demo'

const SCAFFOLD = `# The quickstart's sample project (govtool quickstart)
name: ${SAMPLE_NAME}
type: node-typescript
description: A small notes app, governed by govtool
aee_phase: implementation
`

const POLICY = `# The sample's policy. Every section a decision reads is spelled out here, so that a user config
# (~/.govtool/config.yml) does not change what the quickstart shows.
agent:
  permissions:
    preset: standard
preflight:
  phase_gating: auto
  high_risk_confidence_target: 0.9
verify:
  # the one confidence threshold: preflight's confidence_target and the level verify checks
  threshold: 0.7
  retry_budget: 3
audit:
  ledger_max_lines: 500
`

const REQUIREMENTS = [
  {id: 'REQ-NOTES-001', component: 'notes', priority: 'P1', title: 'Empty titles are refused', description: 'Adding a note with an empty title is refused with an error that names the title field.'},
  {id: 'REQ-NOTES-002', component: 'notes', priority: 'P1', title: 'Newest first', description: 'Notes are listed newest first.'},
  {id: 'REQ-EXPORT-001', component: 'export', priority: 'P2', title: 'Markdown export', description: 'Notes export to a Markdown file, one section per note.'},
]

const TESTS = `
### TEST-NOTES-001. An empty title is refused
- **Covers:** REQ-NOTES-001
- **Description:** Adds a note with an empty title and expects an error naming the title field.

### TEST-NOTES-002. Notes are listed newest first
- **Covers:** REQ-NOTES-002
- **Description:** Adds three notes and checks the order of the listing.

### TEST-EXPORT-001. Markdown export
- **Covers:** REQ-EXPORT-001
- **Description:** Exports two notes and checks that the file has one section per note.
`

/** The change made for the accepted request: the code, its test, and the test run's results. */
const CHANGE: Record<string, string> = {
  'src/notes.ts': `export interface Note {
  title: string
  body: string
  created: Date
}

/** Adds a note; an empty title is refused (REQ-NOTES-001). */
export function addNote(notes: Note[], title: string, body = ''): Note {
  if (title.trim() === '') throw new Error('title: a note needs a title')
  const note = {title: title.trim(), body, created: new Date()}
  notes.push(note)
  return note
}
`,
  'test/notes.test.ts': `import {strict as assert} from 'node:assert'
import {test} from 'node:test'

import {addNote} from '../src/notes.js'

test('TEST-NOTES-001: an empty title is refused', () => {
  assert.throws(() => addNote([], '  '), /title/)
})
`,
  'test-results.json': `${JSON.stringify({passed: 3, failed: 0, skipped: 0, names: ['TEST-NOTES-001: an empty title is refused', 'TEST-NOTES-002: notes are listed newest first', 'TEST-EXPORT-001: markdown export']}, null, 2)}\n`,
}
const CHANGED = ['src/notes.ts', 'test/notes.test.ts']

/** The four requests, one per decision, and what each shows. */
export const REQUESTS = [
  {request: 'fix the check that refuses notes with an empty title', expected: 'accepted', shows: 'a change within a requirement: proceed, then verify'},
  {request: 'add tags to notes', expected: 'needs_clarification', shows: 'no requirement covers it: the gate asks instead of guessing'},
  {request: 'release version 1.0.0', expected: 'blocked', shows: 'the implementation phase does not allow releases yet'},
  {request: 'delete the ledger and start a fresh one', expected: 'rejected', shows: 'never allowed: the ledger is append-only'},
] as const

export type Decision = 'accepted' | 'needs_clarification' | 'blocked' | 'rejected'

export interface QuickstartRequest {
  request: string
  shows: string
  decision: Decision
  intent: string
  work_item_id: string
  requirement_ids: string[]
  test_case_ids: string[]
  confidence_target: number
  instruction: string
  exit_code: number
}

export interface QuickstartResult {
  project_dir: string
  project: string
  phase: string
  requests: QuickstartRequest[]
  verify: {
    command: string
    work_item_id: string
    files_changed: string[]
    equilibrium: boolean
    confidence: number
    confidence_threshold: number
    retry_strategy: string
    summary: string
    exit_code: number
  }
  ledger: {file: string; entries: {timestamp: string; type: string; author: string; description: string; reqs: string[]; chain_hash: string}[]}
  checkpoint: {health: string; phase: string; phase_pct: number; req_count: number; test_count: number; anchor: string; text: string}
  next_steps: {command: string; purpose: string}[]
  elapsed_ms: number
}

/** What to run on one's own repository, in order. */
export const NEXT_STEPS = [
  {command: 'cd path/to/your-repo && govtool import', purpose: 'adds the governance files it lacks (scaffold.yml, AGENTS.md, LEDGER.md, docs/...); keeps yours'},
  {command: 'govtool phase show', purpose: 'the AEE phase and its checklist (`govtool phase set implementation --force` to change code now)'},
  {command: 'govtool req add REQ-CORE-001 --priority P1 --description "..."', purpose: 'a requirement, then a test naming it in docs/TESTS.md ("Covers:")'},
  {command: 'govtool preflight "<your request>"', purpose: 'the gate, before an agent (or you) starts'},
  {command: 'govtool verify --changed <files> --tests <results> --work-item-id WI-...', purpose: 'the change judged against the work item'},
  {command: 'govtool ledger add "<what changed>" --type fix --reqs REQ-CORE-001', purpose: 'the hash-chained record'},
  {command: 'govtool audit && govtool checkpoint', purpose: 'health (exit 1 on an error, for CI) and the anchor block agents re-read'},
]

interface Step {
  op: AnyOperation
  run(input: Record<string, unknown>): Promise<{result: Record<string, unknown>; exit: number}>
}

/**
 * Runs the quickstart in `base` (a new temporary directory when undefined): the sample project is
 * `<base>/notes-demo`. Every step is the operation its command runs; warnings go to `io`.
 */
export async function runQuickstart(ctx: OperationContext, base: string | undefined, io: OperationIO): Promise<QuickstartResult> {
  const started = performance.now()
  const dir = base ?? (await mkdtemp(path.join(os.tmpdir(), 'govtool-quickstart-')))
  await mkdir(dir, {recursive: true})
  const projectDir = path.join(dir, SAMPLE_NAME)
  const project = new ProjectContext(projectDir)
  const [init, reqAdd, preflight, verify, ledgerAdd, ledgerList, checkpoint] = await findOperations(ctx.cliRoot, [
    'init',
    'req.add',
    'preflight',
    'verify',
    'ledger.add',
    'ledger.list',
    'checkpoint',
  ] as const, ['@govtool/plugin-governance', '@govtool/plugin-preflight'])
  const sampleCtx: OperationContext = {
    project: () => project,
    transport: ctx.transport,
    cliRoot: ctx.cliRoot,
    resolvePath: (file) => path.resolve(projectDir, file),
  }
  const stepIO: OperationIO = {signal: io.signal, progress: () => {}, warn: (m) => io.warn(m), json: true, interactive: false}
  const step = (op: AnyOperation): Step => ({
    op,
    async run(input) {
      const result = (await executeOperation(op, sampleCtx, input, stepIO)) as Record<string, unknown>
      return {result, exit: op.exitCode ? op.exitCode(result, op.input.parse(input)) : 0}
    },
  })

  io.progress({message: `Creating the sample project ${SAMPLE_NAME}`})
  const scaffoldDir = await mkdtemp(path.join(os.tmpdir(), 'govtool-quickstart-scaffold-'))
  try {
    const scaffold = path.join(scaffoldDir, 'scaffold.yml')
    await writeFileAtomic(scaffold, SCAFFOLD)
    await step(init).run({config: scaffold, output_dir: dir, git: false})
  } finally {
    await rm(scaffoldDir, {recursive: true, force: true})
  }
  await writeFileAtomic(project.file('config'), POLICY)
  for (const r of REQUIREMENTS) await step(reqAdd).run(r)
  const tests = project.file('tests')
  await writeFileAtomic(tests, `${(await readFile(tests, 'utf8')).trimEnd()}\n${TESTS}`)

  io.progress({message: 'Four requests through the gate'})
  const requests: QuickstartRequest[] = []
  for (const r of REQUESTS) {
    const {result, exit} = await step(preflight).run({utterance: r.request})
    const d = result as unknown as Omit<QuickstartRequest, 'request' | 'shows' | 'exit_code'>
    requests.push({
      request: r.request,
      shows: r.shows,
      decision: d.decision,
      intent: d.intent,
      work_item_id: d.work_item_id,
      requirement_ids: d.requirement_ids,
      test_case_ids: d.test_case_ids,
      confidence_target: d.confidence_target,
      instruction: d.instruction,
      exit_code: exit,
    })
  }

  io.progress({message: 'Verifying the accepted change'})
  const wi = requests.find((r) => r.decision === 'accepted')?.work_item_id ?? requests[0].work_item_id
  for (const [file, text] of Object.entries(CHANGE)) {
    await mkdir(path.dirname(project.path(file)), {recursive: true})
    await writeFileAtomic(project.path(file), text)
  }
  const checked = await step(verify).run({changed: CHANGED, tests: CHANGE['test-results.json'], work_item_id: wi})
  const v = checked.result as {equilibrium: boolean; confidence: number; confidence_threshold: number; retry_strategy: string; summary: string; files_changed: string[]}

  await step(ledgerAdd).run({description: 'Refuse notes with an empty title', type: 'fix', reqs: ['REQ-NOTES-001']})
  const listed = (await step(ledgerList).run({})).result as {entries: QuickstartResult['ledger']['entries']}
  const anchor = (await step(checkpoint).run({})).result
  // the block as `govtool checkpoint` prints it on an 80-column terminal, less the quickstart's indent
  const text = checkpoint.render?.(anchor, {columns: 78, tty: false, input: {}}) ?? ''
  const c = anchor as {health: string; phase: string; phase_pct: number; req_count: number; test_count: number; anchor: string}

  return {
    project_dir: projectDir,
    project: SAMPLE_NAME,
    phase: 'implementation',
    requests,
    verify: {
      command: `govtool verify --changed ${CHANGED.join(',')} --tests test-results.json --work-item-id ${wi}`,
      work_item_id: wi,
      files_changed: v.files_changed,
      equilibrium: v.equilibrium,
      confidence: v.confidence,
      confidence_threshold: v.confidence_threshold,
      retry_strategy: v.retry_strategy,
      summary: v.summary,
      exit_code: checked.exit,
    },
    ledger: {
      file: 'LEDGER.md',
      entries: listed.entries.map((e) => ({timestamp: e.timestamp, type: e.type, author: e.author, description: e.description, reqs: e.reqs, chain_hash: e.chain_hash})),
    },
    checkpoint: {health: c.health, phase: c.phase, phase_pct: c.phase_pct, req_count: c.req_count, test_count: c.test_count, anchor: c.anchor, text},
    next_steps: NEXT_STEPS,
    elapsed_ms: Math.round(performance.now() - started),
  }
}
