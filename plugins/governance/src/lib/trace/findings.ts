/**
 * The findings about a project's governance files, computed in one place for every command that judges them.
 * `audit`, `validate`, `req gaps`, `req orphans` and the phase checklists (`phase next`) each ask for a set of
 * checks; a check always reports the same finding (check id, message, file, line, hint) with the same
 * severity, whichever command asked, and a command exits non-zero when one of its findings is an error, so any
 * of them can gate CI. The severity of every check is the table below: there is no other.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs'
import path from 'node:path'

import {
  REQUIREMENT_PRIORITIES,
  REQUIREMENT_STATUSES,
  REQUIREMENT_STATUS_SYNONYMS,
  isGovError,
  isRequirementPriority,
  isRequirementStatus,
  compareText, normalStatus, parseYaml, readTextIfExists, timed, validateWith, type ProjectContext, type ProjectType, type ProjectTypeRegistry} from 'govtool/core'
import type {Nodes} from 'mdast'
import {z} from 'zod/v3'

import {checkLedgerChain, readLedgerHistory} from './ledger.js'
import {countOpenTodos, type ChainProblemKind} from './ledger-format.js'
import {ledgerSummary} from './ledger-summary.js'
import {coverage, loadGovernanceModel} from './model.js'
import {builtinRegistry, ciConfigFiles, lineCount, markdownFiles, readScaffoldSafe} from './project.js'
import {withReadScope} from './read-scope.js'
import {parseScaffoldText, validateScaffold} from './scaffold-memo.js'
import type {GovernanceModel} from './types.js'

export type Severity = 'error' | 'warning'

/**
 * Every check and the severity of what it finds, in the order findings are listed. Errors fail the command
 * that reports them (exit 1); warnings are shown and never fail it.
 */
export const FINDING_SEVERITY = {
  /** scaffold.yml missing, not YAML, or a field that does not validate (each with its line) */
  scaffold: 'error',
  /** docs/GOVTOOL.yml (or ~/.govtool/config.yml) whose `audit:` limits do not validate */
  config: 'error',
  /** AGENTS.md missing */
  agents: 'error',
  /** AGENTS.md over its line limit without docs/governance/*.md */
  'agents-modular': 'error',
  /** AGENTS.md refers to a file that does not exist, or is outside the project */
  'agents-references': 'error',
  /** LEDGER.md missing */
  ledger: 'error',
  /** docs/REQUIREMENTS.md or docs/TESTS.md missing (nothing to trace yet) */
  requirements: 'warning',
  /** a requirement or test entry that cannot be read: malformed or duplicate id */
  parse: 'error',
  /** a non-draft requirement no test covers */
  coverage: 'error',
  /** a requirement whose Status or Priority is not one of the one list's (govtool/core's vocabulary) */
  'requirement-fields': 'error',
  /** a test whose Covers names a requirement that does not exist: a broken trace link */
  orphans: 'error',
  /** docs/architecture.md missing, or naming no known requirement */
  architecture: 'error',
  'ledger-size': 'error',
  'ledger-todos': 'error',
  'ledger-parse': 'error',
  'ledger-chain': 'error',
  /** the ESDB WAL (.govtool/esdb/) does not verify: a modified, missing or reordered entry, a torn tail, a WAL behind its head */
  'esdb-chain': 'error',
  'governance-size': 'error',
  /** no CI config, or one that does not run the project type's tools */
  'ci-config': 'error',
} as const satisfies Record<string, Severity>

export type FindingCheck = keyof typeof FINDING_SEVERITY
export const FINDING_CHECKS = Object.keys(FINDING_SEVERITY) as FindingCheck[]

export interface Finding {
  /** stable id of the check, e.g. `coverage`, `ledger-chain` */
  check: FindingCheck
  severity: Severity
  message: string
  file?: string
  line?: number
  /** what to do about it */
  hint: string
}

/** What each command judges. */
export const AUDIT_CHECKS: readonly FindingCheck[] = FINDING_CHECKS.filter((c) => c !== 'agents-references' && c !== 'architecture' && c !== 'requirement-fields')
export const VALIDATE_CHECKS: readonly FindingCheck[] = ['scaffold', 'agents', 'agents-references', 'parse', 'requirement-fields', 'architecture']
export const GAPS_CHECKS: readonly FindingCheck[] = ['parse', 'coverage']
export const ORPHANS_CHECKS: readonly FindingCheck[] = ['parse', 'orphans']
/** What the phase checklists (and checkpoint, which shows audit health and phase readiness) read: the audit's and the architecture references. */
export const PHASE_CHECKS: readonly FindingCheck[] = [...AUDIT_CHECKS, 'architecture']

