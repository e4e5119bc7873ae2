import {z} from 'zod/v3'

import type {Benchmarks} from './buckets.js'

/** Where the hub lives and how to reach it; from the environment. The token is never printed. */
export interface HubConfig {
  /** hub API base (`GOVTOOL_HUB_URL`, default https://huggingface.co) */
  hubUrl: string
  /** dataset server base (`GOVTOOL_HUB_DATASETS_URL`, else GOVTOOL_HUB_URL when set, else https://datasets-server.huggingface.co) */
  datasetsUrl: string
  /** `GOVTOOL_HUB_TOKEN` */
  token?: string
  /** per-request timeout (`GOVTOOL_HUB_TIMEOUT_MS`, default 5000) */
  timeoutMs: number
}

/** The leaderboard dataset whose rows feed the bucket scores. */
export const LEADERBOARD = {dataset: 'open-llm-leaderboard/contents', config: 'default', split: 'train'} as const
/** Rows fetched per sync: the top of the leaderboard by average score. */
export const MAX_ROWS = 300
const PAGE = 100

export function hubConfig(env: NodeJS.ProcessEnv = process.env): HubConfig {
  const hub = env.GOVTOOL_HUB_URL?.trim()
  const datasets = env.GOVTOOL_HUB_DATASETS_URL?.trim()
  const timeout = Number(env.GOVTOOL_HUB_TIMEOUT_MS)
  const token = env.GOVTOOL_HUB_TOKEN?.trim()
  return {
    hubUrl: (hub || 'https://huggingface.co').replace(/\/+$/, ''),
    datasetsUrl: (datasets || hub || 'https://datasets-server.huggingface.co').replace(/\/+$/, ''),
    ...(token ? {token} : {}),
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : 5000,
  }
}

/** A failed request: `status` for an HTTP error, else `reason` says why nothing came back. Never holds the token. */
export class HubRequestError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message)
    this.name = 'HubRequestError'
  }
}

export interface HubResponse {
  status: number
  body: unknown
}

/** GET `url` with the token (when set) as a bearer credential. Resolves for any HTTP status. */
export async function hubGet(config: HubConfig, url: string): Promise<HubResponse> {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new HubRequestError(`invalid hub URL ${JSON.stringify(url)}`)
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new HubRequestError(`hub URL must be http(s): ${parsed.origin}`)
  let response: Response
  try {
    response = await fetch(parsed, {
      headers: {accept: 'application/json', ...(config.token ? {authorization: `Bearer ${config.token}`} : {})},
      signal: AbortSignal.timeout(config.timeoutMs),
    })
  } catch (error) {
    const e = error as {name?: string; message?: string; cause?: {code?: string; message?: string}}
    const why = e.name === 'TimeoutError' ? `no answer within ${config.timeoutMs} ms` : (e.cause?.code ?? e.cause?.message ?? e.message ?? 'network error')
    throw new HubRequestError(`${parsed.origin} unreachable (${why})`)
  }
  const text = await response.text().catch(() => '')
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // a plain-text body (e.g. the dataset server's healthcheck "ok")
  }
  return {status: response.status, body}
}

const WhoamiSchema = z
  .object({
    name: z.string().optional(),
    type: z.string().optional(),
    isPro: z.boolean().optional(),
    orgs: z.array(z.object({name: z.string().optional(), plan: z.string().optional()}).passthrough()).optional(),
  })
  .passthrough()

export type Whoami = z.infer<typeof WhoamiSchema>

/** `GET /api/whoami-v2`: the account behind the token, or `undefined` when the hub refuses the token. */
export async function whoami(config: HubConfig): Promise<{status: number; account?: Whoami}> {
  const r = await hubGet(config, `${config.hubUrl}/api/whoami-v2`)
  if (r.status !== 200) return {status: r.status}
  const parsed = WhoamiSchema.safeParse(r.body)
  return parsed.success ? {status: 200, account: parsed.data} : {status: 200}
}

/** The hub's rate-limit tier of an account: enterprise (an enterprise org), pro, else free. */
export function rateLimitTier(account: Whoami): 'enterprise' | 'pro' | 'free' {
  if (account.orgs?.some((o) => /enterprise/i.test(o.plan ?? ''))) return 'enterprise'
  if (account.isPro) return 'pro'
  return 'free'
}

