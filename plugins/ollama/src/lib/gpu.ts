import {execFile} from 'node:child_process'
import os from 'node:os'

/** What `detectGpu()` found: the vendor, the usable video memory in GB and the tool that reported it. */
export interface GpuInfo {
  vendor: 'nvidia' | 'amd' | 'apple' | 'none'
  /** total video memory over all devices (GB, one decimal); Apple Silicon: the unified memory */
  vram_gb: number
  source: 'nvidia-smi' | 'rocm-smi' | 'sysctl' | 'none'
  /** number of devices found (0 when none) */
  devices: number
}

export interface DetectGpuOptions {
  /** environment for the probes (PATH decides which nvidia-smi / rocm-smi run); default process.env */
  env?: NodeJS.ProcessEnv
  platform?: NodeJS.Platform
  arch?: string
  /** per-probe timeout (ms), default 3000 */
  timeoutMs?: number
}

const GIB = 1024 ** 3

/**
 * Detects GPU memory, first match wins: NVIDIA (`nvidia-smi --query-gpu=memory.total`), AMD
 * (`rocm-smi --showmeminfo vram`), Apple Silicon unified memory (`sysctl -n hw.memsize` on darwin/arm64),
 * else none. Probes that are missing, fail, time out or print nothing usable are skipped; this never throws.
 */
export async function detectGpu(options: DetectGpuOptions = {}): Promise<GpuInfo> {
  const env = options.env ?? process.env
  const timeout = options.timeoutMs ?? 3000
  const platform = options.platform ?? process.platform
  const arch = options.arch ?? os.arch()

  const nvidia = await run('nvidia-smi', ['--query-gpu=memory.total', '--format=csv,noheader,nounits'], env, timeout)
  if (nvidia !== undefined) {
    const mib = parseNvidiaSmi(nvidia)
    if (mib.length > 0) return {vendor: 'nvidia', vram_gb: gb(sum(mib) * 1024 ** 2), source: 'nvidia-smi', devices: mib.length}
  }
  const rocm = await run('rocm-smi', ['--showmeminfo', 'vram', '--json'], env, timeout)
  if (rocm !== undefined) {
    const bytes = parseRocmSmi(rocm)
    if (bytes.length > 0) return {vendor: 'amd', vram_gb: gb(sum(bytes)), source: 'rocm-smi', devices: bytes.length}
  }
  if (platform === 'darwin' && arch === 'arm64') {
    const out = await run('sysctl', ['-n', 'hw.memsize'], env, timeout)
    const bytes = Number(out?.trim())
    if (Number.isFinite(bytes) && bytes > 0) return {vendor: 'apple', vram_gb: gb(bytes), source: 'sysctl', devices: 1}
  }
  return {vendor: 'none', vram_gb: 0, source: 'none', devices: 0}
}

/** MiB per GPU from `nvidia-smi --query-gpu=memory.total --format=csv,noheader,nounits` (one line each). */
export function parseNvidiaSmi(output: string): number[] {
  return output
    .split(/\r?\n/)
    .map((line) => line.trim().replace(/\s*MiB$/i, ''))
    .filter((line) => /^\d+(\.\d+)?$/.test(line))
    .map(Number)
    .filter((n) => n > 0)
}

/** Bytes per GPU from `rocm-smi --showmeminfo vram` (its JSON form or its text form). */
export function parseRocmSmi(output: string): number[] {
  const out: number[] = []
  for (const m of output.matchAll(/VRAM Total Memory \(B\)"?\s*:\s*"?(\d+)/g)) {
    const n = Number(m[1])
    if (n > 0) out.push(n)
  }
  return out
}

/**
 * The recommended context window for a GPU with `vramGb` of memory (SPEC.md "Limits"):
 * under 6 GB 4096; 6-11 GB 8192; 12-19 GB 16384; 20 GB or more 32768.
 */
export function recommendedNumCtx(vramGb: number): number {
  if (!Number.isFinite(vramGb) || vramGb < 6) return 4096
  if (vramGb < 12) return 8192
  if (vramGb < 20) return 16_384
  return 32_768
}

function gb(bytes: number): number {
  return Math.round((bytes / GIB) * 10) / 10
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0)
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, timeout: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    try {
      execFile(command, args, {env, timeout, windowsHide: true, maxBuffer: 1024 * 1024}, (error, stdout) => {
        resolve(error ? undefined : String(stdout))
      })
    } catch {
      resolve(undefined)
    }
  })
}
