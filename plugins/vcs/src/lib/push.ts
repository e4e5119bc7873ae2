import {GovError, type ProjectContext, type ProjectTypeRegistry} from 'govtool/core'

import {aheadBehind, defaultRemote, git, requireBranch, requireRepo, upstreamOf} from './git.js'
import {auditProject, blockingIssues, type AuditSummary} from './governance.js'
import {loadStrategy, type StrategyName} from './strategy.js'

export interface PushCheck {
  name: 'protected-branch' | 'audit' | 'upstream'
  ok: boolean
  message: string
}

export interface PushResult {
  pushed: true
  branch: string
  remote: string
  upstream: string
  /** true when the push also set the branch's upstream */
  set_upstream: boolean
  /** commits the remote did not have */
  commits: number
  strategy: StrategyName
  forced: boolean
  /** checks --force skipped */
  skipped_checks: string[]
  checks: PushCheck[]
}

export interface PushOptions {
  /** skip the branch-protection and audit checks (never rewrites remote history) */
  force?: boolean
  registry?: ProjectTypeRegistry
  /** an audit already run by the caller (commit --auto-push) */
  audit?: AuditSummary
}

/**
 * Pushes the current branch with the safety checks of scaffold.yml's branching strategy: no direct push to a
 * protected branch (main; also develop under gitflow), no push while the governance audit fails, and an
 * upstream set (the first push sets it). `force` skips the first two checks and says so; it is not
 * `git push --force`.
 */
export async function pushBranch(ctx: ProjectContext, options: PushOptions = {}): Promise<PushResult> {
  await requireRepo(ctx)
  const branch = await requireBranch(ctx)
  const strategy = await loadStrategy(ctx)
  const configured = (await git(ctx, ['config', '--get', `branch.${branch}.remote`], {allowFailure: true})).stdout.trim()
  // a branch tracking another local branch (remote ".") has no upstream to push to
  const upstream = configured && configured !== '.' ? await upstreamOf(ctx, branch) : undefined
  const remote = (upstream && configured) || (await defaultRemote(ctx))
  if (!remote) {
    throw new GovError('This repository has no remote to push to.', {code: 'E_NO_REMOTE', hint: 'Add one: `git remote add origin <url>`.'})
  }
  const checks: PushCheck[] = []
  const skipped: string[] = []
  const force = options.force ?? false

  if (force) skipped.push('protected-branch', 'audit')
  else {
    const isProtected = strategy.protected.includes(branch)
    checks.push({
      name: 'protected-branch',
      ok: !isProtected,
      message: isProtected ? `'${branch}' is protected under ${strategy.name}` : `'${branch}' is not a protected branch`,
    })
    if (isProtected) {
      throw new GovError(`Refusing to push directly to the protected branch '${branch}' (${strategy.name}, scaffold.yml).`, {
        code: 'E_PROTECTED_BRANCH',
        hint: 'Work on a branch (`govtool branch create <name>`) and open a pull request (`govtool pr`); --force skips this check.',
      })
    }
    const audit = options.audit ?? (await auditProject(ctx, options.registry))
    const errors = blockingIssues(audit)
    checks.push({name: 'audit', ok: audit.healthy, message: audit.healthy ? 'governance audit passes' : `governance audit fails (${errors.length} error(s))`})
    if (!audit.healthy) {
      const list = errors.slice(0, 5).map((i) => `  - ${i.message}`).join('\n')
      throw new GovError(`Refusing to push while the governance audit fails:\n${list}`, {
        code: 'E_AUDIT_FAILED',
        hint: 'Fix the issues (`govtool audit --fix` helps), or push anyway with --force.',
      })
    }
  }
  checks.push({name: 'upstream', ok: true, message: upstream ? `upstream is ${upstream}` : `no upstream yet: setting ${remote}/${branch}`})

  const before = upstream ? await aheadBehind(ctx, upstream, branch) : undefined
  const counted = upstream ? (before?.ahead ?? 0) : Number((await git(ctx, ['rev-list', '--count', branch, '--not', '--remotes'], {allowFailure: true})).stdout.trim() || 0)
  const args = ['push', ...(upstream ? [] : ['--set-upstream']), remote, `${branch}:${upstream ? upstream.slice(remote.length + 1) : branch}`]
  const r = await git(ctx, args, {allowFailure: true, timeoutMs: 120_000})
  if (r.code !== 0) {
    const text = `${r.stderr}\n${r.stdout}`
    if (/rejected|non-fast-forward|fetch first/.test(text)) {
      throw new GovError(`The remote has commits that ${branch} does not: push rejected.`, {
        code: 'E_PUSH_REJECTED',
        hint: 'Bring them in first with `govtool pull`, then push again.',
      })
    }
    throw new GovError(`git push failed (exit ${r.code}): ${text.trim().split('\n').slice(0, 4).join(' | ')}`, {code: 'E_GIT', hint: 'Check the remote (`git remote -v`) and your access to it.'})
  }
  return {
    pushed: true,
    branch,
    remote,
    upstream: upstream ?? `${remote}/${branch}`,
    set_upstream: !upstream,
    commits: counted,
    strategy: strategy.name,
    forced: force,
    skipped_checks: skipped,
    checks,
  }
}

/** What a push run warns about: the checks `force` skipped. */
export function pushWarnings(result: PushResult): string[] {
  return result.forced ? [`--force: safety checks skipped (${result.skipped_checks.join(', ')}).`] : []
}
