import type {ProjectContext} from 'govtool/core'

import {currentBranch, requireRepo} from './git.js'
import {parseJsonOutput, requirePlatform, runPlatform, type Platform, type PlatformName} from './platform.js'

export interface CiRun {
  name: string | null
  /** queued / in_progress / completed (or the platform's own word) */
  status: string
  /** success / failure / ... once finished, else null */
  conclusion: string | null
  url: string | null
  created_at: string | null
}

export interface RepoStatus {
  platform: PlatformName
  cli: string
  branch: string | null
  ci: CiRun | null
  security_alerts: number | null
  open_prs: number | null
  /** why a value is null: the CLI's error, or "not available" */
  errors: {ci?: string; security_alerts?: string; open_prs?: string}
}

/** At most this many items are counted per query (a larger count is reported as this number). */
export const COUNT_LIMIT = 100

type Query = {args: string[]; read: (json: unknown) => unknown}

function queries(platform: PlatformName, branch: string | null): {ci: Query | null; alerts: Query | null; prs: Query | null} {
  const arr = (json: unknown) => (Array.isArray(json) ? json : undefined)
  switch (platform) {
    case 'github':
      return {
        ci: {
          args: ['run', 'list', '--limit', '1', '--json', 'status,conclusion,workflowName,url,createdAt', ...(branch ? ['--branch', branch] : [])],
          read: (json) => {
            const run = arr(json)?.[0] as Record<string, string | null> | undefined
            if (!run) return arr(json) ? null : undefined
            return {name: run.workflowName ?? null, status: run.status ?? 'unknown', conclusion: run.conclusion || null, url: run.url ?? null, created_at: run.createdAt ?? null}
          },
        },
        alerts: {args: ['api', `repos/{owner}/{repo}/dependabot/alerts?state=open&per_page=${COUNT_LIMIT}`], read: (json) => arr(json)?.length},
        prs: {args: ['pr', 'list', '--state', 'open', '--limit', String(COUNT_LIMIT), '--json', 'number'], read: (json) => arr(json)?.length},
      }
    case 'gitlab':
      return {
        ci: {
          args: ['api', `projects/:id/pipelines?per_page=1${branch ? `&ref=${encodeURIComponent(branch)}` : ''}`],
          read: (json) => {
            const run = arr(json)?.[0] as Record<string, string | null> | undefined
            if (!run) return arr(json) ? null : undefined
            const finished = ['success', 'failed', 'canceled', 'skipped'].includes(run.status ?? '')
            return {name: run.source ?? null, status: finished ? 'completed' : (run.status ?? 'unknown'), conclusion: finished ? run.status : null, url: run.web_url ?? null, created_at: run.created_at ?? null}
          },
        },
        alerts: {args: ['api', `projects/:id/vulnerabilities?state=detected&per_page=${COUNT_LIMIT}`], read: (json) => arr(json)?.length},
        prs: {args: ['api', `projects/:id/merge_requests?state=opened&per_page=${COUNT_LIMIT}`], read: (json) => arr(json)?.length},
      }
    case 'azure-devops':
      return {
        ci: {
          args: ['pipelines', 'runs', 'list', '--top', '1', '--output', 'json', ...(branch ? ['--branch', `refs/heads/${branch}`] : [])],
          read: (json) => {
            const run = arr(json)?.[0] as {definition?: {name?: string}; status?: string; result?: string | null; queueTime?: string; _links?: {web?: {href?: string}}; url?: string} | undefined
            if (!run) return arr(json) ? null : undefined
            return {name: run.definition?.name ?? null, status: run.status ?? 'unknown', conclusion: run.result || null, url: run._links?.web?.href ?? run.url ?? null, created_at: run.queueTime ?? null}
          },
        },
        alerts: null,
        prs: {args: ['repos', 'pr', 'list', '--status', 'active', '--top', String(COUNT_LIMIT), '--output', 'json'], read: (json) => arr(json)?.length},
      }
  }
}

async function ask(ctx: ProjectContext, platform: Platform, query: Query | null): Promise<{value: unknown; error?: string}> {
  if (!query) return {value: null, error: `not available through ${platform.cli}`}
  const r = await runPlatform(ctx, platform, query.args)
  if (r.code !== 0) return {value: null, error: (r.stderr || r.stdout).trim().split('\n')[0] || `${platform.cli} exited ${r.code}`}
  const json = parseJsonOutput(r.stdout)
  const value = json === undefined ? undefined : query.read(json)
  if (value === undefined) return {value: null, error: `unexpected output from ${platform.cli} ${query.args.slice(0, 2).join(' ')}`}
  return {value}
}

/** Latest CI run of the branch, open security alert count and open PR count, through the platform CLI. */
export async function repoStatus(ctx: ProjectContext): Promise<RepoStatus> {
  await requireRepo(ctx)
  const platform = await requirePlatform(ctx, 'status')
  const branch = (await currentBranch(ctx)) ?? null
  const q = queries(platform.name, branch)
  const [ci, alerts, prs] = await Promise.all([ask(ctx, platform, q.ci), ask(ctx, platform, q.alerts), ask(ctx, platform, q.prs)])
  const errors: RepoStatus['errors'] = {}
  if (ci.error) errors.ci = ci.error
  if (alerts.error) errors.security_alerts = alerts.error
  if (prs.error) errors.open_prs = prs.error
  return {
    platform: platform.name,
    cli: platform.cli,
    branch,
    ci: (ci.value as CiRun | null) ?? null,
    security_alerts: (alerts.value as number | null) ?? null,
    open_prs: (prs.value as number | null) ?? null,
    errors,
  }
}
