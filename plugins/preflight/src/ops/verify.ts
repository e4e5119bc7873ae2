import {defineOperation, InputError, lazySchema} from 'govtool/core'
import {z} from 'zod/v3'

import {renderVerifyHuman} from '../lib/verify/render.js'
import {TestResultsSchema} from '../lib/verify/test-results.js'
import {VerifyResultSchema} from './schemas.js'

const MAX_TEXT = 50 * 1024 * 1024

export const verifyOp = defineOperation({
  id: 'verify',
  summary: 'Judge a change set: equilibrium, confidence from evidence, and the retry strategy.',
  description: `Confidence is computed from the evidence: the test pass ratio, whether the change touches the work item's requirements or their tests, the change's size against its scope, and what the logs say. Equilibrium means a non-empty change with no failing test, no rollback signal and confidence at or above the threshold. The threshold is one setting, verify.threshold in docs/GOVTOOL.yml (default 0.7; scaffold.yml epistemic_threshold raises it): it is also the confidence_target preflight gives, and for the work item of a destructive or release request both use preflight.high_risk_confidence_target when that is higher. The summary says where the threshold it applied is set.

Otherwise retry_strategy is, in order: rollback (logs mention rollback, revert, contradiction, corruption, data loss), fix_tests (failures), narrow_scope / expand_scope (log hints, then the confidence gap), else stop. Retries are counted per work item in .govtool/ (verify.retry_budget, default 3); a spent budget stops.

The change set is what --changed, --diff or --stdin give. With none of them it comes from git, and verify says so (a warning, and change_set in --json): the work tree and the index against HEAD, plus untracked files that are not ignored, as new files; with --base BRANCH, against the commit where the current branch left BRANCH, so the branch's commits count too. .govtool/ is never part of it.

Test results: --tests reads JSON counts ({"passed": N, "failed": N}, mocha or jest JSON), JUnit XML or TAP. Over HTTP the same fields carry the texts themselves, plus files_changed, test_results (counts) and summary. Exit codes: 0 equilibrium, 2 retry, 3 stop and align.`,
  examples: [
    '<%= config.bin %> verify --json',
    '<%= config.bin %> verify --base main --tests junit.xml --work-item-id WI-0123456789ab',
    '<%= config.bin %> verify --diff change.diff --tests junit.xml --work-item-id WI-0123456789ab',
    '<%= config.bin %> verify --changed src/a.ts,test/a.test.ts --tests results.tap --json',
    '<%= config.bin %> verify --changed src/app.ts --work-item-id WI-0123456789ab --json',
    'echo \'{"files_changed":["src/a.ts"],"test_results":{"passed":12,"failed":0}}\' | <%= config.bin %> verify --stdin --json',
  ],
  project: true,
  effect: 'write',
  input: lazySchema(() => z.object({
    stdin: z.boolean().default(false).describe('Read the verification input as one JSON object from stdin (diff, files_changed, test_results, logs, summary, work_item_id).'),
    diff: z.string().max(MAX_TEXT).optional().describe('File holding the change as a unified diff.'),
    tests: z.string().max(MAX_TEXT).optional().describe('Test results file: JSON counts, JUnit XML or TAP.'),
    logs: z.string().max(MAX_TEXT).optional().describe('Build or run log to scan for errors and rollback signals.'),
    changed: z.array(z.string().min(1).max(4096)).max(100_000).optional().describe('Comma-separated changed paths.'),
    work_item_id: z.string().max(64).optional().describe('Work item the change belongs to (from preflight): links requirements and counts retries.'),
    base: z.string().min(1).max(256).optional().describe('With no change given: take it from git against this base branch (its merge base with HEAD, so the branch\'s commits count), not against HEAD.'),
    files_changed: z.array(z.string().min(1).max(4096)).max(100_000).optional(),
    test_results: TestResultsSchema.optional(),
    summary: z.string().max(100_000).optional(),
  })),
  cli: {
    fields: {
      diff: {file: true, helpValue: 'PATH'},
      tests: {file: true, helpValue: 'PATH'},
      logs: {file: true, helpValue: 'PATH'},
      changed: {delimiter: ',', helpValue: 'a,b,c'},
      work_item_id: {helpValue: 'WI-...'},
      base: {helpValue: 'BRANCH'},
      files_changed: {exclude: true},
      test_results: {exclude: true},
      summary: {exclude: true},
    },
  },
  result: VerifyResultSchema,
  async run(ctx, input, io) {
    const [{parseVerifyInput, parseVerifyJson}, {parseTestReport}, {verify}] = await Promise.all([
      import('../lib/verify/input.js'),
      import('../lib/verify/test-results.js'),
      import('../lib/verify/verify.js'),
    ])
    if (input.stdin && ctx.transport !== 'cli') {
      throw new InputError('stdin is a command-line option; send the fields in the body instead.', {hint: 'POST {"diff": "...", "files_changed": [...], "test_results": {"passed": N, "failed": N}}.'})
    }
    const base = input.stdin ? parseVerifyJson(await readStdin()) : parseVerifyInput({diff: undefined, files_changed: input.files_changed, test_results: input.test_results, summary: input.summary})
    if (input.diff !== undefined) base.diff = [base.diff, input.diff].filter(Boolean).join('\n')
    if (input.tests !== undefined) base.tests = parseTestReport(input.tests, ctx.transport === 'cli' ? 'The --tests file' : 'tests')
    if (input.logs !== undefined) base.logs = [base.logs, input.logs].filter(Boolean).join('\n')
    if (input.changed !== undefined) {
      if (input.changed.length === 0) throw new InputError('--changed is empty.', {hint: 'Pass a comma-separated list of paths: --changed src/a.ts,src/b.ts'})
      base.files_changed = [...base.files_changed, ...input.changed]
    }
    if (input.work_item_id !== undefined) base.work_item_id = input.work_item_id
    // no change given (stdin with neither diff nor files counts as none): the change set is git's
    const givenChange = base.diff.trim() !== '' || base.files_changed.length > 0 || input.diff !== undefined || input.changed !== undefined
    const flag = (name: string) => (ctx.transport === 'cli' ? `--${name.replaceAll('_', '-')}` : name)
    if (input.base !== undefined && givenChange) {
      throw new InputError(`${flag('base')} takes the change from git; it cannot be combined with a change given as ${input.stdin ? 'stdin' : input.diff !== undefined ? flag('diff') : input.changed !== undefined ? flag('changed') : 'diff or files_changed'}.`, {
        hint: `Leave out ${flag('base')} to judge the change given, or leave out the change to judge git's.`,
      })
    }
    if (givenChange) return verify(ctx.project(), base)
    const {changeFromGit} = await import('../lib/verify/git-change.js')
    const project = ctx.project()
    const change = await changeFromGit(project, {base: input.base})
    base.diff = change.diff
    const result = await verify(project, base, {changeSet: {source: 'git', against: change.against, commit: change.commit, untracked: change.untracked}})
    const what = input.base === undefined ? `the work tree and index against HEAD${change.commit ? ` (${change.commit.slice(0, 12)})` : ' (no commit yet)'}` : `the work tree, index and commits since ${input.base} (merge base ${change.commit?.slice(0, 12)})`
    const count = result.files_changed.length
    io.warn(`No change was given, so verify took it from git: ${what}: ${count === 0 ? 'no change' : `${count} file(s)${change.untracked.length > 0 ? `, ${change.untracked.length} of them untracked` : ''}`}.`)
    return result
  },
  exitCode: (r) => (r.equilibrium ? 0 : r.retry_strategy === 'stop' ? 3 : 2),
  render: (r) => renderVerifyHuman(r),
})

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) {
    throw new InputError('--stdin needs the verification input piped in, not typed at a terminal.', {hint: 'Pipe one JSON object: cat input.json | govtool verify --stdin'})
  }
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}
