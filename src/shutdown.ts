/**
 * Shutdown signals for long-running servers. A server owns SIGINT and SIGTERM: it stops accepting, lets
 * requests in flight finish, then exits 0. While it holds a lock the kernel listens to these signals too, but
 * only acts (releasing its locks and re-raising) when no other listener would handle the signal, so with the
 * server's listener in place locks are released by the code holding them as requests finish, and by the
 * kernel's exit hook.
 */
export async function onShutdownSignals(handler: (signal: NodeJS.Signals) => void): Promise<() => void> {
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