/** Whether any finding is an error: what makes audit, validate, req gaps and req orphans exit 1. */
export function hasErrors(findings: readonly Pick<Finding, 'severity'>[]): boolean {
  return findings.some((f) => f.severity === 'error')
}

/** The exit code of a command judging `findings`: 1 when one is an error, else 0. */
export function findingsExitCode(findings: readonly Pick<Finding, 'severity'>[]): number {
  return hasErrors(findings) ? 1 : 0
}

/** The findings of some checks, out of findings of more (a caller that computed them once for several uses). */
export function findingsOf(findings: readonly Finding[], checks: readonly FindingCheck[]): Finding[] {
  const wanted = new Set(checks)
  return findings.filter((f) => wanted.has(f.check))
}

/** The limits of SPEC.md when the configuration sets none: the schema's defaults, and what a project without `audit:` gets (no schema run). */
export const AUDIT_THRESHOLD_DEFAULTS = {agents_max_lines: 200, agents_hard_max_lines: 400, governance_file_max_lines: 300, ledger_max_lines: 500, max_open_todos: 20} as const

/** Limits of SPEC.md, overridable in docs/GOVTOOL.yml under `audit:`. */
export const AuditThresholdsSchema = z
  .object({
    agents_max_lines: z.number().int().positive().default(AUDIT_THRESHOLD_DEFAULTS.agents_max_lines),
    agents_hard_max_lines: z.number().int().positive().default(AUDIT_THRESHOLD_DEFAULTS.agents_hard_max_lines),
    governance_file_max_lines: z.number().int().positive().default(AUDIT_THRESHOLD_DEFAULTS.governance_file_max_lines),
    ledger_max_lines: z.number().int().positive().default(AUDIT_THRESHOLD_DEFAULTS.ledger_max_lines),
    max_open_todos: z.number().int().nonnegative().default(AUDIT_THRESHOLD_DEFAULTS.max_open_todos),
  })
  .passthrough()
export type AuditThresholds = z.infer<typeof AuditThresholdsSchema>

export interface FindingsOptions {
  /** the project types; default: the built-in ones */
  registry?: ProjectTypeRegistry
  /** an already loaded model (saves re-reading the files) */
  model?: GovernanceModel
}

type Report = (check: FindingCheck, finding: Omit<Finding, 'check' | 'severity'>) => void

interface Run {
  ctx: ProjectContext
  registry: ProjectTypeRegistry
  want: (check: FindingCheck) => boolean
  report: Report
  model: () => Promise<GovernanceModel>
  limits: () => Promise<AuditThresholds>
}

/**
 * The findings of `checks` (in FINDING_SEVERITY order, then by file and line). Only what the checks need is
 * read: `req gaps` loads the requirement model, not the ledger.
 */
export async function governanceFindings(ctx: ProjectContext, checks: readonly FindingCheck[], options: FindingsOptions = {}): Promise<Finding[]> {
  // the scaffold and CI checks read scaffold.yml once (and with checkpoint's checklists, the ledger's chain)
  return withReadScope(ctx, (scoped) => computeFindings(scoped, checks, options))
}

async function computeFindings(ctx: ProjectContext, checks: readonly FindingCheck[], options: FindingsOptions): Promise<Finding[]> {
  const wanted = new Set(checks)
  const findings: Finding[] = []
  const report: Report = (check, f) => {
    if (wanted.has(check)) findings.push({check, severity: FINDING_SEVERITY[check], ...f})
  }
  let model: Promise<GovernanceModel> | undefined
  let limits: Promise<AuditThresholds> | undefined
  const run: Run = {
    ctx,
    registry: options.registry ?? builtinRegistry(),
    want: (check) => wanted.has(check),
    report,
    model: () => (model ??= options.model ? Promise.resolve(options.model) : loadGovernanceModel(ctx)),
    limits: () => (limits ??= loadThresholds(ctx, report)),
  }
  const any = (...ids: FindingCheck[]) => ids.some((id) => wanted.has(id))
  await Promise.all([
    any('scaffold') && timed('finding scaffold', () => checkScaffold(run)),
    any('config', 'agents-modular', 'ledger-size', 'ledger-todos', 'governance-size') && timed('finding limits', () => run.limits()),
    any('agents', 'agents-modular', 'agents-references') && timed('finding agents', () => checkAgents(run)),
    any('requirements', 'parse', 'coverage', 'orphans') && timed('finding traceability', () => checkTraceability(run)),
    any('architecture') && timed('finding architecture', () => checkArchitecture(run)),
    any('ledger', 'ledger-size', 'ledger-todos', 'ledger-parse', 'ledger-chain') && timed('finding ledger', () => checkLedger(run)),
    any('esdb-chain') && timed('finding esdb', () => checkEsdb(run)),
    any('governance-size') && timed('finding sizes', () => checkGovernanceSizes(run)),
    any('ci-config') && timed('finding ci', () => checkCi(run)),
  ])
  return sortFindings(findings)
}

