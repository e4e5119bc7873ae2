/**
 * `agent ask`: keyword routing without a model (SPEC.md "Agent-ask routing"). The first keyword group that
 * matches decides the action; the reply carries an answer computed from the project and the command to run
 * next. Never throws: whatever cannot be read becomes a note in the reply.
 */
import {readdir} from 'node:fs/promises'

import {coverage, loadGovernanceModel, readLedger, runAudit} from '@govtool/plugin-governance/trace'
import {AEE_PHASE_LABELS, GovConfig, readJsonIfExists, type ProjectContext} from 'govtool/core'

import type {AskAction} from './ask-actions.js'

export {ASK_ACTIONS, type AskAction} from './ask-actions.js'

/** The routing table, in order; multi-word keywords match as phrases. */
export const ASK_ROUTES: readonly {action: Exclude<AskAction, 'unknown'>; keywords: readonly string[]}[] = [
  {action: 'compliance_summary', keywords: ['compliance', 'coverage', 'gaps', 'trace']},
  {action: 'audit', keywords: ['audit', 'health', 'governance', 'drift']},
  {action: 'skills_hint', keywords: ['skill', 'build skill', 'create skill']},
  {action: 'esdb_status', keywords: ['esdb', 'database', 'backup', 'export', 'records']},
  {action: 'mcp_hint', keywords: ['mcp', 'server', 'tool server']},
  {action: 'session_info', keywords: ['session', 'phase', 'status', 'project']},
]

export interface AskReply {
  /** the answer, in plain words */
  reply: string
  action: AskAction
  /** the text that was asked */
  prompt: string
  /** the keyword that routed it (absent for unknown) */
  matched_keyword?: string
  /** the govtool command to run next */
  suggested_command: string
  /** the figures behind the reply (shape depends on the action) */
  data: Record<string, unknown>
}

