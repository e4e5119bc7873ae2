/**
 * AEE phases (SPEC.md "AEE phase"): each phase's prerequisite checklist computed from the project, and the
 * transitions `phase next` / `phase set`, persisted as `aee_phase` in scaffold.yml.
 */
import {
  AEE_PHASES,
  AEE_PHASE_LABELS,
  GovError,
  InputError,
  REQUIREMENT_PRIORITIES,
  phaseIndex,
  readTextIfExists,
  timed,
  updateYamlFile,
  type AeePhase,
  type ProjectContext,
  type ProjectTypeRegistry,
} from 'govtool/core'

import {AUDIT_CHECKS, PHASE_CHECKS, findingsOf, governanceFindings, hasErrors, type Finding} from './findings.js'
import {checkLedgerChain, readLedger} from './ledger.js'
import {USER_ENTRY_TYPES, ledgerSummary} from './ledger-summary.js'
import {loadGovernanceModel} from './model.js'
import {checklistModel, modelSummary, phaseFindings, type IdList, type ModelSummary} from './model-summary.js'
import {PHASE_GIT_QUERIES, commitCount, hasTag, withGitAhead} from './git.js'
import {projectFiles} from './inventory.js'
import {builtinRegistry, readScaffoldSafe} from './project.js'
import {withReadScope} from './read-scope.js'
import {syncDerivedCache} from './sync.js'
import type {GovernanceModel} from './types.js'

export const PHASE_DESCRIPTIONS: Record<AeePhase, string> = {
  inception: 'scaffold, AGENTS.md, project type established',
  architecture: 'architecture doc, components, decisions sealed',
  requirements: 'requirements populated, stress-tested, equilibrium reached',
  test_spec: 'tests cover the P1 requirements (at least 80%)',
  implementation: 'code, commit, audit, ledger',
  verification: 'epistemic audit passes, trace vault sealed',
  release: 'changelog updated, tag created, compliance report filed',
}

export interface ChecklistItem {
  item: string
  ok: boolean
  /** what was found; when the item fails, the file and the section or field it wants, and how to get there */
  detail: string
  /** project-relative file the item reads (null when it reads git or the source tree) */
  file: string | null
  /** the section, field or entry of that file the item wants (for git items, what git must have) */
  wants: string
}

export type Checklists = Record<AeePhase, ChecklistItem[]>

const CODE = /\.(?:ts|tsx|js|jsx|mjs|cjs|py|rs|c|h|cc|cpp|hpp|cxx|vhd|vhdl|v|sv|go|java|kt|rb|cs|swift|php|scala|lua|ex|exs|zig|dart)$/i

