/**
 * `audit`: the health checks of SPEC.md, each issue with file, line and a fix hint. `--fix` (writing the
 * missing governance files, which is scaffolding's job) lives in ../audit-fix.ts, so that traceability never
 * imports the scaffolding modules (which import traceability).
 */
import {readFile} from 'node:fs/promises'

import {parseYaml, readTextIfExists, validateWith, type ProjectContext, type ProjectType, type ProjectTypeRegistry} from 'govtool/core'
import {z} from 'zod/v3'

import {checkLedgerChain, readLedgerHistory} from './ledger.js'
import {countOpenTodos, type ChainProblemKind} from './ledger-format.js'
import {coverage, loadGovernanceModel} from './model.js'
import {builtinRegistry, ciConfigFiles, lineCount, markdownFiles, readScaffoldSafe} from './project.js'
import type {GovernanceModel} from './types.js'

export interface AuditIssue {
  /** stable id of the check, e.g. `coverage`, `ledger-chain` */
  check: string
  severity: 'error' | 'warning'
  message: string
  file?: string
  line?: number
  hint: string
}

export interface AuditReport {
  /** no error-severity issue */
  healthy: boolean
  issues: AuditIssue[]
  /** with --fix: what was written or changed */
  fixed?: string[]
}

export interface AuditOptions {
  /** the project types; default: the built-in ones */
  registry?: ProjectTypeRegistry
  /** an already loaded model (saves re-reading the files) */
  model?: GovernanceModel
}

/** Limits of SPEC.md, overridable in docs/GOVTOOL.yml under `audit:`. */
export const AuditThresholdsSchema = z
  .object({
    agents_max_lines: z.number().int().positive().default(200),
    agents_hard_max_lines: z.number().int().positive().default(400),
    governance_file_max_lines: z.number().int().positive().default(300),
    ledger_max_lines: z.number().int().positive().default(500),
    max_open_todos: z.number().int().nonnegative().default(20),
  })
  .passthrough()
export type AuditThresholds = z.infer<typeof AuditThresholdsSchema>

interface Context {
  ctx: ProjectContext
  registry: ProjectTypeRegistry
  limits: AuditThresholds
  issues: AuditIssue[]
}

export async function runAudit(ctx: ProjectContext, options: AuditOptions = {}): Promise<AuditReport> {
  return report(await collectIssues(ctx, options.registry ?? builtinRegistry(), options.model))
}

function report(issues: AuditIssue[]): AuditReport {
  return {healthy: !issues.some((i) => i.severity === 'error'), issues}
}

async function collectIssues(ctx: ProjectContext, registry: ProjectTypeRegistry, model?: GovernanceModel): Promise<AuditIssue[]> {
  const issues: AuditIssue[] = []
  const limits = await loadThresholds(ctx, issues)
  const c: Context = {ctx, registry, limits, issues}
  await Promise.all([checkAgents(c), checkTraceability(c, model), checkLedger(c), checkGovernanceSizes(c), checkCi(c)])
  const order = ['scaffold', 'config', 'agents', 'agents-modular', 'ledger', 'requirements', 'parse', 'coverage', 'orphans', 'ledger-size', 'ledger-todos', 'ledger-parse', 'ledger-chain', 'governance-size', 'ci-config']
  return issues.sort((a, b) => order.indexOf(a.check) - order.indexOf(b.check) || (a.file ?? '').localeCompare(b.file ?? '') || (a.line ?? 0) - (b.line ?? 0))
}

/** The audit limits in force (defaults where the configuration has none or cannot be read). */
export async function auditThresholds(ctx: ProjectContext): Promise<AuditThresholds> {
  return loadThresholds(ctx, [])
}

/** The `audit:` section of docs/GOVTOOL.yml, else of ~/.govtool/config.yml (scaffold.yml is not involved). */
async function loadThresholds(ctx: ProjectContext, issues: AuditIssue[]): Promise<AuditThresholds> {
  for (const file of [ctx.file('config'), ctx.user('config.yml')]) {
    try {
      const text = await readTextIfExists(file)
      if (text === undefined) continue
      const yaml = parseYaml(text, ctx.relative(file))
      const data = yaml.data as Record<string, unknown> | null
      if (!data || typeof data !== 'object' || !('audit' in data)) continue
      return validateWith(AuditThresholdsSchema, data.audit ?? {}, {file: ctx.relative(file), yaml, prefix: ['audit']})
    } catch (error) {
      const e = error as {message: string; line?: number}
      issues.push({check: 'config', severity: 'error', message: e.message, file: ctx.relative(file), line: e.line, hint: 'Fix the configuration file named above; the default limits were used.'})
      break
    }
  }
  return AuditThresholdsSchema.parse({})
}

