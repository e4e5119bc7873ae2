import {color, defineOperation, renderTable} from 'govtool/core'
import {z} from 'zod/v3'

import {TASK_TYPES} from '../lib/tasks.js'
import {AvailableResultSchema, GpuResultSchema, SuggestionSchema} from './schemas.js'

export const ollamaGpuOp = defineOperation({
  id: 'ollama.gpu',
  summary: 'Detect GPU memory and print the recommended num_ctx.',
  description: `Probes nvidia-smi (summed over all GPUs), then rocm-smi, then Apple Silicon unified memory (sysctl hw.memsize), and maps the memory found to a context window: under 6 GB 4096; 6-11 GB 8192; 12-19 GB 16384; 20 GB or more 32768.

A probe that is missing, fails or times out is skipped; with none answering, vendor is none and models run on CPU.`,
  examples: ['<%= config.bin %> ollama gpu', '<%= config.bin %> ollama gpu --json'],
  effect: 'read',
  input: z.object({}),
  result: GpuResultSchema,
  async run() {
    const {detectGpu, recommendedNumCtx} = await import('../lib/gpu.js')
    const gpu = await detectGpu()
    return {...gpu, num_ctx: recommendedNumCtx(gpu.vram_gb)}
  },
  render(gpu) {
    const found =
      gpu.vendor === 'none'
        ? `No GPU found (tried nvidia-smi, rocm-smi${process.platform === 'darwin' ? ', sysctl' : ''}); models run on CPU.`
        : `${color.bold(gpu.vendor)} GPU: ${gpu.vram_gb} GB${gpu.devices > 1 ? ` over ${gpu.devices} devices` : ''} (from ${gpu.source})`
    return `${found}\nRecommended num_ctx: ${color.bold(String(gpu.num_ctx))}`
  },
})

export const ollamaAvailableOp = defineOperation({
  id: 'ollama.available',
  summary: 'List catalog models that fit this machine, optionally for one task type.',
  description: `The local catalog has 9 models needing 2 to 20 GB of GPU memory. This lists those for the task type (all when --task is omitted) that fit the detected GPU memory (4 GB without a GPU), largest first, and counts the ones that need more (too_large in the JSON output).

\`ollama suggest <task>\` picks the one to use; \`ollama pull <model>\` installs it.`,
  examples: ['<%= config.bin %> ollama available', '<%= config.bin %> ollama available --task code --json'],
  effect: 'read',
  input: z.object({
    task: z.string().optional().describe(`Task type: ${TASK_TYPES.join(', ')}.`),
  }),
  cli: {fields: {task: {helpValue: 'TYPE'}}},
  result: AvailableResultSchema,
  async run(_ctx, input) {
    const [{availableModels}, {detectGpu}] = await Promise.all([import('../lib/catalog.js'), import('../lib/gpu.js')])
    return availableModels(await detectGpu(), input.task)
  },
  render(result) {
    const where = result.vendor === 'none' ? `no GPU, ${result.budget_gb} GB CPU budget` : `${result.vram_gb} GB ${result.vendor} GPU`
    const lines = [`Models${result.task ? ` for ${result.task}` : ''} that fit (${where}, num_ctx ${result.num_ctx}):`]
    if (result.models.length === 0) lines.push('  none')
    lines.push(
      renderTable(result.models, [
        {header: 'NAME', get: (m) => m.name},
        {header: 'VRAM', get: (m) => `${m.vram_gb} GB`, align: 'right'},
        {header: 'TASKS', get: (m) => m.tasks.join(', ')},
        {header: 'BEST FOR', get: (m) => m.best_for},
      ]),
    )
    if (result.too_large.length > 0) lines.push(`${result.too_large.length} more need more memory: ${result.too_large.map((m) => `${m.name} (${m.vram_gb} GB)`).join(', ')}.`)
    return lines.join('\n')
  },
})

export const ollamaSuggestOp = defineOperation({
  id: 'ollama.suggest',
  summary: 'Suggest the best local model for a task type on this machine.',
  description: `Picks the largest catalog model for the task type that fits the detected GPU memory (4 GB without a GPU), with the num_ctx to run it at, the other models that fit, and the command that installs it. When none fits, the smallest model for the task is suggested with a note that it will spill to CPU and run slowly.`,
  examples: ['<%= config.bin %> ollama suggest code', '<%= config.bin %> ollama suggest reasoning --json'],
  effect: 'read',
  input: z.object({
    task: z.string().describe(`task type: ${TASK_TYPES.join(', ')}`),
  }),
  cli: {fields: {task: {arg: true}}},
  result: SuggestionSchema,
  async run(_ctx, input) {
    const [{suggestModel}, {detectGpu}] = await Promise.all([import('../lib/catalog.js'), import('../lib/gpu.js')])
    return suggestModel(await detectGpu(), input.task)
  },
  render: (result) =>
    [
      `${color.bold(result.model.name)} (${result.model.vram_gb} GB): ${result.model.best_for}`,
      result.note,
      ...(result.alternatives.length > 0 ? [`Also fits: ${result.alternatives.map((m) => m.name).join(', ')}`] : []),
      `Install: ${result.pull_command}`,
    ].join('\n'),
})
