import {GovError, type ProjectContext, type ProjectTypeRegistry} from 'govtool/core'

import {aheadBehind, commitsIn, defaultRemote, git, refExists, requireBranch, requireRepo, upstreamOf} from './git.js'
import {exportExcerpt} from './governance.js'
import {requirePlatform, parseJsonOutput, runPlatform, type Platform, type PlatformName} from './platform.js'
import {loadStrategy, prTarget} from './strategy.js'

/** SPEC.md Limits: the PR body carries the first 2000 characters of the export report. */
export const PR_REPORT_CHARS = 2000

export interface PrOptions {
  title?: string
  draft?: boolean
  /** project types for the export report */
  registry?: ProjectTypeRegistry
}

export interface PrResult {
  platform: PlatformName
  cli: string
  branch: string
  base: string
  title: string
  draft: boolean
  url: string | null
  commits: number
  /** characters of the export report included in the body */
  report_chars: number
  body: string
  warnings: string[]
}

/** The PR body: the branch's commits, then the first 2000 characters of the governance export report. */
export function prBody(commits: readonly {subject: string}[], report: string): string {
  const lines = ['## Changes', '', ...(commits.length > 0 ? commits.map((c) => `- ${c.subject}`) : ['- (no commits listed)']), '']
  if (report) lines.push(`## Governance report (first ${PR_REPORT_CHARS} characters of \`govtool export\`)`, '', report.slice(0, PR_REPORT_CHARS), '')
  return lines.join('\n')
}

/** Arguments of the platform CLI that opens a pull (merge) request. */
export function prCreateArgs(platform: PlatformName, pr: {title: string; body: string; base: string; head: string; draft: boolean}): string[] {
  switch (platform) {
    case 'github':
      return ['pr', 'create', '--title', pr.title, '--body', pr.body, '--base', pr.base, '--head', pr.head, ...(pr.draft ? ['--draft'] : [])]
    case 'gitlab':
      return ['mr', 'create', '--title', pr.title, '--description', pr.body, '--source-branch', pr.head, '--target-branch', pr.base, '--yes', ...(pr.draft ? ['--draft'] : [])]
    case 'azure-devops':
      return ['repos', 'pr', 'create', '--title', pr.title, '--description', pr.body, '--source-branch', pr.head, '--target-branch', pr.base, '--output', 'json', ...(pr.draft ? ['--draft', 'true'] : [])]
  }
}

/** The web address of the new PR from the CLI's output. */
export function prUrlFrom(platform: PlatformName, stdout: string): string | null {
  if (platform === 'azure-devops') {
    const json = parseJsonOutput(stdout) as {pullRequestId?: number; url?: string; repository?: {webUrl?: string}} | undefined
    if (json?.repository?.webUrl && json.pullRequestId !== undefined) return `${json.repository.webUrl}/pullrequest/${json.pullRequestId}`
    return json?.url ?? null
  }
  const urls = stdout.match(/https?:\/\/\S+/g)
  return urls ? urls.at(-1)! : null
}

/**
 * Opens a pull request for the current branch through the hosting platform's CLI (gh, glab, az repos). The
 * target follows the branching strategy (gitflow features go to develop); the branch must be pushed.
 */
export async function createPullRequest(ctx: ProjectContext, options: PrOptions = {}): Promise<PrResult> {
  await requireRepo(ctx)
  const platform: Platform = await requirePlatform(ctx, 'pr')
  const branch = await requireBranch(ctx)
  const strategy = await loadStrategy(ctx)
  if (strategy.protected.includes(branch)) {
    throw new GovError(`'${branch}' is a protected branch: a pull request comes from a work branch into it.`, {
      code: 'E_PR_FROM_PROTECTED',
      hint: 'Create a branch for the work with `govtool branch create <name>`, commit there, then `govtool pr`.',
    })
  }
  const base = prTarget(strategy, branch)
  const upstream = await upstreamOf(ctx, branch)
  if (!upstream) {
    throw new GovError(`'${branch}' has not been pushed, so the platform cannot see it.`, {code: 'E_NOT_PUSHED', hint: 'Push it first with `govtool push`.'})
  }
  const ahead = await aheadBehind(ctx, upstream, branch)
  const warnings: string[] = []
  if (ahead && ahead.ahead > 0) warnings.push(`${ahead.ahead} local commit(s) are not pushed and will not be in the pull request; run \`govtool push\`.`)
  const remote = await defaultRemote(ctx)
  const baseRef = remote && (await refExists(ctx, `refs/remotes/${remote}/${base}`)) ? `${remote}/${base}` : (await refExists(ctx, `refs/heads/${base}`)) ? base : undefined
  const commits = baseRef ? await commitsIn(ctx, `${baseRef}..${upstream}`) : []
  if (baseRef && commits.length === 0) {
    throw new GovError(`'${branch}' has no commits that ${base} does not have: there is nothing to review.`, {code: 'E_NOTHING_TO_MERGE', hint: 'Commit your work (`govtool commit`) and push it first.'})
  }
  const title = options.title?.trim() || (await git(ctx, ['log', '-1', '--format=%s', upstream])).stdout.trim()
  let report = ''
  try {
    report = await exportExcerpt(ctx, PR_REPORT_CHARS, options.registry)
  } catch (error) {
    warnings.push(`The export report could not be built, so it is not in the body: ${(error as Error).message}`)
  }
  const body = prBody(commits, report)
  const draft = options.draft ?? false
  const r = await runPlatform(ctx, platform, prCreateArgs(platform.name, {title, body, base, head: branch, draft}))
  if (r.code !== 0) {
    const detail = (r.stderr || r.stdout).trim().split('\n').slice(0, 5).join('\n  ')
    throw new GovError(`${platform.cli} could not create the pull request (exit ${r.code}):\n  ${detail}`, {
      code: 'E_PLATFORM',
      hint: `Check that ${platform.cli} is logged in (\`${platform.cli === 'az' ? 'az account show' : `${platform.cli} auth status`}\`) and can see this repository.`,
    })
  }
  return {platform: platform.name, cli: platform.cli, branch, base, title, draft, url: prUrlFrom(platform.name, r.stdout), commits: commits.length, report_chars: report.length, body, warnings}
}
