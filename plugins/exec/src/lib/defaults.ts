/** SPEC.md Limits: exec timeout, default 120 seconds. */
export const DEFAULT_TIMEOUT_SECONDS = 120
/** Time a process tree gets between SIGTERM and SIGKILL. */
export const DEFAULT_GRACE_SECONDS = 5

/** The longest timeout a timer can hold (2^31 - 1 ms, about 24.8 days): a longer one would fire at once. */
export const MAX_TIMEOUT_SECONDS = Math.floor(2_147_483_647 / 1000)
