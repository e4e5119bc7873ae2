import {chmodSync, existsSync, mkdirSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {cleanupTempDirs, isolatedEnv, makeTempDir, runCli} from 'govtool/testing'

import {ENDPOINT_PRESETS, PROFILE_ROLES, suggestProfiles} from '../../src/lib/profiles/index.js'

const nvidia = (vram_gb: number) => ({vendor: 'nvidia' as const, vram_gb, source: 'nvidia-smi' as const, devices: 1})
const none = {vendor: 'none' as const, vram_gb: 0, source: 'none' as const, devices: 0}

describe('agent profiles (suggest-profiles, endpoint-presets)', () => {
  after(cleanupTempDirs)

  it('has 10+ OpenAI-compatible presets with unique ids and well-formed URLs', () => {
    expect(ENDPOINT_PRESETS.length).to.be.at.least(10)
    expect(new Set(ENDPOINT_PRESETS.map((p) => p.id)).size).to.equal(ENDPOINT_PRESETS.length)
    for (const p of ENDPOINT_PRESETS) {
      const url = new URL(p.base_url)
      expect(p.needs_key, p.id).to.equal(p.key_env !== null)
      if (p.endpoint_kind === 'local' || p.endpoint_kind === 'governance') expect(url.hostname, p.id).to.equal('127.0.0.1')
      else expect(url.protocol, p.id).to.equal('https:')
    }
  })

  it('without keys suggests local models sized to the GPU for every role', async () => {
    const r = await suggestProfiles({env: {}, gpu: nvidia(24)})
    expect(r.keys_found).to.deep.equal([])
    expect(r.persisted).to.equal(false)
    expect(r.hardware).to.include({vram_gb: 24, num_ctx: 32_768})
    expect(r.suggestions.map((s) => s.role)).to.deep.equal(PROFILE_ROLES.map((x) => x.role))
    expect(r.suggestions.every((s) => s.provider_type === 'ollama')).to.equal(true)
    expect(r.suggestions.find((s) => s.role === 'coder')).to.include({model: 'qwen2.5-coder:32b', bucket: 'reasoning'})
    const cpu = await suggestProfiles({env: {}, gpu: none})
    expect(cpu.suggestions.find((s) => s.role === 'coder')!.notes).to.contain('needs 6 GB and will be slow')
  })

  it('with keys picks the preferred provider per bucket and adds a local offline alternative when a GPU exists', async () => {
    const env = {OPENAI_API_KEY: 'sk-live-SECRET', GOOGLE_API_KEY: 'g-SECRET', GROQ_API_KEY: '  '}
    const r = await suggestProfiles({env, gpu: nvidia(8)})
    expect(r.keys_found).to.deep.equal(['OPENAI_API_KEY', 'GOOGLE_API_KEY'])
    const byRole = Object.fromEntries(r.suggestions.filter((s) => s.provider_type !== 'ollama').map((s) => [s.role, `${s.provider_type}/${s.model}`]))
    expect(byRole).to.deep.include({architect: 'openai/o4-mini', researcher: 'gemini/gemini-2.5-pro', chat: 'openai/gpt-4o'})
    expect(r.suggestions.at(-1)).to.include({provider_type: 'ollama', role: 'coder', model: 'qwen2.5-coder:7b'})
    expect(JSON.stringify(r)).not.to.contain('SECRET')
    const noGpu = await suggestProfiles({env, gpu: none})
    expect(noGpu.suggestions.some((s) => s.provider_type === 'ollama')).to.equal(false)
  })

  it('includes the TERMINAL_AI upstream when configured, naming variables only', async () => {
    const r = await suggestProfiles({env: {TERMINAL_AI_BASE_URL: 'https://user:pw@llm.internal/v1', TERMINAL_AI_MODEL: 'team-model', TERMINAL_AI_API_KEY: 'k-SECRET'}, gpu: none})
    expect(r.suggestions.at(-1)).to.include({provider_type: 'openai-compatible', model: 'team-model', role: 'chat'})
    expect(r.keys_found).to.deep.equal(['TERMINAL_AI_API_KEY'])
    expect(JSON.stringify(r)).not.to.match(/SECRET|user:pw/)
  })

  it('end to end: suggest-profiles uses the detected GPU, prints no key values and writes nothing', async () => {
    const home = makeTempDir()
    const bin = path.join(home, 'bin')
    mkdirSync(bin)
    writeFileSync(path.join(bin, 'nvidia-smi'), '#!/bin/sh\necho 16384\n')
    chmodSync(path.join(bin, 'nvidia-smi'), 0o755)
    const env = isolatedEnv(home, {PATH: bin, ANTHROPIC_API_KEY: 'sk-ant-TOPSECRET'})
    for (const k of ['OPENAI_API_KEY', 'GEMINI_API_KEY', 'GOOGLE_API_KEY', 'MISTRAL_API_KEY', 'GROQ_API_KEY', 'DEEPSEEK_API_KEY', 'OPENROUTER_API_KEY', 'TOGETHER_API_KEY', 'XAI_API_KEY', 'FIREWORKS_API_KEY', 'TERMINAL_AI_BASE_URL']) delete env[k]
    const r = await runCli(['agent', 'suggest-profiles', '--json'], {env, cwd: home})
    expect(r.code, r.stderr).to.equal(0)
    const j = r.json<{keys_found: string[]; hardware: {vram_gb: number; num_ctx: number}; suggestions: {provider_type: string; role: string}[]}>()
    expect(j.keys_found).to.deep.equal(['ANTHROPIC_API_KEY'])
    expect(j.hardware).to.include({vram_gb: 16, num_ctx: 16_384})
    expect(j.suggestions.find((s) => s.role === 'architect')!.provider_type).to.equal('anthropic')
    const human = await runCli(['agent', 'suggest-profiles'], {env, cwd: home})
    expect(human.stdout).to.contain('Keys found: ANTHROPIC_API_KEY; hardware: 16 GB nvidia GPU (num_ctx 16384).')
    expect(r.stdout + human.stdout + human.stderr).not.to.contain('TOPSECRET')
    expect(existsSync(path.join(home, 'govtool-home', 'providers.json'))).to.equal(false)
    expect(existsSync(path.join(home, '.govtool'))).to.equal(false)
    const presets = (await runCli(['agent', 'endpoint-presets', '--json'], {env, cwd: home})).json<{presets: Record<string, unknown>[]}>()
    expect(presets.presets.length).to.be.at.least(10)
    expect(presets.presets[0]).to.include.all.keys('id', 'label', 'base_url', 'endpoint_kind', 'needs_key')
  })
})
