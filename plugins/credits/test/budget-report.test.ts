import {mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {ProjectContext} from 'govtool'
import {cleanupTempDirs, makeTempDir} from 'govtool/testing'

import {
  DEFAULT_BUDGET,
  analyzeCredits,
  budgetStatus,
  cheaperSibling,
  creditsReport,
  creditsSummary,
  crossedLevels,
  findRetries,
  isoWeek,
  loadBudget,
  recordUsage,
  renderDailyChart,
  saveBudget,
  trendOf,
  type CreditEntry,
  type UsageInput,
} from '../src/index.js'

const budget = (over = {}) => ({...DEFAULT_BUDGET, monthly_cap_usd: 100, ...over})
const JUNE_15 = new Date(Date.UTC(2025, 5, 16)) // half of June elapsed

describe('budget alerts and watermarks', () => {
  after(cleanupTempDirs)

  it('has no alert below the threshold and no cap means no alerts', () => {
    expect(budgetStatus(budget(), 40, '2025-06', new Date(Date.UTC(2025, 6, 1))).alerts).to.deep.equal([])
    const none = budgetStatus({...DEFAULT_BUDGET}, 1e6, '2025-06')
    expect(none).to.include({cap_usd: null, alert: false, exceeded: false, used_pct: null})
  })

  it('alerts at the alert percentage and reports the highest watermark reached', () => {
    const s = budgetStatus(budget({alert_threshold_pct: 80}), 82, '2025-06', new Date(Date.UTC(2025, 6, 1)))
    expect(s).to.include({alert: true, exceeded: false, used_pct: 82, remaining_usd: 18, highest_watermark_pct: 75})
    expect(s.watermarks.map((w) => [w.level_pct, w.reached])).to.deep.equal([[50, true], [75, true], [90, false], [100, false]])
    expect(s.alerts[0]).to.match(/Budget alert: \$82\.00 of \$100\.00 \(82%\) is past the 80% alert threshold/)
    expect(s.alerts[1]).to.equal('Watermark 75% reached ($75.00).')
  })

  it('reports an exceeded cap, and projects the month end in the current month', () => {
    const over = budgetStatus(budget(), 100, '2025-06', new Date(Date.UTC(2025, 6, 1)))
    expect(over).to.include({exceeded: true, highest_watermark_pct: 100})
    expect(over.alerts[0]).to.match(/^Budget exceeded/)
    const pace = budgetStatus(budget(), 60, '2025-06', JUNE_15)
    expect(pace.projected_usd).to.equal(120)
    expect(pace.alerts.some((a) => /ends at about \$120\.00, over the \$100\.00 cap/.test(a))).to.equal(true)
  })

  it('honours USD watermarks (the older tool) and the enabled switch', () => {
    const s = budgetStatus({...DEFAULT_BUDGET, alert_watermarks_usd: [5, 10, 25]}, 12, '2025-06')
    expect(s.watermarks_usd.map((w) => w.reached)).to.deep.equal([true, true, false])
    expect(s.alerts).to.deep.equal(['Spend reached the $10.00 watermark in 2025-06.'])
    expect(budgetStatus(budget({enabled: false}), 500, '2025-06').alerts).to.deep.equal([])
  })

  it('says which levels a single record crossed', () => {
    const b = budget({alert_threshold_pct: 80})
    expect(crossedLevels(b, 40, 55)).to.deep.equal(['Watermark 50% of the cap reached ($55.00 of $100.00).'])
    expect(crossedLevels(b, 79, 81)).to.deep.equal(['This entry crossed the 80% alert threshold ($81.00 of $100.00).'])
    expect(crossedLevels(b, 95, 101)).to.deep.equal(['This entry took the month past its $100.00 cap (now $101.00).'])
    expect(crossedLevels(b, 10, 20)).to.deep.equal([])
  })

  it('layers defaults < docs/GOVTOOL.yml < .govtool/credits-budget.json, and reads the older file', async () => {
    const dir = makeTempDir()
    const ctx = new ProjectContext(dir)
    mkdirSync(path.join(dir, 'docs'))
    writeFileSync(path.join(dir, 'docs', 'GOVTOOL.yml'), 'credits:\n  budget:\n    monthly_cap_usd: 50\n    alert_threshold_pct: 70\n')
    let loaded = await loadBudget(ctx)
    expect(loaded.budget).to.include({monthly_cap_usd: 50, alert_threshold_pct: 70})
    expect(loaded.sources).to.include({monthly_cap_usd: 'config', watermark_pcts: 'default'})
    await ctx.ensureStateDir()
    writeFileSync(ctx.state('credit-budget.json'), JSON.stringify({monthly_cap_usd: 20, alert_threshold_pct: 90, alert_watermarks_usd: [5, 10], enabled: true, enforcement_mode: 'soft'}))
    loaded = await loadBudget(ctx)
    expect(loaded.budget).to.include({monthly_cap_usd: 20, alert_threshold_pct: 90})
    expect(loaded.file).to.equal('.govtool/credit-budget.json')
    loaded = await saveBudget(ctx, {monthly_cap_usd: 30, watermark_pcts: [90, 50]})
    expect(loaded.file).to.equal('.govtool/credits-budget.json')
    expect(loaded.budget).to.deep.include({monthly_cap_usd: 30, alert_threshold_pct: 90, watermark_pcts: [50, 90], alert_watermarks_usd: [5, 10]})
    expect(JSON.parse(readFileSync(ctx.state('credits-budget.json'), 'utf8'))).to.include({enforcement_mode: 'soft'})
  })

  it('names the file and field of an invalid config', async () => {
    const dir = makeTempDir()
    mkdirSync(path.join(dir, 'docs'))
    writeFileSync(path.join(dir, 'docs', 'GOVTOOL.yml'), 'credits:\n  budget:\n    monthly_cap_usd: lots\n')
    let message = ''
    await loadBudget(new ProjectContext(dir)).catch((e: Error) => (message = e.message))
    expect(message).to.match(/GOVTOOL\.yml:3: field 'credits\.budget\.monthly_cap_usd'/)
  })
})

async function seed(ctx: ProjectContext, entries: UsageInput[]): Promise<void> {
  await recordUsage(ctx, entries)
}

describe('summary and report', () => {
  after(cleanupTempDirs)

  it('sums spend by model, provider and task for the month, against the budget', async () => {
    const ctx = new ProjectContext(makeTempDir())
    await seed(ctx, [
      {provider: 'openai', model: 'gpt-4o', tokens_in: 1_000_000, tokens_out: 0, task: 'build', timestamp: '2025-06-01T10:00:00Z'}, // $2.50
      {provider: 'openai', model: 'gpt-4o', tokens_in: 0, tokens_out: 100_000, task: 'review', timestamp: '2025-06-02T10:00:00Z'}, // $1.00
      {provider: 'anthropic', model: 'claude-sonnet-4-5', tokens_in: 1_000_000, cached_tokens_in: 1_000_000, tokens_out: 0, task: 'build', timestamp: '2025-06-02T11:00:00Z'}, // $0.30
      {provider: 'acme', model: 'mystery', tokens_in: 10, tokens_out: 10, task: 'build', timestamp: '2025-06-03T00:00:00Z'}, // unpriced
      {provider: 'openai', model: 'gpt-4o', tokens_in: 1_000_000, tokens_out: 0, task: 'build', timestamp: '2025-05-31T23:59:59Z'}, // May
    ])
    await saveBudget(ctx, {monthly_cap_usd: 5, alert_threshold_pct: 60})
    const s = await creditsSummary(ctx, {month: '2025-06', now: new Date(Date.UTC(2025, 6, 2))})
    expect(s).to.include({period: '2025-06', entries: 4, cost_usd: 3.8, unpriced_entries: 1, tokens_in: 2_000_010, cached_tokens_in: 1_000_000})
    expect(s.by_provider.map((r) => [r.provider, r.cost_usd, r.share_pct])).to.deep.equal([['openai', 3.5, 92.1], ['anthropic', 0.3, 7.9], ['acme', 0, 0]])
    expect(s.by_model[0]).to.include({provider: 'openai', model: 'gpt-4o', entries: 2, cost_usd: 3.5})
    expect(s.by_task.map((r) => [r.task, r.entries])).to.deep.equal([['build', 3], ['review', 1]])
    expect(s.budget).to.include({cap_usd: 5, spent_usd: 3.8, used_pct: 76, alert: true, highest_watermark_pct: 75})
    expect(s.alerts.some((a) => a.includes('no price'))).to.equal(true)
    const all = await creditsSummary(ctx, {all: true, now: new Date(Date.UTC(2025, 6, 2))})
    expect(all).to.include({period: 'all', entries: 5, cost_usd: 6.3})
  })

  it('writes a Markdown report with tables and a per-day chart', async () => {
    const dir = makeTempDir()
    const ctx = new ProjectContext(dir)
    await seed(ctx, [
      {provider: 'openai', model: 'gpt-4o', tokens_in: 1_000_000, tokens_out: 0, task: 'a|b', timestamp: '2025-06-01T10:00:00Z'},
      {provider: 'openai', model: 'gpt-4o', tokens_in: 500_000, tokens_out: 0, task: 'c', timestamp: '2025-06-03T10:00:00Z'},
    ])
    const out = path.join(dir, 'out', 'report.md')
    const r = await creditsReport(ctx, {month: '2025-06', output: out, now: new Date(Date.UTC(2025, 6, 1))})
    expect(r).to.include({output: out, period: '2025-06', entries: 2, cost_usd: 3.75})
    const md = readFileSync(out, 'utf8')
    expect(md).to.match(/^# Credit report: 2025-06/)
    expect(md).to.contain('| Provider | Model | Entries |')
    expect(md).to.contain('| a\\|b |')
    const chart = md.slice(md.indexOf('```text'), md.indexOf('```', md.indexOf('```text') + 3))
    expect(chart.split('\n').filter((l) => /^\d\d-\d\d │/.test(l))).to.have.length(30)
    expect(chart).to.match(/06-01 │█{40} +\$2\.50 +\(1\)/)
    expect(chart).to.match(/06-03 │█{20} +\$1\.25/)
    expect(chart).to.match(/06-02 │ +\$0\.00/)
  })

  it('renders bars proportionally with eighth blocks', () => {
    const chart = renderDailyChart([
      {day: '2025-06-01', cost_usd: 8, entries: 1},
      {day: '2025-06-02', cost_usd: 1.1, entries: 1},
    ])
    expect(chart).to.contain('06-02 │█████▌')
  })
})

describe('analyze', () => {
  after(cleanupTempDirs)

  it('finds retries by attempt, by 429 and by repeated prompts', () => {
    const e = (over: Partial<CreditEntry>): CreditEntry => ({timestamp: '2025-06-01T10:00:00Z', provider: 'openai', model: 'gpt-4o', task: 't', tokens_in: 5000, cached_tokens_in: 0, tokens_out: 100, cost_usd: 0.01, ...over})
    const found = findRetries([
      e({}),
      e({timestamp: '2025-06-01T10:01:00Z'}), // same prompt size a minute later: a repeat
      e({timestamp: '2025-06-01T11:00:00Z'}), // an hour later: new work
      e({timestamp: '2025-06-01T11:00:01Z', attempt: 2, tokens_in: 10}),
      e({timestamp: '2025-06-01T11:00:02Z', status: 429, tokens_in: 11}),
    ])
    expect(found.map((f) => f.reason)).to.deep.equal(['repeat', 'attempt', 'status_429'])
  })

  it('labels ISO weeks and judges the weekly trend', () => {
    expect(isoWeek('2025-06-02T00:00:00Z')).to.deep.equal({week: '2025-W23', monday: '2025-06-02'})
    expect(isoWeek('2025-01-01T00:00:00Z')).to.deep.equal({week: '2025-W01', monday: '2024-12-30'})
    expect(isoWeek('2021-01-03T00:00:00Z')).to.deep.equal({week: '2020-W53', monday: '2020-12-28'})
    const w = (costs: number[]) => costs.map((c, i) => ({week: `w${i}`, starts: `2025-01-0${i + 1}`, entries: 1, tokens: 1, cost_usd: c, change_pct: null}))
    expect(trendOf(w([1, 2, 3, 4]))).to.deep.include({direction: 'increasing', slope_usd_per_week: 1})
    expect(trendOf(w([4, 3, 2, 1])).direction).to.equal('decreasing')
    expect(trendOf(w([2, 2.1, 1.9, 2])).direction).to.equal('stable')
    expect(trendOf(w([1, 2])).direction).to.equal('insufficient-data')
  })

  it('knows the cheaper model of a family', () => {
    expect(cheaperSibling('openai', 'gpt-4o-2024-08-06')).to.equal('gpt-4o-mini')
    expect(cheaperSibling('openai', 'gpt-4o-mini')).to.equal('gpt-4.1-nano')
    expect(cheaperSibling('anthropic', 'claude-opus-4-1')).to.equal('claude-sonnet-4-5')
    expect(cheaperSibling('google', 'gemini-2.5-flash-lite')).to.equal(undefined)
    expect(cheaperSibling('ollama', 'llama3')).to.equal(undefined)
  })

  it('reports waste, ratios, weekly trend and concrete suggestions with savings', async () => {
    const ctx = new ProjectContext(makeTempDir())
    const entries: UsageInput[] = []
    // four weeks of growing spend on gpt-4o for small requests, a wasteful task, and retries
    for (let week = 0; week < 4; week++) {
      for (let i = 0; i <= week * 3; i++) {
        const day = String(2 + week * 7).padStart(2, '0')
        entries.push({provider: 'openai', model: 'gpt-4o', tokens_in: 3000 + i, tokens_out: 300, task: `edit-${week}-${i}`, timestamp: `2025-06-${day}T0${i % 10}:00:00Z`})
      }
    }
    entries.push(
      {provider: 'openai', model: 'gpt-4o', tokens_in: 80_000, tokens_out: 500, task: 'read-everything', timestamp: '2025-06-20T10:00:00Z'},
      {provider: 'openai', model: 'gpt-4o', tokens_in: 80_000, tokens_out: 500, task: 'read-everything', timestamp: '2025-06-20T10:02:00Z'},
      {provider: 'openai', model: 'gpt-4o', tokens_in: 7000, tokens_out: 200, task: 'flaky', attempt: 2, timestamp: '2025-06-21T10:00:00Z'},
      {provider: 'openai', model: 'gpt-4o', tokens_in: 100, tokens_out: 0, task: 'flaky', status: 429, timestamp: '2025-06-21T10:00:01Z'},
      {provider: 'acme', model: 'unknown', tokens_in: 10, tokens_out: 10, task: 'x', timestamp: '2025-06-22T10:00:00Z'},
    )
    await seed(ctx, entries)
    const a = await analyzeCredits(ctx)
    expect(a.entries).to.equal(entries.length)
    expect(a.retries.detected).to.deep.equal({attempt: 1, status_429: 1, repeat: 1})
    expect(a.token_waste[0]).to.include({task: 'read-everything', entries: 2, input_output_ratio: 160})
    expect(a.models[0]).to.include({provider: 'openai', model: 'gpt-4o'})
    expect(a.weeks.map((w) => w.week)).to.deep.equal(['2025-W23', '2025-W24', '2025-W25', '2025-W26'])
    expect(a.trend.direction).to.equal('increasing')
    const kinds = a.suggestions.map((s) => s.kind)
    expect(kinds).to.include.members(['retries', 'rate-limits', 'token-waste', 'prompt-cache', 'trend', 'unpriced'])
    const cache = a.suggestions.find((s) => s.kind === 'prompt-cache')!
    expect(cache.estimated_savings_usd).to.be.greaterThan(0)
    expect(cache.message).to.contain("'read-everything'")
    const month = await analyzeCredits(ctx, {month: '2025-05'})
    expect(month.suggestions.map((s) => s.kind)).to.deep.equal(['no-data'])
  })

  it('suggests a cheaper model for a big model doing small requests, with the saving', async () => {
    const ctx = new ProjectContext(makeTempDir())
    await seed(ctx, Array.from({length: 20}, (_, i) => ({provider: 'anthropic', model: 'claude-opus-4-1', tokens_in: 2000 + i * 100, tokens_out: 200, task: `lint-${i}`, timestamp: `2025-06-0${1 + (i % 9)}T12:00:00Z`})))
    const a = await analyzeCredits(ctx)
    const s = a.suggestions.find((x) => x.kind === 'cheaper-model')!
    expect(s.message).to.contain('claude-sonnet-4-5')
    // opus 15/75 vs sonnet 3/15 per million: the saving is 80% of the spend
    expect(s.estimated_savings_usd).to.be.closeTo(a.cost_usd * 0.8, 1e-6)
  })
})
