import {InputError} from 'govtool/core'
import {z} from 'zod/v3'

/**
 * Model prices in USD per million tokens: `input` (uncached prompt tokens), `cached_input` (prompt tokens
 * served from the provider's prompt cache; defaults to `input` when a provider has no cache discount) and
 * `output`. Cached tokens are a subset of the input tokens and are priced once, at the cached rate.
 */
export const PriceSchema = z.object({
  input: z.number().nonnegative(),
  cached_input: z.number().nonnegative().optional(),
  output: z.number().nonnegative(),
})

export type Price = z.infer<typeof PriceSchema>

/** `credits.prices` in docs/GOVTOOL.yml: provider -> model (or `*`) -> price. */
export const PriceOverridesSchema = z.record(z.string(), z.record(z.string(), PriceSchema))
export type PriceOverrides = z.infer<typeof PriceOverridesSchema>

/** When the built-in list prices were last checked. */
export const PRICES_AS_OF = '2025-10'

const p = (input: number, output: number, cached_input?: number): Price => (cached_input === undefined ? {input, output} : {input, cached_input, output})

/** Built-in list prices (standard tier, short prompts). Override or extend them in docs/GOVTOOL.yml. */
export const BUILTIN_PRICES: Readonly<Record<string, Readonly<Record<string, Price>>>> = {
  openai: {
    'gpt-5': p(1.25, 10, 0.125),
    'gpt-5-mini': p(0.25, 2, 0.025),
    'gpt-5-nano': p(0.05, 0.4, 0.005),
    'gpt-4.1': p(2, 8, 0.5),
    'gpt-4.1-mini': p(0.4, 1.6, 0.1),
    'gpt-4.1-nano': p(0.1, 0.4, 0.025),
    'gpt-4o': p(2.5, 10, 1.25),
    'gpt-4o-mini': p(0.15, 0.6, 0.075),
    'gpt-4-turbo': p(10, 30),
    'gpt-3.5-turbo': p(0.5, 1.5),
    o1: p(15, 60, 7.5),
    o3: p(2, 8, 0.5),
    'o3-mini': p(1.1, 4.4, 0.55),
    'o4-mini': p(1.1, 4.4, 0.275),
  },
  anthropic: {
    'claude-opus-4-5': p(5, 25, 0.5),
    'claude-opus-4-1': p(15, 75, 1.5),
    'claude-opus-4': p(15, 75, 1.5),
    'claude-sonnet-4-5': p(3, 15, 0.3),
    'claude-sonnet-4': p(3, 15, 0.3),
    'claude-haiku-4-5': p(1, 5, 0.1),
    'claude-3-7-sonnet': p(3, 15, 0.3),
    'claude-3-5-sonnet': p(3, 15, 0.3),
    'claude-3-5-haiku': p(0.8, 4, 0.08),
    'claude-3-opus': p(15, 75, 1.5),
    'claude-3-haiku': p(0.25, 1.25, 0.03),
  },
  google: {
    'gemini-2.5-pro': p(1.25, 10, 0.125),
    'gemini-2.5-flash': p(0.3, 2.5, 0.03),
    'gemini-2.5-flash-lite': p(0.1, 0.4, 0.01),
    'gemini-2.0-flash': p(0.1, 0.4, 0.025),
    'gemini-2.0-flash-lite': p(0.075, 0.3),
    'gemini-1.5-pro': p(1.25, 5, 0.3125),
    'gemini-1.5-flash': p(0.075, 0.3, 0.01875),
  },
  mistral: {
    'mistral-large': p(2, 6),
    'mistral-medium': p(0.4, 2),
    'mistral-small': p(0.1, 0.3),
    codestral: p(0.3, 0.9),
    'open-mistral-nemo': p(0.15, 0.15),
  },
  groq: {
    'llama-3.3-70b-versatile': p(0.59, 0.79),
    'llama-3.1-8b-instant': p(0.05, 0.08),
  },
  // local runtimes cost nothing per token
  ollama: {'*': p(0, 0)},
  local: {'*': p(0, 0)},
  lmstudio: {'*': p(0, 0)},
  llamacpp: {'*': p(0, 0)},
  vllm: {'*': p(0, 0)},
}

/** Other names users give the same provider. */
const PROVIDER_ALIASES: Readonly<Record<string, string>> = {gemini: 'google', 'google-ai': 'google', claude: 'anthropic', 'llama.cpp': 'llamacpp'}

const BOUNDARY = /[-.:@_/]/

export interface PriceMatch {
  price: Price
  /** the table key that matched (`provider/model`), and where it came from */
  key: string
  source: 'config' | 'builtin'
}

interface Candidates {
  exact?: string
  prefix?: string
  wildcard: boolean
}

