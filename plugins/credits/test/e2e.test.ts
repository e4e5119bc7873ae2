import {existsSync, readFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {cleanupTempDirs, isolatedEnv, makeTempDir, runCli} from 'govtool/testing'

describe('govtool credits (end to end)', function () {
  this.timeout(120_000)
  after(cleanupTempDirs)

  const project = () => {
    const dir = makeTempDir()
    return {dir, env: isolatedEnv(makeTempDir()), cli: (args: string[]) => runCli(['credits', ...args, '--project-dir', dir], {env: isolatedEnv(dir)})}
  }

  it('record prices an entry, warns about an unknown model, and concurrent records lose nothing', async () => {
    const {dir, cli} = project()
    const r = await cli(['record', '--provider', 'openai', '--model', 'gpt-4o', '--tokens-in', '10000', '--cached-in', '4000', '--tokens-out', '2000', '--task', 'REQ-1', '--json'])
    expect(r.code, r.stderr).to.equal(0)
    const out = r.json<{entry: {cost_usd: number; cached_tokens_in: number; task: string}; month_spent_usd: number}>()
    expect(out.entry).to.include({cost_usd: 0.04, cached_tokens_in: 4000, task: 'REQ-1'})
    expect(out.month_spent_usd).to.equal(0.04)

    const unknown = await cli(['record', '--provider', 'acme', '--model', 'x', '--tokens-in', '5', '--tokens-out', '5', '--task', 't'])
    expect(unknown.code).to.equal(0)
    expect(unknown.stderr).to.match(/warning: No price known for acme\/x/)
    expect(unknown.stdout).to.contain('cost unknown')

    const parallel = await Promise.all(
      Array.from({length: 4}, (_, i) => cli(['record', '--provider', 'openai', '--model', 'gpt-4o-mini', '--tokens-in', '100', '--tokens-out', '10', '--task', `p${i}`])),
    )
    for (const p of parallel) expect(p.code, p.stderr).to.equal(0)
    const file = JSON.parse(readFileSync(path.join(dir, '.govtool', 'credits.json'), 'utf8')) as {task: string; cost_usd: number | null}[]
    expect(file.map((e) => e.task).sort()).to.deep.equal(['REQ-1', 'p0', 'p1', 'p2', 'p3', 't'])
    expect(file.find((e) => e.task === 't')!.cost_usd).to.equal(null)
  })

  it('rejects bad input with exit 2 and a hint', async () => {
    const {cli} = project()
    const r = await cli(['record', '--provider', 'openai', '--model', 'gpt-4o', '--tokens-in', '10', '--cached-in', '20', '--tokens-out', '1', '--task', 't'])
    expect(r.code).to.equal(2)
    expect(r.stderr).to.contain('cannot exceed input tokens')
    const j = await cli(['summary', '--month', '2025-13', '--json'])
    expect(j.code).to.equal(2)
    expect(j.json<{error: {code: string}}>().error.code).to.equal('E_BAD_MONTH')
    const missing = await cli(['record', '--provider', 'openai', '--tokens-in', '1', '--tokens-out', '1', '--task', 't'])
    expect(missing.code).to.equal(2)
    expect(missing.stderr).to.contain('govtool credits record --help')
  })

  it('a record that fails writes nothing: --timestamp outside years 0000-9999 is refused before the append', async () => {
    const {dir, cli} = project()
    for (const bad of ['99999', '+099999-01-01T00:00:00Z', 'March 7 2025']) {
      const r = await cli(['record', '--provider', 'openai', '--model', 'gpt-4o', '--tokens-in', '1', '--tokens-out', '1', '--task', 't', '--timestamp', bad, '--json'])
      expect(r.code, bad).to.equal(2)
      expect(r.json<{error: {code: string}}>().error.code).to.equal('E_BAD_TIMESTAMP')
    }
    expect(existsSync(path.join(dir, '.govtool', 'credits.json'))).to.equal(false)
  })

  it('budget, summary, report and analyze work on the recorded entries', async () => {
    const {dir, cli} = project()
    for (const [model, tin, day] of [['gpt-4o', '1000000', '01'], ['gpt-4o', '400000', '02'], ['gpt-4o-mini', '1000000', '02']] as const) {
      const r = await cli(['record', '--provider', 'openai', '--model', model, '--tokens-in', tin, '--tokens-out', '0', '--task', `t-${day}`, '--timestamp', `2025-06-${day}T10:00:00Z`])
      expect(r.code, r.stderr).to.equal(0)
    }
    const b = await cli(['budget', '--cap', '4', '--alert-pct', '50', '--watermarks', '25,50,100', '--json'])
    expect(b.code, b.stderr).to.equal(0)
    expect(b.json<{budget: {monthly_cap_usd: number; watermark_pcts: number[]}; changed: boolean}>()).to.deep.include({changed: true, budget: {monthly_cap_usd: 4, alert_threshold_pct: 50, watermark_pcts: [25, 50, 100], alert_watermarks_usd: [], enabled: true}})
    expect(existsSync(path.join(dir, '.govtool', 'credits-budget.json'))).to.equal(true)

    const s = await cli(['summary', '--month', '2025-06', '--json'])
    expect(s.code, s.stderr).to.equal(0)
    const summary = s.json<{cost_usd: number; entries: number; by_model: {model: string}[]; budget: {alert: boolean; used_pct: number; highest_watermark_pct: number}}>()
    expect(summary).to.include({cost_usd: 3.65, entries: 3})
    expect(summary.by_model.map((m) => m.model)).to.deep.equal(['gpt-4o', 'gpt-4o-mini'])
    expect(summary.budget).to.include({alert: true, used_pct: 91.3, highest_watermark_pct: 50})
    const human = await cli(['summary', '--month', '2025-06'])
    expect(human.stdout).to.match(/Budget alert: \$3\.65 of \$4\.00/)
    expect(human.stdout).to.match(/By model\n.*Model/)

    const report = path.join(dir, 'report.md')
    const rep = await cli(['report', '--month', '2025-06', '--output', report])
    expect(rep.code, rep.stderr).to.equal(0)
    const md = readFileSync(report, 'utf8')
    expect(md).to.contain('# Credit report: 2025-06')
    expect(md).to.contain('## Spend per day')
    expect(md).to.match(/06-02 │█{18}▍ +\$1\.15 +\(2\)/)

    const an = await cli(['analyze', '--json'])
    expect(an.code, an.stderr).to.equal(0)
    const analysis = an.json<{entries: number; weeks: unknown[]; suggestions: {kind: string}[]}>()
    expect(analysis.entries).to.equal(3)
    expect(analysis.suggestions.length).to.be.greaterThan(0)
  })

  it('limits: set, list, defaults --install keeping overrides, status', async () => {
    const {dir, cli} = project()
    const set = await cli(['limits', 'set', '--provider', 'openai', '--model', 'gpt-4o', '--rpm', '100', '--tpm', '20000', '--target', '0.5', '--concurrency', '2', '--json'])
    expect(set.code, set.stderr).to.equal(0)
    expect(set.json<{created: boolean; effective: object}>()).to.deep.include({created: true, effective: {rpm: 50, tpm: 10_000, concurrency: 2}})
    const bad = await cli(['limits', 'set', '--provider', 'openai', '--model', 'gpt-4o', '--rpm', '100', '--tpm', '20000', '--target', '2'])
    expect(bad.code).to.equal(2)
    expect(bad.stderr).to.contain('--target')

    const inst = await cli(['limits', 'defaults', '--install', '--json'])
    expect(inst.code, inst.stderr).to.equal(0)
    const installed = inst.json<{kept: string[]; added: string[]}>()
    expect(installed.kept).to.deep.equal(['openai/gpt-4o'])
    expect(installed.added).to.include.members(['anthropic/*', 'google/gemini-2.5-pro', 'mistral/*', 'groq/*', 'ollama/*'])
    const saved = JSON.parse(readFileSync(path.join(dir, '.govtool', 'model-rate-limits.json'), 'utf8')) as {model: string; provider: string; rpm_limit: number}[]
    expect(saved.find((p) => p.provider === 'openai' && p.model === 'gpt-4o')!.rpm_limit).to.equal(100)

    const list = await cli(['limits', 'list'])
    expect(list.stdout).to.match(/openai\s+gpt-4o\s+100\s+20,000\s+0\.50\s+2/)

    const st = await cli(['limits', 'status', '--provider', 'openai', '--model', 'gpt-4o-2024-08-06', '--json'])
    expect(st.code, st.stderr).to.equal(0)
    expect(st.json<{profile: {match: string; rpm_limit: number}; window_seconds: number; requests: object}>()).to.deep.include({
      window_seconds: 60,
      requests: {in_window: 0, limit: 100, target_limit: 50, utilization_pct: 0},
    })
    const defaults = await cli(['limits', 'defaults'])
    expect(defaults.stdout).to.match(/anthropic\s+claude-sonnet-4\s+50/)
  })
})
