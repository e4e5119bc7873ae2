import {GovCommand} from 'govtool'

import {OllamaClient} from '../../lib/client.js'
import {humanBytes, timeAgo} from '../../lib/format.js'

interface ListedModel {
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
  version: string | null
  models: ListedModel[]
}

export default class OllamaList extends GovCommand<OllamaListResult> {
  static override summary = 'List the models installed in the local Ollama daemon.'
  static override description = `Asks the daemon (OLLAMA_HOST, default http://127.0.0.1:11434) for its installed models (GET /api/tags)
and which of them are loaded right now (GET /api/ps), and shows each with its size and when it was modified.`

  static override examples = ['<%= config.bin %> ollama list', 'OLLAMA_HOST=10.0.0.5:11434 <%= config.bin %> ollama list --json']

  async run(): Promise<OllamaListResult> {
    await this.parse(OllamaList)
    const client = new OllamaClient()
    const [tags, ps, version] = await Promise.all([
      client.tags(),
      client.ps().catch(() => []),
      client.version().catch(() => null),
    ])
    const running = new Set(ps.map((m) => m.name))
    const models: ListedModel[] = tags.map((m) => ({
      name: m.name,
      size: m.size,
      modified_at: m.modified_at,
      digest: m.digest,
      family: m.details?.family ?? null,
      parameter_size: m.details?.parameter_size ?? null,
      quantization: m.details?.quantization_level ?? null,
      running: running.has(m.name),
    }))
    if (!this.jsonEnabled()) {
      if (models.length === 0) {
        this.log(`No models installed in the daemon at ${client.baseUrl}. Try \`govtool ollama suggest code\`, then \`govtool ollama pull <model>\`.`)
      } else {
        this.table(models, [
          {header: 'NAME', get: (m) => m.name},
          {header: 'ID', get: (m) => m.digest.slice(0, 12)},
          {header: 'SIZE', get: (m) => humanBytes(m.size), align: 'right'},
          {header: 'PARAMS', get: (m) => m.parameter_size ?? ''},
          {header: 'MODIFIED', get: (m) => timeAgo(m.modified_at)},
          {header: 'LOADED', get: (m) => (m.running ? 'yes' : '')},
        ])
      }
    }
    return {host: client.baseUrl, version, models}
  }
}
