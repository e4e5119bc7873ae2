// Public library API of @govtool/plugin-ollama: what the CLI, servers, dispatcher and other plugins import.
export {
  CATALOG,
  CPU_BUDGET_GB,
  TASK_TYPES,
  assertTask,
  availableModels,
  budgetFor,
  suggestModel,
  type AvailableResult,
  type CatalogEntry,
  type CatalogModel,
  type Suggestion,
  type TaskType,
} from './lib/catalog.js'
export {OllamaClient, assertModelName, type InstalledModel, type OllamaClientOptions, type PullOptions, type RunningModel} from './lib/client.js'
export {humanBytes, timeAgo} from './lib/format.js'
export {listModels, type ListedModel, type OllamaListResult} from './lib/list.js'
export {detectGpu, parseNvidiaSmi, parseRocmSmi, recommendedNumCtx, type DetectGpuOptions, type GpuInfo} from './lib/gpu.js'
export {DEFAULT_OLLAMA_URL, ollamaBaseUrl} from './lib/host.js'
export {NdjsonDecoder, readNdjson} from './lib/ndjson.js'
export {MODEL_NAME, PullEventSchema, PullTracker, type PullEvent, type PullProgress, type PullResult} from './lib/pull.js'
