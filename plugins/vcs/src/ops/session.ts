import {color, defineOperation, mark, loadProjectTypes, lazySchema} from 'govtool/core'
import {z} from 'zod/v3'

import {RepoStatusSchema, SessionEndResultSchema} from './schemas.js'

export const sessionEndOp = defineOperation({
  id: 'session-end',
  summary: 'End-of-session checks: uncommitted changes, ledger updated, open TODOs, audit health.',
  description: `Exit 1 with the list of what needs doing; exit 0 when the session can end (which is recorded in .govtool/session.json: the next session starts there). Without a recorded session end, the session is the work not yet pushed.

Failing checks: uncommitted changes, work without a LEDGER.md update, 20 or more open TODOs in the ledger, a failing governance audit. Open TODOs under that and unpushed commits are warnings.`,
  examples: ['<%= config.bin %> session-end', '<%= config.bin %> session-end --json'],
  project: true,
  effect: 'write',
  input: lazySchema(() => z.object({})),
  result: SessionEndResultSchema,
  async run(ctx) {
    const {sessionEnd} = await import('../lib/session.js')
    return sessionEnd(ctx.project(), {registry: await loadProjectTypes(ctx.cliRoot)})
  },
  exitCode: (result) => (result.clean ? 0 : 1),
  render(result) {
    const lines: string[] = []
    for (const c of result.checks) {
      lines.push(`${c.status === 'ok' ? mark.ok() : c.status === 'warn' ? mark.warn() : mark.fail()} ${c.message}`)
      if (c.status === 'fail' && c.items) for (const item of c.items.slice(0, 10)) lines.push(color.dim(`    ${item}`))
    }
    lines.push(result.clean ? `\n${color.green('Ready to end the session.')}` : `\n${color.red('Before ending the session:')}\n${result.needs_action.map((n) => `  - ${n}`).join('\n')}`)
    return lines.join('\n')
  },
})

export const statusOp = defineOperation({
  id: 'status',
  summary: "Latest CI run, open security alerts and open pull requests, through the platform's CLI.",
  description: `Needs the hosting platform CLI (gh, glab or az), logged in: the platform is vcs_platform in scaffold.yml, else guessed from the remote URL. A value that cannot be read is shown as unknown, with the reason (in --json: null, and the reason under errors). Counts stop at 100.`,
  examples: ['<%= config.bin %> status', '<%= config.bin %> status --json'],
  project: true,
  effect: 'read',
  input: lazySchema(() => z.object({})),
  result: RepoStatusSchema,
  async run(ctx) {
    const {repoStatus} = await import('../lib/status.js')
    return repoStatus(ctx.project())
  },
  render(result) {
    const unknown = (why?: string) => color.dim(`unknown${why ? ` (${why})` : ''}`)
    const ci = result.ci
    const ciText = ci
      ? `${ci.name ?? 'run'}: ${ci.conclusion ? (/^(success|succeeded)$/.test(ci.conclusion) ? color.green(ci.conclusion) : color.red(ci.conclusion)) : color.yellow(ci.status)}${ci.url ? `  ${color.dim(ci.url)}` : ''}`
      : result.errors.ci
        ? unknown(result.errors.ci)
        : 'no runs'
    return [
      `CI (${result.branch ?? 'detached'}): ${ciText}`,
      `Security alerts: ${result.security_alerts ?? unknown(result.errors.security_alerts)}`,
      `Open pull requests: ${result.open_prs ?? unknown(result.errors.open_prs)}`,
    ].join('\n')
  },
})
