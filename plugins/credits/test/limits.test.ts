import {writeFileSync} from 'node:fs'

import {expect} from 'chai'
import {ProjectContext} from 'govtool'
import {cleanupTempDirs, makeTempDir} from 'govtool/testing'

import {
  BUILTIN_PROFILES,
  MemoryWindowStore,
  PROFILES_FILE,
  applySync,
  backoffDelayMs,
  effectiveLimits,
  installDefaults,
  limitStatus,
  loadProfiles,
  movingAverages,
  parseDurationMs,
  parseRetryAfterMs,
  rateLimitHint,
  resolveProfile,
  saveProfile,
  validateProfileInput,
  type RateLimitProfile,
  type SyncRequest,
} from '../src/index.js'

const prof = (provider: string, model: string, rpm = 10, source = 'local'): RateLimitProfile => ({provider, model, rpm_limit: rpm, tpm_limit: 1000, utilization_target: 0.7, concurrency_cap: 1, source})

describe('rate-limit headers', () => {
  it('parses OpenAI-style durations', () => {
    expect(parseDurationMs('1s')).to.equal(1000)
    expect(parseDurationMs('6m0s')).to.equal(360_000)
    expect(parseDurationMs('20ms')).to.equal(20)
    expect(parseDurationMs('1m30.5s')).to.equal(90_500)
    expect(parseDurationMs('2h')).to.equal(7_200_000)
    expect(parseDurationMs('12')).to.equal(12_000)
    expect(parseDurationMs('soon')).to.equal(undefined)
    expect(parseDurationMs('1s garbage')).to.equal(undefined)
  })

  it('parses retry-after as seconds or an HTTP date', () => {
    const now = Date.UTC(2025, 5, 1, 12, 0, 0)
    expect(parseRetryAfterMs('30', now)).to.equal(30_000)
    expect(parseRetryAfterMs('0.5', now)).to.equal(500)
    expect(parseRetryAfterMs('Sun, 01 Jun 2025 12:00:10 GMT', now)).to.equal(10_000)
    expect(parseRetryAfterMs('Sun, 01 Jun 2025 11:00:00 GMT', now)).to.equal(0)
    expect(parseRetryAfterMs('whenever', now)).to.equal(undefined)
  })

  it('takes the latest reset among exhausted quotas, and any reset on a bare 429', () => {
    const now = Date.UTC(2025, 5, 1)
    expect(rateLimitHint({'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': '2s', 'x-ratelimit-remaining-tokens': '0', 'x-ratelimit-reset-tokens': '5s'}, now)).to.deep.equal({delayMs: 5000, source: 'x-ratelimit-reset-tokens', exhausted: true})
    expect(rateLimitHint({'x-ratelimit-remaining-requests': '3', 'x-ratelimit-reset-requests': '2s'}, now, 200)).to.deep.equal({exhausted: false})
    expect(rateLimitHint({'x-ratelimit-reset-requests': '4s'}, now, 429)).to.include({delayMs: 4000})
    expect(rateLimitHint(new Map([['Anthropic-RateLimit-Requests-Remaining', '0'], ['anthropic-ratelimit-requests-reset', new Date(now + 3000).toISOString()]]), now)).to.include({delayMs: 3000})
    expect(rateLimitHint(undefined, now, 429)).to.deep.equal({exhausted: false})
  })

  it('backs off exponentially, with equal jitter, up to the ceiling', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => backoffDelayMs(n, () => 1))).to.deep.equal([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000])
    expect([1, 2, 3].map((n) => backoffDelayMs(n, () => 0))).to.deep.equal([500, 1000, 2000])
  })
})

