import {spawn} from 'node:child_process'

import {expect} from 'chai'
import {BIN, cleanupTempDirs, isolatedEnv, makeTempDir, runCli} from 'govtool/testing'

import {startFakeDaemon, type FakeDaemon} from './fake-daemon.js'
import {fakeBin} from './helpers.js'

describe('govtool ollama (end to end)', () => {
  let daemon: FakeDaemon
  let env: NodeJS.ProcessEnv

  before(async () => {
    daemon = await startFakeDaemon({
      'tiny:1b': {kind: 'ok', layers: [{digest: 'sha256:' + 'c'.repeat(64), total: 2_000_000}], steps: 10},
      'broken:1b': {kind: 'error-midway', message: 'max retries exceeded: unexpected EOF'},
      'slow:1b': {kind: 'hang'},
    })
    env = isolatedEnv(makeTempDir(), {OLLAMA_HOST: daemon.hostPort, PATH: fakeBin({'nvidia-smi': 'echo 8192'})})
  })
  after(async () => {
    await daemon.close()
    cleanupTempDirs()
  })

  it('list shows installed models with size, modified time and loaded state', async () => {
    const r = await runCli(['ollama', 'list'], {env})
    expect(r.code, r.stderr).to.equal(0)
    expect(r.stdout).to.match(/NAME\s+ID\s+SIZE\s+PARAMS\s+MODIFIED\s+LOADED/)
    expect(r.stdout).to.match(/qwen2\.5-coder:7b\s+2b0496514337\s+4\.7 GB\s+7\.6B\s+\d+ \w+ ago\s+yes/)
    const j = (await runCli(['ollama', 'list', '--json'], {env})).json<{host: string; version: string; models: {name: string; size: number; running: boolean}[]}>()
    expect(j.host).to.equal(daemon.url)
    expect(j.version).to.equal('0.5.7')
    expect(j.models.map((m) => [m.name, m.running])).to.deep.equal([['llama3.2:3b', false], ['qwen2.5-coder:7b', true]])
  })

  it('a daemon that is not running is a clear error naming `ollama serve`', async () => {
    const down = await startFakeDaemon()
    const hostPort = down.hostPort
    await down.close()
    const r = await runCli(['ollama', 'list'], {env: {...env, OLLAMA_HOST: hostPort}})
    expect(r.code).to.equal(1)
    expect(r.stderr).to.contain(`The Ollama daemon at http://${hostPort} is not reachable`)
    expect(r.stderr).to.contain('Start it with `ollama serve`')
    expect(r.stderr).not.to.match(/\n\s+at /)
  })

  it('pull prints plain progress lines without a TTY and the result with --json', async () => {
    const r = await runCli(['ollama', 'pull', 'tiny:1b'], {env})
    expect(r.code, r.stderr).to.equal(0)
    const lines = r.stdout.trim().split('\n')
    expect(lines[0]).to.equal('pulling manifest')
    expect(lines).to.include('pulling cccccccccccc')
    expect(r.stdout).to.match(/50% 1\.0 MB \/ 2\.0 MB at [\d.]+ \w?B\/s/)
    expect(r.stdout).to.contain('success')
    expect(lines.at(-1)).to.match(/pulled tiny:1b \(2\.0 MB in [\d.]+ s\)/)
    const j = await runCli(['ollama', 'pull', 'tiny:1b', '--json'], {env})
    expect(j.json()).to.include({model: 'tiny:1b', status: 'success', layers: 1, total_bytes: 2_000_000})
  })

  it('a pull that fails midway exits non-zero with the daemon error', async () => {
    const r = await runCli(['ollama', 'pull', 'broken:1b'], {env})
    expect(r.code).to.equal(1)
    expect(r.stdout).to.contain('pulling manifest')
    expect(r.stderr).to.contain('Pull of broken:1b failed: max retries exceeded: unexpected EOF')
  })

  it('Ctrl-C stops a pull and says it can be resumed', async () => {
    const child = spawn(process.execPath, [BIN, 'ollama', 'pull', 'slow:1b'], {env, stdio: ['ignore', 'pipe', 'pipe']})
    let stdout = ''
    let stderr = ''
    child.stderr.on('data', (d) => (stderr += d))
    const code = await new Promise<number | null>((resolve) => {
      child.stdout.on('data', (d) => {
        stdout += d
        if (stdout.includes('10%')) child.kill('SIGINT')
      })
      child.on('close', (c) => resolve(c))
    })
    expect(code).to.equal(130)
    expect(stderr).to.contain('Pull of slow:1b interrupted at 10%')
    expect(stderr).to.contain('again to resume')
  })

  it('gpu reports fake nvidia-smi memory and the recommended num_ctx', async () => {
    const r = await runCli(['ollama', 'gpu', '--json'], {env})
    expect(r.json()).to.deep.equal({vendor: 'nvidia', vram_gb: 8, source: 'nvidia-smi', devices: 1, num_ctx: 8192})
    const none = await runCli(['ollama', 'gpu'], {env: {...env, PATH: fakeBin({})}})
    expect(none.stdout).to.contain('No GPU found')
    expect(none.stdout).to.contain('Recommended num_ctx: 4096')
  })

  it('available filters the catalog by task and detected VRAM', async () => {
    const r = await runCli(['ollama', 'available', '--task', 'code', '--json'], {env})
    const j = r.json<{task: string; budget_gb: number; models: {name: string}[]; too_large: {name: string}[]}>()
    expect(j).to.include({task: 'code', budget_gb: 8})
    expect(j.models.map((m) => m.name)).to.deep.equal(['qwen2.5-coder:7b'])
    expect(j.too_large).to.have.length(2)
    const bad = await runCli(['ollama', 'available', '--task', 'poetry'], {env})
    expect(bad.code).to.equal(2)
    expect(bad.stderr).to.contain('Unknown task type "poetry"')
    expect(bad.stderr).to.contain('code, requirements, architecture, chat, analysis, reasoning')
  })

  it('suggest picks the best model for the task on this machine', async () => {
    const r = await runCli(['ollama', 'suggest', 'reasoning', '--json'], {env})
    expect(r.json<{model: {name: string}; num_ctx: number; pull_command: string}>()).to.deep.include({num_ctx: 8192, pull_command: 'govtool ollama pull deepseek-r1:8b'})
    const human = await runCli(['ollama', 'suggest', 'code'], {env})
    expect(human.stdout).to.contain('qwen2.5-coder:7b (6 GB)')
    expect(human.stdout).to.contain('Install: govtool ollama pull qwen2.5-coder:7b')
  })
})
