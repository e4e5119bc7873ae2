// Public library API of @govtool/plugin-exec: what the CLI, servers, dispatcher and other plugins import.
export {abortOrList, abortTracked, type AbortResult, type AbortedProcess} from './lib/abort.js'
export {KEEP_LOG_RUNS, RedactingLog, ensureLogDir, fileTimestamp, openRunLogs, pruneRunLogs, type RunLog, type RunLogs} from './lib/logs.js'
export {
  PidRecordSchema,
  commandLine,
  formatRemaining,
  listProcesses,
  listTracked,
  pidDir,
  pidFile,
  removePidRecord,
  writePidRecord,
  type PidRecord,
  type PsProcess,
  type PsResult,
  type TrackedList,
  type TrackedProcess,
} from './lib/pidfile.js'
export {groupMembers, isGroupAlive, isProcessAlive, processStartTicks, signalExitCode, signalGroup, stopGroup, waitGroupGone} from './lib/process.js'
export {DEFAULT_GRACE_SECONDS, DEFAULT_TIMEOUT_SECONDS, endWarning, runTracked, type ExecResult, type RunOptions} from './lib/run.js'
export {splitExecArgv, type ExecArgv} from './lib/argv.js'