async function checkAgents({ctx, limits, issues}: Context): Promise<void> {
  const agents = await readTextIfExists(ctx.file('agents'))
  if (agents === undefined) {
    issues.push({check: 'agents', severity: 'error', message: 'AGENTS.md is missing', file: 'AGENTS.md', hint: 'Run `govtool audit --fix` to create it from the templates, or `govtool import`.'})
    return
  }
  const lines = lineCount(agents)
  if (lines > limits.agents_max_lines) {
    const modular = await markdownFiles(ctx.file('governanceDir'))
    if (modular.length === 0) {
      issues.push({
        check: 'agents-modular',
        severity: 'error',
        message: `AGENTS.md has ${lines} lines (over ${limits.agents_max_lines}) and docs/governance/*.md does not exist`,
        file: 'AGENTS.md',
        line: limits.agents_max_lines + 1,
        hint: 'Move the detailed rules into docs/governance/*.md (`govtool audit --fix` writes the standard set) and keep AGENTS.md a short index.',
      })
    }
  }
}

async function checkTraceability({ctx, issues}: Context, given?: GovernanceModel): Promise<void> {
  const model = given ?? (await loadGovernanceModel(ctx))
  const [reqFile, testFile] = [ctx.relative(ctx.file('requirements')), ctx.relative(ctx.file('tests'))]
  if (!(await exists(ctx.file('requirements')))) {
    issues.push({check: 'requirements', severity: 'warning', message: `${reqFile} is missing`, file: reqFile, hint: 'Run `govtool audit --fix` to create it, then `govtool req add`.'})
  }
  if (!(await exists(ctx.file('tests')))) {
    issues.push({check: 'requirements', severity: 'warning', message: `${testFile} is missing`, file: testFile, hint: 'Run `govtool audit --fix` to create it.'})
  }
  for (const p of model.problems) {
    issues.push({check: 'parse', severity: 'error', message: p.message, file: p.file, line: p.line, hint: `Correct the entry at ${p.file}:${p.line} (ids like REQ-001 / REQ-CLI-001, TEST-001; each id once).`})
  }
  const cov = coverage(model)
  const byId = new Map(model.requirements.map((r) => [r.id, r]))
  for (const id of cov.uncovered) {
    const req = byId.get(id)!
    issues.push({
      check: 'coverage',
      severity: 'error',
      message: `${id} is not covered by any test`,
      file: req.file,
      line: req.line,
      hint: `Add a test to ${testFile} with "- **Covers:** ${id}", or mark the requirement Draft.`,
    })
  }
  const testsById = new Map(model.tests.map((t) => [t.id, t]))
  for (const o of cov.orphans) {
    const t = testsById.get(o.test)!
    issues.push({check: 'orphans', severity: 'warning', message: `${o.test} covers ${o.requirement}, which is not a requirement`, file: t.file, line: t.line, hint: `Fix the id in Covers, or add ${o.requirement} to ${reqFile}.`})
  }
}

async function checkLedger({ctx, limits, issues}: Context): Promise<void> {
  const ledgerFile = ctx.file('ledger')
  const text = await readTextIfExists(ledgerFile)
  if (text === undefined) {
    issues.push({check: 'ledger', severity: 'error', message: 'LEDGER.md is missing', file: 'LEDGER.md', hint: 'Run `govtool audit --fix` to create it, or `govtool ledger add "..."`.'})
    return
  }
  const rel = ctx.relative(ledgerFile)
  const lines = lineCount(text)
  if (lines >= limits.ledger_max_lines) {
    issues.push({check: 'ledger-size', severity: 'error', message: `LEDGER.md has ${lines} lines (limit: under ${limits.ledger_max_lines})`, file: rel, line: limits.ledger_max_lines, hint: 'Run `govtool compress` (or `govtool audit --fix`) to move old entries to docs/ledger-archive.md.'})
  }
  const todos = countOpenTodos(text)
  if (todos >= limits.max_open_todos) {
    issues.push({check: 'ledger-todos', severity: 'error', message: `LEDGER.md has ${todos} open TODOs (limit: under ${limits.max_open_todos})`, file: rel, hint: 'Close finished TODOs (`- [x]`) or move them to an issue tracker.'})
  }
  const history = await readLedgerHistory(ctx)
  for (const p of history.problems) issues.push({check: 'ledger-parse', severity: 'error', message: p.message, file: p.file, line: p.line, hint: 'Entries are `## <ISO timestamp> — <description>` followed by their bullets; restore the entry from version control.'})
  const chain = await checkLedgerChain(ctx)
  for (const p of chain.problems) {
    issues.push({check: 'ledger-chain', severity: 'error', message: p.message, file: p.file, line: p.line, hint: chainHint(p.kind)})
  }
}

const APPEND_ONLY = 'Ledger entries are append-only: record corrections as new entries.'

