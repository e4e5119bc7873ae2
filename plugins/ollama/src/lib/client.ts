import {GovError, InputError} from 'govtool/core'
import {z} from 'zod/v3'

import {ollamaBaseUrl} from './host.js'
import {NdjsonDecoder, readNdjson} from './ndjson.js'
import {MODEL_NAME, PullEventSchema, PullTracker, type PullEvent, type PullProgress, type PullResult} from './pull.js'

const DetailsSchema = z
  .object({
    format: z.string().optional(),
    family: z.string().optional(),
    parameter_size: z.string().optional(),
    quantization_level: z.string().optional(),
  })
  .passthrough()

const TagSchema = z
  .object({
    name: z.string(),
    model: z.string().optional(),
    modified_at: z.string().default(''),
    size: z.number().nonnegative().default(0),
    digest: z.string().default(''),
    details: DetailsSchema.optional(),
  })
  .passthrough()

const TagsSchema = z.object({models: z.array(TagSchema).nullable().default([])}).passthrough()

const RunningSchema = z
  .object({
    name: z.string(),
    model: z.string().optional(),
    size: z.number().nonnegative().default(0),
    size_vram: z.number().nonnegative().optional(),
    expires_at: z.string().optional(),
    details: DetailsSchema.optional(),
  })
  .passthrough()

const PsSchema = z.object({models: z.array(RunningSchema).nullable().default([])}).passthrough()
const VersionSchema = z.object({version: z.string()}).passthrough()

export type InstalledModel = z.infer<typeof TagSchema>
export type RunningModel = z.infer<typeof RunningSchema>

export interface OllamaClientOptions {
  /** daemon base URL; default from `OLLAMA_HOST`, else http://127.0.0.1:11434 */
  baseUrl?: string
  env?: NodeJS.ProcessEnv
  /** timeout of non-streaming requests and of a pull's response headers (ms), default 5000 */
  timeoutMs?: number
}

export interface PullOptions {
  /** aborts the pull (Ctrl-C); the daemon keeps what it downloaded, so the next pull resumes */
  signal?: AbortSignal
  /** called for every progress line */
  onProgress?: (progress: PullProgress, event: PullEvent) => void
}

/**
 * A client of the local model daemon's HTTP API: `GET /api/version`, `GET /api/tags` (installed models),
 * `GET /api/ps` (loaded models) and the streaming `POST /api/pull`. Errors are GovErrors that say what to do:
 * a daemon that is not running names `ollama serve`.
 */
export class OllamaClient {
  readonly baseUrl: string
  private readonly timeoutMs: number

  constructor(options: OllamaClientOptions = {}) {
    this.baseUrl = (options.baseUrl ?? ollamaBaseUrl(options.env)).replace(/\/+$/, '')
    this.timeoutMs = options.timeoutMs ?? 5000
  }

  async version(): Promise<string> {
    return (await this.getJson('/api/version', VersionSchema)).version
  }

  /** Installed models (`GET /api/tags`), sorted by name. */
  async tags(): Promise<InstalledModel[]> {
    const body = await this.getJson('/api/tags', TagsSchema)
    return [...(body.models ?? [])].sort((a, b) => a.name.localeCompare(b.name))
  }

  /** Models loaded in memory (`GET /api/ps`). */
  async ps(): Promise<RunningModel[]> {
    return (await this.getJson('/api/ps', PsSchema)).models ?? []
  }

  /** True when the daemon answers `GET /api/version` within `timeoutMs`. */
  async reachable(): Promise<boolean> {
    try {
      await this.version()
      return true
    } catch {
      return false
    }
  }