/** Findings in the order they are listed: FINDING_SEVERITY's, then by file and line (stable: a check's own order). */
export function sortFindings(findings: Finding[]): Finding[] {
  const order = FINDING_CHECKS
  return findings.sort((a, b) => order.indexOf(a.check) - order.indexOf(b.check) || compareText(a.file ?? '', b.file ?? '') || (a.line ?? 0) - (b.line ?? 0))
}

/** The audit limits in force (defaults where the configuration has none or cannot be read). */
export async function auditThresholds(ctx: ProjectContext): Promise<AuditThresholds> {
  return loadThresholds(ctx, () => {})
}

/** The `audit:` section of docs/GOVTOOL.yml, else of ~/.govtool/config.yml (scaffold.yml is not involved). */
async function loadThresholds(ctx: ProjectContext, report: Report): Promise<AuditThresholds> {
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
      report('config', {message: e.message, file: ctx.relative(file), line: e.line, hint: 'Fix the configuration file named above; the default limits were used.'})
      break
    }
  }
  // equal to AuditThresholdsSchema.parse({}) (findings test), without zod's first parse on every checkpoint and audit (2-3 ms)
  return {...AUDIT_THRESHOLD_DEFAULTS}
}

/** scaffold.yml: present, YAML, and every field valid (each problem with its line). */
async function checkScaffold({ctx, report}: Run): Promise<void> {
  const file = ctx.file('scaffold')
  const rel = ctx.relative(file)
  const text = await readTextIfExists(file)
  if (text === undefined) {
    report('scaffold', {message: 'scaffold.yml is missing', file: rel, hint: 'Create it with `govtool import` (an existing repository) or `govtool init` (a new one).'})
    return
  }
  let yaml
  try {
    yaml = await parseScaffoldText(ctx, text, rel)
  } catch (error) {
    if (!isGovError(error)) throw error
    report('scaffold', {message: error.message.replace(/^[^:]+(?::\d+)?: /, ''), file: rel, line: error.line, hint: error.hint ?? 'Fix the YAML syntax of scaffold.yml at that line.'})
    return
  }
  const result = await validateScaffold(ctx, text, yaml)
  if (result.success) return
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : '(top level)'
    report('scaffold', {message: `field '${field}': ${issue.message}`, file: rel, line: yaml.lineOf(issue.path as (string | number)[]), hint: `Correct '${field}' in scaffold.yml.`})
  }
}

async function checkAgents(run: Run): Promise<void> {
  const {ctx, report} = run
  const agents = await readTextIfExists(ctx.file('agents'))
  if (agents === undefined) {
    report('agents', {message: 'AGENTS.md is missing', file: 'AGENTS.md', hint: 'Run `govtool audit --fix` to create it from the templates, or `govtool import`.'})
    return
  }
  if (run.want('agents-modular')) {
    const limits = await run.limits()
    const lines = lineCount(agents)
    if (lines > limits.agents_max_lines && (await markdownFiles(ctx.file('governanceDir'))).length === 0) {
      report('agents-modular', {
        message: `AGENTS.md has ${lines} lines (over ${limits.agents_max_lines}) and docs/governance/*.md does not exist`,
        file: 'AGENTS.md',
        line: limits.agents_max_lines + 1,
        hint: 'Move the detailed rules into docs/governance/*.md (`govtool audit --fix` writes the standard set) and keep AGENTS.md a short index.',
      })
    }
  }
  if (run.want('agents-references')) await checkAgentsReferences(ctx, agents, report)
}