/** What a table offers for a model: an exact entry, the longest family prefix (at a boundary), a wildcard. */
function candidates(table: Readonly<Record<string, Readonly<Record<string, Price>>>>, provider: string, model: string): Candidates {
  const models = table[provider] ?? {}
  let prefix: string | undefined
  for (const name of Object.keys(models)) {
    if (name === '*' || name === model || !model.startsWith(name) || !BOUNDARY.test(model.charAt(name.length))) continue
    if (!prefix || name.length > prefix.length) prefix = name
  }
  return {exact: models[model] ? model : undefined, prefix, wildcard: Boolean(models['*'])}
}

function normalizeTable(overrides: PriceOverrides): Record<string, Record<string, Price>> {
  const table: Record<string, Record<string, Price>> = {}
  for (const [provider, models] of Object.entries(overrides)) {
    const p = provider.trim().toLowerCase()
    table[p] ??= {}
    for (const [model, price] of Object.entries(models)) table[p][model.trim().toLowerCase()] = price
  }
  return table
}

/** The price table of a project: config overrides (`credits.prices`) first, then the built-in prices. */
export class PriceTable {
  private readonly overrides: Record<string, Record<string, Price>>

  constructor(overrides: PriceOverrides = {}) {
    this.overrides = normalizeTable(overrides)
  }

  /**
   * The price of a model: an exact entry (config, then built-in), else the longest family prefix
   * (`claude-sonnet-4-5-20250929` -> `claude-sonnet-4-5`; config wins a tie), else a provider wildcard.
   */
  find(provider: string, model: string): PriceMatch | undefined {
    const raw = provider.trim().toLowerCase()
    const prov = PROVIDER_ALIASES[raw] ?? raw
    const m = model.trim().toLowerCase()
    const configProv = this.overrides[raw] ? raw : prov
    const fromConfig = candidates(this.overrides, configProv, m)
    const fromBuiltin = candidates(BUILTIN_PRICES, prov, m)
    const hit = (source: 'config' | 'builtin', name: string): PriceMatch => {
      const table = source === 'config' ? this.overrides[configProv] : BUILTIN_PRICES[prov]
      return {price: table[name], key: `${source === 'config' ? configProv : prov}/${name}`, source}
    }
    if (fromConfig.exact) return hit('config', fromConfig.exact)
    if (fromBuiltin.exact) return hit('builtin', fromBuiltin.exact)
    if (fromConfig.prefix && (!fromBuiltin.prefix || fromConfig.prefix.length >= fromBuiltin.prefix.length)) return hit('config', fromConfig.prefix)
    if (fromBuiltin.prefix) return hit('builtin', fromBuiltin.prefix)
    if (fromConfig.wildcard) return hit('config', '*')
    if (fromBuiltin.wildcard) return hit('builtin', '*')
    return undefined
  }
}

export interface Usage {
  tokens_in: number
  tokens_out: number
  /** prompt tokens read from the provider's cache: part of tokens_in, not in addition to it */
  cached_tokens_in?: number
}

/** Validates token counts: whole, non-negative, cached within input. */
export function checkUsage(usage: Usage): void {
  const fields: [string, number | undefined][] = [
    ['tokens-in', usage.tokens_in],
    ['tokens-out', usage.tokens_out],
    ['cached-in', usage.cached_tokens_in],
  ]
  for (const [name, value] of fields) {
    if (value !== undefined && (!Number.isInteger(value) || value < 0)) {
      throw new InputError(`--${name} must be a whole number of tokens, 0 or more (got ${value}).`, {code: 'E_BAD_TOKENS'})
    }
  }
  if ((usage.cached_tokens_in ?? 0) > usage.tokens_in) {
    throw new InputError(`Cached input tokens (${usage.cached_tokens_in}) cannot exceed input tokens (${usage.tokens_in}).`, {
      code: 'E_BAD_TOKENS',
      hint: 'Cached tokens are the part of the input served from the prompt cache; pass the total as --tokens-in.',
    })
  }
}

/** Rounds a USD amount to 10 decimal places, enough for one token of the cheapest model, free of float noise. */
export function roundUsd(value: number): number {
  return Math.round(value * 1e10) / 1e10
}

/**
 * Cost in USD: uncached input at the input price, cached input at the cached price (the input price when the
 * model has none), output at the output price.
 */
export function computeCost(usage: Usage, price: Price): number {
  const cached = usage.cached_tokens_in ?? 0
  const uncached = usage.tokens_in - cached
  const cachedRate = price.cached_input ?? price.input
  return roundUsd((uncached * price.input + cached * cachedRate + usage.tokens_out * price.output) / 1_000_000)
}
