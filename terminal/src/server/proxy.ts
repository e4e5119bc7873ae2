// SPDX-License-Identifier: AGPL-3.0-only
/**
 * Same-origin proxy routes: the page reaches the governance server (`/gov/...`) and the API server
 * (`/serve/...`) only through the terminal server, so the browser never makes a cross-origin request and never
 * holds a token. Every target is 127.0.0.1 (I2); the model requests of the agent pane go to the governance
 * server's /v1/chat/completions (I1). Responses are streamed through (SSE included).
 */
import http, {type IncomingMessage, type ServerResponse} from 'node:http'

export interface ProxyTarget {
  port: number
  /** extra request headers (the API server's bearer token) */
  headers?: () => Record<string, string>
}

/** Every outbound request of the terminal server goes through here: the host is always loopback. */
export const LOOPBACK = '127.0.0.1'

const FORWARDED = ['content-type', 'accept', 'content-length', 'last-event-id']

export function proxy(req: IncomingMessage, res: ServerResponse, target: ProxyTarget, pathAndQuery: string, body?: Buffer | string, method = req.method): void {
  const headers: Record<string, string> = {host: `${LOOPBACK}:${target.port}`}
  for (const name of FORWARDED) {
    const value = req.headers[name]
    if (typeof value === 'string') headers[name] = value
  }
  if (body !== undefined) {
    headers['content-length'] = String(Buffer.byteLength(body))
    headers['content-type'] = 'application/json'
  }
  Object.assign(headers, target.headers?.() ?? {})
  const outbound = http.request({host: LOOPBACK, port: target.port, method, path: pathAndQuery, headers}, (upstream) => {
    const out: Record<string, string | string[]> = {}
    for (const [name, value] of Object.entries(upstream.headers)) {
      if (value !== undefined && !['connection', 'transfer-encoding', 'set-cookie', 'keep-alive'].includes(name)) out[name] = value
    }
    res.writeHead(upstream.statusCode ?? 502, out)
    upstream.pipe(res)
  })
  res.once('close', () => outbound.destroy())
  outbound.on('error', (error: NodeJS.ErrnoException) => {
    if (res.headersSent) {
      res.destroy()
      return
    }
    res.writeHead(502, {'content-type': 'application/json'})
    res.end(JSON.stringify({error: {code: 'E_UPSTREAM_DOWN', message: `Nothing answers on ${LOOPBACK}:${target.port} (${error.code ?? error.message}).`, hint: 'See Settings > Governance: the managed server may be starting, restarting or missing.'}}))
  })
  if (body !== undefined) outbound.end(body)
  else if (method === 'GET' || method === 'HEAD') outbound.end()
  else req.pipe(outbound)
}

/** A JSON request to a loopback server (the terminal's own calls: health, version). */
export async function loopbackJson(port: number, pathname: string, init: {method?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number} = {}): Promise<{status: number; body: unknown}> {
  const response = await fetch(`http://${LOOPBACK}:${port}${pathname}`, {
    method: init.method ?? 'GET',
    headers: {'content-type': 'application/json', ...init.headers},
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(init.timeoutMs ?? 3000),
  })
  const text = await response.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // not JSON
  }
  return {status: response.status, body}
}
