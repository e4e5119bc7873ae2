/**
 * The upstream model endpoint the governance proxy forwards accepted requests to: an OpenAI-compatible base
 * URL from TERMINAL_AI_BASE_URL (the older tool's KAIROS_AI_* names as a fallback), with its key and default
 * model. Requests go out through node:http with a keep-alive agent, so the proxy adds one pooled loopback or
 * network hop and streams the reply back with backpressure.
 */
import http, {type IncomingMessage} from 'node:http'
import https from 'node:https'

import {GovError} from 'govtool/core'

export interface UpstreamConfig {
  /** base URL, e.g. http://127.0.0.1:11434/v1 (chat completions are `${base}/chat/completions`) */
  baseUrl: URL
  apiKey?: string
  model?: string
  /** provider name for credits and the pacer: openai, anthropic, ollama... or openai-compatible */
  provider: string
  /** how long to wait for the upstream's response headers */
  timeoutMs: number
}

function firstSet(env: NodeJS.ProcessEnv, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = env[name]?.trim()
    if (value) return value
  }
  return undefined
}

/** The provider an endpoint belongs to, from its host (for pacing and pricing). */
export function providerOf(url: URL): string {
  const host = url.hostname
  if (host.endsWith('openai.com')) return 'openai'
  if (host.endsWith('anthropic.com')) return 'anthropic'
  if (host.endsWith('googleapis.com')) return 'google'
  if (host.endsWith('groq.com')) return 'groq'
  if (host.endsWith('mistral.ai')) return 'mistral'
  if (url.port === '11434') return 'ollama'
  return 'openai-compatible'
}

/** The upstream from the environment, or undefined when none is configured (the proxy then answers a stub). */
export function upstreamFromEnv(env: NodeJS.ProcessEnv = process.env): UpstreamConfig | undefined {
  const base = firstSet(env, 'TERMINAL_AI_BASE_URL', 'KAIROS_AI_BASE_URL')
  if (!base) return undefined
  let baseUrl: URL
  try {
    baseUrl = new URL(base.endsWith('/') ? base : `${base}/`)
  } catch {
    throw new GovError(`TERMINAL_AI_BASE_URL is not a URL: ${base}`, {code: 'E_CONFIG', hint: 'Set it to the base URL of an OpenAI-compatible API, e.g. http://127.0.0.1:11434/v1, or unset it for stub replies.'})
  }
  const timeout = Number(env.GOVTOOL_UPSTREAM_TIMEOUT_MS ?? 120_000)
  return {
    baseUrl,
    apiKey: firstSet(env, 'TERMINAL_AI_API_KEY', 'KAIROS_AI_API_KEY'),
    model: firstSet(env, 'TERMINAL_AI_MODEL', 'KAIROS_AI_MODEL'),
    provider: providerOf(baseUrl),
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : 120_000,
  }
}

const agents = {
  'http:': new http.Agent({keepAlive: true}),
  'https:': new https.Agent({keepAlive: true}),
}

export class UpstreamTimeout extends Error {
  constructor(ms: number) {
    super(`the upstream sent no response within ${ms} ms`)
    this.name = 'UpstreamTimeout'
  }
}

/**
 * Sends one request to `${base}/${path}` and resolves with the response once its headers arrive. The signal
 * aborts it (the client went away); no headers within the timeout rejects with UpstreamTimeout.
 */
export function upstreamRequest(upstream: UpstreamConfig, options: {method: string; path: string; body?: Buffer; signal: AbortSignal}): Promise<IncomingMessage> {
  const url = new URL(options.path, upstream.baseUrl)
  const transport = url.protocol === 'https:' ? https : http
  const headers: Record<string, string> = {accept: 'application/json, text/event-stream'}
  if (options.body) {
    headers['content-type'] = 'application/json'
    headers['content-length'] = String(options.body.length)
  }
  if (upstream.apiKey) headers.authorization = `Bearer ${upstream.apiKey}`
  return new Promise((resolve, reject) => {
    const req = transport.request(url, {method: options.method, headers, agent: agents[url.protocol as 'http:' | 'https:'], signal: options.signal})
    const timer = setTimeout(() => req.destroy(new UpstreamTimeout(upstream.timeoutMs)), upstream.timeoutMs)
    req.once('response', (res) => {
      clearTimeout(timer)
      resolve(res)
    })
    req.once('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    req.end(options.body)
  })
}

/** Reads a (small) response body whole, up to `limit` bytes. */
export async function readBody(res: IncomingMessage, limit = 8 * 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of res) {
    size += (chunk as Buffer).length
    if (size > limit) {
      res.destroy()
      throw new Error(`the upstream response is larger than ${limit} bytes`)
    }
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}
