/**
 * Shutdown signals for long-running servers. A server owns SIGINT and SIGTERM: it stops accepting, lets
 * requests in flight finish, then exits 0. The lock libraries govtool uses register `signal-exit` hooks that
 * re-raise a signal (killing the process at once) when they count no other listener the way they expect, so a
 * server first loads them and then replaces every other listener of these two signals with its own. Locks
 * are still released: by the code holding them as requests finish, and by the libraries' exit hooks, which
 * stay in place.
 */
export async function onShutdownSignals(handler: (signal: NodeJS.Signals) => void): Promise<() => void> {
  await Promise.all([import('proper-lockfile'), import('write-file-atomic')])
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM']
  const listener = (signal: NodeJS.Signals) => handler(signal)
  for (const signal of signals) {
    process.removeAllListeners(signal)
    process.on(signal, listener)
  }
  return () => {
    for (const signal of signals) process.off(signal, listener)
  }
}