describe('rate-limit profiles', () => {
  after(cleanupTempDirs)

  it('resolves exact, then the longest prefix, then provider and global wildcards', () => {
    const saved = [prof('openai', 'gpt-4o', 1), prof('openai', '*', 2), prof('*', '*', 3)]
    const builtins = [prof('openai', 'gpt-4o-mini', 4, 'default'), prof('acme', 'm', 5, 'default')]
    expect(resolveProfile('openai', 'gpt-4o', saved, builtins)).to.deep.include({match: 'exact'})
    expect(resolveProfile('OpenAI', 'GPT-4o-2024-08-06', saved, builtins)!.profile.rpm_limit).to.equal(1)
    expect(resolveProfile('openai', 'gpt-4o-mini-2024-07-18', saved, builtins)!.profile.rpm_limit).to.equal(4)
    expect(resolveProfile('openai', 'gpt-4', saved, builtins)).to.deep.include({match: 'provider-wildcard'})
    expect(resolveProfile('mistral', 'x', saved, builtins)).to.deep.include({match: 'wildcard'})
    expect(resolveProfile('mistral', 'x', [], builtins)).to.equal(undefined)
    expect(resolveProfile('anthropic', 'claude-sonnet-4-5-20250929', [], BUILTIN_PROFILES)!.profile.model).to.equal('claude-sonnet-4')
  })

  it('computes effective limits from the target', () => {
    expect(effectiveLimits({...prof('a', 'b'), rpm_limit: 500, tpm_limit: 30_000})).to.deep.equal({rpm: 350, tpm: 21_000, concurrency: 1})
    expect(effectiveLimits({...prof('a', 'b'), rpm_limit: 1, tpm_limit: 1})).to.deep.equal({rpm: 1, tpm: 1, concurrency: 1})
  })

  it('validates set input, naming the flag', () => {
    expect(() => validateProfileInput({provider: 'a', model: 'b', rpm: 0, tpm: 1})).to.throw('--rpm')
    expect(() => validateProfileInput({provider: 'a', model: 'b', rpm: 1, tpm: 1, target: 1.5})).to.throw('--target')
    expect(() => validateProfileInput({provider: 'a', model: 'b', rpm: 1, tpm: 1, concurrency: 0})).to.throw('--concurrency')
    expect(validateProfileInput({provider: ' OpenAI ', model: 'GPT-4o', rpm: 5, tpm: 6})).to.include({provider: 'openai', model: 'gpt-4o', utilization_target: 0.7, concurrency_cap: 1})
  })

  it('installs defaults, keeping overrides, and reads the older tool\'s file', async () => {
    const ctx = new ProjectContext(makeTempDir())
    await ctx.ensureStateDir()
    writeFileSync(ctx.state(PROFILES_FILE), JSON.stringify([{provider: 'openai', model: 'gpt-4o', rpm_limit: 123, tpm_limit: 456, utilization_target: 0.8, concurrency_cap: 3, source: 'local', concurrency_by_bucket: {}, tpm_thinking_budget: 0}]))
    const {added, kept} = await installDefaults(ctx)
    expect(kept.map((p) => p.rpm_limit)).to.deep.equal([123])
    expect(added).to.have.length(BUILTIN_PROFILES.length - 1)
    const all = await loadProfiles(ctx)
    expect(all.find((p) => p.model === 'gpt-4o')).to.include({rpm_limit: 123, concurrency_cap: 3, tpm_thinking_budget: 0})
    const again = await installDefaults(ctx)
    expect(again.added).to.have.length(0)
    const {created} = await saveProfile(ctx, validateProfileInput({provider: 'openai', model: 'gpt-4o', rpm: 9, tpm: 9}))
    expect(created).to.equal(false)
    expect((await loadProfiles(ctx)).filter((p) => p.model === 'gpt-4o')).to.have.length(1)
  })

  it('reports a bad profiles file with its field', async () => {
    const ctx = new ProjectContext(makeTempDir())
    await ctx.ensureStateDir()
    writeFileSync(ctx.state(PROFILES_FILE), JSON.stringify([{provider: 'a', model: 'b', rpm_limit: -1, tpm_limit: 1}]))
    let message = ''
    await loadProfiles(ctx).catch((e: Error) => (message = e.message))
    expect(message).to.match(/model-rate-limits\.json: profile 0\.rpm_limit/)
  })
})

