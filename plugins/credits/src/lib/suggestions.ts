import type {CreditsAnalysis} from './analyze.js'
import type {CreditEntry} from './entries.js'
import {int, usd} from './format.js'
import {computeCost, roundUsd, type PriceTable} from './prices.js'

export interface Suggestion {
  kind: 'retries' | 'rate-limits' | 'token-waste' | 'prompt-cache' | 'cheaper-model' | 'verbose-output' | 'trend' | 'unpriced' | 'no-data' | 'ok'
  severity: 'info' | 'warn' | 'critical'
  message: string
  /** what following it would have saved over the analysed period, when it can be estimated */
  estimated_savings_usd: number | null
}

/** Cheaper model of the same family for simple requests, per provider (prefix of the model name). */
const CHEAPER: Readonly<Record<string, readonly [string, string][]>> = {
  openai: [
    ['gpt-5-mini', 'gpt-5-nano'],
    ['gpt-5', 'gpt-5-mini'],
    ['gpt-4.1-mini', 'gpt-4.1-nano'],
    ['gpt-4.1', 'gpt-4.1-mini'],
    ['gpt-4o-mini', 'gpt-4.1-nano'],
    ['gpt-4o', 'gpt-4o-mini'],
    ['gpt-4-turbo', 'gpt-4o-mini'],
    ['o3', 'o4-mini'],
    ['o1', 'o4-mini'],
  ],
  anthropic: [
    ['claude-opus', 'claude-sonnet-4-5'],
    ['claude-sonnet', 'claude-haiku-4-5'],
    ['claude-3-7-sonnet', 'claude-haiku-4-5'],
    ['claude-3-5-sonnet', 'claude-3-5-haiku'],
    ['claude-3-opus', 'claude-sonnet-4-5'],
  ],
  google: [
    ['gemini-2.5-flash-lite', ''],
    ['gemini-2.5-pro', 'gemini-2.5-flash'],
    ['gemini-2.5-flash', 'gemini-2.5-flash-lite'],
    ['gemini-1.5-pro', 'gemini-1.5-flash'],
  ],
  mistral: [
    ['mistral-large', 'mistral-medium'],
    ['mistral-medium', 'mistral-small'],
  ],
}

/** The cheaper sibling of a model, if the table knows one. */
export function cheaperSibling(provider: string, model: string): string | undefined {
  const rules = CHEAPER[provider.toLowerCase()] ?? []
  const m = model.toLowerCase()
  for (const [family, sibling] of rules) {
    if (m === family || (m.startsWith(family) && /[-.:@_]/.test(m.charAt(family.length)))) return sibling || undefined
  }
  return undefined
}

/** Simple requests: small answers to moderate prompts. */
const SIMPLE_MAX_OUT = 600
const SIMPLE_MAX_IN = 8000

const share = (part: number, total: number) => (total > 0 ? Math.round((part / total) * 1000) / 10 : 0)

