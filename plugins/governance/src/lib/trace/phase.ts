/**
 * AEE phases (SPEC.md "AEE phase"): each phase's prerequisite checklist computed from the project, and the
 * transitions `phase next` / `phase set`, persisted as `aee_phase` in scaffold.yml.
 */
import {
  AEE_PHASES,
  AEE_PHASE_LABELS,
  GATING_PRIORITIES,
  GovError,
  InputError,
  REQUIREMENT_PRIORITIES,
  isRequirementPriority,
  normalPriority,
  phaseIndex,
  readTextIfExists,
  updateYamlFile,
  type AeePhase,
  type ProjectContext,
  type ProjectTypeRegistry,
} from 'govtool/core'

import {runAudit, type AuditReport} from './audit.js'
import {checkLedgerChain, readLedger} from './ledger.js'
import {coverage, isDraft, loadGovernanceModel} from './model.js'
import {commitCount, hasTag} from './git.js'
import {projectFiles} from './inventory.js'
import {builtinRegistry, readScaffoldSafe} from './project.js'
import {syncDerivedCache} from './sync.js'
import type {GovernanceModel} from './types.js'
import {validateProject} from './validate.js'

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
  detail: string
}

export type Checklists = Record<AeePhase, ChecklistItem[]>

const CODE = /\.(?:ts|tsx|js|jsx|mjs|cjs|py|rs|c|h|cc|cpp|hpp|cxx|vhd|vhdl|v|sv|go|java|kt|rb|cs|swift|php|scala|lua|ex|exs|zig|dart)$/i

