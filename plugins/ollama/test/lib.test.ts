import {expect} from 'chai'
import {cleanupTempDirs} from 'govtool/testing'

import {
  CATALOG,
  NdjsonDecoder,
  PullTracker,
  TASK_TYPES,
  assertModelName,
  availableModels,
  detectGpu,
  ollamaBaseUrl,
  parseNvidiaSmi,
  parseRocmSmi,
  recommendedNumCtx,
  suggestModel,
  type GpuInfo,
} from '../src/index.js'
import {fakeBin} from './helpers.js'

const gpu = (vram_gb: number, vendor: GpuInfo['vendor'] = 'nvidia'): GpuInfo => ({vendor, vram_gb, source: vendor === 'none' ? 'none' : 'nvidia-smi', devices: vendor === 'none' ? 0 : 1})

describe('ollama library', () => {
  after(cleanupTempDirs)

  describe('OLLAMA_HOST', () => {
    const cases: [string | undefined, string][] = [
      [undefined, 'http://127.0.0.1:11434'],
      ['', 'http://127.0.0.1:11434'],
      ['127.0.0.1:9999', 'http://127.0.0.1:9999'],
      ['gpu-box', 'http://gpu-box:11434'],
      ['0.0.0.0', 'http://127.0.0.1:11434'],
      [':8080', 'http://127.0.0.1:8080'],
      ['http://gpu-box', 'http://gpu-box:80'],
      ['https://ollama.example.com/', 'https://ollama.example.com:443'],
      ['http://10.0.0.5:11434/proxy/', 'http://10.0.0.5:11434/proxy'],
      ['[::1]:11434', 'http://[::1]:11434'],
    ]
    for (const [value, expected] of cases) {
      it(`${JSON.stringify(value)} -> ${expected}`, () => {
        expect(ollamaBaseUrl({OLLAMA_HOST: value})).to.equal(expected)
      })
    }
    it('rejects a bad port or scheme', () => {
      expect(() => ollamaBaseUrl({OLLAMA_HOST: 'host:99999'})).to.throw(/invalid port/)
      expect(() => ollamaBaseUrl({OLLAMA_HOST: 'ftp://host'})).to.throw(/unsupported scheme/)
    })
  })

  describe('NDJSON decoding', () => {
    it('parses lines split across chunks at every possible boundary', () => {
      const lines = [{status: 'pulling manifest'}, {status: 'pulling abc', digest: 'sha256:abc', total: 10, completed: 5}, {status: 'success'}]
      const text = lines.map((l) => JSON.stringify(l)).join('\n') + '\n'
      for (let cut = 1; cut < text.length; cut++) {
        const d = new NdjsonDecoder()
        const out = [...d.push(text.slice(0, cut)), ...d.push(text.slice(cut)), ...d.end()]
        expect(out, `cut at ${cut}`).to.deep.equal(lines)
      }
    })

    it('keeps multi-byte characters split between byte chunks intact', () => {
      const bytes = new TextEncoder().encode('{"status":"pulling ünïcödé ✓"}\n')
      const d = new NdjsonDecoder<{status: string}>()
      const out = [...d.push(bytes.slice(0, 22)), ...d.push(bytes.slice(22, 23)), ...d.push(bytes.slice(23)), ...d.end()]
      expect(out).to.deep.equal([{status: 'pulling ünïcödé ✓'}])
    })

    it('parses a last line without a newline, skips blank lines and counts junk', () => {
      const d = new NdjsonDecoder()
      const out = [...d.push('{"a":1}\n\n<html>oops</html>\n{"b":2}'), ...d.end()]
      expect(out).to.deep.equal([{a: 1}, {b: 2}])
      expect(d.invalid).to.equal(1)
      expect(d.firstInvalid).to.equal('<html>oops</html>')
    })
  })

  describe('pull progress', () => {
    it('sums layers, computes percent and speed over a window', () => {
      const t = new PullTracker()
      t.update({status: 'pulling manifest'}, 0)
      t.update({status: 'pulling a', digest: 'sha256:a', total: 1000}, 0)
      t.update({status: 'pulling b', digest: 'sha256:b', total: 3000}, 0)
      t.update({status: 'pulling a', digest: 'sha256:a', total: 1000, completed: 1000}, 1000)
      const p = t.update({status: 'pulling b', digest: 'sha256:b', total: 3000, completed: 1000}, 2000)
      expect(p).to.include({completed_bytes: 2000, total_bytes: 4000, percent: 50, layers: 2, status: 'pulling b'})
      expect(p.bytes_per_second).to.equal(1000)
      expect(t.succeeded).to.equal(false)
      t.update({status: 'success'}, 3000)
      expect(t.succeeded).to.equal(true)
    })

    it('never lets a layer go backwards', () => {
      const t = new PullTracker()
      t.update({status: 'x', digest: 'd', total: 100, completed: 60})
      expect(t.update({status: 'x', digest: 'd', total: 100, completed: 10}).completed_bytes).to.equal(60)
    })

    it('validates model names before any request', () => {
      for (const ok of ['llama3.1:8b', 'qwen2.5-coder:7b', 'library/llama3', 'registry.example.com:5000/team/model:v1', 'phi4-mini']) expect(assertModelName(ok)).to.equal(ok)
      for (const bad of ['', '../etc', 'a b', 'model:tag:extra', '-x', 'a;rm']) expect(() => assertModelName(bad), bad).to.throw(/Invalid model name/)
    })
  })

  describe('GPU and num_ctx', () => {
    it('maps VRAM to num_ctx per the SPEC table', () => {
      const table: [number, number][] = [[0, 4096], [4, 4096], [5.9, 4096], [6, 8192], [8, 8192], [11.9, 8192], [12, 16_384], [16, 16_384], [19.9, 16_384], [20, 32_768], [24, 32_768], [80, 32_768], [Number.NaN, 4096]]
      for (const [vram, ctx] of table) expect(recommendedNumCtx(vram), `${vram} GB`).to.equal(ctx)
    })

    it('parses nvidia-smi and rocm-smi output', () => {
      expect(parseNvidiaSmi('24576\n8192\n')).to.deep.equal([24_576, 8192])
      expect(parseNvidiaSmi('No devices were found\n')).to.deep.equal([])
      expect(parseRocmSmi('{"card0": {"VRAM Total Memory (B)": "17163091968", "VRAM Total Used Memory (B)": "1"}}')).to.deep.equal([17_163_091_968])
      expect(parseRocmSmi('GPU[0]\t\t: VRAM Total Memory (B): 34342961152\nGPU[0]\t\t: VRAM Total Used Memory (B): 7028736')).to.deep.equal([34_342_961_152])
    })

    it('detects NVIDIA memory with a fake nvidia-smi on PATH (summed over GPUs)', async () => {
      const bin = fakeBin({'nvidia-smi': 'echo 12288\necho 12288'})
      expect(await detectGpu({env: {PATH: bin}, platform: 'linux'})).to.deep.equal({vendor: 'nvidia', vram_gb: 24, source: 'nvidia-smi', devices: 2})
    })

    it('falls through a failing nvidia-smi to rocm-smi', async () => {
      const bin = fakeBin({'nvidia-smi': 'echo "NVIDIA-SMI has failed" >&2\nexit 9', 'rocm-smi': 'echo \'{"card0": {"VRAM Total Memory (B)": "17179869184"}}\''})
      expect(await detectGpu({env: {PATH: bin}, platform: 'linux'})).to.deep.equal({vendor: 'amd', vram_gb: 16, source: 'rocm-smi', devices: 1})
    })

    it('reads Apple unified memory with sysctl on darwin/arm64 only', async () => {
      const bin = fakeBin({sysctl: 'echo 34359738368'})
      expect(await detectGpu({env: {PATH: bin}, platform: 'darwin', arch: 'arm64'})).to.deep.equal({vendor: 'apple', vram_gb: 32, source: 'sysctl', devices: 1})
      expect((await detectGpu({env: {PATH: bin}, platform: 'linux', arch: 'arm64'})).vendor).to.equal('none')
    })

    it('reports none when no probe is on PATH', async () => {
      expect(await detectGpu({env: {PATH: fakeBin({})}, platform: 'linux'})).to.deep.equal({vendor: 'none', vram_gb: 0, source: 'none', devices: 0})
    })
  })

  describe('catalog', () => {
    it('has 9 models from 2 to 20 GB, each with a best-for note and valid tasks', () => {
      expect(CATALOG).to.have.length(9)
      expect(Math.min(...CATALOG.map((m) => m.vram_gb))).to.equal(2)
      expect(Math.max(...CATALOG.map((m) => m.vram_gb))).to.equal(20)
      for (const m of CATALOG) {
        expect(m.best_for.length, m.name).to.be.greaterThan(10)
        expect(m.tasks.every((t) => (TASK_TYPES as readonly string[]).includes(t)), m.name).to.equal(true)
        expect(() => assertModelName(m.name)).not.to.throw()
      }
      for (const t of TASK_TYPES) expect(CATALOG.some((m) => m.tasks.includes(t)), t).to.equal(true)
    })

    it('filters by task and VRAM, largest first', () => {
      const r = availableModels(gpu(8), 'code')
      expect(r.models.map((m) => m.name)).to.deep.equal(['qwen2.5-coder:7b'])
      expect(r.too_large.map((m) => m.name)).to.deep.equal(['qwen2.5-coder:32b', 'qwen2.5-coder:14b'])
      expect(r.num_ctx).to.equal(8192)
      expect(availableModels(gpu(24)).models).to.have.length(9)
      expect(availableModels(gpu(0, 'none')).models.every((m) => m.vram_gb <= 4)).to.equal(true)
    })

    it('suggests the largest fitting model, or the smallest one with a warning', () => {
      expect(suggestModel(gpu(24), 'code').model.name).to.equal('qwen2.5-coder:32b')
      expect(suggestModel(gpu(12), 'reasoning').model.name).to.equal('deepseek-r1:8b')
      const tight = suggestModel(gpu(0, 'none'), 'architecture')
      expect(tight.model).to.include({name: 'gemma3:12b', fits: false})
      expect(tight.note).to.match(/No architecture model fits 4 GB/)
    })

    it('rejects an unknown task type, listing the valid ones', () => {
      expect(() => availableModels(gpu(8), 'poetry')).to.throw(/Unknown task type "poetry"/).with.property('hint').that.contains('code, requirements, architecture, chat, analysis, reasoning')
    })
  })
})
