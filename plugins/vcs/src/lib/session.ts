import {readJsonIfExists, writeJsonAtomic, type ProjectContext, type ProjectTypeRegistry} from 'govtool/core'
import {z} from 'zod/v3'

import {aheadBehind, defaultRemote, filesChangedIn, git, headSha, currentBranch, requireRepo, status, upstreamOf} from './git.js'
import {auditProject, blockingIssues, lastLedgerTime, openTodoCount} from './governance.js'

/** SPEC.md Limits: open TODOs under 20 (audit). At or above it, session-end fails the TODO check. */
export const TODO_LIMIT = 20

export interface SessionCheck {
  name: 'uncommitted' | 'ledger' | 'todos' | 'audit' | 'unpushed'
  status: 'ok' | 'warn' | 'fail'
  message: string
  items?: string[]
}

export interface SessionEndResult {
  /** true when nothing needs doing (no failing check) */
  clean: boolean
  /** what to do before ending the session, one line each */
  needs_action: string[]
  checks: SessionCheck[]
  /** when this session began: the last clean session-end, null when none is recorded */
  session_start: string | null
  open_todos: number
  audit_healthy: boolean
}

/** `.govtool/session.json`: written by a clean session-end; the next session starts there. */
const SessionMarkSchema = z.object({last_end: z.string(), head: z.string().nullable()}).passthrough()

const isMachineState = (file: string) => file === '.govtool' || file.startsWith('.govtool/')

/**
 * End-of-session checks: uncommitted changes, whether LEDGER.md was updated with the session's work, open
 * TODOs in the ledger, audit health (these fail), and unpushed commits (a warning). A session runs from the
 * last clean session-end (recorded in .govtool/session.json); without one, it is the work not yet pushed.
 */
export async function sessionEnd(ctx: ProjectContext, options: {registry?: ProjectTypeRegistry; record?: boolean} = {}): Promise<SessionEndResult> {
  await requireRepo(ctx)
  const markFile = ctx.state('session.json')
  const parsedMark = SessionMarkSchema.safeParse(await readJsonIfExists(markFile).catch(() => undefined))
  const mark = parsedMark.success ? parsedMark.data : undefined
  const checks: SessionCheck[] = []

  const changed = (await status(ctx)).map((e) => e.path).filter((f) => !isMachineState(f))
  checks.push(
    changed.length === 0
      ? {name: 'uncommitted', status: 'ok', message: 'no uncommitted changes'}
      : {name: 'uncommitted', status: 'fail', message: `${changed.length} uncommitted change(s): commit them with \`govtool commit\``, items: changed},
  )

  // The session's commits: since the recorded session end when it is an ancestor of HEAD, else unpushed ones.
  const branch = await currentBranch(ctx)
  const upstream = branch ? await upstreamOf(ctx, branch) : undefined
  let range: string | undefined
  if (mark?.head && (await git(ctx, ['merge-base', '--is-ancestor', mark.head, 'HEAD'], {allowFailure: true})).code === 0) range = `${mark.head}..HEAD`
  else if (upstream) range = `${upstream}..HEAD`
  const committed = range ? (await filesChangedIn(ctx, range)).filter((f) => !isMachineState(f)) : []
  const ledgerFile = ctx.relative(ctx.file('ledger'))
  const work = [...new Set([...changed, ...committed])]
  const lastEntry = await lastLedgerTime(ctx)
  const ledgerTouched =
    work.includes(ledgerFile) || (mark !== undefined && lastEntry !== undefined && lastEntry >= Date.parse(mark.last_end))
  const otherWork = work.filter((f) => f !== ledgerFile)
  if (otherWork.length === 0) checks.push({name: 'ledger', status: 'ok', message: 'no work this session, nothing to record'})
  else if (ledgerTouched) checks.push({name: 'ledger', status: 'ok', message: `${ledgerFile} updated this session`})
  else {
    checks.push({
      name: 'ledger',
      status: 'fail',
      message: `${ledgerFile} not updated this session although ${otherWork.length} file(s) changed: record the work with \`govtool ledger add\``,
      items: otherWork,
    })
  }

  const todos = await openTodoCount(ctx)
  checks.push(
    todos === 0
      ? {name: 'todos', status: 'ok', message: 'no open TODOs'}
      : {name: 'todos', status: todos >= TODO_LIMIT ? 'fail' : 'warn', message: `${todos} open TODO(s) in ${ledgerFile}${todos >= TODO_LIMIT ? ` (limit: under ${TODO_LIMIT})` : ''}`},
  )

  const audit = await auditProject(ctx, options.registry)
  checks.push(
    audit.healthy
      ? {name: 'audit', status: 'ok', message: 'governance audit passes'}
      : {name: 'audit', status: 'fail', message: `governance audit fails (${blockingIssues(audit).length} error(s)): see \`govtool audit\``, items: blockingIssues(audit).map((i) => i.message)},
  )

  if (branch && upstream) {
    const counts = await aheadBehind(ctx, upstream, branch)
    const ahead = counts?.ahead ?? 0
    checks.push(ahead > 0 ? {name: 'unpushed', status: 'warn', message: `${ahead} commit(s) not pushed to ${upstream}: \`govtool push\``} : {name: 'unpushed', status: 'ok', message: `in sync with ${upstream}`})
  } else if (branch && (await defaultRemote(ctx))) {
    checks.push({name: 'unpushed', status: 'warn', message: `'${branch}' has never been pushed: \`govtool push\``})
  }

  const needs = checks.filter((c) => c.status === 'fail').map((c) => c.message)
  const clean = needs.length === 0
  if (clean && (options.record ?? true)) await writeJsonAtomic(markFile, {last_end: new Date().toISOString(), head: (await headSha(ctx)) ?? null})
  return {clean, needs_action: needs, checks, session_start: mark?.last_end ?? null, open_todos: todos, audit_healthy: audit.healthy}
}
