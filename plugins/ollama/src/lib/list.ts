import type {OllamaClient} from './client.js'

/** One installed model as `ollama list` reports it. */
export interface ListedModel {
  name: string
  size: number
  modified_at: string
  digest: string
  family: string | null
  parameter_size: string | null
  quantization: string | null
  /** loaded in memory right now (`/api/ps`) */
  running: boolean
}

export interface OllamaListResult {
  host: string
  /** the daemon's version, null when it does not say */
  version: string | null
  models: ListedModel[]
}

/**
 * The daemon's installed models (`GET /api/tags`, sorted by name), each marked with whether it is loaded
 * right now (`GET /api/ps`). Only the tags request must succeed: a daemon that cannot answer ps or version
 * still lists its models.
 */
export async function listModels(client: OllamaClient): Promise<OllamaListResult> {
  const [tags, ps, version] = await Promise.all([client.tags(), client.ps().catch(() => []), client.version().catch(() => null)])
  const running = new Set(ps.map((m) => m.name))
  const models = tags.map((m) => ({
    name: m.name,
    size: m.size,
    modified_at: m.modified_at,
    digest: m.digest,
    family: m.details?.family ?? null,
    parameter_size: m.details?.parameter_size ?? null,
    quantization: m.details?.quantization_level ?? null,
    running: running.has(m.name),
  }))
  return {host: client.baseUrl, version, models}
}
