import {Flags} from '@oclif/core'
import {GovCommand} from 'govtool'

import {TASK_TYPES, availableModels, type AvailableResult, type CatalogEntry} from '../../lib/catalog.js'
import {detectGpu} from '../../lib/gpu.js'

export default class OllamaAvailable extends GovCommand<AvailableResult> {
  static override summary = 'List catalog models that fit this machine, optionally for one task type.'
  static override description = `The local catalog has 9 models needing 2 to 20 GB of GPU memory. This lists those for the task type
(all when --task is omitted) that fit the detected GPU memory (4 GB without a GPU), largest first, and
counts the ones that need more.`

  static override examples = ['<%= config.bin %> ollama available', '<%= config.bin %> ollama available --task code --json']
  static override flags = {
    task: Flags.string({summary: `Task type: ${TASK_TYPES.join(', ')}.`, helpValue: 'TYPE'}),
  }

  async run(): Promise<AvailableResult> {
    const {flags} = await this.parse(OllamaAvailable)
    const result = availableModels(await detectGpu(), flags.task)
    const where = result.vendor === 'none' ? `no GPU, ${result.budget_gb} GB CPU budget` : `${result.vram_gb} GB ${result.vendor} GPU`
    this.log(`Models${result.task ? ` for ${result.task}` : ''} that fit (${where}, num_ctx ${result.num_ctx}):`)
    if (result.models.length === 0) this.log('  none')
    this.table<CatalogEntry>(result.models, [
      {header: 'NAME', get: (m) => m.name},
      {header: 'VRAM', get: (m) => `${m.vram_gb} GB`, align: 'right'},
      {header: 'TASKS', get: (m) => m.tasks.join(', ')},
      {header: 'BEST FOR', get: (m) => m.best_for},
    ])
    if (result.too_large.length > 0) {
      this.log(`${result.too_large.length} more need more memory: ${result.too_large.map((m) => `${m.name} (${m.vram_gb} GB)`).join(', ')}.`)
    }
    return result
  }
}
