import {InputError} from 'govtool/core'

import {recommendedNumCtx, type GpuInfo} from './gpu.js'
import {TASK_TYPES, type TaskType} from './tasks.js'

export {TASK_TYPES, type TaskType} from './tasks.js'

/** One model of the local catalog. */
export interface CatalogModel {
  /** the daemon's model name, what `ollama pull` takes */
  name: string
  /** parameter count as the library names it */
  params: string
  /** GPU memory needed to run it with a working context window, GB */
  vram_gb: number
  tasks: TaskType[]
  best_for: string
}

/**
 * The local-model catalog: 9 models from 2 to 20 GB of GPU memory, each with what it is best for. VRAM needs
 * are the Q4 weights plus room for the KV cache of the recommended context at that size.
 */
export const CATALOG: readonly CatalogModel[] = [
  {name: 'llama3.2:1b', params: '1B', vram_gb: 2, tasks: ['chat'], best_for: 'Instant replies, summaries and commit messages on laptops and CPU-only machines'},
  {name: 'llama3.2:3b', params: '3B', vram_gb: 4, tasks: ['chat', 'requirements'], best_for: 'Everyday chat and drafting requirement text on small GPUs'},
  {name: 'phi4-mini:3.8b', params: '3.8B', vram_gb: 4, tasks: ['reasoning', 'analysis'], best_for: 'Step-by-step reasoning and math on small GPUs'},
  {name: 'qwen2.5-coder:7b', params: '7B', vram_gb: 6, tasks: ['code'], best_for: 'Code completion, small patches and test writing on 6-8 GB cards'},
  {name: 'llama3.1:8b', params: '8B', vram_gb: 8, tasks: ['chat', 'requirements', 'analysis'], best_for: 'Solid general assistant: requirements, summaries and log analysis'},
  {name: 'deepseek-r1:8b', params: '8B', vram_gb: 8, tasks: ['reasoning', 'analysis'], best_for: 'Deliberate chain-of-thought reasoning and root-cause analysis'},
  {name: 'gemma3:12b', params: '12B', vram_gb: 12, tasks: ['requirements', 'architecture', 'analysis', 'chat'], best_for: 'Long documents: specifications, design reviews and requirement traceability'},
  {name: 'qwen2.5-coder:14b', params: '14B', vram_gb: 12, tasks: ['code', 'architecture'], best_for: 'Multi-file refactors and code review with a 12-16 GB card'},
  {name: 'qwen2.5-coder:32b', params: '32B', vram_gb: 20, tasks: ['code', 'architecture', 'reasoning'], best_for: 'Near frontier-level coding and architecture work on 24 GB cards'},
]

/** GPU memory budget: the detected VRAM, or 4 GB on a machine without a GPU (small models run on CPU). */
export const CPU_BUDGET_GB = 4

export function budgetFor(gpu: GpuInfo): number {
  return gpu.vendor === 'none' || gpu.vram_gb <= 0 ? CPU_BUDGET_GB : gpu.vram_gb
}

/** Validates a task type, with an error that lists the valid ones. */
export function assertTask(task: string): TaskType {
  const t = task.trim().toLowerCase()
  if (!(TASK_TYPES as readonly string[]).includes(t)) {
    throw new InputError(`Unknown task type "${task}".`, {
      code: 'E_BAD_TASK',
      hint: `Use one of: ${TASK_TYPES.join(', ')}.`,
    })
  }
  return t as TaskType
}

export interface CatalogEntry extends CatalogModel {
  /** fits the memory budget of this machine */
  fits: boolean
}

export interface AvailableResult {
  task: TaskType | null
  vendor: GpuInfo['vendor']
  vram_gb: number
  budget_gb: number
  num_ctx: number
  /** catalog models for the task that fit the budget, largest first */
  models: CatalogEntry[]
  /** catalog models for the task that need more memory than the budget */
  too_large: CatalogEntry[]
}

/** The catalog filtered by task type (all when omitted) and by what fits this machine. */
export function availableModels(gpu: GpuInfo, task?: string): AvailableResult {
  const t = task === undefined ? null : assertTask(task)
  const budget = budgetFor(gpu)
  const entries = CATALOG.filter((m) => t === null || m.tasks.includes(t))
    .map((m) => ({...m, tasks: [...m.tasks], fits: m.vram_gb <= budget}))
    .sort((a, b) => b.vram_gb - a.vram_gb || a.name.localeCompare(b.name))
  return {
    task: t,
    vendor: gpu.vendor,
    vram_gb: gpu.vram_gb,
    budget_gb: budget,
    num_ctx: recommendedNumCtx(gpu.vram_gb),
    models: entries.filter((e) => e.fits),
    too_large: entries.filter((e) => !e.fits),
  }
}

export interface Suggestion {
  task: TaskType
  vendor: GpuInfo['vendor']
  vram_gb: number
  budget_gb: number
  num_ctx: number
  /** the best catalog model for the task that fits; the smallest one for the task when none fits */
  model: CatalogEntry
  alternatives: CatalogEntry[]
  /** the command that installs the suggestion */
  pull_command: string
  note: string
}

/** The one model to use for `task` on this machine: the largest one for the task that fits the budget. */
export function suggestModel(gpu: GpuInfo, task: string): Suggestion {
  const available = availableModels(gpu, task)
  const fits = available.models.length > 0
  const pick = fits ? available.models[0] : [...available.too_large].sort((a, b) => a.vram_gb - b.vram_gb)[0]
  const where = gpu.vendor === 'none' ? 'no GPU was found, so the budget is what runs acceptably on CPU' : `${gpu.vram_gb} GB of ${gpu.vendor} GPU memory`
  const note = fits
    ? `${pick.name} is the largest ${available.task} model that fits (${where}); run it with num_ctx ${available.num_ctx}.`
    : `No ${available.task} model fits ${budgetFor(gpu)} GB (${where}); ${pick.name} needs ${pick.vram_gb} GB and will spill to CPU and run slowly.`
  return {
    task: available.task!,
    vendor: gpu.vendor,
    vram_gb: gpu.vram_gb,
    budget_gb: available.budget_gb,
    num_ctx: available.num_ctx,
    model: pick,
    alternatives: available.models.filter((m) => m.name !== pick.name),
    pull_command: `govtool ollama pull ${pick.name}`,
    note,
  }
}