  /**
   * Pulls `model`, streaming the daemon's progress to `onProgress`. Resolves when the daemon reports
   * success; rejects with a GovError when the daemon reports an error, the connection drops before success
   * (`E_PULL_INCOMPLETE`), or `signal` aborts (`E_PULL_INTERRUPTED`, exit 130).
   */
  async pull(model: string, options: PullOptions = {}): Promise<PullResult> {
    assertModelName(model)
    const started = Date.now()
    const tracker = new PullTracker()
    const decoder = new NdjsonDecoder<unknown>()
    const controller = new AbortController()
    const onAbort = () => controller.abort()
    options.signal?.addEventListener('abort', onAbort, {once: true})
    let timedOut = false
    const headerTimer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, this.timeoutMs)
    try {
      let response: Response
      try {
        response = await fetch(`${this.baseUrl}/api/pull`, {
          method: 'POST',
          headers: {'content-type': 'application/json'},
          body: JSON.stringify({model, stream: true}),
          signal: controller.signal,
        })
      } catch (error) {
        if (options.signal?.aborted) throw interrupted(model, tracker)
        throw this.unreachable(timedOut ? {name: 'TimeoutError'} : error)
      } finally {
        clearTimeout(headerTimer)
      }
      if (!response.ok) throw await this.httpError(response, `Pull of ${model} failed`)
      if (!response.body) throw incomplete(model, tracker, decoder)
      try {
        for await (const raw of readNdjson(response.body, decoder)) {
          const parsed = PullEventSchema.safeParse(raw)
          if (!parsed.success) {
            decoder.invalid++
            continue
          }
          const progress = tracker.update(parsed.data)
          if (parsed.data.error !== undefined) {
            throw new GovError(`Pull of ${model} failed: ${parsed.data.error}`, {
              code: 'E_PULL_FAILED',
              hint: `Check the model name at https://ollama.com/library; run \`govtool ollama pull ${model}\` again to retry (layers already downloaded are kept).`,
            })
          }
          options.onProgress?.(progress, parsed.data)
        }
      } catch (error) {
        if (error instanceof GovError) throw error
        if (options.signal?.aborted) throw interrupted(model, tracker)
        throw incomplete(model, tracker, decoder)
      }
      if (options.signal?.aborted) throw interrupted(model, tracker)
      if (!tracker.succeeded) throw incomplete(model, tracker, decoder)
      const final = tracker.progress()
      return {model, status: 'success', host: this.baseUrl, layers: final.layers, total_bytes: final.total_bytes, duration_ms: Date.now() - started}
    } finally {
      options.signal?.removeEventListener('abort', onAbort)
    }
  }

  private async getJson<S extends z.ZodType>(path: string, schema: S): Promise<z.infer<S>> {
    let response: Response
    try {
      response = await fetch(`${this.baseUrl}${path}`, {signal: AbortSignal.timeout(this.timeoutMs)})
    } catch (error) {
      throw this.unreachable(error)
    }
    if (!response.ok) throw await this.httpError(response, `GET ${path} failed`)
    let body: unknown
    try {
      body = await response.json()
    } catch {
      throw new GovError(`The daemon at ${this.baseUrl} answered ${path} with something that is not JSON.`, {
        code: 'E_OLLAMA_PROTOCOL',
        hint: 'Check that OLLAMA_HOST points at the Ollama daemon and not at another service.',
      })
    }
    const parsed = schema.safeParse(body)
    if (!parsed.success) {
      throw new GovError(`The daemon at ${this.baseUrl} answered ${path} in an unexpected shape: ${parsed.error.issues[0]?.message ?? 'invalid'}.`, {
        code: 'E_OLLAMA_PROTOCOL',
        hint: 'Update the Ollama daemon, or check that OLLAMA_HOST points at it.',
      })
    }
    return parsed.data
  }

  private unreachable(error: unknown): GovError {
    const e = error as {name?: string; message?: string; cause?: {code?: string; message?: string}}
    const cause = e?.cause?.code ?? (e?.name === 'TimeoutError' || e?.name === 'AbortError' ? e.name : (e?.cause?.message ?? e?.message ?? 'unknown'))
    const why = cause === 'TimeoutError' || cause === 'AbortError' ? `did not answer within ${this.timeoutMs} ms` : `is not reachable (${cause})`
    return new GovError(`The Ollama daemon at ${this.baseUrl} ${why}.`, {
      code: 'E_OLLAMA_DOWN',
      hint: 'Start it with `ollama serve` (install it from https://ollama.com/download), or set OLLAMA_HOST to the address of a running daemon.',
    })
  }

  private async httpError(response: Response, what: string): Promise<GovError> {
    let detail = `HTTP ${response.status}`
    try {
      const text = await response.text()
      const parsed = z.object({error: z.string()}).safeParse(JSON.parse(text))
      detail = parsed.success ? parsed.data.error : `${detail}: ${text.slice(0, 200)}`
    } catch {
      // no body, or not JSON: keep the status
    }
    return new GovError(`${what}: ${detail}`, {
      code: response.status === 404 ? 'E_OLLAMA_NOT_FOUND' : 'E_OLLAMA_HTTP',
      hint: response.status === 404 ? 'Check the model name (`govtool ollama available` lists good choices).' : 'Check the daemon log (`ollama serve` prints it) and try again.',
    })
  }
}

/** Refuses names the daemon would reject, before any request is made. */
export function assertModelName(model: string): string {
  if (!MODEL_NAME.test(model)) {
    throw new InputError(`Invalid model name ${JSON.stringify(model)}.`, {
      code: 'E_BAD_MODEL',
      hint: 'Use the daemon\'s form [namespace/]model[:tag], e.g. llama3.1:8b or qwen2.5-coder:7b.',
    })
  }
  return model
}

function describe(tracker: PullTracker): string {
  const p = tracker.progress()
  if (!p.status) return 'before the daemon sent any progress'
  return p.total_bytes > 0 ? `at ${p.percent}% (last status: ${p.status})` : `(last status: ${p.status})`
}

function interrupted(model: string, tracker: PullTracker): GovError {
  return new GovError(`Pull of ${model} interrupted ${describe(tracker)}.`, {
    code: 'E_PULL_INTERRUPTED',
    hint: `Run \`govtool ollama pull ${model}\` again to resume: the daemon keeps the layers downloaded so far.`,
  })
}

function incomplete(model: string, tracker: PullTracker, decoder: NdjsonDecoder<unknown>): GovError {
  const junk = decoder.invalid > 0 ? ` It also sent ${decoder.invalid} line(s) that are not pull progress (first: ${JSON.stringify(decoder.firstInvalid ?? '')}).` : ''
  return new GovError(`The connection to the daemon ended before the pull of ${model} finished, ${describe(tracker)}.${junk}`, {
    code: 'E_PULL_INCOMPLETE',
    hint: `Check that the daemon is still running (\`ollama serve\`), then run \`govtool ollama pull ${model}\` again; it resumes where it stopped.`,
  })
}
