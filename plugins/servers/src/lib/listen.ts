/**
 * Starting and stopping a govtool server: loopback only, a clear error when the port is taken (naming the
 * config key that moves it), and a graceful stop: stop accepting, let requests in flight finish (bounded),
 * then close idle keep-alive connections.
 */
import type {Server} from 'node:http'
import type {AddressInfo} from 'node:net'

import {GovError, onShutdownSignals} from 'govtool/core'
import type Koa from 'koa'

export const LOOPBACK_HOSTS = ['127.0.0.1', '::1'] as const
export type LoopbackHost = (typeof LOOPBACK_HOSTS)[number]

export interface RunningServer {
  server: Server
  host: string
  port: number
  /** http://127.0.0.1:7700 or http://[::1]:7700 */
  url: string
  /** stops accepting, waits up to `graceMs` for requests in flight, then closes every connection */
  close(graceMs?: number): Promise<void>
}

export async function listen(app: Koa, options: {host: LoopbackHost; port: number; portKey: string}): Promise<RunningServer> {
  if (!LOOPBACK_HOSTS.includes(options.host)) {
    throw new GovError(`Refusing to listen on ${options.host}: govtool servers listen on loopback only.`, {code: 'E_INPUT', hint: 'Use --host 127.0.0.1 or --host ::1.'})
  }
  const {createServer} = await import('node:http')
  const http = createServer(app.callback())
  http.keepAliveTimeout = 5000
  http.headersTimeout = 10_000
  http.requestTimeout = 0
  await new Promise<void>((resolve, reject) => {
    http.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(new GovError(`Port ${options.port} on ${options.host} is already in use.`, {
          code: 'E_PORT_IN_USE',
          hint: `Stop what is listening there, or choose another port: --port N, or ${options.portKey} in ~/.govtool/config.yml.`,
        }))
      } else if (error.code === 'EADDRNOTAVAIL' || error.code === 'EAFNOSUPPORT') {
        reject(new GovError(`${options.host} is not available on this machine (${error.code}).`, {code: 'E_INPUT', hint: 'Use --host 127.0.0.1.'}))
      } else {
        reject(error)
      }
    })
    http.listen(options.port, options.host, () => resolve())
  })
  const {port} = http.address() as AddressInfo
  const url = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`
  return {
    server: http,
    host: options.host,
    port,
    url,
    close(graceMs = 10_000) {
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => http.closeAllConnections(), graceMs)
        timer.unref()
        http.close(() => {
          clearTimeout(timer)
          resolve()
        })
        http.closeIdleConnections()
      })
    },
  }
}

/**
 * Serves until SIGINT/SIGTERM or the operation's abort signal, then closes `running` gracefully (announced on
 * stderr). Returns what stopped it.
 */
export async function serveUntilStopped(running: {close(): Promise<void>}, io: {signal: AbortSignal; stderr?: {write(text: string): unknown}}): Promise<string> {
  let stop: (why: string) => void = () => {}
  const stopped = new Promise<string>((resolve) => (stop = resolve))
  const release = await onShutdownSignals((signal) => stop(signal))
  io.signal.addEventListener('abort', () => stop('abort'), {once: true})
  const stoppedBy = await stopped
  release()
  io.stderr?.write(`stopping (${stoppedBy}): finishing requests in flight...\n`)
  await running.close()
  return stoppedBy
}
