/**
 * Which backend answers. Order (SPEC.md "Chat", REFERENCE.md): `GOVTOOL_DISABLE_REAL_CHAT=1` forces the stub;
 * `--provider` (or `models.provider` in config) forces one backend, and a forced backend that does not answer
 * is an error naming it, never a silent stub; otherwise the local daemon when it answers, then an
 * OpenAI-compatible endpoint when one is configured (TERMINAL_AI_BASE_URL or `models.base_url`), then the stub.
 * The three hosted providers come after the OpenAI-compatible endpoint, each when its key variable is set and its
 * official SDK (an optional dependency) resolves, in the older tool's order: anthropic (ANTHROPIC_API_KEY,
 * @anthropic-ai/sdk), openai (OPENAI_API_KEY, openai), google (GOOGLE_API_KEY or GEMINI_API_KEY, @google/genai).
 */
import {ollamaBaseUrl} from '@govtool/plugin-ollama'
import {GovConfig, GovError, InputError, type ProjectContext} from 'govtool/core'
import {z} from 'zod/v3'

import {DEFAULT_OLLAMA_MODEL, OllamaBackend} from './ollama.js'
import {OpenAICompatibleBackend} from './openai.js'
import {StubBackend} from './stub.js'
import {PROVIDERS, type Backend, type ProviderId} from './types.js'

/** `models:` in docs/GOVTOOL.yml or ~/.govtool/config.yml. API keys are never read from config files. */
export const ModelsConfigSchema = z
  .object({
    provider: z.enum(PROVIDERS).optional(),
    ollama_model: z.string().min(1).optional(),
    base_url: z.string().url().optional(),
    model: z.string().min(1).optional(),
    context_window: z.number().int().min(1024).optional(),
    timeout_seconds: z.number().positive().max(3600).optional(),
    retries: z.number().int().min(0).max(10).optional(),
  })
  .strict()

export type ModelsConfig = z.infer<typeof ModelsConfigSchema>

export async function loadModelsConfig(ctx: ProjectContext): Promise<ModelsConfig> {
  const cfg = await GovConfig.load(ctx)
  return cfg.section('models', ModelsConfigSchema.optional()) ?? {}
}

export interface SelectOptions {
  provider?: string
  env?: NodeJS.ProcessEnv
  config?: ModelsConfig
  /** ms to wait for the daemon's /api/version when probing (default 300) */
  probeMs?: number
}

export interface Selection {
  backend: Backend
  /** why this one: `forced`, `disabled` (GOVTOOL_DISABLE_REAL_CHAT), `available`, `fallback` */
  reason: 'forced' | 'disabled' | 'available' | 'fallback'
  timeoutMs: number
  retries: number
  /** key values the client scrubs from everything it writes */
  secrets: string[]
}

export function assertProvider(value: string): ProviderId {
  if ((PROVIDERS as readonly string[]).includes(value)) return value as ProviderId
  throw new InputError(`Unknown provider ${JSON.stringify(value)}.`, {code: 'E_BAD_PROVIDER', hint: `Use one of: ${PROVIDERS.join(', ')}.`})
}

