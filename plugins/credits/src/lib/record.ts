import {randomBytes} from 'node:crypto'
import {stat} from 'node:fs/promises'

import {InputError, withLock, type ProjectContext, redactDeep} from 'govtool/core'

import {loadPriceTable} from './config.js'
import {CREDITS_FILE, appendEntriesLocked} from './credits-file.js'
import type {CreditEntry} from './entries.js'
import {checkUsage, computeCost, type PriceTable} from './prices.js'
import {FOLD_BYTES, ROLLUP_FILE, foldAfterAppend} from './rollup.js'

/** What a caller reports about one model request. */
export interface UsageInput {
  provider: string
  model: string
  tokens_in: number
  tokens_out: number
  /** the part of tokens_in served from the provider's prompt cache (default 0) */
  cached_tokens_in?: number
  task?: string
  session_id?: string
  attempt?: number
  status?: number
  duration_seconds?: number
  /** when the usage happened (default now) */
  timestamp?: string | Date
  /** a known cost in USD (e.g. reported by the provider); otherwise it is priced from the table */
  cost_usd?: number
}

export interface RecordResult {
  entries: CreditEntry[]
  /** e.g. models without a price */
  warnings: string[]
}

export interface RecordOptions {
  /** price table to use (default: the project's, from config and the built-ins) */
  prices?: PriceTable
  /** clock for the default timestamp */
  now?: () => Date
}

function newId(): string {
  return `c-${randomBytes(6).toString('hex')}`
}

function toTimestamp(value: string | Date | undefined, now: () => Date): string {
  if (value === undefined) return now().toISOString()
  const date = value instanceof Date ? value : new Date(value)
  // a year outside 0000-9999 (`--timestamp 99999` parses as year 99999) makes months no report can name
  if (Number.isNaN(date.getTime()) || !/^\d{4}-/.test(date.toISOString()) || (typeof value === 'string' && !/^\s*\d{4}-\d{2}/.test(value))) {
    throw new InputError(`Invalid timestamp ${JSON.stringify(String(value))}.`, {code: 'E_BAD_TIMESTAMP', hint: 'Use ISO 8601, e.g. 2025-06-01T12:00:00Z.'})
  }
  return date.toISOString()
}

/** Builds the entry for one usage report, pricing it; unknown models get cost null and a warning. */
export function buildEntry(input: UsageInput, prices: PriceTable, now: () => Date = () => new Date()): {entry: CreditEntry; warning?: string} {
  const provider = input.provider?.trim()
  const model = input.model?.trim()
  if (!provider) throw new InputError('A credit entry needs a provider (e.g. openai, anthropic, ollama).', {code: 'E_BAD_ENTRY'})
  if (!model) throw new InputError('A credit entry needs a model.', {code: 'E_BAD_ENTRY'})
  const usage = {tokens_in: input.tokens_in, tokens_out: input.tokens_out, cached_tokens_in: input.cached_tokens_in ?? 0}
  checkUsage(usage)
  if (input.attempt !== undefined && (!Number.isInteger(input.attempt) || input.attempt < 1)) {
    throw new InputError(`--attempt must be 1 or more (got ${input.attempt}).`, {code: 'E_BAD_ENTRY'})
  }
  if (input.cost_usd !== undefined && (!Number.isFinite(input.cost_usd) || input.cost_usd < 0)) {
    throw new InputError(`A cost must be 0 or more USD (got ${input.cost_usd}).`, {code: 'E_BAD_ENTRY'})
  }
  let cost: number | null
  let warning: string | undefined
  if (input.cost_usd === undefined) {
    const match = prices.find(provider, model)
    cost = match ? computeCost(usage, match.price) : null
    if (!match) {
      warning = `No price known for ${provider}/${model}: recorded its tokens with cost null. Add it under credits.prices in docs/GOVTOOL.yml (USD per million tokens: input, cached_input, output).`
    }
  } else {
    cost = input.cost_usd
  }
  const entry: CreditEntry = {
    id: newId(),
    timestamp: toTimestamp(input.timestamp, now),
    provider,
    model,
    task: input.task?.trim() ?? '',
    tokens_in: usage.tokens_in,
    cached_tokens_in: usage.cached_tokens_in,
    tokens_out: usage.tokens_out,
    cost_usd: cost,
  }
  if (input.session_id !== undefined) entry.session_id = input.session_id
  if (input.attempt !== undefined) entry.attempt = input.attempt
  if (input.status !== undefined) entry.status = input.status
  if (input.duration_seconds !== undefined) entry.duration_seconds = input.duration_seconds
  // the task and session are free text: a key pasted into them is never stored
  return {entry: redactDeep(entry), warning}
}

/**
 * Records usage in `.govtool/credits.json`: one O(1) append under the file's cross-process lock, so
 * concurrent recorders (CLI processes, the proxy, dispatch workers) never lose an entry. Accepts one report
 * or a batch (one lock round trip for the batch).
 */
export async function recordUsage(ctx: ProjectContext, input: UsageInput | readonly UsageInput[], options: RecordOptions = {}): Promise<RecordResult> {
  const inputs = Array.isArray(input) ? (input as readonly UsageInput[]) : [input as UsageInput]
  const prices = options.prices ?? (await loadPriceTable(ctx))
  const warnings: string[] = []
  const entries = inputs.map((i) => {
    const built = buildEntry(i, prices, options.now)
    if (built.warning && !warnings.includes(built.warning)) warnings.push(built.warning)
    return built.entry
  })
  if (entries.length === 0) return {entries, warnings}
  await ctx.ensureStateDir()
  const file = ctx.state(CREDITS_FILE)
  await withLock(file, async () => {
    const before = await sizeOf(file)
    const result = await appendEntriesLocked(file, entries)
    warnings.push(...result.problems.map((p) => `${p}; the file was repaired`))
    if (!result.rewritten && Math.floor(before / FOLD_BYTES) !== Math.floor(result.valueEnd / FOLD_BYTES)) {
      await foldAfterAppend(file, ctx.state(ROLLUP_FILE))
    }
  })
  return {entries, warnings}
}

async function sizeOf(file: string): Promise<number> {
  try {
    return (await stat(file)).size
  } catch {
    return 0
  }
}
