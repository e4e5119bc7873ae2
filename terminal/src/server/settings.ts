// SPDX-License-Identifier: AGPL-3.0-only
/**
 * What the terminal keeps for itself: the update channel (SPEC.md: `{data_dir}/<terminal>_update_channel`,
 * here `{data_dir}/govtool-terminal_update_channel`, data_dir being GOVTOOL_HOME or ~/.govtool), the num_ctx the
 * user chose, and the VRAM it detected. Files are written atomically (temporary file, then rename).
 */
import {execFile} from 'node:child_process'
import {mkdirSync, readFileSync, renameSync, writeFileSync} from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import {DEFAULT_CHANNEL, UPDATE_CHANNELS, type UpdateChannel} from '../shared/limits.js'

export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.GOVTOOL_HOME?.trim() || path.join(os.homedir(), '.govtool')
}

export function writeAtomic(file: string, text: string): void {
  mkdirSync(path.dirname(file), {recursive: true})
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`
  writeFileSync(temporary, text)
  renameSync(temporary, file)
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
}

export class TerminalSettings {
  constructor(readonly dir: string) {}

  get channelFile(): string {
    return path.join(this.dir, 'govtool-terminal_update_channel')
  }

  get numCtxFile(): string {
    return path.join(this.dir, 'govtool-terminal_num_ctx')
  }

  channel(): UpdateChannel {
    const text = readText(this.channelFile)?.trim()
    return (UPDATE_CHANNELS as readonly string[]).includes(text ?? '') ? (text as UpdateChannel) : DEFAULT_CHANNEL
  }

  setChannel(channel: string): UpdateChannel {
    if (!(UPDATE_CHANNELS as readonly string[]).includes(channel)) throw new RangeError(`The update channel is Latest or Stable, not '${channel}'.`)
    writeAtomic(this.channelFile, `${channel}\n`)
    return channel as UpdateChannel
  }

  numCtx(): number | null {
    const value = Number.parseInt(readText(this.numCtxFile) ?? '', 10)
    return Number.isInteger(value) && value > 0 ? value : null
  }

  setNumCtx(value: number): number {
    if (!Number.isInteger(value) || value < 512 || value > 1_048_576) throw new RangeError('num_ctx is a whole number of tokens from 512 to 1048576.')
    writeAtomic(this.numCtxFile, `${value}\n`)
    return value
  }
}

/** A port of ~/.govtool/config.yml (the line `governance_port: N` or `api_port: N`), else the default. */
export function configuredPort(dir: string, key: 'governance_port' | 'api_port', fallback: number): number {
  const match = new RegExp(`^${key}:\\s*(\\d+)\\s*$`, 'm').exec(readText(path.join(dir, 'config.yml')) ?? '')
  const port = match ? Number(match[1]) : fallback
  return port > 0 && port < 65_536 ? port : fallback
}

export interface Vram {
  gb: number | null
  source: string
}

/** Total VRAM of the largest NVIDIA GPU from nvidia-smi; `unknown` when there is none or it fails. */
export function detectVram(env: NodeJS.ProcessEnv = process.env): Promise<Vram> {
  const override = env.GOVTOOL_TERMINAL_VRAM_GB
  if (override !== undefined && override !== '') return Promise.resolve({gb: Number(override), source: 'GOVTOOL_TERMINAL_VRAM_GB'})
  return new Promise((resolve) => {
    execFile('nvidia-smi', ['--query-gpu=memory.total', '--format=csv,noheader,nounits'], {timeout: 3000}, (error, stdout) => {
      if (error) {
        resolve({gb: null, source: 'nvidia-smi not found or failed'})
        return
      }
      const mib = stdout.split('\n').map((l) => Number.parseFloat(l)).filter((n) => Number.isFinite(n))
      resolve(mib.length > 0 ? {gb: Math.round((Math.max(...mib) / 1024) * 10) / 10, source: 'nvidia-smi'} : {gb: null, source: 'nvidia-smi reported no GPU'})
    })
  })
}