export function suggestionsFor(a: Omit<CreditsAnalysis, 'suggestions'>, entries: readonly CreditEntry[], prices: PriceTable): Suggestion[] {
  const out: Suggestion[] = []
  if (a.entries === 0) {
    return [{kind: 'no-data', severity: 'info', message: 'No usage recorded in this period. Record it with `govtool credits record`, or let chat/dispatch record it through the pacer.', estimated_savings_usd: null}]
  }
  const total = a.cost_usd

  const r = a.retries
  if (r.entries > 0) {
    const top = r.by_task[0]
    out.push({
      kind: 'retries',
      severity: r.share_of_cost_pct >= 10 ? 'critical' : 'warn',
      message: `${r.entries} retried request(s) cost ${usd(r.cost_usd)} (${r.share_of_cost_pct}% of spend)${top ? `, most in task '${top.task || '(no task)'}' (${top.retries})` : ''}. Send model calls through the pacer so they wait for capacity instead of failing, and stop retrying a prompt that already failed twice: fix its input first.`,
      estimated_savings_usd: r.cost_usd,
    })
  }
  if (r.detected.status_429 > 0) {
    out.push({
      kind: 'rate-limits',
      severity: 'warn',
      message: `${r.detected.status_429} request(s) were rate limited (HTTP 429). Set your account's real limits with \`govtool credits limits set --provider P --model M --rpm N --tpm N\` (or lower --target) so the pacer stays under them.`,
      estimated_savings_usd: null,
    })
  }

  for (const w of a.token_waste.slice(0, 3)) {
    out.push({
      kind: 'token-waste',
      severity: 'warn',
      message: `Task '${w.task || '(no task)'}' sends ${w.input_output_ratio}x more input than it gets back (${int(w.tokens_in / w.entries)} input tokens per request, ${w.cache_hit_pct}% cached). Send only what the task needs: line ranges and diffs instead of whole files, a summary instead of the full history.`,
      estimated_savings_usd: null,
    })
  }

  // prompt caching: large, repeated prompts that are mostly uncached, on models with a cache discount
  let cacheSavings = 0
  const cacheTasks = new Map<string, number>()
  for (const e of entries) {
    const uncached = e.tokens_in - e.cached_tokens_in
    if (uncached < 2000 || e.cached_tokens_in > e.tokens_in * 0.5) continue
    const match = prices.find(e.provider, e.model)
    if (!match?.price.cached_input || match.price.cached_input >= match.price.input) continue
    const saving = (uncached * 0.5 * (match.price.input - match.price.cached_input)) / 1_000_000
    cacheSavings += saving
    const task = e.task || '(no task)'
    cacheTasks.set(task, (cacheTasks.get(task) ?? 0) + saving)
  }
  if (cacheSavings >= Math.max(0.01, total * 0.02)) {
    const names = [...cacheTasks.entries()].sort((x, y) => y[1] - x[1]).slice(0, 3).map(([t]) => `'${t}'`).join(', ')
    out.push({
      kind: 'prompt-cache',
      severity: 'info',
      message: `Large prompts are sent mostly uncached (tasks ${names}). Put the stable part (system prompt, governance files, tool definitions) first and enable the provider's prompt caching: caching half of that input would save about ${usd(roundUsd(cacheSavings))}.`,
      estimated_savings_usd: roundUsd(cacheSavings),
    })
  }

  for (const m of a.models) {
    const sibling = cheaperSibling(m.provider, m.model)
    if (!sibling || m.avg_tokens_out > SIMPLE_MAX_OUT || m.avg_tokens_in > SIMPLE_MAX_IN || share(m.cost_usd, total) < 10) continue
    const cheaper = prices.find(m.provider, sibling)
    if (!cheaper) continue
    let saved = 0
    for (const e of entries) {
      if (e.provider !== m.provider || e.model !== m.model || e.cost_usd === null) continue
      saved += e.cost_usd - computeCost(e, cheaper.price)
    }
    if (saved <= 0) continue
    out.push({
      kind: 'cheaper-model',
      severity: 'info',
      message: `${m.provider}/${m.model} mostly handles small requests (about ${int(m.avg_tokens_in)} tokens in, ${int(m.avg_tokens_out)} out) and takes ${share(m.cost_usd, total)}% of spend. Route routine work (lint, audit, short edits) to ${sibling}: about ${usd(roundUsd(saved))} less for the same requests.`,
      estimated_savings_usd: roundUsd(saved),
    })
  }

  for (const m of a.models) {
    const match = prices.find(m.provider, m.model)
    if (!match || m.output_input_ratio <= 1 || match.price.output < match.price.input * 3 || share(m.cost_usd, total) < 5) continue
    out.push({
      kind: 'verbose-output',
      severity: 'info',
      message: `${m.provider}/${m.model} writes more than it reads (output/input ${m.output_input_ratio}) and output costs ${Math.round(match.price.output / Math.max(match.price.input, 1e-9))}x input. Set max_tokens and ask for diffs or short answers instead of whole files.`,
      estimated_savings_usd: null,
    })
  }

  if (a.trend.direction === 'increasing') {
    const last = a.weeks.at(-1)!
    const mean = a.weeks.reduce((n, w) => n + w.cost_usd, 0) / a.weeks.length
    out.push({
      kind: 'trend',
      severity: 'warn',
      message: `Weekly spend is rising by about ${usd(a.trend.slope_usd_per_week)} a week (last week ${usd(last.cost_usd)}, average ${usd(roundUsd(mean))}). Check the newest tasks for scope creep, and set a cap with \`govtool credits budget --cap N\` if there is none.`,
      estimated_savings_usd: null,
    })
  }

  const unpriced = new Set(entries.filter((e) => e.cost_usd === null).map((e) => `${e.provider}/${e.model}`))
  if (unpriced.size > 0) {
    out.push({
      kind: 'unpriced',
      severity: 'info',
      message: `No price for ${[...unpriced].slice(0, 5).join(', ')}${unpriced.size > 5 ? ` and ${unpriced.size - 5} more` : ''}: their spend is missing from every total. Add them under credits.prices in docs/GOVTOOL.yml.`,
      estimated_savings_usd: null,
    })
  }

  if (out.length === 0) out.push({kind: 'ok', severity: 'info', message: 'No inefficiency found: no retries, no oversized prompts, no model clearly too large for its requests.', estimated_savings_usd: null})
  return out
}
