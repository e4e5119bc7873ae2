// Local fakes that speak the real protocols on ephemeral loopback ports: an OpenAI-compatible server
// (streaming SSE chat completions with tool-call deltas and a usage chunk, 429 with retry-after, a stream cut
// midway, a slow first token) and the local model daemon (GET /api/version, NDJSON POST /api/chat).
import http from 'node:http'
import type {AddressInfo} from 'node:net'

export type OpenAIStep =
  | {kind: 'sse'; chunks: unknown[]; firstDelayMs?: number; noDone?: boolean}
  | {kind: 'status'; status: number; headers?: Record<string, string>; body?: string}
  | {kind: 'cut'; chunks: unknown[]}

export interface Fake {
  url: string
  requests: {path: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown>}[]
  close(): Promise<void>
}

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)))
}

async function readBody(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  let raw = ''
  for await (const chunk of req) raw += chunk
  try {
    return JSON.parse(raw) as Record<string, unknown>
  } catch {
    return {}
  }
}

/** Chunks of a streamed reply: the text in pieces, then tool calls (arguments split in two deltas), then usage. */
export function openaiChunks(text: string, tools: {name: string; args: Record<string, unknown>}[] = [], usage = {prompt_tokens: 120, completion_tokens: 30, cached: 20}): unknown[] {
  const out: unknown[] = []
  const base = {id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1, model: 'fake-model'}
  out.push({...base, choices: [{index: 0, delta: {role: 'assistant', content: ''}, finish_reason: null}]})
  for (const piece of text.match(/\S+\s*|\s+/g) ?? []) out.push({...base, choices: [{index: 0, delta: {content: piece}, finish_reason: null}]})
  tools.forEach((t, i) => {
    const args = JSON.stringify(t.args)
    const half = Math.floor(args.length / 2)
    out.push({...base, choices: [{index: 0, delta: {tool_calls: [{index: i, id: `call_${i}`, type: 'function', function: {name: t.name, arguments: args.slice(0, half)}}]}, finish_reason: null}]})
    out.push({...base, choices: [{index: 0, delta: {tool_calls: [{index: i, function: {arguments: args.slice(half)}}]}, finish_reason: null}]})
  })
  out.push({...base, choices: [{index: 0, delta: {}, finish_reason: tools.length ? 'tool_calls' : 'stop'}]})
  out.push({...base, choices: [], usage: {prompt_tokens: usage.prompt_tokens, completion_tokens: usage.completion_tokens, total_tokens: usage.prompt_tokens + usage.completion_tokens, prompt_tokens_details: {cached_tokens: usage.cached}}})
  return out
}

/** `route` picks the answer from the request (for clients whose calls may or may not arrive); else `steps` in order. */
export async function fakeOpenAI(steps: OpenAIStep[], route?: (body: Record<string, unknown>) => OpenAIStep | undefined): Promise<Fake> {
  const requests: Fake['requests'] = []
  const server = http.createServer(async (req, res) => {
    const body = await readBody(req)
    requests.push({path: req.url ?? '', headers: req.headers, body})
    const step = route?.(body) ?? steps.shift() ?? {kind: 'sse', chunks: openaiChunks('fallback reply')}
    if (step.kind === 'status') {
      res.writeHead(step.status, {'content-type': 'application/json', ...step.headers})
      res.end(step.body ?? JSON.stringify({error: {message: `status ${step.status}`}}))
      return
    }
    res.writeHead(200, {'content-type': 'text/event-stream', 'cache-control': 'no-cache'})
    if (step.kind === 'sse' && step.firstDelayMs) await new Promise((r) => setTimeout(r, step.firstDelayMs))
    for (const c of step.chunks) {
      // split each frame in two writes: the parser must join partial lines
      const frame = `data: ${JSON.stringify(c)}\n\n`
      res.write(frame.slice(0, 7))
      res.write(frame.slice(7))
    }
    if (step.kind === 'cut') {
      // let the head and the first frames reach the client, then drop the connection
      await new Promise((r) => setTimeout(r, 30))
      res.socket?.destroy()
      return
    }
    if (!step.noDone) res.write('data: [DONE]\n\n')
    res.end()
  })
  const url = await listen(server)
  return {url: `${url}/v1`, requests, close: () => new Promise((r) => server.close(() => r()))}
}

export type DaemonStep = {lines: unknown[]} | {status: number; error: string}

export function daemonLines(text: string, tools: {name: string; args: Record<string, unknown>}[] = []): unknown[] {
  const out: unknown[] = []
  for (const piece of text.match(/\S+\s*|\s+/g) ?? []) out.push({model: 'qwen2.5-coder:7b', created_at: '2025-01-01T00:00:00Z', message: {role: 'assistant', content: piece}, done: false})
  if (tools.length) out.push({model: 'qwen2.5-coder:7b', message: {role: 'assistant', content: '', tool_calls: tools.map((t) => ({function: {name: t.name, arguments: t.args}}))}, done: false})
  out.push({model: 'qwen2.5-coder:7b', message: {role: 'assistant', content: ''}, done: true, done_reason: 'stop', prompt_eval_count: 88, eval_count: 12})
  return out
}

export async function fakeDaemon(steps: DaemonStep[]): Promise<Fake> {
  const requests: Fake['requests'] = []
  const server = http.createServer(async (req, res) => {
    if (req.url === '/api/version') {
      res.writeHead(200, {'content-type': 'application/json'})
      res.end(JSON.stringify({version: '0.5.7'}))
      return
    }
    const body = await readBody(req)
    requests.push({path: req.url ?? '', headers: req.headers, body})
    const step = steps.shift() ?? {lines: daemonLines('fallback')}
    if ('status' in step) {
      res.writeHead(step.status, {'content-type': 'application/json'})
      res.end(JSON.stringify({error: step.error}))
      return
    }
    res.writeHead(200, {'content-type': 'application/x-ndjson'})
    const text = step.lines.map((l) => JSON.stringify(l)).join('\n') + '\n'
    for (let i = 0; i < text.length; i += 50) res.write(text.slice(i, i + 50))
    res.end()
  })
  const url = await listen(server)
  return {url, requests, close: () => new Promise((r) => server.close(() => r()))}
}