function keywordPattern(keyword: string): RegExp {
  const words = keyword.split(' ').map((w) => w.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  // the last word may carry a plural or verb ending: gaps -> gap(s), trace -> traces/traced/traceability
  const stem = words.at(-1)!.replace(/s$/, '')
  const last = `${stem}(?:s|es|d|ed|ing|ability|able)?`
  return new RegExp(`\\b${[...words.slice(0, -1), last].join('\\s+')}\\b`, 'i')
}

const COMPILED = ASK_ROUTES.map((r) => ({action: r.action, keywords: r.keywords.map((k) => ({keyword: k, pattern: keywordPattern(k)}))}))

/** The action for `text`: the first group with a matching keyword, else unknown. */
export function routeAsk(text: string): {action: AskAction; keyword?: string} {
  for (const route of COMPILED) {
    const hit = route.keywords.find((k) => k.pattern.test(text))
    if (hit) return {action: route.action, keyword: hit.keyword}
  }
  return {action: 'unknown'}
}

const HELP = `I route questions by keyword, without a model. Ask about:
- compliance, coverage, gaps, trace: requirement coverage by tests
- audit, health, governance, drift: the governance audit
- skill, build skill, create skill: agent skills
- esdb, database, backup, export, records: the event-store database
- mcp, server, tool server: tool-server stubs
- session, phase, status, project: where the project stands`

async function compliance(ctx: ProjectContext): Promise<Pick<AskReply, 'reply' | 'data' | 'suggested_command'>> {
  const model = await loadGovernanceModel(ctx)
  const cov = coverage(model)
  const total = cov.covered.length + cov.uncovered.length
  const gaps = cov.uncovered.length > 0 ? ` Not covered: ${cov.uncovered.slice(0, 10).join(', ')}${cov.uncovered.length > 10 ? ` and ${cov.uncovered.length - 10} more` : ''}.` : ''
  const orphans = cov.orphans.length > 0 ? ` ${cov.orphans.length} test reference(s) to unknown requirements.` : ''
  return {
    reply:
      total === 0
        ? 'No requirements found in docs/REQUIREMENTS.md yet.'
        : `Coverage: ${cov.covered.length} of ${total} requirements are covered by tests (${cov.percent}%).${gaps}${orphans}`,
    data: {requirements: model.requirements.length, tests: model.tests.length, covered: cov.covered.length, uncovered: cov.uncovered, orphans: cov.orphans, percent: cov.percent},
    suggested_command: cov.uncovered.length > 0 ? 'govtool req gaps' : 'govtool req trace',
  }
}

async function audit(ctx: ProjectContext): Promise<Pick<AskReply, 'reply' | 'data' | 'suggested_command'>> {
  const report = await runAudit(ctx)
  const errors = report.issues.filter((i) => i.severity === 'error')
  const warnings = report.issues.filter((i) => i.severity === 'warning')
  const first = report.issues.slice(0, 3).map((i) => `${i.check}: ${i.message}`)
  return {
    reply: report.healthy
      ? `Audit: healthy${warnings.length > 0 ? ` (${warnings.length} warning(s))` : ''}.`
      : `Audit: ${errors.length} error(s), ${warnings.length} warning(s). ${first.join('; ')}.`,
    data: {healthy: report.healthy, errors: errors.length, warnings: warnings.length, checks: report.issues.map((i) => i.check)},
    suggested_command: report.healthy ? 'govtool audit' : 'govtool audit --fix',
  }
}

async function skills(ctx: ProjectContext): Promise<Pick<AskReply, 'reply' | 'data' | 'suggested_command'>> {
  let installed: string[] = []
  try {
    installed = (await readdir(ctx.path('.agents', 'skills'), {withFileTypes: true})).filter((d) => d.isDirectory()).map((d) => d.name).sort()
  } catch {
    installed = []
  }
  return {
    reply: `Skills live in .agents/skills/<slug>/SKILL.md (${installed.length} installed${installed.length ? `: ${installed.join(', ')}` : ''}). Build one from a description with \`govtool skills build "<description>"\`, or install a built-in (verifier, planner, diff-reviewer, onboarding-coach, release-pilot) with \`govtool skill install <slug>\`.`,
    data: {installed},
    suggested_command: installed.length > 0 ? 'govtool skills list' : 'govtool skill list',
  }
}

async function esdb(ctx: ProjectContext): Promise<Pick<AskReply, 'reply' | 'data' | 'suggested_command'>> {
  try {
    const {esdbStatus} = await import('@govtool/plugin-esdb')
    const s = await esdbStatus(ctx)
    return {
      reply: `ESDB: ${s.record_count} record(s), chain ${s.chain_valid ? 'valid' : 'INVALID'}, WAL length ${s.wal_length} (${s.backend}).`,
      data: {...s},
      suggested_command: s.chain_valid ? 'govtool esdb status' : 'govtool esdb replay',
    }
  } catch (error) {
    return {reply: `ESDB status is not available: ${(error as Error).message}`, data: {available: false}, suggested_command: 'govtool esdb status'}
  }
}

async function mcp(ctx: ProjectContext): Promise<Pick<AskReply, 'reply' | 'data' | 'suggested_command'>> {
  let servers = 0
  try {
    const config = await readJsonIfExists<{servers?: unknown[]; mcpServers?: Record<string, unknown>}>(ctx.user('mcp.json'))
    servers = Array.isArray(config?.servers) ? config.servers.length : Object.keys(config?.mcpServers ?? {}).length
  } catch {
    servers = 0
  }
  return {
    reply: `Generate a tool-server (MCP) stub from a description with \`govtool mcp generate "<description>"\`; ${servers} server(s) are configured in ~/.govtool/mcp.json.`,
    data: {configured_servers: servers},
    suggested_command: 'govtool mcp generate "<description>"',
  }
}

async function session(ctx: ProjectContext): Promise<Pick<AskReply, 'reply' | 'data' | 'suggested_command'>> {
  const notes: string[] = []
  const config = await GovConfig.load(ctx)
  let name = ctx.root.split(/[\\/]/).pop() ?? ctx.root
  let phase = 'inception'
  let recorded = false
  try {
    const scaffold = config.scaffold()
    if (scaffold) {
      name = scaffold.name
      phase = scaffold.aee_phase
      recorded = (config.scaffoldFile?.data as Record<string, unknown> | undefined)?.aee_phase !== undefined
    } else notes.push('no scaffold.yml')
  } catch (error) {
    notes.push((error as Error).message)
  }
  const model = await loadGovernanceModel(ctx)
  const ledger = await readLedger(ctx)
  const last = ledger.entries.at(-1)
  const label = AEE_PHASE_LABELS[phase as keyof typeof AEE_PHASE_LABELS] ?? phase
  return {
    reply: `Project ${name}: phase ${phase} (${label}${recorded ? '' : ', default; not recorded in scaffold.yml'}); ${model.requirements.length} requirement(s), ${model.tests.length} test(s); ${ledger.entries.length} ledger entr${ledger.entries.length === 1 ? 'y' : 'ies'}${last ? `, last: "${last.description}" (${last.type}, ${last.timestamp.slice(0, 10)})` : ''}.${notes.length ? ` Note: ${notes.join('; ')}.` : ''}`,
    data: {project: name, phase, phase_recorded: recorded, requirements: model.requirements.length, tests: model.tests.length, ledger_entries: ledger.entries.length, last_entry: last ? {description: last.description, type: last.type, timestamp: last.timestamp} : null},
    suggested_command: 'govtool checkpoint',
  }
}

const ANSWER: Record<Exclude<AskAction, 'unknown'>, (ctx: ProjectContext) => Promise<Pick<AskReply, 'reply' | 'data' | 'suggested_command'>>> = {
  compliance_summary: compliance,
  audit,
  skills_hint: skills,
  esdb_status: esdb,
  mcp_hint: mcp,
  session_info: session,
}

/** Routes `text` and answers it from the project. Never throws. */
export async function askAgent(ctx: ProjectContext | undefined, text: string): Promise<AskReply> {
  const prompt = text.trim()
  const {action, keyword} = routeAsk(prompt)
  if (action === 'unknown') return {reply: HELP, action, prompt, suggested_command: 'govtool --help', data: {}}
  const base = {action, prompt, matched_keyword: keyword}
  if (!ctx) return {...base, reply: 'The project directory could not be opened, so there is nothing to report.', suggested_command: 'govtool agent ask --project-dir <path> "<question>"', data: {}}
  try {
    return {...base, ...(await ANSWER[action](ctx))}
  } catch (error) {
    const message = (error as Error).message.split('\n')[0]
    return {...base, reply: `I could not compute the answer: ${message}`, suggested_command: action === 'audit' ? 'govtool audit' : 'govtool checkpoint', data: {error: message}}
  }
}

/**
 * `askAgent` for a project that may not open (a `--project-dir` that does not exist): the question still
 * gets a reply, and `data.note` says why the project could not be read. Never throws.
 */
export async function askProject(openProject: () => ProjectContext, text: string): Promise<AskReply> {
  let ctx: ProjectContext
  try {
    ctx = openProject()
  } catch (error) {
    const reply = await askAgent(undefined, text)
    return {...reply, data: {...reply.data, note: (error as Error).message.split('\n')[0]}}
  }
  return askAgent(ctx, text)
}