const PATH_LIKE = /^(?:\.{1,2}\/)?[\w@.-]+(?:\/[\w@.*-]+)*\/?$/
const EXTENSIONS = /\.(?:md|ya?ml|json|toml|txt|sh|py|ts|js|mjs|cjs|cfg|ini|lock)$/i

/** Paths AGENTS.md refers to: link targets and code spans that look like project paths. */
export function agentsReferences(tree: Nodes): {target: string; line: number}[] {
  const refs: {target: string; line: number}[] = []
  const visit = (node: Nodes) => {
    const line = node.position?.start.line ?? 1
    if (node.type === 'link') {
      const url = node.url.split('#')[0].split('?')[0]
      if (url && !/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('/')) refs.push({target: decodeURIComponent(url), line})
    } else if (node.type === 'inlineCode') {
      const value = node.value.trim()
      if (PATH_LIKE.test(value) && (value.includes('/') || EXTENSIONS.test(value)) && !value.startsWith('.govtool') && !/^[\w-]+\.(?:com|org|io|dev|net)$/.test(value)) {
        refs.push({target: value, line})
      }
    }
    if ('children' in node) for (const child of node.children) visit(child as Nodes)
  }
  visit(tree)
  return refs
}

function referenceExists(root: string, target: string): boolean {
  if (!target.includes('*')) return existsSync(path.resolve(root, target))
  const dir = path.resolve(root, path.dirname(target))
  const pattern = new RegExp(`^${path.basename(target).replaceAll(/[.+^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}$`)
  try {
    return readdirSync(dir).some((n) => pattern.test(n))
  } catch {
    return false
  }
}

async function checkAgentsReferences(ctx: ProjectContext, text: string, report: Report): Promise<void> {
  const {fromMarkdown} = await import('mdast-util-from-markdown')
  const seen = new Set<string>()
  for (const ref of agentsReferences(fromMarkdown(text))) {
    if (seen.has(ref.target)) continue
    seen.add(ref.target)
    let inside = true
    try {
      ctx.path(ref.target)
    } catch {
      inside = false
    }
    if (!inside) {
      report('agents-references', {message: `AGENTS.md refers to ${ref.target}, outside the project`, file: 'AGENTS.md', line: ref.line, hint: 'Refer only to files inside the repository.'})
    } else if (!referenceExists(ctx.root, ref.target)) {
      report('agents-references', {message: `AGENTS.md refers to ${ref.target}, which does not exist`, file: 'AGENTS.md', line: ref.line, hint: `Create ${ref.target} or correct the reference.`})
    }
  }
}

async function checkTraceability(run: Run): Promise<void> {
  const {ctx, report} = run
  const model = await run.model()
  const [reqFile, testFile] = [ctx.relative(ctx.file('requirements')), ctx.relative(ctx.file('tests'))]
  if (run.want('requirements')) {
    const [hasReqs, hasTests] = await Promise.all([exists(ctx.file('requirements')), exists(ctx.file('tests'))])
    if (!hasReqs) report('requirements', {message: `${reqFile} is missing`, file: reqFile, hint: 'Run `govtool audit --fix` to create it, then `govtool req add`.'})
    if (!hasTests) report('requirements', {message: `${testFile} is missing`, file: testFile, hint: 'Run `govtool audit --fix` to create it.'})
  }
  for (const p of model.problems) {
    report('parse', {
      message: p.message,
      file: p.file,
      line: p.line,
      hint: `Correct the entry at ${p.file}:${p.line}: each requirement and test id appears once and has the form REQ-001 / REQ-CLI-001 (tests TEST-001, TEST-012a).`,
    })
  }
  if (run.want('requirement-fields')) for (const r of model.requirements) checkRequirementFields(r, report)
  const cov = coverage(model)
  const byId = new Map(model.requirements.map((r) => [r.id, r]))
  for (const id of cov.uncovered) {
    const req = byId.get(id)!
    report('coverage', {message: `${id} is not covered by any test`, file: req.file, line: req.line, hint: `Add a test to ${testFile} with "- **Covers:** ${id}", or mark the requirement Draft.`})
  }
  const testsById = new Map(model.tests.map((t) => [t.id, t]))
  for (const o of cov.orphans) {
    const t = testsById.get(o.test)!
    report('orphans', {message: `${o.test} covers ${o.requirement}, which is not a requirement`, file: t.file, line: t.line, hint: `Fix the id in Covers, or add ${o.requirement} to ${reqFile}.`})
  }
}

