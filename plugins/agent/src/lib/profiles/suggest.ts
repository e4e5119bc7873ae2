import {detectGpu, recommendedNumCtx, suggestModel, type GpuInfo, type TaskType} from '@govtool/plugin-ollama'

export type Bucket = 'reasoning' | 'conversational' | 'longform'

/** A suggested model profile (SPEC.md "Profile suggestion"): read-only, never persisted. */
export interface ProfileSuggestion {
  provider_type: string
  model: string
  bucket: Bucket
  role: string
  notes: string
}

export interface ProfileSuggestions {
  suggestions: ProfileSuggestion[]
  /** names of the API-key variables found set (never their values) */
  keys_found: string[]
  hardware: GpuInfo & {num_ctx: number}
  /** always false: suggestions are printed, never written to providers.json */
  persisted: false
}

interface HostedProvider {
  id: string
  /** key variables, first one set wins */
  keyEnv: string[]
  models: Record<Bucket, string>
}

/** Hosted providers with the model each one is best used with per bucket. */
export const HOSTED_PROVIDERS: readonly HostedProvider[] = [
  {id: 'anthropic', keyEnv: ['ANTHROPIC_API_KEY'], models: {reasoning: 'claude-sonnet-4', conversational: 'claude-3-5-haiku', longform: 'claude-sonnet-4'}},
  {id: 'openai', keyEnv: ['OPENAI_API_KEY'], models: {reasoning: 'o4-mini', conversational: 'gpt-4o', longform: 'gpt-4.1'}},
  {id: 'gemini', keyEnv: ['GEMINI_API_KEY', 'GOOGLE_API_KEY'], models: {reasoning: 'gemini-2.5-pro', conversational: 'gemini-2.5-flash', longform: 'gemini-2.5-pro'}},
  {id: 'deepseek', keyEnv: ['DEEPSEEK_API_KEY'], models: {reasoning: 'deepseek-reasoner', conversational: 'deepseek-chat', longform: 'deepseek-chat'}},
  {id: 'xai', keyEnv: ['XAI_API_KEY'], models: {reasoning: 'grok-3-mini', conversational: 'grok-3', longform: 'grok-3'}},
  {id: 'mistral', keyEnv: ['MISTRAL_API_KEY'], models: {reasoning: 'mistral-large-latest', conversational: 'mistral-small-latest', longform: 'mistral-large-latest'}},
  {id: 'openrouter', keyEnv: ['OPENROUTER_API_KEY'], models: {reasoning: 'anthropic/claude-sonnet-4', conversational: 'openai/gpt-4o', longform: 'google/gemini-2.5-pro'}},
  {id: 'groq', keyEnv: ['GROQ_API_KEY'], models: {reasoning: 'deepseek-r1-distill-llama-70b', conversational: 'llama-3.3-70b-versatile', longform: 'llama-3.3-70b-versatile'}},
  {id: 'together', keyEnv: ['TOGETHER_API_KEY'], models: {reasoning: 'deepseek-ai/DeepSeek-R1', conversational: 'meta-llama/Llama-3.3-70B-Instruct-Turbo', longform: 'Qwen/Qwen2.5-72B-Instruct-Turbo'}},
  {id: 'fireworks', keyEnv: ['FIREWORKS_API_KEY'], models: {reasoning: 'accounts/fireworks/models/deepseek-r1', conversational: 'accounts/fireworks/models/llama-v3p3-70b-instruct', longform: 'accounts/fireworks/models/qwen2p5-72b-instruct'}},
]

/** Which provider to prefer per bucket when several keys are set (best first). */
const PREFERENCE: Record<Bucket, string[]> = {
  reasoning: ['anthropic', 'openai', 'gemini', 'deepseek', 'xai', 'openrouter', 'mistral', 'together', 'fireworks', 'groq'],
  conversational: ['openai', 'anthropic', 'gemini', 'xai', 'mistral', 'openrouter', 'deepseek', 'groq', 'together', 'fireworks'],
  longform: ['anthropic', 'gemini', 'openai', 'xai', 'openrouter', 'mistral', 'deepseek', 'together', 'fireworks', 'groq'],
}