describe('shared window state', () => {
  const base = (over: Partial<SyncRequest> = {}): SyncRequest => ({
    key: 'k', owner: 'a', pid: process.pid, now: 1_000_000, limits: {rpm: 10, tpm: 1000, concurrency: 2}, leaseMs: 1000,
    settle: [], extraTokens: 0, slots: {inUse: 0, keepIdle: 0}, want: {requests: 4, tokens: 100, slots: 1, minTokens: 25}, waiting: true, cooldownUntil: 0, ...over,
  })

  it('charges a lease for its whole possible occupancy and settles it to what was used', () => {
    const state = new MemoryWindowStore().state
    const g = applySync(state, base(), () => true)
    expect(g.lease).to.include({requests: 4, tokens: 100})
    expect(state.keys.k.charges[0]).to.include({start: 1_000_000, end: 1_000_000 + 1000 + 60_000, lease: g.lease!.id})
    applySync(state, base({now: 1_002_000, settle: [{lease: g.lease!.id, requests: 2, tokens: 40, first: 1_000_100, last: 1_000_500}], want: {requests: 0, tokens: 0, slots: 0, minTokens: 0}, waiting: false, slots: {inUse: 0, keepIdle: 0}}), () => true)
    expect(state.keys.k.charges).to.deep.equal([{owner: 'a', start: 1_000_100, end: 1_060_500, requests: 2, tokens: 40}])
    expect(state.keys.k.history).to.deep.equal([[Math.floor(1_000_500 / 60_000) * 60_000, 2, 40]])
  })

  it('grants no more than what is left, and tells when capacity frees up', () => {
    const state = new MemoryWindowStore().state
    applySync(state, base({owner: 'x', want: {requests: 9, tokens: 100, slots: 1, minTokens: 10}}), () => true)
    const g = applySync(state, base({owner: 'y', now: 1_000_010, want: {requests: 5, tokens: 100, slots: 1, minTokens: 10}}), () => true)
    expect(g.lease!.requests).to.equal(1)
    const h = applySync(state, base({owner: 'z', now: 1_000_020, want: {requests: 5, tokens: 100, slots: 1, minTokens: 10}, limits: {rpm: 10, tpm: 1000, concurrency: 5}}), () => true)
    expect(h.lease).to.equal(undefined)
    expect(h.retryAt).to.equal(1_000_020 + 2000) // re-checks at least every 2 s while waiting
    expect(state.keys.k.waiters).to.have.property('z')
  })

  it('serves the oldest waiter first', () => {
    const state = new MemoryWindowStore().state
    const limits = {rpm: 100, tpm: 10_000, concurrency: 1}
    applySync(state, base({owner: 'holder', limits, slots: {inUse: 1, keepIdle: 0}, want: {requests: 0, tokens: 0, slots: 0, minTokens: 0}, waiting: false}), () => true)
    applySync(state, base({owner: 'old', now: 1_000_001, limits}), () => true) // waits for the slot
    // the holder finishes and asks again for its own queue: it must give the slot up, the older waiter is first
    const holder = applySync(state, base({owner: 'holder', now: 1_000_002, limits, slots: {inUse: 0, keepIdle: 1}}), () => true)
    expect(holder.slotsHeld).to.equal(0)
    expect(holder.lease).to.equal(undefined)
    const old = applySync(state, base({owner: 'old', now: 1_000_003, limits}), () => true)
    expect(old.slotsHeld).to.equal(1)
    expect(old.lease).to.not.equal(undefined)
  })

  it('computes 1/5/15-minute moving averages from the settled history', () => {
    const minute = 60_000
    const now = 100 * minute + 30_000
    const k = {charges: [], slots: {}, waiters: {}, cooldown_until: 0, history: [[100 * minute, 6, 600], [99 * minute, 12, 1200], [90 * minute, 30, 3000]] as [number, number, number][]}
    const [m1, m5, m15] = movingAverages(k, now)
    expect(m1).to.deep.equal({minutes: 1, requests_per_min: 6, tokens_per_min: 600})
    expect(m5.requests_per_min).to.equal(Math.round((18 / 4.5) * 100) / 100)
    expect(m15.requests_per_min).to.equal(Math.round((48 / 14.5) * 100) / 100)
  })

  it('status of a model nobody used is an empty window with its profile', async () => {
    const ctx = new ProjectContext(makeTempDir())
    const s = await limitStatus(ctx, 'openai', 'gpt-4o')
    expect(s.profile).to.include({provider: 'openai', model: 'gpt-4o', source: 'default', match: 'exact'})
    expect(s.requests).to.deep.equal({in_window: 0, limit: 500, target_limit: 350, utilization_pct: 0})
    expect(s.concurrency).to.deep.equal({in_use: 0, held: 0, limit: 1})
    cleanupTempDirs()
  })
})
