// A fake Ollama daemon on an ephemeral loopback port speaking the real endpoints: GET /api/version,
// GET /api/tags, GET /api/ps and streaming POST /api/pull (NDJSON, written in small chunks split mid-line).
import http from 'node:http'
import type {AddressInfo} from 'node:net'

export type PullScript =
  | {kind: 'ok'; layers: {digest: string; total: number}[]; steps?: number}
  | {kind: 'error-midway'; message: string}
  | {kind: 'drop-midway'}
  | {kind: 'hang'}
  | {kind: 'http-error'; status: number; message: string}

export interface FakeDaemon {
  url: string
  /** host:port, the OLLAMA_HOST form */
  hostPort: string
  requests: {method: string; path: string; body: string}[]
  pulls: Record<string, PullScript>
  close(): Promise<void>
}

export const TAGS = {
  models: [
    {
      name: 'qwen2.5-coder:7b',
      model: 'qwen2.5-coder:7b',
      modified_at: '2024-11-12T10:00:00.000000000Z',
      size: 4_683_087_332,
      digest: '2b0496514337a3d5901f1d253d01726c890b721e891335a56d6e08cedf3e2cb0',
      details: {format: 'gguf', family: 'qwen2', families: ['qwen2'], parameter_size: '7.6B', quantization_level: 'Q4_K_M'},
    },
    {
      name: 'llama3.2:3b',
      model: 'llama3.2:3b',
      modified_at: '2024-10-01T08:30:00.000000000Z',
      size: 2_019_393_189,
      digest: 'a80c4f17acd55265feec403c7aef86be0c25983ab279d83f3bcd3abbcb5b8b72',
      details: {format: 'gguf', family: 'llama', families: null, parameter_size: '3.2B', quantization_level: 'Q4_K_M'},
    },
  ],
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export async function startFakeDaemon(pulls: Record<string, PullScript> = {}): Promise<FakeDaemon> {
  const requests: FakeDaemon['requests'] = []
  const sockets = new Set<import('node:net').Socket>()
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (d) => (body += d))
    req.on('end', () => {
      requests.push({method: req.method ?? '', path: req.url ?? '', body})
      void handle(req, res, body, state.pulls)
    })
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const {port} = server.address() as AddressInfo
  const state: FakeDaemon = {
    url: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    requests,
    pulls,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
  return state
}

async function handle(req: http.IncomingMessage, res: http.ServerResponse, body: string, pulls: Record<string, PullScript>): Promise<void> {
  const json = (status: number, value: unknown) => {
    res.writeHead(status, {'content-type': 'application/json; charset=utf-8'})
    res.end(JSON.stringify(value))
  }
  if (req.method === 'GET' && req.url === '/api/version') return json(200, {version: '0.5.7'})
  if (req.method === 'GET' && req.url === '/api/tags') return json(200, TAGS)
  if (req.method === 'GET' && req.url === '/api/ps') {
    return json(200, {models: [{...TAGS.models[0], expires_at: '2030-01-01T00:00:00Z', size_vram: TAGS.models[0].size}]})
  }
  if (req.method === 'POST' && req.url === '/api/pull') {
    let model = ''
    try {
      model = (JSON.parse(body) as {model?: string}).model ?? ''
    } catch {
      return json(400, {error: 'invalid request body'})
    }
    const script = pulls[model]
    if (!script) return json(200, {error: `pull model manifest: file does not exist`})
    if (script.kind === 'http-error') return json(script.status, {error: script.message})
    res.writeHead(200, {'content-type': 'application/x-ndjson'})
    // write in odd-sized chunks so lines arrive split mid-line
    const send = async (lines: unknown[]) => {
      const text = lines.map((l) => JSON.stringify(l) + '\n').join('')
      for (let i = 0; i < text.length; i += 37) {
        res.write(text.slice(i, i + 37))
        await sleep(0)
      }
    }
    await send([{status: 'pulling manifest'}])
    if (script.kind === 'hang') {
      await send([{status: 'pulling 6a0746a1ec1a', digest: 'sha256:6a0746a1ec1a', total: 1000, completed: 100}])
      return // never ends; the client aborts
    }
    if (script.kind === 'error-midway') {
      await send([{status: 'pulling 6a0746a1ec1a', digest: 'sha256:6a0746a1ec1a', total: 1000, completed: 400}, {error: script.message}])
      res.end()
      return
    }
    if (script.kind === 'drop-midway') {
      await send([{status: 'pulling 6a0746a1ec1a', digest: 'sha256:6a0746a1ec1a', total: 1000, completed: 400}])
      res.socket?.destroy()
      return
    }
    const steps = script.steps ?? 4
    for (const layer of script.layers) {
      const lines = []
      for (let s = 0; s <= steps; s++) {
        lines.push({status: `pulling ${layer.digest.slice(7, 19)}`, digest: layer.digest, total: layer.total, ...(s === 0 ? {} : {completed: Math.round((layer.total * s) / steps)})})
      }
      await send(lines)
    }
    await send([{status: 'verifying sha256 digest'}, {status: 'writing manifest'}, {status: 'success'}])
    res.end()
    return
  }
  json(404, {error: 'not found'})
}
