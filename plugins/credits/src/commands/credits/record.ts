import {Flags} from '@oclif/core'
import {GovCommand, projectFlags} from 'govtool'

import {crossedLevels, loadBudget} from '../../lib/budget.js'
import type {CreditEntry} from '../../lib/entries.js'
import {usd} from '../../lib/format.js'
import {recordUsage} from '../../lib/record.js'
import {creditsSummary} from '../../lib/summary.js'

export interface RecordCommandResult {
  entry: CreditEntry
  month_spent_usd: number
  alerts: string[]
  warnings: string[]
}

export default class CreditsRecord extends GovCommand<RecordCommandResult> {
  static override summary = 'Log one model usage entry (tokens and cost) in .govtool/credits.json.'
  static override description = `The cost comes from the price table (built-in list prices, overridable under credits.prices in docs/GOVTOOL.yml): uncached input, cached input and output tokens are priced separately, and cached tokens are part of --tokens-in, never counted twice. A model without a price is recorded with cost null and a warning. Concurrent recorders never lose an entry (one locked, in-place append).`

  static override examples = [
    '<%= config.bin %> credits record --provider openai --model gpt-4o --tokens-in 12000 --cached-in 8000 --tokens-out 900 --task "REQ-012 refactor"',
    '<%= config.bin %> credits record --provider ollama --model llama3.1:8b --tokens-in 3000 --tokens-out 400 --task chat --json',
  ]

  static override flags = {
    ...projectFlags,
    provider: Flags.string({summary: 'Provider (openai, anthropic, google, mistral, groq, ollama, ...).', required: true}),
    model: Flags.string({summary: 'Model name as the provider calls it.', required: true}),
    'tokens-in': Flags.integer({summary: 'Input (prompt) tokens, cached ones included.', required: true, min: 0}),
    'tokens-out': Flags.integer({summary: 'Output (completion) tokens.', required: true, min: 0}),
    task: Flags.string({summary: 'What the tokens were spent on (a task, work item or requirement).', required: true}),
    'cached-in': Flags.integer({summary: 'Part of --tokens-in read from the provider prompt cache.', default: 0, min: 0}),
    session: Flags.string({summary: 'Session id to group entries by.'}),
    attempt: Flags.integer({summary: 'Attempt number of this request (2 or more marks a retry).', min: 1}),
    timestamp: Flags.string({summary: 'When the usage happened (ISO 8601; default now).', helpValue: 'ISO'}),
  }

  async run(): Promise<RecordCommandResult> {
    const {flags} = await this.parse(CreditsRecord)
    const ctx = this.project(flags)
    const {entries, warnings} = await recordUsage(ctx, {
      provider: flags.provider,
      model: flags.model,
      tokens_in: flags['tokens-in'],
      tokens_out: flags['tokens-out'],
      cached_tokens_in: flags['cached-in'],
      task: flags.task,
      session_id: flags.session,
      attempt: flags.attempt,
      timestamp: flags.timestamp,
    })
    const entry = entries[0]
    for (const w of warnings) this.warnUser(w)
    const month = entry.timestamp.slice(0, 7)
    const [summary, {budget}] = await Promise.all([creditsSummary(ctx, {month}), loadBudget(ctx)])
    const after = summary.budget.spent_usd
    const alerts = crossedLevels(budget, after - (entry.cost_usd ?? 0), after)
    if (!this.jsonEnabled()) {
      const cost = entry.cost_usd === null ? 'cost unknown' : usd(entry.cost_usd)
      this.log(`Recorded ${entry.provider}/${entry.model}: ${entry.tokens_in} in (${entry.cached_tokens_in} cached), ${entry.tokens_out} out, ${cost}. ${month} so far: ${usd(after)}.`)
    }
    for (const a of alerts) this.warnUser(a)
    return {entry, month_spent_usd: after, alerts, warnings}
  }
}
