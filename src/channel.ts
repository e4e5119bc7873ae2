import {rm} from 'node:fs/promises'
import path from 'node:path'

import {GovError} from './errors.js'
import {readTextIfExists, writeFileAtomic} from './storage/atomic.js'

export const CHANNELS = ['stable', 'dev'] as const
export type Channel = (typeof CHANNELS)[number]

export interface EffectiveChannel {
  channel: Channel
  /** `user` when ~/.govtool/channel holds a preference, else `version` (inferred from the version string) */
  source: 'user' | 'version'
}

/** A version with a dev suffix (`1.2.0.dev3`, `1.2.0-dev.3`, `1.2.0-dev3`) is on the dev channel. */
export function channelFromVersion(version: string): Channel {
  return /[.-]dev\.?\d*/.test(version) ? 'dev' : 'stable'
}

export function assertChannel(value: string): Channel {
  if ((CHANNELS as readonly string[]).includes(value)) return value as Channel
  throw new GovError(`Unknown channel '${value}'.`, {code: 'E_BAD_CHANNEL', hint: `Use one of: ${CHANNELS.join(', ')}.`})
}

const channelFile = (userDir: string) => path.join(userDir, 'channel')

export async function getChannel(userDir: string, version: string): Promise<EffectiveChannel> {
  const saved = (await readTextIfExists(channelFile(userDir)))?.trim()
  if (saved && (CHANNELS as readonly string[]).includes(saved)) return {channel: saved as Channel, source: 'user'}
  return {channel: channelFromVersion(version), source: 'version'}
}

export async function setChannel(userDir: string, channel: string): Promise<Channel> {
  const valid = assertChannel(channel)
  await writeFileAtomic(channelFile(userDir), `${valid}\n`)
  return valid
}

/** Removes the preference; returns whether there was one. */
export async function clearChannel(userDir: string): Promise<boolean> {
  const existed = (await readTextIfExists(channelFile(userDir))) !== undefined
  await rm(channelFile(userDir), {force: true})
  return existed
}
