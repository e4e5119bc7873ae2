// A fake hub on an ephemeral loopback port: the hub API's GET /api/whoami-v2 and the dataset server's
// GET /healthcheck, /filter and /rows, serving Open LLM Leaderboard "contents" rows.
import http from 'node:http'
import type {AddressInfo} from 'node:net'

export const GOOD_TOKEN = 'hf_testTOKENvalue123456'

export interface FakeHub {
  url: string
  requests: {path: string; authorization?: string}[]
  /** answer /filter with this status (e.g. 400 to force the /rows fallback) */
  filterStatus: number
  close(): Promise<void>
}

const row = (fullname: string, b: [number, number, number, number, number, number], extra: Record<string, unknown> = {}) => ({
  eval_name: fullname.replace('/', '_') + '_bfloat16',
  Model: `<a target="_blank" href="https://huggingface.co/${fullname}">${fullname}</a>`,
  fullname,
  'Average ⬆️': b.reduce((a, c) => a + c, 0) / 6,
  IFEval: b[0],
  'IFEval Raw': b[0] / 100,
  BBH: b[1],
  'MATH Lvl 5': b[2],
  GPQA: b[3],
  MUSR: b[4],
  'MMLU-PRO': b[5],
  Flagged: false,
  ...extra,
})

/** 250 rows: three models that also have built-in scores, a flagged one, a duplicate, and synthetic fine-tunes. */
export function leaderboardRows(): Record<string, unknown>[] {
  const rows = [
    row('Qwen/Qwen2.5-72B-Instruct', [86.4, 61.9, 59.8, 16.7, 11.7, 51.4]),
    row('meta-llama/Llama-3.3-70B-Instruct', [89.98, 56.56, 48.34, 10.51, 15.57, 48.13]),
    row('microsoft/phi-4', [5.85, 52.43, 31.57, 14.43, 17.31, 49.6]),
    row('evil/Contaminated-7B', [99, 99, 99, 99, 99, 99], {Flagged: true}),
    row('Qwen/Qwen2.5-72B-Instruct', [80, 50, 40, 10, 10, 40]),
  ]
  for (let i = 0; rows.length < 250; i++) rows.push(row(`lab${i % 7}/finetune-${i}-7B`, [40 + (i % 40), 20 + (i % 30), 5 + (i % 25), 3 + (i % 9), 4 + (i % 11), 20 + (i % 20)]))
  return rows
}

export async function startFakeHub(): Promise<FakeHub> {
  const rows = leaderboardRows()
  const requests: FakeHub['requests'] = []
  const state = {filterStatus: 200}
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    requests.push({path: url.pathname + url.search, authorization: req.headers.authorization})
    const json = (status: number, body: unknown) => {
      res.writeHead(status, {'content-type': 'application/json'})
      res.end(JSON.stringify(body))
    }
    if (url.pathname === '/api/whoami-v2') {
      if (req.headers.authorization === `Bearer ${GOOD_TOKEN}`) {
        return json(200, {type: 'user', name: 'alice', isPro: true, orgs: [{name: 'acme', plan: 'team'}], auth: {accessToken: {displayName: 'govtool', role: 'read'}}})
      }
      return json(401, {error: 'Invalid credentials in Authorization header'})
    }
    if (url.pathname === '/healthcheck') {
      res.writeHead(200, {'content-type': 'text/plain'})
      return res.end('ok')
    }
    if (url.pathname === '/filter' || url.pathname === '/rows') {
      if (url.searchParams.get('dataset') !== 'open-llm-leaderboard/contents') return json(404, {error: 'The dataset does not exist.'})
      if (url.pathname === '/filter' && api.filterStatus !== 200) return json(api.filterStatus, {error: 'Parameter "where" is invalid'})
      const offset = Number(url.searchParams.get('offset') ?? 0)
      const length = Math.min(100, Number(url.searchParams.get('length') ?? 100))
      let list = rows
      if (url.pathname === '/filter') {
        list = rows.filter((r) => r.Flagged === false).sort((a, b) => (b['Average ⬆️'] as number) - (a['Average ⬆️'] as number))
      }
      return json(200, {
        features: [],
        rows: list.slice(offset, offset + length).map((r, i) => ({row_idx: offset + i, row: r, truncated_cells: []})),
        num_rows_total: list.length,
        num_rows_per_page: 100,
        partial: false,
      })
    }
    json(404, {error: 'not found'})
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const {port} = server.address() as AddressInfo
  const api: FakeHub = {
    url: `http://127.0.0.1:${port}`,
    requests,
    get filterStatus() {
      return state.filterStatus
    },
    set filterStatus(v: number) {
      state.filterStatus = v
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
  return api
}

/** A loopback port with nothing listening (for the offline path). */
export async function deadPort(): Promise<number> {
  const server = http.createServer()
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const {port} = server.address() as AddressInfo
  await new Promise<void>((r) => server.close(() => r()))
  return port
}