/** `GET /healthcheck` of the dataset server answers `ok`. */
export async function datasetServerOk(config: HubConfig): Promise<boolean> {
  try {
    const r = await hubGet(config, `${config.datasetsUrl}/healthcheck`)
    return r.status === 200
  } catch {
    return false
  }
}

const RowsSchema = z
  .object({
    rows: z.array(z.object({row: z.record(z.string(), z.unknown())}).passthrough()),
    num_rows_total: z.number().int().nonnegative().optional(),
  })
  .passthrough()

/** One leaderboard model with its benchmarks. */
export interface LeaderboardModel {
  model_name: string
  benchmarks: Benchmarks
}

/**
 * The top `MAX_ROWS` rows of the leaderboard by average score, from the dataset server's `/filter`
 * (ordered, flagged models left out); when the server refuses the query, its plain `/rows` pages instead.
 */
export async function fetchLeaderboard(config: HubConfig, maxRows = MAX_ROWS): Promise<LeaderboardModel[]> {
  const base = `dataset=${encodeURIComponent(LEADERBOARD.dataset)}&config=${LEADERBOARD.config}&split=${LEADERBOARD.split}`
  const filter = `${base}&where=${encodeURIComponent('"Flagged"=false')}&orderby=${encodeURIComponent('"Average ⬆️" DESC')}`
  const page = async (endpoint: 'filter' | 'rows', query: string, offset: number) => {
    const r = await hubGet(config, `${config.datasetsUrl}/${endpoint}?${query}&offset=${offset}&length=${PAGE}`)
    if (r.status !== 200) {
      const detail = typeof r.body === 'object' && r.body && 'error' in r.body ? `: ${String((r.body as {error: unknown}).error).slice(0, 200)}` : ''
      throw new HubRequestError(`dataset server answered ${endpoint} with HTTP ${r.status}${detail}`, r.status)
    }
    const parsed = RowsSchema.safeParse(r.body)
    if (!parsed.success) throw new HubRequestError(`dataset server answered ${endpoint} in an unexpected shape`)
    return parsed.data
  }
  let endpoint: 'filter' | 'rows' = 'filter'
  let query = filter
  let first: z.infer<typeof RowsSchema>
  try {
    first = await page(endpoint, query, 0)
  } catch (error) {
    if (!(error instanceof HubRequestError) || error.status === undefined || error.status === 401 || error.status >= 500) throw error
    endpoint = 'rows'
    query = base
    first = await page(endpoint, query, 0)
  }
  const total = Math.min(maxRows, first.num_rows_total ?? first.rows.length)
  const offsets: number[] = []
  for (let o = PAGE; o < total; o += PAGE) offsets.push(o)
  const rest = await Promise.all(offsets.map((o) => page(endpoint, query, o)))
  const rows = [first, ...rest].flatMap((p) => p.rows.map((r) => r.row))
  return rows.slice(0, maxRows).flatMap((row) => {
    const m = parseLeaderboardRow(row)
    return m ? [m] : []
  })
}

const BENCHMARK_KEYS: Record<string, keyof Benchmarks> = {
  ifeval: 'ifeval',
  bbh: 'bbh',
  mathlvl5: 'math',
  math: 'math',
  gpqa: 'gpqa',
  musr: 'musr',
  mmlupro: 'mmlu_pro',
}

/** A leaderboard row as model name + benchmarks; `undefined` for flagged rows or rows without a name or benchmarks. */
export function parseLeaderboardRow(row: Record<string, unknown>): LeaderboardModel | undefined {
  const norm = new Map<string, unknown>()
  for (const [k, v] of Object.entries(row)) norm.set(k.toLowerCase().replaceAll(/[^a-z0-9]/g, ''), v)
  if (norm.get('flagged') === true) return undefined
  const rawName = [norm.get('fullname'), norm.get('evalname'), norm.get('model')].find((v) => typeof v === 'string' && v.trim() !== '') as string | undefined
  if (!rawName) return undefined
  const model_name = rawName.replaceAll(/<[^>]*>/g, '').trim()
  if (!model_name || model_name.length > 200) return undefined
  const benchmarks: Benchmarks = {}
  for (const [key, field] of Object.entries(BENCHMARK_KEYS)) {
    const v = norm.get(key)
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN
    if (Number.isFinite(n) && benchmarks[field] === undefined) benchmarks[field] = n
  }
  return Object.keys(benchmarks).length > 0 ? {model_name, benchmarks} : undefined
}
