import {Args} from '@oclif/core'
import {GovCommand, color} from 'govtool'

import {TASK_TYPES, suggestModel, type Suggestion} from '../../lib/catalog.js'
import {detectGpu} from '../../lib/gpu.js'

export default class OllamaSuggest extends GovCommand<Suggestion> {
  static override summary = 'Suggest the best local model for a task type on this machine.'
  static override description = `Picks the largest catalog model for the task type that fits the detected GPU memory (4 GB without a
GPU), with the num_ctx to run it at and the command that installs it.`

  static override examples = ['<%= config.bin %> ollama suggest code', '<%= config.bin %> ollama suggest reasoning --json']
  static override args = {
    task: Args.string({description: `task type: ${TASK_TYPES.join(', ')}`, required: true}),
  }

  async run(): Promise<Suggestion> {
    const {args} = await this.parse(OllamaSuggest)
    const result = suggestModel(await detectGpu(), args.task)
    this.log(`${color.bold(result.model.name)} (${result.model.vram_gb} GB): ${result.model.best_for}`)
    this.log(result.note)
    if (result.alternatives.length > 0) this.log(`Also fits: ${result.alternatives.map((m) => m.name).join(', ')}`)
    this.log(`Install: ${result.pull_command}`)
    return result
  }
}
