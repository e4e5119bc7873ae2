import {existsSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {cleanupTempDirs, isolatedEnv, makeTempDir, runCli} from 'govtool/testing'

import {GOOD_TOKEN, deadPort, startFakeHub, type FakeHub} from './fake-hub.js'

describe('govtool model-intel (end to end)', () => {
  let hub: FakeHub
  let online: NodeJS.ProcessEnv
  let offline: NodeJS.ProcessEnv

  before(async () => {
    hub = await startFakeHub()
    const home = makeTempDir()
    online = isolatedEnv(home, {GOVTOOL_HUB_URL: hub.url, GOVTOOL_HUB_TOKEN: GOOD_TOKEN})
    offline = isolatedEnv(home, {GOVTOOL_HUB_URL: `http://127.0.0.1:${await deadPort()}`, GOVTOOL_HUB_TOKEN: GOOD_TOKEN})
  })
  after(async () => {
    await hub.close()
    cleanupTempDirs()
  })

  it('sync online caches scores in .govtool/, never printing the token', async () => {
    const dir = makeTempDir()
    const r = await runCli(['model-intel', 'sync', '--json', '--project-dir', dir], {env: online})
    expect(r.code, r.stderr).to.equal(0)
    const j = r.json<{synced: boolean; errors: string[]; message: string}>()
    expect(j).to.include({synced: true})
    expect(j.errors).to.deep.equal([])
    expect(j.message).to.match(/^Synced 248 models/)
    expect(existsSync(path.join(dir, '.govtool', 'model-intel.json'))).to.equal(true)
    expect(r.stdout + r.stderr).not.to.contain(GOOD_TOKEN)
    const one = await runCli(['model-intel', 'scores', '--model', 'Qwen/Qwen2.5-72B-Instruct', '--json'], {env: online, cwd: dir})
    expect(one.json<{score: {source: string}}>().score.source).to.equal('hub')
  })

  it('sync offline exits 0 with the static fallback', async () => {
    const dir = makeTempDir()
    const r = await runCli(['model-intel', 'sync', '--json', '--project-dir', dir], {env: offline})
    expect(r.code).to.equal(0)
    const j = r.json<{synced: boolean; errors: string[]; message: string}>()
    expect(j.synced).to.equal(false)
    expect(j.errors).to.have.length(1)
    expect(j.message).to.match(/using the \d+ built-in static scores/)
  })

  it('scores: list sorted by bucket, single score object, unknown model and bucket errors', async () => {
    const dir = makeTempDir()
    const list = (await runCli(['model-intel', 'scores', '--bucket', 'reasoning', '--json'], {env: offline, cwd: dir})).json<{scores: {model_name: string; reasoning_score: number}[]}>()
    expect(list.scores.length).to.be.at.least(40)
    expect(list.scores[0]).to.have.keys('model_name', 'reasoning_score', 'conversational_score', 'longform_score', 'source', 'provider')
    expect(list.scores[0].model_name).to.equal('o3')
    const one = (await runCli(['model-intel', 'scores', '--model', 'gpt-4o', '--json'], {env: offline, cwd: dir})).json<{score: Record<string, unknown>}>()
    expect(one.score).to.deep.equal({model_name: 'gpt-4o', reasoning_score: 80, conversational_score: 90, longform_score: 84, source: 'static', provider: 'openai'})
    const miss = await runCli(['model-intel', 'scores', '--model', 'nope-9000'], {env: offline, cwd: dir})
    expect(miss.code).to.equal(1)
    expect(miss.stderr).to.contain('No scores for model "nope-9000".')
  })

  it('recommendations: default bucket reasoning and top-k 10, JSON keys of the spec', async () => {
    const dir = makeTempDir()
    const r = (await runCli(['model-intel', 'recommendations', '--json'], {env: offline, cwd: dir})).json<{bucket: string; recommendations: {score: number}[]}>()
    expect(r.bucket).to.equal('reasoning')
    expect(r.recommendations).to.have.length(10)
    const scores = r.recommendations.map((x) => x.score)
    expect(scores).to.deep.equal([...scores].sort((a, b) => b - a))
    const top3 = await runCli(['model-intel', 'recommendations', '--bucket', 'longform', '--top-k', '3'], {env: offline, cwd: dir})
    expect(top3.stdout).to.match(/Top 3 for longform:\n#\s+MODEL\s+SCORE\s+R\s+C\s+L\n\s*1\s+claude-opus-4\s+93/)
  })

  it('connection: valid with a good token, exit 1 offline, token never printed', async () => {
    const ok = await runCli(['model-intel', 'connection', '--json'], {env: online})
    expect(ok.code).to.equal(0)
    expect(ok.json()).to.include({valid: true, token_set: true, token_valid: true, rate_limit_tier: 'pro', dataset_server_ok: true})
    const bad = await runCli(['model-intel', 'connection'], {env: {...online, GOVTOOL_HUB_TOKEN: 'hf_definitely_wrong_999'}})
    expect(bad.code).to.equal(1)
    expect(bad.stdout).to.contain('refused GOVTOOL_HUB_TOKEN')
    expect(bad.stdout + bad.stderr).not.to.contain('hf_definitely_wrong_999')
    const down = await runCli(['model-intel', 'connection', '--json'], {env: offline})
    expect(down.code).to.equal(1)
    expect(down.json()).to.include({valid: false, dataset_server_ok: false, rate_limit_tier: 'unknown'})
  })
})
