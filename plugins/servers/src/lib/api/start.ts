/**
 * Starts the API server for a project: the access token, the settings pages' operations and `model-intel
 * sync` (loaded from the installed plugins by id, as every transport does), the dispatcher, then loopback.
 */
import {findOperations, type AnyOperation, type ProjectContext} from 'govtool/core'

import {listen, type LoopbackHost} from '../listen.js'
import {createApiApp, SETTINGS_OPERATIONS} from './app.js'
import type {DispatchService} from './dispatch.js'
import {accessToken} from './token.js'

export interface ApiServerOptions {
  project: ProjectContext
  port: number
  host?: LoopbackHost
  env?: NodeJS.ProcessEnv
  /** the dispatcher (default: the dispatch plugin's, for this project); null: no dispatch routes */
  dispatch?: DispatchService | null
  /** the access token (default: the user's, from ~/.govtool/serve-token, created on first use) */
  token?: string
  heartbeatMs?: number
  log?: (line: string) => void
}

export interface ApiServer {
  url: string
  host: string
  port: number
  token: string
  /** the file the token is kept in (undefined when the caller gave one) */
  tokenFile?: string
  requests(): number
  /** stops accepting, lets requests in flight finish (up to graceMs), then stops chat turns and dispatch runs */
  close(graceMs?: number): Promise<void>
}

/** The root package's operations (channel get/set/clear) and the plugins' ones the settings pages call. */
async function settingsOperations(cliRoot: string): Promise<{operations: AnyOperation[]; sync: AnyOperation}> {
  const specifier = 'govtool/operations'
  const own = ((await import(specifier)) as {operations: AnyOperation[]}).operations
  const ids = SETTINGS_OPERATIONS.filter((id) => !own.some((op) => op.id === id))
  const [plugins, [sync]] = await Promise.all([findOperations(cliRoot, ids), findOperations(cliRoot, ['model-intel.sync'] as const, ['@govtool/plugin-model-intel'])])
  const wanted = new Set<string>(SETTINGS_OPERATIONS)
  return {operations: [...own.filter((op) => wanted.has(op.id)), ...plugins], sync}
}

export async function startApiServer(options: ApiServerOptions): Promise<ApiServer> {
  const {cliRoot} = await import('govtool/core')
  const [{operations, sync}, token, dispatch] = await Promise.all([
    settingsOperations(cliRoot()),
    options.token ? Promise.resolve({token: options.token, file: undefined}) : accessToken(options.env),
    options.dispatch === undefined ? defaultDispatch(options.project, options.env) : Promise.resolve(options.dispatch ?? undefined),
  ])
  let requests = 0
  const {app, chat, endStreams} = createApiApp({
    project: options.project,
    token: token.token,
    operations,
    modelIntelSync: sync,
    dispatch,
    env: options.env,
    heartbeatMs: options.heartbeatMs,
    log: (line) => {
      requests++
      options.log?.(line)
    },
  })
  const running = await listen(app, {host: options.host ?? '127.0.0.1', port: options.port, portKey: 'api_port'})
  return {
    url: running.url,
    host: running.host,
    port: running.port,
    token: token.token,
    tokenFile: token.file,
    requests: () => requests,
    async close(graceMs = 10_000) {
      // event streams never finish by themselves: the runs keep going, their streams end with the server
      const closing = running.close(graceMs)
      endStreams()
      await closing
      await chat.close()
      await dispatch?.close()
    },
  }
}

/** The dispatch plugin's service for this project. */
async function defaultDispatch(project: ProjectContext, env?: NodeJS.ProcessEnv): Promise<DispatchService> {
  const {dispatchService} = await import('./dispatch-service.js')
  return dispatchService(project, {env})
}
