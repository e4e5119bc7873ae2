import {existsSync, readFileSync, writeFileSync, mkdirSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {ProjectContext} from 'govtool'
import {cleanupTempDirs, makeTempDir} from 'govtool/testing'

import {
  STATIC_SCORES,
  checkConnection,
  findScore,
  listScores,
  loadScores,
  parseLeaderboardRow,
  rawBucketScores,
  recommend,
  scoreLeaderboard,
  syncModelIntel,
} from '../src/index.js'
import {GOOD_TOKEN, deadPort, leaderboardRows, startFakeHub, type FakeHub} from './fake-hub.js'

const project = () => new ProjectContext(makeTempDir())

describe('model-intel library', () => {
  let hub: FakeHub
  let offline: NodeJS.ProcessEnv

  before(async () => {
    hub = await startFakeHub()
    offline = {GOVTOOL_HUB_URL: `http://127.0.0.1:${await deadPort()}`}
  })
  after(async () => {
    await hub.close()
    cleanupTempDirs()
  })

  it('has 40+ built-in scores, all within 0-100 and uniquely named', () => {
    expect(STATIC_SCORES.length).to.be.at.least(40)
    expect(new Set(STATIC_SCORES.map((s) => s.model_name)).size).to.equal(STATIC_SCORES.length)
    for (const s of STATIC_SCORES) {
      for (const v of [s.reasoning_score, s.conversational_score, s.longform_score]) expect(v, s.model_name).to.be.within(0, 100)
    }
  })

  it('computes buckets with the documented weights and rescales over missing benchmarks', () => {
    const r = rawBucketScores({ifeval: 80, bbh: 60, math: 40, gpqa: 20, musr: 10, mmlu_pro: 50})
    expect(r.reasoning).to.be.closeTo(0.3 * 60 + 0.25 * 40 + 0.25 * 20 + 0.2 * 10, 1e-9)
    expect(r.conversational).to.be.closeTo(0.5 * 80 + 0.25 * 60 + 0.25 * 50, 1e-9)
    expect(r.longform).to.be.closeTo(0.4 * 10 + 0.3 * 80 + 0.3 * 50, 1e-9)
    expect(rawBucketScores({ifeval: 80}).conversational).to.equal(80)
    expect(rawBucketScores({ifeval: 80}).reasoning).to.equal(undefined)
    expect(rawBucketScores({bbh: 250}).reasoning).to.equal(100)
  })

  it('parses leaderboard rows: name from fullname or the HTML link, flagged rows dropped', () => {
    const [qwen] = leaderboardRows()
    expect(parseLeaderboardRow(qwen)).to.deep.equal({model_name: 'Qwen/Qwen2.5-72B-Instruct', benchmarks: {ifeval: 86.4, bbh: 61.9, math: 59.8, gpqa: 16.7, musr: 11.7, mmlu_pro: 51.4}})
    expect(parseLeaderboardRow({Model: '<a href="x">org/m</a>', IFEval: '70.5'})).to.deep.equal({model_name: 'org/m', benchmarks: {ifeval: 70.5}})
    expect(parseLeaderboardRow({fullname: 'x/y', IFEval: 1, Flagged: true})).to.equal(undefined)
    expect(parseLeaderboardRow({fullname: 'x/y'})).to.equal(undefined)
  })

  it('calibrates on models that also have built-in scores and keeps each model\'s best row', () => {
    const rows = leaderboardRows().flatMap((r) => parseLeaderboardRow(r) ?? [])
    const {scores, calibration} = scoreLeaderboard(rows)
    const qwen = scores.filter((s) => s.model_name === 'Qwen/Qwen2.5-72B-Instruct')
    expect(qwen).to.have.length(1)
    // anchors land near their built-in values
    expect(qwen[0].conversational_score).to.be.within(74, 94)
    expect(calibration.reasoning).to.be.within(0.5, 3)
    for (const s of scores) for (const v of [s.reasoning_score, s.conversational_score, s.longform_score]) expect(v).to.be.within(0, 100)
  })

  it('sync fetches the leaderboard with the token, caches scores in .govtool/ and merges them over the built-in ones', async () => {
    const ctx = project()
    const before = hub.requests.length
    const r = await syncModelIntel(ctx, {GOVTOOL_HUB_URL: hub.url, GOVTOOL_HUB_TOKEN: GOOD_TOKEN})
    expect(r).to.include({synced: true, cache_file: '.govtool/model-intel.json'})
    expect(r.errors).to.deep.equal([])
    expect(r.hub_models).to.equal(248) // 250 rows minus the flagged one and the duplicate
    const sent = hub.requests.slice(before)
    expect(sent.map((q) => q.path.split('?')[0])).to.deep.equal(['/filter', '/filter', '/filter'])
    expect(sent.every((q) => q.authorization === `Bearer ${GOOD_TOKEN}`)).to.equal(true)
    const cache = JSON.parse(readFileSync(ctx.state('model-intel.json'), 'utf8')) as {scores: unknown[]; dataset: string}
    expect(cache.dataset).to.equal('open-llm-leaderboard/contents')
    expect(cache.scores).to.have.length(248)
    expect(readFileSync(ctx.state('model-intel.json'), 'utf8')).not.to.contain(GOOD_TOKEN)
    const loaded = await loadScores(ctx)
    expect(loaded.source).to.equal('hub+static')
    // the hub's Qwen replaces the built-in qwen2.5-72b-instruct instead of duplicating it
    expect(loaded.scores.filter((s) => s.model_name.toLowerCase().includes('qwen2.5-72b'))).to.have.length(1)
    expect(findScore(loaded.scores, 'gpt-4o').source).to.equal('static')
    expect(findScore(loaded.scores, 'qwen2.5-72b-instruct')).to.include({model_name: 'Qwen/Qwen2.5-72B-Instruct', source: 'hub', provider: 'qwen'})
  })

  it('falls back from /filter to /rows when the dataset server refuses the query', async () => {
    hub.filterStatus = 400
    try {
      const ctx = project()
      const r = await syncModelIntel(ctx, {GOVTOOL_HUB_URL: hub.url})
      expect(r.synced).to.equal(true)
      expect(r.hub_models).to.equal(248)
      expect(hub.requests.some((q) => q.path.startsWith('/rows?'))).to.equal(true)
    } finally {
      hub.filterStatus = 200
    }
  })

  it('offline: exits cleanly with the built-in scores and writes nothing', async () => {
    const ctx = project()
    const r = await syncModelIntel(ctx, offline)
    expect(r.synced).to.equal(false)
    expect(r.errors[0]).to.match(/^leaderboard: http:\/\/127\.0\.0\.1:\d+ unreachable \(ECONNREFUSED\)$/)
    expect(r.message).to.equal(`Could not reach the hub; using the ${STATIC_SCORES.length} built-in static scores.`)
    expect(existsSync(ctx.stateDir)).to.equal(false)
    expect((await loadScores(ctx)).source).to.equal('static')
  })

  it('offline after a sync keeps the synced cache', async () => {
    const ctx = project()
    await syncModelIntel(ctx, {GOVTOOL_HUB_URL: hub.url})
    const r = await syncModelIntel(ctx, offline)
    expect(r.message).to.match(/using the scores synced at \d{4}-/)
    expect((await loadScores(ctx)).source).to.equal('hub+static')
  })

  it('a corrupt cache falls back to the built-in scores with a warning', async () => {
    const ctx = project()
    mkdirSync(ctx.stateDir, {recursive: true})
    writeFileSync(path.join(ctx.stateDir, 'model-intel.json'), '{"version": 1, "scores": "nope"}')
    const r = await listScores(ctx)
    expect(r.source).to.equal('static')
    expect(r.warning).to.match(/model-intel\.json is invalid/)
  })

  it('scores sort by bucket; recommendations take the top k', async () => {
    const ctx = project()
    const byLongform = await listScores(ctx, 'longform')
    const values = byLongform.scores.map((s) => s.longform_score)
    expect(values).to.deep.equal([...values].sort((a, b) => b - a))
    const rec = await recommend(ctx, {bucket: 'conversational', topK: 3})
    expect(rec.bucket).to.equal('conversational')
    expect(rec.recommendations).to.have.length(3)
    expect(rec.recommendations[0]).to.have.all.keys('model', 'score', 'reasoning', 'conversational', 'longform')
    expect(rec.recommendations[0].score).to.equal(rec.recommendations[0].conversational)
    expect((await recommend(ctx)).recommendations[0].model).to.equal('o3')
    await recommend(ctx, {bucket: 'vibes'}).then(
      () => expect.fail('should reject'),
      (error: Error) => expect(error.message).to.equal('Unknown bucket "vibes".'),
    )
  })

  it('finds a model by exact name, naming style or unique part, and explains misses', () => {
    expect(findScore(STATIC_SCORES, 'GPT-4O').model_name).to.equal('gpt-4o')
    expect(findScore(STATIC_SCORES, 'meta-llama/Llama-3.3-70B-Instruct').model_name).to.equal('llama-3.3-70b-instruct')
    expect(findScore(STATIC_SCORES, 'codestral').model_name).to.equal('codestral-latest')
    expect(() => findScore(STATIC_SCORES, 'claude')).to.throw(/matches \d+ models/)
    expect(() => findScore(STATIC_SCORES, 'no-such-model')).to.throw('No scores for model "no-such-model".')
  })

  describe('connection', () => {
    it('valid token: tier from the account', async () => {
      expect(await checkConnection({GOVTOOL_HUB_URL: hub.url, GOVTOOL_HUB_TOKEN: GOOD_TOKEN})).to.deep.equal({
        valid: true,
        token_set: true,
        token_valid: true,
        rate_limit_tier: 'pro',
        dataset_server_ok: true,
        message: 'Hub reachable; token valid for alice (pro tier). Dataset server ok.',
      })
    })

    it('refused token: not valid, never echoed', async () => {
      const r = await checkConnection({GOVTOOL_HUB_URL: hub.url, GOVTOOL_HUB_TOKEN: 'hf_wrong_secret_value'})
      expect(r).to.include({valid: false, token_set: true, token_valid: false, rate_limit_tier: 'anonymous', dataset_server_ok: true})
      expect(r.message).to.contain('HTTP 401')
      expect(JSON.stringify(r)).not.to.contain('hf_wrong_secret_value')
    })

    it('no token: anonymous but usable', async () => {
      expect(await checkConnection({GOVTOOL_HUB_URL: hub.url})).to.include({valid: true, token_set: false, token_valid: false, rate_limit_tier: 'anonymous'})
    })

    it('offline: not valid, tier unknown', async () => {
      const r = await checkConnection({...offline, GOVTOOL_HUB_TOKEN: GOOD_TOKEN})
      expect(r).to.include({valid: false, token_set: true, token_valid: false, rate_limit_tier: 'unknown', dataset_server_ok: false})
      expect(r.message).to.match(/unreachable \(ECONNREFUSED\)/)
    })
  })
})