/** A requirement's status and priority are from the one list (a missing priority is the phase checklist's concern). */
function checkRequirementFields(r: GovernanceModel['requirements'][number], report: Report): void {
  const where = {file: r.file, line: r.line}
  if (r.status === 'unspecified') {
    report('requirement-fields', {...where, message: `${r.id} has no Status`, hint: `Give it one of ${REQUIREMENT_STATUSES.join(', ')} (\`govtool req edit ${r.id} --status proposed\`).`})
  } else if (!isRequirementStatus(r.status)) {
    const synonym = REQUIREMENT_STATUS_SYNONYMS[normalStatus(r.status)]
    report('requirement-fields', {
      ...where,
      message: synonym ? `${r.id}: status "${r.status}" is an older word for ${synonym}` : `${r.id}: status "${r.status}" is not a requirement status`,
      hint: synonym ? `Write ${synonym} (\`govtool req edit ${r.id} --status ${synonym}\`).` : `Statuses: ${REQUIREMENT_STATUSES.join(', ')} (\`govtool req edit ${r.id} --status <status>\`).`,
    })
  }
  if (r.priority !== undefined && !isRequirementPriority(r.priority)) {
    report('requirement-fields', {...where, message: `${r.id}: priority "${r.priority}" is not a requirement priority`, hint: `Priorities: ${REQUIREMENT_PRIORITIES.join(', ')} (\`govtool req edit ${r.id} --priority P2\`).`})
  }
}

async function checkArchitecture(run: Run): Promise<void> {
  const {ctx, report} = run
  const file = ctx.file('architecture')
  const rel = ctx.relative(file)
  const text = await readTextIfExists(file)
  if (text === undefined) {
    report('architecture', {message: `${rel} is missing`, file: rel, hint: 'Write it with `govtool architect`, naming the requirements each component serves.'})
    return
  }
  const model = await run.model()
  const known = new Set(model.requirements.map((r) => r.id))
  const mentioned = [...text.matchAll(/\bREQ-(?:[A-Z][A-Z0-9_]*-)?\d+\b/g)].map((m) => m[0])
  if (mentioned.some((id) => known.has(id))) return
  const message =
    mentioned.length === 0
      ? `${rel} references no requirement`
      : `${rel} references ${[...new Set(mentioned)].slice(0, 5).join(', ')}, none of which is in ${ctx.relative(ctx.file('requirements'))}`
  report('architecture', {message, file: rel, hint: 'Name the requirements each component serves (e.g. "Serves REQ-CLI-001").'})
}