export type SseStep<T> = {kind: 'sse'; events: T[]} | {kind: 'status'; status: number; headers?: Record<string, string>; body?: string}

/** One server for the SDK fakes: each POST answers with the next step; `frame` writes one event. */
async function sseFake<T>(steps: SseStep<T>[], frame: (event: T) => string, fallback: () => T[]): Promise<Fake> {
  const requests: Fake['requests'] = []
  const server = http.createServer(async (req, res) => {
    const body = await readBody(req)
    requests.push({path: req.url ?? '', headers: req.headers, body})
    const step = steps.shift() ?? {kind: 'sse', events: fallback()}
    if (step.kind === 'status') {
      res.writeHead(step.status, {'content-type': 'application/json', ...step.headers})
      res.end(step.body ?? JSON.stringify({error: {message: `status ${step.status}`}}))
      return
    }
    res.writeHead(200, {'content-type': 'text/event-stream', 'cache-control': 'no-cache'})
    for (const e of step.events) {
      // split each frame in two writes: the SDK's parser must join partial lines
      const f = frame(e)
      res.write(f.slice(0, 9))
      res.write(f.slice(9))
    }
    res.end()
  })
  const url = await listen(server)
  return {url, requests, close: () => new Promise((r) => server.close(() => r()))}
}

/**
 * Anthropic's Messages API (`POST /v1/messages`, `stream: true`): named SSE events message_start (input and
 * cache usage), content_block_start/_delta/_stop (text_delta, and a tool_use block whose input arrives as
 * input_json_delta pieces), message_delta (stop_reason, output usage), message_stop; a ping in between.
 */
export function anthropicEvents(text: string, tools: {name: string; args: Record<string, unknown>}[] = [], usage = {input: 100, output: 30, cache_read: 20, cache_creation: 5}): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = []
  out.push({type: 'message_start', message: {id: 'msg_fake', type: 'message', role: 'assistant', model: 'claude-fake', content: [], stop_reason: null, stop_sequence: null, usage: {input_tokens: usage.input, output_tokens: 1, cache_read_input_tokens: usage.cache_read, cache_creation_input_tokens: usage.cache_creation}}})
  let index = 0
  if (text) {
    out.push({type: 'content_block_start', index, content_block: {type: 'text', text: ''}})
    out.push({type: 'ping'})
    for (const piece of text.match(/\S+\s*|\s+/g) ?? []) out.push({type: 'content_block_delta', index, delta: {type: 'text_delta', text: piece}})
    out.push({type: 'content_block_stop', index})
    index++
  }
  for (const [i, t] of tools.entries()) {
    const args = JSON.stringify(t.args)
    const half = Math.floor(args.length / 2)
    out.push({type: 'content_block_start', index, content_block: {type: 'tool_use', id: `toolu_fake${i}`, name: t.name, input: {}}})
    out.push({type: 'content_block_delta', index, delta: {type: 'input_json_delta', partial_json: ''}})
    out.push({type: 'content_block_delta', index, delta: {type: 'input_json_delta', partial_json: args.slice(0, half)}})
    out.push({type: 'content_block_delta', index, delta: {type: 'input_json_delta', partial_json: args.slice(half)}})
    out.push({type: 'content_block_stop', index})
    index++
  }
  out.push({type: 'message_delta', delta: {stop_reason: tools.length ? 'tool_use' : 'end_turn', stop_sequence: null}, usage: {output_tokens: usage.output}})
  out.push({type: 'message_stop'})
  return out
}

export function fakeAnthropic(steps: SseStep<Record<string, unknown>>[]): Promise<Fake> {
  return sseFake(steps, (e) => `event: ${String(e.type)}\ndata: ${JSON.stringify(e)}\n\n`, () => anthropicEvents('fallback reply'))
}

/**
 * Gemini's `POST /v1beta/models/{model}:streamGenerateContent?alt=sse`: `data:` frames of GenerateContentResponse,
 * text parts first, then functionCall parts (whole, args an object), the last with finishReason and
 * usageMetadata (promptTokenCount includes cachedContentTokenCount).
 */
export function geminiChunks(text: string, tools: {name: string; args: Record<string, unknown>}[] = [], usage = {prompt: 90, candidates: 25, cached: 40}): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = []
  const pieces = text.match(/\S+\s*|\s+/g) ?? []
  for (const piece of pieces) out.push({candidates: [{content: {role: 'model', parts: [{text: piece}]}, index: 0}], modelVersion: 'gemini-fake'})
  const usageMetadata = {promptTokenCount: usage.prompt, candidatesTokenCount: usage.candidates, cachedContentTokenCount: usage.cached, totalTokenCount: usage.prompt + usage.candidates}
  const calls = tools.map((t, i) => ({functionCall: {name: t.name, args: t.args}, ...(i === 0 ? {thoughtSignature: 'c2lnbmF0dXJl'} : {})}))
  out.push({candidates: [{content: {role: 'model', parts: calls.length ? calls : [{text: ''}]}, finishReason: 'STOP', index: 0}], usageMetadata, modelVersion: 'gemini-fake'})
  return out
}

export function fakeGemini(steps: SseStep<Record<string, unknown>>[]): Promise<Fake> {
  return sseFake(steps, (e) => `data: ${JSON.stringify(e)}\r\n\r\n`, () => geminiChunks('fallback reply'))
}
