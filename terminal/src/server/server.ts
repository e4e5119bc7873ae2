// SPDX-License-Identifier: AGPL-3.0-only
/**
 * The terminal server: node:http on 127.0.0.1, serving the single-page app from dist/public, the pty WebSocket
 * (/pty), the terminal's own settings (/api/terminal/...), and same-origin proxies to the governance server
 * (/gov/...) and the API server (/serve/...). Every request and upgrade passes security.ts first.
 */
import {readFileSync} from 'node:fs'
import {readFile} from 'node:fs/promises'
import http, {type IncomingMessage, type ServerResponse} from 'node:http'
import type {AddressInfo} from 'node:net'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

import {WebSocketServer} from 'ws'

import {costOfPass, parseRuns} from '../shared/eval.js'
import {recommendedNumCtx} from '../shared/limits.js'
import {ManagedChild, type ChildStatus} from './child.js'
import {loopbackJson, proxy} from './proxy.js'
import {attachPty, defaultShell} from './pty.js'
import {refusal, sameSecret, sessionCookie} from './security.js'
import {detectVram, TerminalSettings, type Vram} from './settings.js'

export const VERSION = '0.1.0'

export interface TerminalServerOptions {
  /** 0 picks a free port */
  port: number
  secret: string
  governancePort: number
  /** the API server (`govtool serve`): its port; the terminal runs it as a second managed child unless manageServe is false */
  servePort?: number
  manageServe?: boolean
  dataDir: string
  /** the project the shell and the managed children start in */
  cwd: string
  dagId?: string
  env?: NodeJS.ProcessEnv
  /** spawn `govtool governance-serve` as a managed child (default true) */
  manageGovernance?: boolean
  /** where the built page lives (default: the package's dist/public) */
  publicDir?: string
}

export interface TerminalServer {
  port: number
  /** the launch URL, secret included */
  url: string
  governance: ManagedChild | undefined
  serve: ManagedChild | undefined
  close(): Promise<void>
}

const here = path.dirname(fileURLToPath(import.meta.url))
const TYPES: Record<string, string> = {'.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.map': 'application/json', '.png': 'image/png', '.svg': 'image/svg+xml'}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, {'content-type': 'application/json', 'cache-control': 'no-store'})
  res.end(JSON.stringify(body))
}

async function readBody(req: IncomingMessage, limit = 1024 * 1024): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > limit) throw new RangeError('The request body is too large.')
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

async function jsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const text = await readBody(req)
  const value = text.trim() ? (JSON.parse(text) as unknown) : {}
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new TypeError('The body must be a JSON object.')
  return value as Record<string, unknown>
}