/** Whether the Markdown section whose heading matches has an entry; `found` is false when there is no such heading. */
function sectionEntries(text: string, heading: RegExp): {found: boolean; entries: boolean} {
  const lines = text.split('\n')
  const start = lines.findIndex((l) => heading.test(l))
  if (start === -1) return {found: false, entries: false}
  const level = /^(#+)/.exec(lines[start])?.[1].length ?? 2
  for (const line of lines.slice(start + 1)) {
    const h = /^(#+)\s/.exec(line)
    if (h && h[1].length <= level) break
    if (h || /^\s*(?:[-*+]|\d+\.)\s+\S/.test(line) || /^\s*\|(?!\s*-)/.test(line)) return {found: true, entries: true}
  }
  return {found: true, entries: false}
}

/** `file:line: message` of a finding, for a checklist item's detail. */
const located = (f: Finding) => `${f.file ? `${f.file}${f.line ? `:${f.line}` : ''}: ` : ''}${f.message}`
const at = (p: {file: string; line?: number}) => (p.line ? `${p.file}:${p.line}` : p.file)
const ids = (list: IdList) => (list.count <= 3 ? list.head.join(', ') : `${list.head.join(', ')} and ${list.count - 3} more`)

/**
 * The prerequisite checklist of every phase (what the phase must have achieved before the next one). Every
 * item names the file it reads and the section or field it wants; a failing item's detail says what is
 * missing there and the command that supplies it, where one does. The items about the governance files
 * (well-formed entries, orphan references, architecture references, audit health) are read from the shared
 * findings (findings.ts), so `phase next` refuses for exactly the findings that make audit, validate and
 * `req orphans` fail.
 */
export async function phaseChecklists(ctx: ProjectContext, options: ChecklistOptions = {}): Promise<Checklists> {
  // git's two answers are started first and come in while the model, the findings and the ledger are read
  // (with scaffold.yml, the ledger's parse and its chain verification shared with the findings computed here)
  return withGitAhead(ctx.root, PHASE_GIT_QUERIES, () => withReadScope(ctx, (scoped) => checklistsOf(scoped, options)))
}

export interface ChecklistOptions {
  registry?: ProjectTypeRegistry
  model?: GovernanceModel
  findings?: Finding[]
  /** what the checklists read of the model, from the model summary (model-summary.ts): no model is loaded */
  summary?: ModelSummary
  /** read the model summary (kept across runs when fresh) instead of the model, when no model or findings are given */
  useSummary?: boolean
}

async function checklistsOf(ctx: ProjectContext, options: ChecklistOptions): Promise<Checklists> {
  const registry = options.registry ?? builtinRegistry()
  const summary = options.summary ?? (options.useSummary && !options.model && !options.findings ? await timed('checklist model summary', () => modelSummary(ctx)).catch(() => undefined) : undefined)
  const model = summary ? undefined : (options.model ?? (await loadGovernanceModel(ctx, {cache: 'read'})))
  const [scaffold, findings, agents, arch, userEntries, chain] = await Promise.all([
    timed('checklist scaffold', () => readScaffoldSafe(ctx)),
    options.findings ? Promise.resolve(options.findings) : summary ? phaseFindings(ctx, summary, {registry}) : governanceFindings(ctx, PHASE_CHECKS, {registry, model}),
    readTextIfExists(ctx.file('agents')),
    readTextIfExists(ctx.file('architecture')),
    // the user entries counted and the chain verified: the ledger's summary kept across runs (ledger-summary.ts),
    // else (it failed) the ledger read and verified here
    timed('checklist ledger', async () => {
      const summary = await ledgerSummary(ctx)
      return summary ? summary.user_entries : (await readLedger(ctx)).entries.filter((e) => USER_ENTRY_TYPES.includes(e.type)).length
    }),
    timed('checklist chain', async () => (await ledgerSummary(ctx))?.chain ?? checkLedgerChain(ctx)),
  ])
  const s = scaffold.scaffold
  const archRefs = findingsOf(findings, ['architecture'])
  const parse = findingsOf(findings, ['parse'])
  const orphans = findingsOf(findings, ['orphans'])
  const auditFindings = findingsOf(findings, AUDIT_CHECKS)
  const audit = {healthy: !hasErrors(auditFindings)}
  const errors = auditFindings.filter((i) => i.severity === 'error')
  const [commits, tagged, files, changelog, sync] = await Promise.all([
    timed('checklist commits', () => commitCount(ctx.root)),
    hasTag(ctx.root),
    timed('checklist files', () => projectFiles(ctx.root, 20_000)),
    readTextIfExists(ctx.path('CHANGELOG.md')),
    summary ? undefined : timed('checklist sync', () => syncDerivedCache(ctx, {check: true})).catch(() => undefined),
  ])
  const cm = summary?.checklist ?? checklistModel(model!, sync)
  const {p1Covered} = cm
  const p1Pct = cm.p1 === 0 ? 0 : Math.round((p1Covered / cm.p1) * 1000) / 10
  const code = files.files.filter((f) => CODE.test(f) && !f.startsWith('docs/') && !f.startsWith('.github/'))
  const REPORTS = ['docs/compliance-report.md', 'docs/COMPLIANCE.md', 'docs/compliance.md', 'COMPLIANCE.md']
  const report = REPORTS.find((f) => ctx.exists(f))
  const item = (label: string, ok: boolean, file: string | null, wants: string, detail: string): ChecklistItem => ({item: label, ok, detail, file, wants})

  const scaffoldFile = ctx.relative(ctx.file('scaffold'))
  const agentsFile = ctx.relative(ctx.file('agents'))
  const archFile = ctx.relative(ctx.file('architecture'))
  const reqFile = ctx.relative(ctx.file('requirements'))
  const testFile = ctx.relative(ctx.file('tests'))
  const ledgerFile = ctx.relative(ctx.file('ledger'))
  const components = arch === undefined ? undefined : sectionEntries(arch, /^#{1,6}\s+components?\b/i)
  const decisions = arch === undefined ? undefined : sectionEntries(arch, /^#{1,6}\s+(?:architectural\s+)?decisions?\b/i)
  const sectionDetail = (found: {found: boolean; entries: boolean} | undefined, name: string, example: string, ok: string) =>
    found === undefined
      ? `${archFile} is missing; it needs a "## ${name}" section (\`govtool architect\` writes the file)`
      : found.entries
        ? ok
        : found.found
          ? `${archFile}: the "${name}" section has no entry; add one, e.g. ${example}`
          : `${archFile} has no "## ${name}" section; add one with at least one entry, e.g. ${example}`
  const undescribed = cm.undescribed.first
  const drafts = cm.drafts
  const typeOk = Boolean(s && registry.types.has(s.type))
  const changelogEntries = changelog !== undefined && changelog.trim().split('\n').length > 1
  const auditDetail = audit.healthy
    ? 'govtool audit passes'
    : `${errors.length} audit error(s); first: ${errors[0]?.file && !errors[0].message.startsWith(errors[0].file) ? `${at({file: errors[0].file, line: errors[0].line})}: ` : ''}${errors[0]?.message} (\`govtool audit\` lists them)`
  const coverageDetail = (): string => {
    if (cm.nonDraft === 0) return `${reqFile} has no requirement that is not draft (\`govtool req add\`)`
    if (cm.uncovered.count > 0) return `coverage ${cm.coveragePercent}%: no test in ${testFile} names ${ids(cm.uncovered)} in its "Covers" field`
    if (!audit.healthy) return `coverage ${cm.coveragePercent}%, but ${auditDetail}`
    return `coverage ${cm.coveragePercent}%, govtool audit passes`
  }
  const chainProblem = chain.problems[0]
  return {
    inception: [
      item('scaffold.yml exists and is valid', Boolean(s), scaffoldFile, 'fields name and type', s
        ? `${scaffoldFile} read`
        : scaffold.problem
          ? `${scaffold.problem.file}:${scaffold.problem.line}: ${scaffold.problem.message}`
          : `${scaffoldFile} is missing; it needs at least the fields name and type (\`govtool import\` writes it)`),
      item('AGENTS.md exists', agents !== undefined, agentsFile, 'the file', agents === undefined ? `${agentsFile} is missing (\`govtool audit --fix\` writes it)` : `${agents.split('\n').length} lines`),
      item('project type established', typeOk, scaffoldFile, 'field type', s
        ? typeOk
          ? `type ${s.type}`
          : `${scaffoldFile} field type: ${s.type} is not an installed project type (\`govtool plugin\` lists them)`
        : `${scaffoldFile} is missing, so there is no field type`),
    ],
    architecture: [
      item('architecture document exists', arch !== undefined, archFile, 'the file', arch === undefined ? `${archFile} is missing (\`govtool architect\` writes it)` : archFile),
      item('components named', Boolean(components?.entries), archFile, 'section "Components"', sectionDetail(components, 'Components', '"### parser" or "- parser: reads the input"', 'a "Components" section with entries')),
      item('decisions sealed', Boolean(decisions?.entries), archFile, 'section "Decisions"', sectionDetail(decisions, 'Decisions', '"- Store state as JSON files: no database to run"', 'a "Decisions" section with entries')),
      item('architecture references requirements', arch !== undefined && archRefs.length === 0, archFile, 'a known REQ-... id', arch === undefined
        ? `${archFile} is missing, so it references no requirement`
        : archRefs[0]
          ? `${archRefs[0].message}; name the requirements each component serves (e.g. "Serves ${cm.firstNonDraft ?? 'REQ-CORE-001'}")`
          : `references requirement ids of ${reqFile}`),
    ],
    requirements: [
      item('requirements populated', cm.nonDraft > 0, reqFile, 'a requirement entry (## REQ-... heading) whose Status is not draft', cm.nonDraft > 0
        ? `${cm.requirements} requirements, ${cm.nonDraft} not draft`
        : `${reqFile} has ${cm.requirements === 0 ? 'no requirement entry' : `only draft requirements (${ids(drafts)}): field Status`} (\`govtool req add\` adds one)`),
      item('requirements well-formed', parse.length === 0, parse[0]?.file ?? reqFile, 'entries in the documented shape', parse[0] ? `${located(parse[0])}${parse.length > 1 ? ` (and ${parse.length - 1} more)` : ''}` : 'no parse problems'),
      item('every requirement described and prioritised', cm.requirements > 0 && !undescribed, reqFile, 'fields Description and Priority', cm.requirements === 0
        ? `${reqFile} has no requirement entry (\`govtool req add ID --description ... --priority P1\`)`
        : !undescribed
          ? 'all described with a priority'
          : `${cm.undescribed.count} without field ${undescribed!.description ? 'Priority' : 'Description'}${undescribed!.description || undescribed!.priority ? '' : ' or Priority'} (priorities: ${REQUIREMENT_PRIORITIES.join(', ')}), first ${undescribed!.id} at ${at(undescribed!)}`),
      item('equilibrium: no draft requirements left', cm.requirements > 0 && drafts.count === 0, reqFile, 'field Status of every requirement (not draft)', cm.requirements === 0
        ? `${reqFile} has no requirement entry`
        : drafts.count === 0
          ? '0 draft'
          : `${drafts.count} draft: field Status of ${ids(drafts)} (first at ${at(drafts.first!)})`),
    ],
    test_spec: [
      item('test specification populated', cm.tests > 0, testFile, 'a test entry (### TEST-... heading) with a Covers field', cm.tests > 0 ? `${cm.tests} tests` : `${testFile} has no test entry (a "### TEST-..." heading with a "Covers" field)`),
      item('at least 80% of P1 requirements covered', cm.p1 > 0 && p1Pct >= 80, cm.p1 === 0 ? reqFile : testFile, cm.p1 === 0 ? 'field Priority P1 on the requirements that matter most' : 'field Covers naming the P1 requirements', cm.p1 === 0
        ? `0 of 0 P1 requirements covered (0%): no requirement in ${reqFile} has field Priority P1`
        : p1Pct >= 80
          ? `${p1Covered} of ${cm.p1} P1 requirements covered (${p1Pct}%)`
          : `${p1Covered} of ${cm.p1} P1 requirements covered (${p1Pct}%): no test in ${testFile} names ${ids(cm.p1Uncovered)} in its "Covers" field`),
      item('no tests cover unknown requirements', orphans.length === 0, testFile, 'field Covers naming requirements that exist', orphans.length === 0
        ? 'none'
        : `${orphans.length} orphan reference(s): ${located(orphans[0])} (field Covers; fix the id or add the requirement to ${reqFile})`),
    ],
    implementation: [
      item('source code present', code.length > 0, null, 'source files outside docs/', code.length > 0 ? `${code.length} source files` : 'no source file found outside docs/ and .github/'),
      item('changes committed', commits > 0, null, 'a git commit', commits > 0 ? `${commits} commits` : 'git has no commit here (`govtool commit`)'),
      item('audit healthy', audit.healthy, errors[0]?.file ?? null, errors[0] ? `what the ${errors[0].check} check asks for` : 'a passing govtool audit', auditDetail),
      item('ledger records the work', userEntries > 0, ledgerFile, 'an entry of type task, feature, fix or migration', userEntries > 0
        ? `${userEntries} task/feature/fix/migration entries`
        : `${ledgerFile} has no entry of type task, feature, fix or migration (\`govtool ledger add "..." --type fix\`)`),
    ],
    verification: [
      item('epistemic audit passes: healthy and every requirement covered', audit.healthy && cm.uncovered.count === 0 && cm.nonDraft > 0, cm.nonDraft === 0 ? reqFile : cm.uncovered.count > 0 ? testFile : (errors[0]?.file ?? testFile), 'field Covers naming every requirement that is not draft', coverageDetail()),
      item('trace vault sealed: ledger chain intact', chain.valid && chain.checked > 0, chainProblem?.file ?? ledgerFile, 'chained entries', chain.valid
        ? chain.checked > 0
          ? `${chain.checked} chained entries verified`
          : `${ledgerFile} has no chained entry (\`govtool ledger add\` writes one)`
        : chainProblem
          ? `${at(chainProblem)}: ${chainProblem.message}`
          : `${ledgerFile}: the chain is broken`),
      item('trace vault sealed: derived cache in sync', cm.sync?.in_sync === true, '.govtool/requirements.json', `the cache of ${reqFile} and ${testFile}`, cm.sync
        ? cm.sync.in_sync
          ? 'govtool sync --check passes'
          : `.govtool/requirements.json and .govtool/testcases.json are behind ${reqFile} and ${testFile} (\`govtool sync\`)`
        : `cannot sync: ${cm.firstProblem ? `${at(cm.firstProblem)}: ${cm.firstProblem.message}` : 'the requirements or tests are malformed'}`),
    ],
    release: [
      item('changelog updated', changelogEntries, 'CHANGELOG.md', 'a section for the release', changelog === undefined
        ? 'CHANGELOG.md is missing (`govtool release <version>` writes its first section)'
        : changelogEntries
          ? 'CHANGELOG.md'
          : 'CHANGELOG.md has no section below its title (`govtool release <version>` adds one)'),
      item('release tag created', tagged, null, 'a git tag', tagged ? 'git tag present' : 'git has no tag (`git tag -a v<version>` after `govtool release <version>`)'),
      item('compliance report filed', report !== undefined, report ?? REPORTS[0], 'the file', report ?? `${REPORTS[0]} is missing (\`govtool export --output ${REPORTS[0]}\`)`),
    ],
  }
}

export function readiness(items: readonly ChecklistItem[]): number {
  if (items.length === 0) return 100
  return Math.round((items.filter((i) => i.ok).length / items.length) * 100)
}

export interface PhaseStatus {
  phase: AeePhase
  label: string
  /** 1-based position among the 7 phases */
  index: number
  total: number
  description: string
  /** share of the current phase's checklist that passes, 0..100 */
  readiness_pct: number
  checklist: ChecklistItem[]
  next: {phase: AeePhase; label: string} | null
}

/** The current phase (scaffold.yml `aee_phase`); a malformed scaffold.yml throws a GovError with file and line. */
export async function currentPhase(ctx: ProjectContext): Promise<AeePhase> {
  const read = await readScaffoldSafe(ctx)
  if (read.problem) {
    throw new GovError(`${read.problem.file}:${read.problem.line}: ${read.problem.message}`, {code: 'E_CONFIG', file: read.problem.file, line: read.problem.line, hint: 'Fix scaffold.yml at that line.'})
  }
  return read.scaffold?.aee_phase ?? 'inception'
}

export function phaseStatus(phase: AeePhase, lists: Checklists): PhaseStatus {
  const i = phaseIndex(phase)
  const next = AEE_PHASES[i + 1]
  return {
    phase,
    label: AEE_PHASE_LABELS[phase],
    index: i + 1,
    total: AEE_PHASES.length,
    description: PHASE_DESCRIPTIONS[phase],
    readiness_pct: readiness(lists[phase]),
    checklist: lists[phase],
    next: next ? {phase: next, label: AEE_PHASE_LABELS[next]} : null,
  }
}

export function parsePhase(name: string): AeePhase {
  const normal = name.trim().toLowerCase().replaceAll('-', '_')
  const found = AEE_PHASES.find((p) => p === normal || AEE_PHASE_LABELS[p].toLowerCase() === name.trim().toLowerCase())
  if (!found) throw new InputError(`Unknown phase "${name}".`, {code: 'E_BAD_PHASE', hint: `Phases, in order: ${AEE_PHASES.join(', ')}.`})
  return found
}

export interface PhaseChange {
  from: AeePhase
  to: AeePhase
  label: string
  forced: boolean
  /** checklist items that did not pass (and were overridden with --force) */
  failing: (ChecklistItem & {phase: AeePhase})[]
}

/**
 * Moves the project to `target`. Every phase before the target must have its checklist pass (for
 * `phase next` that is the current phase's), unless `force`. Persists `aee_phase` keeping scaffold.yml's
 * comments and layout.
 */
export async function changePhase(ctx: ProjectContext, target: AeePhase | 'next', options: {force?: boolean; registry?: ProjectTypeRegistry} = {}): Promise<PhaseChange> {
  const scaffoldFile = ctx.file('scaffold')
  if ((await readTextIfExists(scaffoldFile)) === undefined) {
    throw new GovError('scaffold.yml is missing; the phase is stored there.', {code: 'E_NO_SCAFFOLD', hint: 'Create it with `govtool init` or `govtool import`.'})
  }
  const from = await currentPhase(ctx)
  const to = target === 'next' ? AEE_PHASES[phaseIndex(from) + 1] : target
  if (!to) throw new GovError(`The project is already at the last phase (${AEE_PHASE_LABELS[from]}).`, {code: 'E_LAST_PHASE', hint: '`govtool phase set <phase>` moves to any phase.'})
  const failing: PhaseChange['failing'] = []
  // the checklists from the model summary when it is fresh (the same items as the full path: model-summary.ts)
  const lists = await phaseChecklists(ctx, {registry: options.registry, useSummary: true})
  for (const phase of AEE_PHASES.slice(0, phaseIndex(to))) {
    for (const it of lists[phase]) if (!it.ok) failing.push({...it, phase})
  }
  if (failing.length > 0 && !options.force) {
    const list = failing.map((f) => `  - [${f.phase}] ${f.item}: ${f.detail}`).join('\n')
    throw new GovError(`Cannot move to ${AEE_PHASE_LABELS[to]}: ${failing.length} prerequisite(s) not met:\n${list}`, {
      code: 'E_PHASE_PREREQUISITES',
      hint: 'Complete the items above, or pass --force to move anyway.',
    })
  }
  if (to !== from) {
    await updateYamlFile(scaffoldFile, (doc) => {
      doc.set('aee_phase', to)
    })
  }
  return {from, to, label: AEE_PHASE_LABELS[to], forced: failing.length > 0, failing}
}

/** The current phase's status with its checklist (`phase`, `phase show`, `phase status`). */
export async function currentPhaseStatus(ctx: ProjectContext, options: {registry?: ProjectTypeRegistry} = {}): Promise<PhaseStatus> {
  const phase = await currentPhase(ctx)
  return phaseStatus(phase, await phaseChecklists(ctx, {registry: options.registry, useSummary: true}))
}

export interface PhaseOverview {
  current: AeePhase
  phases: {phase: AeePhase; label: string; description: string; current: boolean; readiness_pct: number}[]
}

/** The seven phases in order, each with its readiness, and which is current (`phase list`). */
export async function phaseOverview(ctx: ProjectContext, options: {registry?: ProjectTypeRegistry} = {}): Promise<PhaseOverview> {
  const current = await currentPhase(ctx)
  const lists = await phaseChecklists(ctx, {registry: options.registry, useSummary: true})
  const phases = AEE_PHASES.map((p) => {
    const s = phaseStatus(p, lists)
    return {phase: p, label: s.label, description: PHASE_DESCRIPTIONS[p], current: p === current, readiness_pct: s.readiness_pct}
  })
  return {current, phases}
}
