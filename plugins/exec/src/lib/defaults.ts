/** SPEC.md Limits: exec timeout, default 120 seconds. */
export const DEFAULT_TIMEOUT_SECONDS = 120
/** Time a process tree gets between SIGTERM and SIGKILL. */
export const DEFAULT_GRACE_SECONDS = 5