async function checkLedger(run: Run): Promise<void> {
  const {ctx, report} = run
  const ledgerFile = ctx.file('ledger')
  // with both the parse and the chain asked for (audit, checkpoint, validate), the ledger's summary kept across runs
  // (ledger-summary.ts) answers all of it without reading the ledger; else, or when it failed, the files are read
  const summary = run.want('ledger-parse') && run.want('ledger-chain') ? await ledgerSummary(ctx) : undefined
  const text = summary ? undefined : await readTextIfExists(ledgerFile)
  if (summary ? !summary.exists : text === undefined) {
    report('ledger', {message: 'LEDGER.md is missing', file: 'LEDGER.md', hint: 'Run `govtool audit --fix` to create it, or `govtool ledger add "..."`.'})
    return
  }
  const rel = ctx.relative(ledgerFile)
  if (run.want('ledger-size') || run.want('ledger-todos')) {
    const limits = await run.limits()
    const lines = summary ? summary.lines : lineCount(text!)
    if (lines >= limits.ledger_max_lines) {
      report('ledger-size', {message: `LEDGER.md has ${lines} lines (limit: under ${limits.ledger_max_lines})`, file: rel, line: limits.ledger_max_lines, hint: 'Run `govtool compress` (or `govtool audit --fix`) to move old entries to docs/ledger-archive.md.'})
    }
    const todos = summary ? summary.todos : countOpenTodos(text!)
    if (todos >= limits.max_open_todos) {
      report('ledger-todos', {message: `LEDGER.md has ${todos} open TODOs (limit: under ${limits.max_open_todos})`, file: rel, hint: 'Close finished TODOs (`- [x]`) or move them to an issue tracker.'})
    }
  }
  if (run.want('ledger-parse')) {
    const problems = summary ? summary.problems : (await readLedgerHistory(ctx)).problems
    for (const p of problems) report('ledger-parse', {message: p.message, file: p.file, line: p.line, hint: 'Entries are `## <ISO timestamp> — <description>` followed by their bullets; restore the entry from version control.'})
  }
  if (run.want('ledger-chain')) {
    const chain = summary ? summary.chain : await checkLedgerChain(ctx)
    for (const p of chain.problems) report('ledger-chain', {message: p.message, file: p.file, line: p.line, hint: chainHint(p.kind)})
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

const ESDB_REPAIR = 'Run `govtool esdb replay` for the first bad seq; then move .govtool/esdb aside and restore it from a backup (`govtool esdb import .govtool/backups/<file> --apply`). Writers refuse to extend the chain until then.'

/** The ESDB WAL's whole chain (one linear pass, no query index). A project without a store has nothing to check. */
async function checkEsdb({ctx, report}: Run): Promise<void> {
  const {esdbHealth} = await import('@govtool/plugin-esdb')
  const health = await esdbHealth(ctx)
  if (!health.exists) return
  const file = ctx.relative(ctx.state('esdb', 'wal.jsonl'))
  const r = health.report
  if (!r.ok) report('esdb-chain', {message: `the ESDB chain does not verify: ${r.problem ?? 'unknown problem'}`, file, hint: ESDB_REPAIR})
  if (r.torn_tail) {
    report('esdb-chain', {
      message: `the ESDB WAL ends in a torn line (${r.wal_bytes} bytes, a write cut short by a crash); its record was never acknowledged`,
      file,
      hint: 'Run `govtool esdb replay` to confirm; the next ESDB write sets the torn bytes aside in .govtool/esdb/wal.torn-*.jsonl and continues the chain.',
    })
  }
}

async function checkGovernanceSizes(run: Run): Promise<void> {
  const {ctx, report} = run
  const limits = await run.limits()
  const agents = await readTextIfExists(ctx.file('agents'))
  if (agents !== undefined && lineCount(agents) > limits.agents_hard_max_lines) {
    report('governance-size', {message: `AGENTS.md has ${lineCount(agents)} lines (limit ${limits.agents_hard_max_lines})`, file: 'AGENTS.md', line: limits.agents_hard_max_lines + 1, hint: 'Move detail into docs/governance/*.md; AGENTS.md should point to them.'})
  }
  for (const file of await markdownFiles(ctx.file('governanceDir'))) {
    // small files read without the thread pool (issue 14, start-up eighth pass)
    const n = lineCount(readFileSync(file, 'utf8'))
    if (n > limits.governance_file_max_lines) {
      const rel = ctx.relative(file)
      report('governance-size', {message: `${rel} has ${n} lines (limit ${limits.governance_file_max_lines})`, file: rel, line: limits.governance_file_max_lines + 1, hint: 'Split it into smaller docs/governance/*.md files by concern.'})
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

async function checkCi({ctx, registry, report}: Run): Promise<void> {
  const read = await readScaffoldSafe(ctx)
  const files = await ciConfigFiles(ctx)
  const platform = read.scaffold?.vcs_platform
  if (files.length === 0) {
    if (platform === 'none') return
    report('ci-config', {message: 'no CI configuration found (.github/workflows/, .gitlab-ci.yml, azure-pipelines.yml)', hint: 'Run `govtool audit --fix` or `govtool apply` to generate it from scaffold.yml.'})
    return
  }
  const type = read.scaffold ? registry.types.get(read.scaffold.type) : undefined
  if (!type) return
  const texts = files.map((f) => {
    try {
      return readFileSync(ctx.path(f), 'utf8')
    } catch {
      return ''
    }
  })
  const all = texts.join('\n')
  for (const tool of expectedCiTools(type)) {
    if (referencesTool(all, tool)) continue
    report('ci-config', {
      message: `CI config does not run ${tool.name} (\`${tool.run}\`), a tool of project type ${type.name}`,
      file: files[0],
      hint: `Add a step running \`${tool.run}\`, or regenerate the config with \`govtool apply\` (\`govtool audit --fix\` replaces a config govtool generated).`,
    })
  }
}

async function exists(file: string): Promise<boolean> {
  return (await readTextIfExists(file).catch(() => undefined)) !== undefined
}
