import {GovConfig, type ProjectContext} from 'govtool/core'
import {z} from 'zod/v3'

import {PriceOverridesSchema, PriceTable} from './prices.js'

/** Budget fields as they appear in `.govtool/credits-budget.json` and under `credits.budget` in docs/GOVTOOL.yml. */
export const BudgetFieldsSchema = z
  .object({
    /** monthly cap in USD; 0 means no cap */
    monthly_cap_usd: z.number().nonnegative(),
    /** alert when the month's spend reaches this percentage of the cap */
    alert_threshold_pct: z.number().gt(0).max(1000),
    /** spend levels, as percentages of the cap, reported when reached */
    watermark_pcts: z.array(z.number().gt(0).max(1000)),
    /** absolute spend levels in USD (the older tool's watermarks), reported when reached */
    alert_watermarks_usd: z.array(z.number().positive()),
    enabled: z.boolean(),
  })
  .partial()
  .passthrough()

export type BudgetFields = z.infer<typeof BudgetFieldsSchema>

/**
 * The `credits:` section of docs/GOVTOOL.yml (or ~/.govtool/config.yml):
 *
 *   credits:
 *     prices:                       # USD per million tokens; model '*' prices every model of a provider
 *       openai:
 *         gpt-4o: {input: 2.5, cached_input: 1.25, output: 10}
 *     budget:                       # team defaults; `credits budget` writes .govtool/credits-budget.json, which wins
 *       monthly_cap_usd: 200
 *       alert_threshold_pct: 80
 *       watermark_pcts: [50, 75, 90, 100]
 */
export const CreditsConfigSchema = z
  .object({
    prices: PriceOverridesSchema.default({}),
    budget: BudgetFieldsSchema.default({}),
  })
  .passthrough()

export type CreditsConfig = z.infer<typeof CreditsConfigSchema>

export async function loadCreditsConfig(ctx: ProjectContext): Promise<CreditsConfig> {
  const config = await GovConfig.load(ctx)
  return config.section('credits', CreditsConfigSchema)
}

export async function loadPriceTable(ctx: ProjectContext): Promise<PriceTable> {
  return new PriceTable((await loadCreditsConfig(ctx)).prices)
}