async function daemonAnswers(baseUrl: string, ms: number): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl.replace(/\/+$/, '')}/api/version`, {signal: AbortSignal.timeout(ms)})
    await res.body?.cancel()
    return res.ok
  } catch {
    return false
  }
}

export async function selectBackend(options: SelectOptions = {}): Promise<Selection> {
  const env = options.env ?? process.env
  const config = options.config ?? {}
  const timeoutMs = Math.round((config.timeout_seconds ?? 120) * 1000)
  const retries = config.retries ?? 3
  const key = env.TERMINAL_AI_API_KEY || env.KAIROS_AI_API_KEY || undefined
  const secrets = [key, ...HOSTED_ORDER.flatMap((id) => HOSTED[id].keyVars.map((v) => env[v]))].filter((s): s is string => Boolean(s))
  const base = {timeoutMs, retries, secrets}
  const forced = options.provider ? assertProvider(options.provider) : undefined
  if (env.GOVTOOL_DISABLE_REAL_CHAT === '1' && (forced === undefined || forced === 'stub')) return {...base, backend: new StubBackend(config.context_window), reason: 'disabled'}
  const wanted = forced ?? config.provider
  const daemonUrl = ollamaBaseUrl(env)
  const ollama = () => new OllamaBackend(daemonUrl, config.ollama_model ?? env.GOVTOOL_OLLAMA_MODEL ?? DEFAULT_OLLAMA_MODEL, config.context_window ?? 8192, timeoutMs)
  const baseUrl = env.TERMINAL_AI_BASE_URL || env.KAIROS_AI_BASE_URL || config.base_url
  const openai = () => {
    if (!baseUrl) {
      throw new GovError('The openai-compatible provider has no endpoint.', {code: 'E_MODEL_UNREACHABLE', hint: 'Set TERMINAL_AI_BASE_URL (and TERMINAL_AI_API_KEY, TERMINAL_AI_MODEL), or models.base_url in docs/GOVTOOL.yml.'})
    }
    try {
      new URL(baseUrl)
    } catch {
      throw new InputError(`TERMINAL_AI_BASE_URL is not a URL: ${baseUrl}`, {code: 'E_CONFIG', hint: 'Set it to the base URL of an OpenAI-compatible API, e.g. http://127.0.0.1:8000/v1.'})
    }
    return new OpenAICompatibleBackend({
      baseUrl,
      apiKey: key,
      model: env.TERMINAL_AI_MODEL || env.KAIROS_AI_MODEL || config.model || 'gpt-4o-mini',
      contextWindow: config.context_window ?? 128_000,
      timeoutMs,
    })
  }
  if (wanted === 'stub') return {...base, backend: new StubBackend(config.context_window), reason: forced ? 'forced' : 'available'}
  if (wanted === 'ollama') {
    if (!(await daemonAnswers(daemonUrl, Math.max(options.probeMs ?? 1500, 1500)))) {
      throw new GovError(`The forced provider ollama cannot be reached at ${daemonUrl}.`, {code: 'E_MODEL_UNREACHABLE', hint: 'Start it (ollama serve), set OLLAMA_HOST, or choose another --provider.'})
    }
    return {...base, backend: ollama(), reason: 'forced'}
  }
  if (wanted === 'openai-compatible') return {...base, backend: openai(), reason: 'forced'}
  const hosted = (id: HostedId) => hostedBackend(id, env, config, timeoutMs)
  if (wanted === 'anthropic' || wanted === 'openai' || wanted === 'google') return {...base, backend: await forcedHosted(wanted, env, config, timeoutMs), reason: 'forced'}
  if (await daemonAnswers(daemonUrl, options.probeMs ?? 300)) return {...base, backend: ollama(), reason: 'available'}
  if (baseUrl) return {...base, backend: openai(), reason: 'available'}
  for (const id of HOSTED_ORDER) {
    const backend = await hosted(id)
    if (backend) return {...base, backend, reason: 'available'}
  }
  return {...base, backend: new StubBackend(config.context_window), reason: 'fallback'}
}

type HostedId = 'anthropic' | 'openai' | 'google'

/** The hosted providers in the order they are tried (REFERENCE.md: Anthropic, OpenAI, Gemini). */
export const HOSTED_ORDER: readonly HostedId[] = ['anthropic', 'openai', 'google']

interface HostedInfo {
  sdk: string
  /** key variables, the first set one wins (GOOGLE_API_KEY before GEMINI_API_KEY, as @google/genai does) */
  keyVars: readonly string[]
  baseVar: string
  modelVar: string
}

const HOSTED: Readonly<Record<HostedId, HostedInfo>> = {
  anthropic: {sdk: '@anthropic-ai/sdk', keyVars: ['ANTHROPIC_API_KEY'], baseVar: 'ANTHROPIC_BASE_URL', modelVar: 'GOVTOOL_ANTHROPIC_MODEL'},
  openai: {sdk: 'openai', keyVars: ['OPENAI_API_KEY'], baseVar: 'OPENAI_BASE_URL', modelVar: 'GOVTOOL_OPENAI_MODEL'},
  google: {sdk: '@google/genai', keyVars: ['GOOGLE_API_KEY', 'GEMINI_API_KEY'], baseVar: 'GOOGLE_GEMINI_BASE_URL', modelVar: 'GOVTOOL_GOOGLE_MODEL'},
}

function hostedKey(id: HostedId, env: NodeJS.ProcessEnv): string | undefined {
  for (const v of HOSTED[id].keyVars) if (env[v]) return env[v]
  return undefined
}

/** A hosted backend when its key is set and its SDK resolves, else undefined. */
async function hostedBackend(id: HostedId, env: NodeJS.ProcessEnv, config: ModelsConfig, timeoutMs: number): Promise<Backend | undefined> {
  const key = hostedKey(id, env)
  if (!key) return undefined
  const info = HOSTED[id]
  const baseUrl = env[info.baseVar] || undefined
  if (id === 'anthropic') {
    const {AnthropicSdkBackend, DEFAULT_ANTHROPIC_MODEL, loadAnthropicSdk} = await import('./sdk-anthropic.js')
    const Sdk = await loadAnthropicSdk()
    return Sdk && new AnthropicSdkBackend(Sdk, key, env[info.modelVar] || DEFAULT_ANTHROPIC_MODEL, config.context_window ?? 200_000, timeoutMs, baseUrl)
  }
  if (id === 'google') {
    const {GoogleSdkBackend, DEFAULT_GOOGLE_MODEL, loadGoogleSdk} = await import('./sdk-google.js')
    const Sdk = await loadGoogleSdk()
    return Sdk && new GoogleSdkBackend(Sdk, key, env[info.modelVar] || DEFAULT_GOOGLE_MODEL, config.context_window ?? 1_048_576, timeoutMs, baseUrl)
  }
  const {OpenAISdkBackend, loadOpenAISdk} = await import('./sdk-openai.js')
  const Sdk = await loadOpenAISdk()
  return Sdk && new OpenAISdkBackend(Sdk, key, env[info.modelVar] || 'gpt-4o-mini', config.context_window ?? 128_000, timeoutMs, baseUrl)
}

/** A forced hosted provider, or an error naming it and what is missing (the key or the SDK). */
async function forcedHosted(id: HostedId, env: NodeJS.ProcessEnv, config: ModelsConfig, timeoutMs: number): Promise<Backend> {
  const backend = await hostedBackend(id, env, config, timeoutMs)
  if (backend) return backend
  const info = HOSTED[id]
  const keys = info.keyVars.join(' or ')
  if (!hostedKey(id, env)) {
    throw new GovError(`The forced provider ${id} has no ${keys}.`, {code: 'E_MODEL_UNREACHABLE', hint: `Set ${keys} (and ${info.baseVar} for another endpoint).`})
  }
  throw new GovError(`The forced provider ${id} needs the ${info.sdk} SDK, which is not installed.`, {
    code: 'E_MODEL_UNREACHABLE',
    hint: `Install it beside govtool (npm install ${info.sdk}), or use --provider openai-compatible with TERMINAL_AI_BASE_URL.`,
  })
}
