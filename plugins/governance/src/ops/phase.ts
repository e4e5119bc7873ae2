import {AEE_PHASES, color, defineOperation, type OperationContext, loadProjectTypes, lazySchema} from 'govtool/core'
import {z} from 'zod/v3'

import {plainTable} from '../lib/trace/present.js'
import {PhaseChangeSchema, PhaseListResultSchema, PhaseStatusLineSchema, PhaseStatusSchema} from './schemas.js'

type PhaseStatus = z.infer<typeof PhaseStatusSchema>
type PhaseChange = z.infer<typeof PhaseChangeSchema>

/** The project and the installation's project types, which the checklists consult. */
async function projectAndTypes(ctx: OperationContext) {
  return {project: ctx.project(), registry: await loadProjectTypes(ctx.cliRoot)}
}

/** Human form of a phase's status, shared by `phase` and `phase show`. */
function renderPhase(s: PhaseStatus): string {
  const lines = [`Phase ${s.index}/${s.total}: ${color.bold(s.label)} (${s.phase}) — ${s.description}`, `Readiness: ${s.readiness_pct}%`, '']
  for (const c of s.checklist) lines.push(`${c.ok ? color.green('✔') : color.red('✖')} ${c.item} ${color.dim(`(${c.detail})`)}`)
  if (s.next) lines.push('', s.readiness_pct === 100 ? `Ready for ${s.next.label}: govtool phase next` : `Next: ${s.next.label} once the items above pass (or govtool phase next --force).`)
  else lines.push('', 'This is the last phase.')
  return lines.join('\n')
}

const renderChange = (c: PhaseChange) => `Phase: ${c.from} -> ${c.to} (${c.label})${c.forced ? ` — forced past ${c.failing.length} unmet item(s)` : ''}.`

const SHOW_DESCRIPTION = `The phase is scaffold.yml's aee_phase (inception when it has none). AEE (the seven phases from inception to release) orders the work: each phase has a checklist of what it must have achieved, computed from the project (governance files, requirements and tests, coverage, the ledger, git), and readiness is the share of it that passes. Every item names the file it reads and the section or field it wants (file and wants in --json); a failing one says what is missing there and the command that supplies it, where there is one.

\`govtool phase next\` moves on once the checklist passes. A malformed scaffold.yml is an error naming its line.`

async function showPhase(ctx: OperationContext): Promise<PhaseStatus> {
  const [{project, registry}, {currentPhaseStatus}] = await Promise.all([projectAndTypes(ctx), import('../lib/trace/phase.js')])
  return currentPhaseStatus(project, {registry})
}

export const phaseOp = defineOperation({
  id: 'phase',
  summary: 'Show the current AEE phase and its checklist (same as "phase show").',
  description: SHOW_DESCRIPTION,
  examples: ['<%= config.bin %> phase', '<%= config.bin %> phase --json'],
  project: true,
  effect: 'read',
  input: lazySchema(() => z.object({})),
  result: PhaseStatusSchema,
  run: (ctx) => showPhase(ctx),
  render: renderPhase,
})

export const phaseShowOp = defineOperation({
  id: 'phase.show',
  summary: 'Show the current AEE phase and its prerequisite checklist.',
  description: SHOW_DESCRIPTION,
  examples: ['<%= config.bin %> phase show', '<%= config.bin %> phase show --json'],
  project: true,
  effect: 'read',
  input: lazySchema(() => z.object({})),
  result: PhaseStatusSchema,
  run: (ctx) => showPhase(ctx),
  render: renderPhase,
})

export const phaseStatusOp = defineOperation({
  id: 'phase.status',
  summary: 'Print one line: phase, label and readiness percentage.',
  description: 'For prompts and status lines: "implementation (Implementation) 75%". `govtool phase show` lists the checklist behind the percentage.',
  examples: ['<%= config.bin %> phase status', '<%= config.bin %> phase status --json'],
  project: true,
  effect: 'read',
  input: lazySchema(() => z.object({})),
  result: PhaseStatusLineSchema,
  async run(ctx) {
    const s = await showPhase(ctx)
    return {phase: s.phase, label: s.label, readiness_pct: s.readiness_pct}
  },
  render: (s) => `${s.phase} (${s.label}) ${s.readiness_pct}%`,
})

export const phaseListOp = defineOperation({
  id: 'phase.list',
  summary: 'List the seven AEE phases with the readiness of each.',
  description: `In order, each with what it achieves and the share of its checklist that passes now; an arrow marks the current phase.`,
  examples: ['<%= config.bin %> phase list', '<%= config.bin %> phase list --json'],
  project: true,
  effect: 'read',
  input: lazySchema(() => z.object({})),
  result: PhaseListResultSchema,
  async run(ctx) {
    const [{project, registry}, {phaseOverview}] = await Promise.all([projectAndTypes(ctx), import('../lib/trace/phase.js')])
    return phaseOverview(project, {registry})
  },
  render: ({phases}) => plainTable(['', '#', 'Phase', 'Ready', 'Achieves'], phases.map((p, i) => [p.current ? color.green('→') : ' ', i + 1, p.phase, `${p.readiness_pct}%`, p.description])),
})

const FORCE = 'Move even when prerequisites fail.'

export const phaseNextOp = defineOperation({
  id: 'phase.next',
  summary: 'Move to the next AEE phase when the current one is complete.',
  description: `Refuses (exit 1), listing the checklist items that fail, unless --force; a forced move reports the items it passed over. The phase is saved as aee_phase in scaffold.yml, keeping its comments and layout.

The items about the governance files (well-formed entries, tests covering unknown requirements, architecture references, audit health) are the findings \`govtool audit\`, \`govtool validate\`, \`govtool req gaps\` and \`govtool req orphans\` report: an error there fails the item here, named with the same file, line and message.

Already at release, the last phase, it refuses; \`govtool phase set\` moves to any phase.`,
  examples: ['<%= config.bin %> phase next', '<%= config.bin %> phase next --force'],
  project: true,
  effect: 'write',
  input: lazySchema(() => z.object({force: z.boolean().default(false).describe(FORCE)})),
  result: PhaseChangeSchema,
  async run(ctx, input) {
    const [{project, registry}, {changePhase}] = await Promise.all([projectAndTypes(ctx), import('../lib/trace/phase.js')])
    return changePhase(project, 'next', {force: input.force, registry})
  },
  render: renderChange,
})

export const phaseSetOp = defineOperation({
  id: 'phase.set',
  summary: 'Move to a named AEE phase.',
  description: `Every phase before the target must have its checklist pass; otherwise the command refuses (exit 1) with the failing items, unless --force. The phase is saved as aee_phase in scaffold.yml.

Phases, in order: ${AEE_PHASES.join(', ')}. Their labels ("Test spec") and hyphens (test-spec) are accepted too.`,
  examples: ['<%= config.bin %> phase set release --force', '<%= config.bin %> phase set requirements'],
  project: true,
  effect: 'write',
  input: lazySchema(() => z.object({
    phase: z.string().describe(`One of: ${AEE_PHASES.join(', ')}.`),
    force: z.boolean().default(false).describe(FORCE),
  })),
  cli: {fields: {phase: {arg: true}}},
  result: PhaseChangeSchema,
  async run(ctx, input) {
    const {changePhase, parsePhase} = await import('../lib/trace/phase.js')
    const target = parsePhase(input.phase)
    const {project, registry} = await projectAndTypes(ctx)
    return changePhase(project, target, {force: input.force, registry})
  },
  render: renderChange,
})