/** The fix for each kind of ledger chain problem. */
function chainHint(kind: ChainProblemKind | undefined): string {
  switch (kind) {
    case 'truncated':
    case 'removed': {
      return `Restore the removed entries from version control (\`git log -p LEDGER.md\`, or merge the branch or commit that has them). If this branch was reset on purpose, delete its key from .govtool/ledger-heads.json. ${APPEND_ONLY}`
    }

    case 'witness': {
      return `Restore the entry as it was recorded (\`git log -p LEDGER.md\` shows the change). ${APPEND_ONLY}`
    }

    case 'reordered': {
      return 'Put the entries back in their original order (`git log -p LEDGER.md`); when resolving a merge, keep both sides\' entries in timestamp order.'
    }

    case 'duplicate': {
      return 'Delete the second copy of the entry (a merge resolution that kept the same entry twice).'
    }

    case 'unhashed': {
      return 'Record entries with `govtool ledger add` (it adds the chain hash); remove the hand-written entry, or restore it from version control.'
    }

    default: {
      return `Restore the original entry, and any entry removed before it, from version control (\`git log -p LEDGER.md\`). ${APPEND_ONLY}`
    }
  }
}

async function checkGovernanceSizes({ctx, limits, issues}: Context): Promise<void> {
  const agents = await readTextIfExists(ctx.file('agents'))
  if (agents !== undefined && lineCount(agents) > limits.agents_hard_max_lines) {
    issues.push({check: 'governance-size', severity: 'error', message: `AGENTS.md has ${lineCount(agents)} lines (limit ${limits.agents_hard_max_lines})`, file: 'AGENTS.md', line: limits.agents_hard_max_lines + 1, hint: 'Move detail into docs/governance/*.md; AGENTS.md should point to them.'})
  }
  for (const file of await markdownFiles(ctx.file('governanceDir'))) {
    const n = lineCount(await readFile(file, 'utf8'))
    if (n > limits.governance_file_max_lines) {
      const rel = ctx.relative(file)
      issues.push({check: 'governance-size', severity: 'error', message: `${rel} has ${n} lines (limit ${limits.governance_file_max_lines})`, file: rel, line: limits.governance_file_max_lines + 1, hint: 'Split it into smaller docs/governance/*.md files by concern.'})
    }
  }
}

/** The tools a project type's CI must run: its ci_steps, else its toolset's run commands, plus `govtool audit`. */
export function expectedCiTools(type: Pick<ProjectType, 'toolset' | 'ci_steps'>): {name: string; run: string}[] {
  const out: {name: string; run: string}[] = []
  const seen = new Set<string>()
  const add = (name: string, run: string) => {
    if (seen.has(run)) return
    seen.add(run)
    out.push({name, run})
  }
  if (type.ci_steps && type.ci_steps.length > 0) for (const s of type.ci_steps) add(s.name, s.run)
  else {
    for (const category of ['format', 'lint', 'typecheck', 'build', 'test', 'security', 'compliance'] as const) {
      for (const tool of type.toolset?.[category] ?? []) if (tool.run) add(tool.name, tool.run)
    }
  }
  add('govtool', 'govtool audit')
  return out
}

function referencesTool(ciText: string, tool: {name: string; run: string}): boolean {
  if (ciText.includes(tool.run)) return true
  const escaped = tool.name.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`(^|[^A-Za-z0-9_-])${escaped}($|[^A-Za-z0-9_-])`, 'm').test(ciText)
}

async function checkCi({ctx, registry, issues}: Context): Promise<void> {
  const read = await readScaffoldSafe(ctx)
  if (read.problem) issues.push({check: 'scaffold', severity: 'error', message: read.problem.message, file: read.problem.file, line: read.problem.line, hint: 'Fix scaffold.yml at that line (`govtool validate` lists every problem).'})
  const files = await ciConfigFiles(ctx)
  const platform = read.scaffold?.vcs_platform
  if (files.length === 0) {
    if (platform === 'none') return
    issues.push({check: 'ci-config', severity: 'error', message: 'no CI configuration found (.github/workflows/, .gitlab-ci.yml, azure-pipelines.yml)', hint: 'Run `govtool audit --fix` or `govtool apply` to generate it from scaffold.yml.'})
    return
  }
  const type = read.scaffold ? registry.types.get(read.scaffold.type) : undefined
  if (!type) return
  const texts = await Promise.all(files.map((f) => readFile(ctx.path(f), 'utf8').catch(() => '')))
  const all = texts.join('\n')
  for (const tool of expectedCiTools(type)) {
    if (referencesTool(all, tool)) continue
    issues.push({
      check: 'ci-config',
      severity: 'error',
      message: `CI config does not run ${tool.name} (\`${tool.run}\`), a tool of project type ${type.name}`,
      file: files[0],
      hint: `Add a step running \`${tool.run}\`, or regenerate the config with \`govtool apply\` (\`govtool audit --fix\` replaces a config govtool generated).`,
    })
  }
}

async function exists(file: string): Promise<boolean> {
  return (await readTextIfExists(file).catch(() => undefined)) !== undefined
}
