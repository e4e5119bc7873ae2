// SPDX-License-Identifier: AGPL-3.0-only
/** SPEC.md "Limits": the recommended Ollama num_ctx by detected VRAM (GB), and the update channels. */

export function recommendedNumCtx(vramGb: number | null): number | null {
  if (vramGb === null || !Number.isFinite(vramGb) || vramGb < 0) return null
  if (vramGb < 6) return 4096
  if (vramGb < 12) return 8192
  if (vramGb < 20) return 16384
  return 32768
}

export const UPDATE_CHANNELS = ['Latest', 'Stable'] as const
export type UpdateChannel = (typeof UPDATE_CHANNELS)[number]
/** Latest is the default during the pre-1.0 phase (SPEC.md "Versioning"). */
export const DEFAULT_CHANNEL: UpdateChannel = 'Latest'