/** The dispatcher's roles plus chat, with the bucket and the local task type each one needs. */
export const PROFILE_ROLES: readonly {role: string; bucket: Bucket; task: TaskType}[] = [
  {role: 'architect', bucket: 'reasoning', task: 'architecture'},
  {role: 'coder', bucket: 'reasoning', task: 'code'},
  {role: 'reviewer', bucket: 'reasoning', task: 'analysis'},
  {role: 'tester', bucket: 'reasoning', task: 'code'},
  {role: 'embedded-coder', bucket: 'reasoning', task: 'code'},
  {role: 'researcher', bucket: 'longform', task: 'analysis'},
  {role: 'chat', bucket: 'conversational', task: 'chat'},
]

const isSet = (env: NodeJS.ProcessEnv, name: string) => Boolean(env[name]?.trim())

/**
 * Suggests a model profile per role from the API-key variables that are set (names only, values never read
 * beyond "is it set") and the detected GPU: the preferred hosted provider for the role's bucket, or the best
 * local model that fits when no key is set; with keys and a GPU, local offline alternatives are added.
 * Nothing is written anywhere.
 */
export async function suggestProfiles(options: {env?: NodeJS.ProcessEnv; gpu?: GpuInfo} = {}): Promise<ProfileSuggestions> {
  const env = options.env ?? process.env
  const gpu = options.gpu ?? (await detectGpu({env}))
  const available = HOSTED_PROVIDERS.flatMap((p) => {
    const keyVar = p.keyEnv.find((k) => isSet(env, k))
    return keyVar ? [{...p, keyVar}] : []
  })
  const keysFound = available.map((p) => p.keyVar)
  const suggestions: ProfileSuggestion[] = []
  for (const {role, bucket, task} of PROFILE_ROLES) {
    const best = PREFERENCE[bucket].map((id) => available.find((p) => p.id === id)).find((p) => p !== undefined)
    if (best) {
      const others = available.length > 1 ? `; other keys: ${available.filter((p) => p !== best).map((p) => p.id).join(', ')}` : ''
      suggestions.push({provider_type: best.id, model: best.models[bucket], bucket, role, notes: `Uses ${best.keyVar} (set). Preferred ${bucket} provider among your keys${others}.`})
    } else {
      suggestions.push(localSuggestion(gpu, role, bucket, task, 'No API key set, so this runs locally'))
    }
  }
  if (available.length > 0 && gpu.vendor !== 'none') {
    suggestions.push(localSuggestion(gpu, 'coder', 'reasoning', 'code', 'Offline alternative: private code never leaves this machine'))
  }
  if (isSet(env, 'TERMINAL_AI_BASE_URL') && isSet(env, 'TERMINAL_AI_MODEL')) {
    suggestions.push({
      provider_type: 'openai-compatible',
      model: env.TERMINAL_AI_MODEL!.trim(),
      bucket: 'conversational',
      role: 'chat',
      notes: `The upstream set by TERMINAL_AI_BASE_URL and TERMINAL_AI_MODEL${isSet(env, 'TERMINAL_AI_API_KEY') ? ' (key in TERMINAL_AI_API_KEY)' : ''}; reached through the governance proxy.`,
    })
    if (isSet(env, 'TERMINAL_AI_API_KEY')) keysFound.push('TERMINAL_AI_API_KEY')
  }
  return {suggestions, keys_found: keysFound, hardware: {...gpu, num_ctx: recommendedNumCtx(gpu.vram_gb)}, persisted: false}
}

function localSuggestion(gpu: GpuInfo, role: string, bucket: Bucket, task: TaskType, why: string): ProfileSuggestion {
  const pick = suggestModel(gpu, task)
  const hw = gpu.vendor === 'none' ? 'no GPU found (CPU only)' : `${gpu.vram_gb} GB ${gpu.vendor} GPU`
  const fit = pick.model.fits ? `fits (${pick.model.vram_gb} GB)` : `needs ${pick.model.vram_gb} GB and will be slow`
  return {
    provider_type: 'ollama',
    model: pick.model.name,
    bucket,
    role,
    notes: `${why}: ${hw}; ${pick.model.name} ${fit}; num_ctx ${pick.num_ctx}; install with \`${pick.pull_command}\`.`,
  }
}