function sectionHasEntries(text: string, heading: RegExp): boolean {
  const lines = text.split('\n')
  const start = lines.findIndex((l) => heading.test(l))
  if (start === -1) return false
  const level = /^(#+)/.exec(lines[start])?.[1].length ?? 2
  for (const line of lines.slice(start + 1)) {
    const h = /^(#+)\s/.exec(line)
    if (h && h[1].length <= level) break
    if (h || /^\s*(?:[-*+]|\d+\.)\s+\S/.test(line) || /^\s*\|(?!\s*-)/.test(line)) return true
  }
  return false
}

/** The prerequisite checklist of every phase (what the phase must have achieved before the next one). */
export async function phaseChecklists(ctx: ProjectContext, options: {registry?: ProjectTypeRegistry; model?: GovernanceModel; audit?: AuditReport} = {}): Promise<Checklists> {
  const registry = options.registry ?? builtinRegistry()
  const model = options.model ?? (await loadGovernanceModel(ctx, {cache: 'read'}))
  const [scaffold, audit, agents, arch, ledger, chain, validation] = await Promise.all([
    readScaffoldSafe(ctx),
    options.audit ? Promise.resolve(options.audit) : runAudit(ctx, {registry, model}),
    readTextIfExists(ctx.file('agents')),
    readTextIfExists(ctx.file('architecture')),
    readLedger(ctx),
    checkLedgerChain(ctx),
    validateProject(ctx, {model}),
  ])
  const s = scaffold.scaffold
  const cov = coverage(model)
  const nonDraft = model.requirements.filter((r) => !isDraft(r))
  const p1 = nonDraft.filter((r) => r.priority !== undefined && (GATING_PRIORITIES as readonly string[]).includes(normalPriority(r.priority)))
  const coveredSet = new Set(cov.covered)
  const p1Covered = p1.filter((r) => coveredSet.has(r.id)).length
  const p1Pct = p1.length === 0 ? 0 : Math.round((p1Covered / p1.length) * 1000) / 10
  const archRefs = validation.issues.filter((i) => i.check === 'architecture')
  const errors = audit.issues.filter((i) => i.severity === 'error')
  const [commits, tagged, files, changelog, sync] = await Promise.all([
    commitCount(ctx.root),
    hasTag(ctx.root),
    projectFiles(ctx.root, 20_000),
    readTextIfExists(ctx.path('CHANGELOG.md')),
    syncDerivedCache(ctx, {check: true}).catch(() => undefined),
  ])
  const code = files.files.filter((f) => CODE.test(f) && !f.startsWith('docs/') && !f.startsWith('.github/'))
  const report = ['docs/compliance-report.md', 'docs/COMPLIANCE.md', 'docs/compliance.md', 'COMPLIANCE.md'].find((f) => ctx.exists(f))
  const userEntries = ledger.entries.filter((e) => ['task', 'feature', 'fix', 'migration'].includes(e.type))
  const item = (label: string, ok: boolean, detail: string): ChecklistItem => ({item: label, ok, detail})
  return {
    inception: [
      item('scaffold.yml exists and is valid', Boolean(s), s ? 'scaffold.yml read' : scaffold.problem ? `${scaffold.problem.file}:${scaffold.problem.line}: ${scaffold.problem.message}` : 'scaffold.yml is missing (`govtool init` or `govtool import`)'),
      item('AGENTS.md exists', agents !== undefined, agents === undefined ? 'AGENTS.md is missing (`govtool audit --fix`)' : `${agents.split('\n').length} lines`),
      item('project type established', Boolean(s && registry.types.has(s.type)), s ? (registry.types.has(s.type) ? `type ${s.type}` : `type ${s.type} is not installed`) : 'no scaffold.yml'),
    ],
    architecture: [
      item('architecture document exists', arch !== undefined, arch === undefined ? 'docs/architecture.md is missing (`govtool architect`)' : ctx.relative(ctx.file('architecture'))),
      item('components named', Boolean(arch && sectionHasEntries(arch, /^#{1,6}\s+components?\b/i)), 'a "Components" section with at least one entry'),
      item('decisions sealed', Boolean(arch && sectionHasEntries(arch, /^#{1,6}\s+(?:architectural\s+)?decisions?\b/i)), 'a "Decisions" section with at least one entry'),
      item('architecture references requirements', arch !== undefined && archRefs.length === 0, archRefs[0]?.message ?? 'references known requirement ids'),
    ],
    requirements: [
      item('requirements populated', nonDraft.length > 0, `${model.requirements.length} requirements, ${nonDraft.length} not draft`),
      item('requirements well-formed', model.problems.length === 0, model.problems[0] ? `${model.problems[0].file}:${model.problems[0].line}: ${model.problems[0].message}` : 'no parse problems'),
      item('every requirement described and prioritised', model.requirements.length > 0 && model.requirements.every((r) => r.description && r.priority && isRequirementPriority(r.priority)), describeMissing(model)),
      item('equilibrium: no draft requirements left', model.requirements.length > 0 && nonDraft.length === model.requirements.length, `${model.requirements.length - nonDraft.length} draft`),
    ],
    test_spec: [
      item('test specification populated', model.tests.length > 0, `${model.tests.length} tests`),
      item('at least 80% of P1 requirements covered', p1.length > 0 && p1Pct >= 80, `${p1Covered} of ${p1.length} P1 requirements covered (${p1Pct}%)`),
      item('no tests cover unknown requirements', cov.orphans.length === 0, cov.orphans.length === 0 ? 'none' : `${cov.orphans.length} orphan reference(s), e.g. ${cov.orphans[0].test} -> ${cov.orphans[0].requirement}`),
    ],
    implementation: [
      item('source code present', code.length > 0, `${code.length} source files`),
      item('changes committed', commits > 0, commits > 0 ? `${commits} commits` : 'no git commits'),
      item('audit healthy', audit.healthy, audit.healthy ? 'govtool audit passes' : `${errors.length} audit errors, e.g. ${errors[0]?.message}`),
      item('ledger records the work', userEntries.length > 0, `${userEntries.length} task/feature/fix/migration entries`),
    ],
    verification: [
      item('epistemic audit passes: healthy and every requirement covered', audit.healthy && cov.uncovered.length === 0 && nonDraft.length > 0, `coverage ${cov.percent}%, ${errors.length} audit errors`),
      item('trace vault sealed: ledger chain intact', chain.valid && chain.checked > 0, chain.valid ? `${chain.checked} chained entries verified` : (chain.problems[0]?.message ?? 'broken')),
      item('trace vault sealed: derived cache in sync', sync?.in_sync === true, sync ? (sync.in_sync ? 'govtool sync --check passes' : 'run `govtool sync`') : 'cannot sync a malformed model'),
    ],
    release: [
      item('changelog updated', changelog !== undefined && changelog.trim().split('\n').length > 1, changelog === undefined ? 'CHANGELOG.md is missing' : 'CHANGELOG.md'),
      item('release tag created', tagged, tagged ? 'git tag present' : 'no git tag'),
      item('compliance report filed', report !== undefined, report ?? 'write one with `govtool export --output docs/compliance-report.md`'),
    ],
  }
}

function describeMissing(model: GovernanceModel): string {
  const missing = model.requirements.filter((r) => !r.description || !r.priority || !isRequirementPriority(r.priority))
  if (model.requirements.length === 0) return 'no requirements'
  return missing.length === 0 ? 'all described with a priority' : `${missing.length} without description or priority (${REQUIREMENT_PRIORITIES.join(', ')}), e.g. ${missing[0].id}`
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
  const lists = await phaseChecklists(ctx, {registry: options.registry})
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
  return phaseStatus(phase, await phaseChecklists(ctx, {registry: options.registry}))
}

export interface PhaseOverview {
  current: AeePhase
  phases: {phase: AeePhase; label: string; description: string; current: boolean; readiness_pct: number}[]
}

/** The seven phases in order, each with its readiness, and which is current (`phase list`). */
export async function phaseOverview(ctx: ProjectContext, options: {registry?: ProjectTypeRegistry} = {}): Promise<PhaseOverview> {
  const current = await currentPhase(ctx)
  const lists = await phaseChecklists(ctx, {registry: options.registry})
  const phases = AEE_PHASES.map((p) => {
    const s = phaseStatus(p, lists)
    return {phase: p, label: s.label, description: PHASE_DESCRIPTIONS[p], current: p === current, readiness_pct: s.readiness_pct}
  })
  return {current, phases}
}
