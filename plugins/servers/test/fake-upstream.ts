/**
 * A fake OpenAI-compatible upstream on an ephemeral loopback port, speaking the real protocol: JSON
 * completions with usage, SSE streams with a usage chunk and [DONE]. The model name picks a behaviour:
 * `fail-500`, `rate-429` (retry-after 7), `slow` (no headers for 2 s), `cut` (the stream stops midway),
 * `diff` (the reply proposes a unified diff), `drip` (a chunk every 50 ms, 40 chunks); anything else answers
 * normally.
 */
import http, {type IncomingMessage, type ServerResponse} from 'node:http'
import type {AddressInfo} from 'node:net'

export interface FakeUpstream {
  url: string
  requests: Array<{path: string; authorization?: string; body: Record<string, unknown>}>
  /** responses the client side closed before they were complete */
  aborted: number
  close(): Promise<void>
}

export const REPLY = 'Here is the fix for the session timeout.'
const DIFF_REPLY = 'Proposed change:\n```diff\ndiff --git a/src/session.ts b/src/session.ts\n--- a/src/session.ts\n+++ b/src/session.ts\n@@ -1 +1 @@\n-const TIMEOUT = 60\n+const TIMEOUT = 30 * 60 // REQ-AUTH-002\n```\n'

const usage = {prompt_tokens: 120, completion_tokens: 30, total_tokens: 150, prompt_tokens_details: {cached_tokens: 20}}

function chunk(id: string, model: string, delta: Record<string, unknown>, finish: string | null = null): string {
  return `data: ${JSON.stringify({id, object: 'chat.completion.chunk', created: 1, model, choices: [{index: 0, delta, finish_reason: finish}]})}\n\n`
}

export async function startFakeUpstream(): Promise<FakeUpstream> {
  const state: FakeUpstream = {url: '', requests: [], aborted: 0, close: async () => {}}
  const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    const parts: Buffer[] = []
    req.on('error', () => {})
    req.on('data', (c: Buffer) => parts.push(c))
    req.on('end', () => {
      const text = Buffer.concat(parts).toString('utf8')
      const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>
      state.requests.push({path: req.url ?? '', authorization: req.headers.authorization, body})
      res.on('close', () => {
        if (!res.writableFinished) state.aborted++
      })
      if (req.url?.endsWith('/models')) {
        res.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify({object: 'list', data: [{id: 'fake-model', object: 'model', created: 1, owned_by: 'fake'}]}))
        return
      }
      const model = String(body.model ?? '')
      if (model === 'fail-500') return void res.writeHead(500, {'content-type': 'application/json'}).end('{"error":{"message":"boom"}}')
      if (model === 'rate-429') return void res.writeHead(429, {'content-type': 'application/json', 'retry-after': '7'}).end('{"error":{"message":"slow down","type":"rate_limit_exceeded"}}')
      if (model === 'slow') {
        const timer = setTimeout(() => res.writeHead(200, {'content-type': 'application/json'}).end('{}'), 2000)
        res.on('close', () => clearTimeout(timer))
        return
      }
      const reply = model === 'diff' ? DIFF_REPLY : REPLY
      if (!body.stream) {
        res.writeHead(200, {'content-type': 'application/json'}).end(
          JSON.stringify({id: 'chatcmpl-fake', object: 'chat.completion', created: 1, model, choices: [{index: 0, message: {role: 'assistant', content: reply}, finish_reason: 'stop'}], usage}),
        )
        return
      }
      res.writeHead(200, {'content-type': 'text/event-stream'})
      const pieces = model === 'drip' ? Array.from({length: 40}, (_, i) => `w${i} `) : reply.match(/.{1,8}/gs) ?? []
      res.write(chunk('chatcmpl-fake', model, {role: 'assistant', content: ''}))
      let i = 0
      const next = () => {
        if (res.destroyed) return
        if (model === 'cut' && i === 2) {
          res.socket?.destroy()
          return
        }
        if (i < pieces.length) {
          res.write(chunk('chatcmpl-fake', model, {content: pieces[i++]}))
          setTimeout(next, model === 'drip' ? 50 : 0)
          return
        }
        res.write(chunk('chatcmpl-fake', model, {}, 'stop'))
        if ((body.stream_options as {include_usage?: boolean} | undefined)?.include_usage) {
          res.write(`data: ${JSON.stringify({id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1, model, choices: [], usage})}\n\n`)
        }
        res.end('data: [DONE]\n\n')
      }
      next()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return state
}