export async function startTerminalServer(options: TerminalServerOptions): Promise<TerminalServer> {
  const env = options.env ?? process.env
  const publicDir = options.publicDir ?? path.resolve(here, '..', '..', 'dist', 'public')
  const settings = new TerminalSettings(options.dataDir)
  let vram: Promise<Vram> | undefined
  const governance = options.manageGovernance === false ? undefined : new ManagedChild({name: 'governance', args: ['governance-serve', '--port', String(options.governancePort)], cwd: options.cwd, env})
  const servePort = options.servePort
  // the API server's model requests go to the governance server (I1, I2): it gets the gate as its upstream and
  // never the upstream's key, which only the governance server holds
  const serveEnv: NodeJS.ProcessEnv = {...env, TERMINAL_AI_BASE_URL: `http://127.0.0.1:${options.governancePort}/v1`}
  delete serveEnv.TERMINAL_AI_API_KEY
  delete serveEnv.KAIROS_AI_API_KEY
  delete serveEnv.KAIROS_AI_BASE_URL
  const serve = servePort === undefined || (options.manageServe ?? options.manageGovernance) === false ? undefined : new ManagedChild({name: 'serve', args: ['serve', '--port', String(servePort)], cwd: options.cwd, env: serveEnv})
  let serveToken: string | undefined
  const serveHeaders = (): Record<string, string> => {
    try {
      serveToken ??= readFileSync(path.join(options.dataDir, 'serve-token'), 'utf8').trim() || undefined
    } catch {
      // serve creates it on its first start
    }
    return serveToken ? {authorization: `Bearer ${serveToken}`} : {}
  }
  let lastCheck: {at: string; status: string} | null = null
  let port = 0

  const governanceHealth = async (): Promise<{ok: boolean; version: string | null; error?: string}> => {
    try {
      const {status, body} = await loopbackJson(options.governancePort, '/health', {timeoutMs: 1500})
      const b = body as {status?: string; version?: string}
      return {ok: status === 200 && b.status === 'ok', version: b.version ?? null}
    } catch (error) {
      return {ok: false, version: null, error: (error as Error).message}
    }
  }

  const serveHealthy = async (): Promise<boolean> => {
    if (servePort === undefined) return false
    try {
      return (await loopbackJson(servePort, '/health', {timeoutMs: 1500})).status === 200
    } catch {
      return false
    }
  }

  const state = async () => {
    vram ??= detectVram(env)
    const [health, detected] = await Promise.all([governanceHealth(), vram])
    const child: ChildStatus | null = governance?.snapshot() ?? null
    return {
      version: VERSION,
      dag_id: options.dagId ?? null,
      cwd: options.cwd,
      governance: {endpoint: `http://127.0.0.1:${options.governancePort}`, port: options.governancePort, healthy: health.ok, version: health.version, child},
      serve: servePort === undefined ? null : {endpoint: `http://127.0.0.1:${servePort}`, port: servePort, healthy: await serveHealthy(), child: serve?.snapshot() ?? null},
      vram: detected,
      recommended_num_ctx: recommendedNumCtx(detected.gb),
      num_ctx: settings.numCtx() ?? recommendedNumCtx(detected.gb),
      update_channel: settings.channel(),
      channel_file: settings.channelFile,
      last_check: lastCheck,
    }
  }

  const api = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    const route = `${req.method} ${url.pathname}`
    switch (route) {
      case 'GET /api/terminal/state':
        sendJson(res, 200, await state())
        return true
      case 'PUT /api/terminal/update-channel': {
        const body = await jsonBody(req)
        sendJson(res, 200, {update_channel: settings.setChannel(String(body.channel)), file: settings.channelFile})
        return true
      }
      case 'PUT /api/terminal/num-ctx': {
        const body = await jsonBody(req)
        sendJson(res, 200, {num_ctx: settings.setNumCtx(Number(body.num_ctx))})
        return true
      }
      case 'POST /api/terminal/check-update': {
        const health = await governanceHealth()
        lastCheck = {at: new Date().toISOString(), status: health.ok ? `govtool ${health.version} answering; terminal ${VERSION} on the ${settings.channel()} channel is the newest this machine has` : `governance server not answering: terminal ${VERSION} on the ${settings.channel()} channel`}
        sendJson(res, 200, lastCheck)
        return true
      }
      case 'GET /api/terminal/eval': {
        const file = path.join(options.cwd, '.govtool', 'eval', 'runs.jsonl')
        const text = await readFile(file, 'utf8').catch(() => '')
        const {runs, skipped} = parseRuns(text)
        sendJson(res, 200, {file, runs, skipped, cost_of_pass: costOfPass(runs)})
        return true
      }
      case 'GET /api/model-intel/sync':
        // the API server's route (one sync at a time, joined); without an API server the governance server's operation route
        if (servePort !== undefined && (await serveHealthy())) proxy(req, res, {port: servePort, headers: serveHeaders}, url.pathname + url.search)
        else proxy(req, res, {port: options.governancePort}, '/model-intel/sync', '{}', 'POST')
        return true
      case 'POST /api/agent/chat': {
        // one agent-pane turn: the API server runs it and streams its block events; its model calls go to the
        // governance server (the provider is forced to it, except under GOVTOOL_DISABLE_REAL_CHAT=1: the stub)
        if (servePort === undefined) {
          sendJson(res, 503, {error: {code: 'E_NO_SERVE', message: 'The API server (govtool serve) is not running for this terminal.'}})
          return true
        }
        const body = await jsonBody(req)
        const turn = {message: String(body.message ?? ''), profile: body.profile === 'safe' || body.profile === 'yolo' ? body.profile : 'standard', ...(typeof body.session_id === 'string' ? {session_id: body.session_id} : {}), ...(typeof body.comment === 'string' ? {comment: body.comment} : {}), ...(env.GOVTOOL_DISABLE_REAL_CHAT === '1' ? {} : {provider: 'openai-compatible'})}
        proxy(req, res, {port: servePort, headers: serveHeaders}, '/api/chat', JSON.stringify(turn), 'POST')
        return true
      }
      default:
        return false
    }
  }

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const launch = req.method === 'GET' && url.pathname === '/' && url.searchParams.has('t')
    const refused = refusal(req, port, options.secret, launch)
    if (refused) {
      sendJson(res, refused.status, {error: {code: refused.code, message: refused.message}})
      return
    }
    if (launch) {
      if (!sameSecret(url.searchParams.get('t'), options.secret)) {
        sendJson(res, 401, {error: {code: 'E_NO_SESSION', message: 'The secret in this address is not this terminal\'s.'}})
        return
      }
      url.searchParams.delete('t')
      res.writeHead(302, {'set-cookie': sessionCookie(port, options.secret), location: `/${url.search}`, 'cache-control': 'no-store'})
      res.end()
      return
    }
    try {
      if (url.pathname.startsWith('/gov/')) {
        proxy(req, res, {port: options.governancePort}, url.pathname.slice(4) + url.search)
        return
      }
      if (url.pathname.startsWith('/serve/')) {
        if (servePort === undefined) sendJson(res, 503, {error: {code: 'E_NO_SERVE', message: 'The API server (govtool serve) is not running for this terminal.'}})
        else proxy(req, res, {port: servePort, headers: serveHeaders}, url.pathname.slice(6) + url.search)
        return
      }
      if (url.pathname.startsWith('/api/') && (await api(req, res, url))) return
      if (req.method === 'GET') {
        const name = url.pathname === '/' ? 'index.html' : url.pathname.slice(1)
        const file = path.resolve(publicDir, name)
        if (file.startsWith(publicDir + path.sep)) {
          try {
            const data = await readFile(file)
            res.writeHead(200, {'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'"})
            res.end(data)
            return
          } catch {
            // fall through to 404
          }
        }
      }
      sendJson(res, 404, {error: {code: 'E_NOT_FOUND', message: `No route ${req.method} ${url.pathname}.`}})
    } catch (error) {
      if (!res.headersSent) sendJson(res, error instanceof RangeError || error instanceof TypeError || error instanceof SyntaxError ? 400 : 500, {error: {code: 'E_INPUT', message: (error as Error).message}})
      else res.destroy()
    }
  }

  const server = http.createServer((req, res) => void handle(req, res))
  const wss = new WebSocketServer({noServer: true, maxPayload: 1024 * 1024})
  server.on('upgrade', (req, socket, head) => {
    const refused = refusal(req, port, options.secret)
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (refused || url.pathname !== '/pty') {
      const status = refused?.status ?? 404
      const body = JSON.stringify({error: {code: refused?.code ?? 'E_NOT_FOUND', message: refused?.message ?? 'No WebSocket here.'}})
      socket.end(`HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : status === 403 ? 'Forbidden' : 'Not Found'}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`)
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const {shell, args} = defaultShell(env)
      attachPty(ws, {shell, args, cwd: options.cwd, env, cols: Number(url.searchParams.get('cols')), rows: Number(url.searchParams.get('rows'))}).catch((error: Error) => {
        ws.send(`\r\n[could not start the shell: ${error.message}]\r\n`)
        ws.close(1011, 'pty failed')
      })
    })
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, '127.0.0.1', () => resolve())
  })
  port = (server.address() as AddressInfo).port
  governance?.start()
  serve?.start()
  return {
    port,
    url: `http://127.0.0.1:${port}/?t=${options.secret}${options.dagId ? `&dag=${encodeURIComponent(options.dagId)}` : ''}`,
    governance,
    serve,
    async close() {
      for (const client of wss.clients) client.terminate()
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeAllConnections()
      await Promise.all([closed, governance?.stop(), serve?.stop()])
    },
  }
}
