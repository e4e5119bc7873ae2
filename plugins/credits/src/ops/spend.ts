import {defineOperation, InputError, type OperationContext} from 'govtool/core'
import {z} from 'zod/v3'

import {renderAnalysis, renderBudget, renderRecord, renderReportResult, renderSummary} from '../lib/render.js'
import {BudgetResultSchema, CreditsAnalysisSchema, CreditsSummarySchema, RecordResultSchema, ReportResultSchema} from './schemas.js'

const MONTH = 'Month to summarise (YYYY-MM, UTC; default the current month).'

/** Two fields the command line refuses together (oclif's `exclusive`); a JSON caller gets the same refusal. */
function refuseBoth(ctx: OperationContext, given: boolean, a: string, b: string, command: string): void {
  if (!given) return
  const name = (key: string) => (ctx.transport === 'cli' ? `--${key.replaceAll('_', '-')}` : key)
  throw new InputError(`${name(a)} and ${name(b)} cannot be given together.`, {code: 'E_USAGE', hint: `See govtool ${command} --help.`})
}

export const recordOp = defineOperation({
  id: 'credits.record',
  summary: 'Log one model usage entry (tokens and cost) in .govtool/credits.json.',
  description: `The cost comes from the price table (built-in list prices, overridable under credits.prices in docs/GOVTOOL.yml): uncached input, cached input and output tokens are priced separately, and cached tokens are part of --tokens-in, never counted twice. A model without a price is recorded with cost null and a warning.

The result has the month's spend after the entry, and alerts for the budget levels (cap, alert threshold, watermarks; see \`credits budget\`) this entry crossed; they are also printed as warnings. Concurrent recorders never lose an entry (one locked, in-place append).

--attempt 2 or more marks a retry of the same request, which \`credits analyze\` counts as waste.`,
  examples: [
    '<%= config.bin %> credits record --provider openai --model gpt-4o --tokens-in 12000 --cached-in 8000 --tokens-out 900 --task "REQ-012 refactor"',
    '<%= config.bin %> credits record --provider ollama --model llama3.1:8b --tokens-in 3000 --tokens-out 400 --task chat --json',
  ],
  project: true,
  effect: 'write',
  input: z.object({
    provider: z.string().describe('Provider (openai, anthropic, google, mistral, groq, ollama, ...).'),
    model: z.string().describe('Model name as the provider calls it.'),
    tokens_in: z.number().int().min(0).describe('Input (prompt) tokens, cached ones included.'),
    tokens_out: z.number().int().min(0).describe('Output (completion) tokens.'),
    task: z.string().describe('What the tokens were spent on (a task, work item or requirement).'),
    cached_in: z.number().int().min(0).default(0).describe('Part of --tokens-in read from the provider prompt cache.'),
    session: z.string().optional().describe('Session id to group entries by.'),
    attempt: z.number().int().min(1).optional().describe('Attempt number of this request (2 or more marks a retry).'),
    timestamp: z.string().optional().describe('When the usage happened (ISO 8601; default now).'),
  }),
  cli: {fields: {timestamp: {helpValue: 'ISO'}}},
  result: RecordResultSchema,
  async run(ctx, input, io) {
    const {recordEntry} = await import('../lib/actions.js')
    const result = await recordEntry(ctx.project(), {
      provider: input.provider,
      model: input.model,
      tokens_in: input.tokens_in,
      tokens_out: input.tokens_out,
      cached_tokens_in: input.cached_in,
      task: input.task,
      session_id: input.session,
      attempt: input.attempt,
      timestamp: input.timestamp,
    })
    for (const w of result.warnings) io.warn(w)
    for (const a of result.alerts) io.warn(a)
    return result
  },
  render: (r) => renderRecord(r),
})

export const budgetOp = defineOperation({
  id: 'credits.budget',
  summary: 'View or set the monthly cap, the alert threshold and the watermark levels.',
  description: `Without flags, prints the budget in effect, where each value comes from, and the current month's spend against it.

With flags, saves them in .govtool/credits-budget.json, which wins over credits.budget in docs/GOVTOOL.yml (a team default) and the built-in defaults (no cap, alert at 80%, watermarks at 50, 75, 90 and 100% of the cap). --cap 0 removes the cap. Values not given keep what they were.

\`credits summary\` and \`credits record\` report the alerts: the threshold reached, the highest watermark reached, the cap exceeded, and a month-end projection over the cap.`,
  examples: ['<%= config.bin %> credits budget', '<%= config.bin %> credits budget --cap 200 --alert-pct 80', '<%= config.bin %> credits budget --watermarks 25,50,75,100'],
  project: true,
  effect: 'write',
  input: z.object({
    cap: z.number().optional().describe('Monthly cap in USD (0 = no cap).'),
    alert_pct: z.number().optional().describe('Alert when the month reaches this percentage of the cap.'),
    watermarks: z.array(z.string()).optional().describe('Comma-separated watermark levels, percent of the cap (e.g. 50,75,90,100).'),
  }),
  cli: {fields: {cap: {helpValue: 'USD'}, alert_pct: {helpValue: 'PCT'}, watermarks: {delimiter: ',', helpValue: 'LIST'}}},
  result: BudgetResultSchema,
  async run(ctx, input) {
    const {budgetPatch, updateBudget} = await import('../lib/actions.js')
    const names = ctx.transport === 'cli' ? {cap: '--cap', alert_pct: '--alert-pct', watermarks: '--watermarks'} : {cap: 'cap', alert_pct: 'alert_pct', watermarks: 'watermarks'}
    return updateBudget(ctx.project(), budgetPatch(input, names))
  },
  render: (r) => renderBudget(r),
})

