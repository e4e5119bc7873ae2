// Public library API of @govtool/plugin-dispatch: what the CLI, the API server and other plugins import.
export {EVENT_TYPES, NODE_STATES, ROLES, TERMINAL_STATES, type DagFile, type DispatchEvent, type DispatchEventType, type DispatchSummary, type NodeResult, type NodeState, type PayloadOf, type PlanNode, type TaskNode, type WorkerRole} from './lib/types.js'
export {DAG_ID_PATTERN, EventLog, dagDir, eventsFile, isoMs, readDagFile, readEvents, savedDagIds, subscribe, validateDagId, type SubscribeOptions} from './lib/store.js'
export {FALLBACK_NODE_ID, MODEL_PLAN_MAX, PLAN_MAX, fallbackPlan, findCycle, firstJsonArray, parsePlannerReply, plannerMessages, validatePlan} from './lib/plan.js'
export {LocalWorkerPool, schedule, summarise, type NodeJob, type NodeOutcome, type ScheduleOptions, type WorkerPool} from './lib/scheduler.js'
export {ABORT_POLL_MS, CHECKPOINTS, abortReason, writeAbortMarker, type Checkpoint} from './lib/abort.js'
export {dispatchRecordId, nodeExecutor, type ExecutorOptions, type NodeHooks} from './lib/node.js'
export {
  DEFAULT_MAX_WORKERS,
  abortDag,
  abortNode,
  activeRun,
  dagStatus,
  listDags,
  replay,
  resumeDag,
  retryDagId,
  retryNode,
  runSummary,
  startDispatch,
  type AbortResult,
  type DagListEntry,
  type DagStatus,
  type DispatchHandle,
  type NodeStatus,
  type RunOptions,
  type RunState,
  type StartOptions,
} from './lib/run.js'
export {ROLE_SPECS, rolePrompt, type RoleSpec} from './lib/roles.js'
export {COMPILER_TOOLS, COMPILER_TOOL_SPECS, compilerTools, findProgram, runCompilerTool, splitArgs, type CompilerTool} from './lib/tools.js'
