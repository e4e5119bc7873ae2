import {GovError, type ProjectContext, type ProjectTypeRegistry} from 'govtool/core'

import {git, isStaged, requireBranch, requireRepo, status} from './git.js'
import {auditProject, blockingIssues, lastLedgerHeading, type AuditSummary} from './governance.js'
import {pushBranch, type PushResult} from './push.js'

export interface CommitOptions {
  message?: string
  /** run the governance audit first and refuse on failure (default true) */
  audit?: boolean
  autoPush?: boolean
  /** project types for the audit's toolset checks */
  registry?: ProjectTypeRegistry
}

export interface CommitResult {
  sha: string
  branch: string
  message: string
  /** where the message came from */
  message_source: 'flag' | 'ledger'
  files: string[]
  /** true when only what was already staged was committed; false when every change was staged */
  staged_only: boolean
  ledger_updated: boolean
  audit: (AuditSummary & {ran: true}) | {ran: false}
  warnings: string[]
  push?: PushResult | {pushed: false; error: string; hint?: string}
}

const LEDGER = 'LEDGER.md'

/**
 * A governance-aware commit: runs the audit (refusing a failing one unless `audit: false`), checks that
 * LEDGER.md changed with the work (a warning, not a refusal), takes the message from the last ledger entry
 * heading when none is given, and commits. What is committed: the staged changes when there are any,
 * else every change in the work tree (untracked files included, .gitignore honoured, .govtool/ left out).
 */
export async function commitWork(ctx: ProjectContext, options: CommitOptions = {}): Promise<CommitResult> {
  await requireRepo(ctx)
  const branch = await requireBranch(ctx)
  // .govtool/ is machine state: never committed by govtool, even where .gitignore does not list it
  const entries = (await status(ctx)).filter((e) => e.path !== '.govtool' && !e.path.startsWith('.govtool/'))
  if (entries.length === 0) {
    throw new GovError('Nothing to commit: the work tree is clean.', {code: 'E_NOTHING_TO_COMMIT', hint: 'Make your change first; `git status` shows what changed.'})
  }
  const staged = entries.filter((e) => isStaged(e))
  const stagedOnly = staged.length > 0
  const files = (stagedOnly ? staged : entries).map((e) => e.path)
  const ledgerUpdated = files.includes(LEDGER) || files.includes(ctx.relative(ctx.file('ledger')))
  const warnings: string[] = []
  if (!ledgerUpdated) warnings.push(`${LEDGER} was not updated with this change: record the work with \`govtool ledger add "<what changed>"\`.`)

  let message = options.message?.trim()
  let source: CommitResult['message_source'] = 'flag'
  if (!message) {
    message = await lastLedgerHeading(ctx)
    source = 'ledger'
    if (!message) {
      throw new GovError('No commit message: none given and LEDGER.md has no entry to take one from.', {
        code: 'E_NO_MESSAGE',
        hint: 'Pass -m "<message>", or record the work first with `govtool ledger add "<what changed>"`.',
      })
    }
  }

  let audit: CommitResult['audit'] = {ran: false}
  if (options.audit ?? true) {
    const report = await auditProject(ctx, options.registry)
    audit = {ran: true, ...report}
    if (!report.healthy) {
      const errors = blockingIssues(report)
      const list = errors.slice(0, 10).map((i) => `  - ${i.message}${i.file ? ` (${i.file}${i.line ? `:${i.line}` : ''})` : ''}`).join('\n')
      throw new GovError(`The governance audit fails, so nothing was committed:\n${list}${errors.length > 10 ? `\n  ... and ${errors.length - 10} more` : ''}`, {
        code: 'E_AUDIT_FAILED',
        hint: 'Fix the issues (`govtool audit`, `govtool audit --fix`), or commit anyway with --no-audit.',
      })
    }
  } else {
    warnings.push('The governance audit was skipped (--no-audit).')
  }

  if (!stagedOnly) {
    // exactly the files listed above (deletions included), read literally from stdin
    await git(ctx, ['--literal-pathspecs', 'add', '--all', '--pathspec-from-file=-', '--pathspec-file-nul'], {input: files.join('\0')})
  }
  // the project's own commit hooks run as usual
  await git(ctx, ['commit', '--quiet', '-m', message])
  const sha = (await git(ctx, ['rev-parse', 'HEAD'])).stdout.trim()
  const result: CommitResult = {sha, branch, message, message_source: source, files, staged_only: stagedOnly, ledger_updated: ledgerUpdated, audit, warnings}
  if (options.autoPush) {
    try {
      result.push = await pushBranch(ctx, {registry: options.registry, audit: audit.ran ? audit : undefined})
    } catch (error) {
      const gov = error as GovError
      result.push = {pushed: false, error: gov.message, hint: gov.hint}
    }
  }
  return result
}

/** Everything a commit run warns about: its own warnings, and a requested push that did not happen. */
export function commitWarnings(result: CommitResult): string[] {
  const warnings = [...result.warnings]
  if (result.push && !result.push.pushed) warnings.push(`committed, but not pushed: ${result.push.error}${result.push.hint ? `\n  ${result.push.hint}` : ''}`)
  return warnings
}