export const summaryOp = defineOperation({
  id: 'credits.summary',
  summary: 'Spend by model, provider and task for a month, against the budget.',
  description: `Totals of .govtool/credits.json for one month (default: the current month, UTC) or --all, with the budget's alerts: the alert threshold, the watermark levels reached, and the month-end projection.

The human output shows the top 10 rows of each table; --json lists them all. Entries that could not be read are skipped with a warning.`,
  examples: ['<%= config.bin %> credits summary', '<%= config.bin %> credits summary --month 2025-06 --json', '<%= config.bin %> credits summary --all'],
  project: true,
  effect: 'read',
  input: z.object({
    month: z.string().optional().describe(MONTH),
    all: z.boolean().default(false).describe('Summarise every month.'),
  }),
  cli: {fields: {month: {helpValue: 'YYYY-MM', exclusive: ['all']}}},
  result: CreditsSummarySchema,
  async run(ctx, input, io) {
    refuseBoth(ctx, input.month !== undefined && input.all, 'month', 'all', 'credits summary')
    const {creditsSummary} = await import('../lib/summary.js')
    const result = await creditsSummary(ctx.project(), {month: input.month, all: input.all})
    for (const p of result.problems) io.warn(p)
    return result
  },
  render: (r) => renderSummary(r),
})

export const reportOp = defineOperation({
  id: 'credits.report',
  summary: 'Write a Markdown spend report with tables and a per-day chart.',
  description: `Totals, the budget, spend by provider, model and task, and a per-day spend chart (a Unicode bar chart in a text block, readable in a terminal and in any Markdown viewer).

Without --output the report goes to stdout (with --json, in the markdown field). --output is relative to the current directory on the command line, and to the project over HTTP.`,
  examples: ['<%= config.bin %> credits report --output docs/credits-2025-06.md --month 2025-06', '<%= config.bin %> credits report --month 2025-06', '<%= config.bin %> credits report --all > report.md'],
  project: true,
  effect: 'write',
  input: z.object({
    output: z.string().min(1).optional().describe('File to write (relative to the current directory).'),
    month: z.string().optional().describe('Month to report (YYYY-MM, UTC; default the current month).'),
    all: z.boolean().default(false).describe('Report every month.'),
  }),
  cli: {fields: {output: {char: 'o', helpValue: 'PATH'}, month: {helpValue: 'YYYY-MM', exclusive: ['all']}}},
  result: ReportResultSchema,
  async run(ctx, input) {
    refuseBoth(ctx, input.month !== undefined && input.all, 'month', 'all', 'credits report')
    const {creditsReport} = await import('../lib/report.js')
    return creditsReport(ctx.project(), {month: input.month, all: input.all, output: input.output === undefined ? undefined : ctx.resolvePath(input.output)})
  },
  render: (r) => renderReportResult(r),
})

export const analyzeOp = defineOperation({
  id: 'credits.analyze',
  summary: 'Find inefficiency in spend: retries, token waste, output/input ratios, weekly trends.',
  description: `Reads every entry of .govtool/credits.json (or one month, or since a date) and reports:
- retried requests and what they cost (an --attempt of 2 or more, a 429 status, or the same prompt size re-sent for the same task within 10 minutes);
- tasks whose input dwarfs their output (token waste);
- output/input ratios and cache hit rates per model;
- spend by ISO week with its trend;
- concrete suggestions with the savings they would have brought.`,
  examples: ['<%= config.bin %> credits analyze', '<%= config.bin %> credits analyze --since 2025-05-01 --json'],
  project: true,
  effect: 'read',
  input: z.object({
    month: z.string().optional().describe('Only this month (YYYY-MM).'),
    since: z.string().optional().describe('Only entries on or after this date (YYYY-MM-DD).'),
  }),
  cli: {fields: {month: {helpValue: 'YYYY-MM', exclusive: ['since']}, since: {helpValue: 'DATE'}}},
  result: CreditsAnalysisSchema,
  async run(ctx, input, io) {
    refuseBoth(ctx, input.month !== undefined && input.since !== undefined, 'month', 'since', 'credits analyze')
    const {analyzeCredits} = await import('../lib/analyze.js')
    const analysis = await analyzeCredits(ctx.project(), {month: input.month, since: input.since})
    for (const p of analysis.problems) io.warn(p)
    return analysis
  },
  render: (a) => renderAnalysis(a),
})
