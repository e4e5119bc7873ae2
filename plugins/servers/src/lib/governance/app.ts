/**
 * The governance server (SPEC.md "Governance server"): a koa app on loopback that answers
 *
 *   GET  /health                 status, version, whether an upstream is configured
 *   POST /preflight, /verify     the preflight and verify operations (generated routes)
 *   POST /v1/chat/completions    the gated OpenAI-compatible proxy (proxy.ts)
 *   POST /hooks/:client/:event   agent hooks over HTTP (hooks.ts): the CLI hook's decisions, no process per hook
 *   GET  /v1/models              the upstream's models, or the configured model when there is no upstream
 *   POST /esdb/status, ...       the terminal client's console operations (CONSOLE_OPERATIONS, generated routes)
 *
 * Every request passes the loopback Host/Origin guard; every error is JSON; an access log line per request
 * names method, path, status, time and decision, never bodies, query strings or keys.
 */
import Router from '@koa/router'
import {projectContext, type AnyOperation, type ProjectContext} from 'govtool/core'
import {errorEnvelope, loopbackGuard, mountOperations} from 'govtool/http'
import Koa from 'koa'

import {accessLog, quietErrors, serverVersion} from '../middleware.js'
import {Gate} from './gate.js'
import {agentHookHandler} from './hooks.js'
import {chatCompletionsHandler, type ProxyDeps} from './proxy.js'
import {readBody, upstreamRequest, type UpstreamConfig} from './upstream.js'

export interface GovernanceAppOptions {
  project: ProjectContext
  /** the preflight plugin's operations (preflight and verify are mounted) */
  operations: readonly AnyOperation[]
  /** operations the terminal client's settings pages invoke (mounted as given: ESDB lifecycle, skills, phase, scores) */
  consoleOperations?: readonly AnyOperation[]
  upstream?: UpstreamConfig
  admit?: ProxyDeps['admit']
  onUsage?: ProxyDeps['onUsage']
  onProposal?: ProxyDeps['onProposal']
  /** one line per request (default: none) */
  log?: (line: string) => void
}

export interface GovernanceApp {
  app: Koa
  gate: Gate
}

/**
 * The operations the terminal client (govtool-terminal) invokes from its settings pages, each at its generated
 * route (`POST /esdb/status`, `POST /skills/list`...): the server is the one govtool process the terminal runs,
 * so its pages need no second server and no command per click.
 */
export const CONSOLE_OPERATIONS: readonly string[] = ['esdb.status', 'esdb.export', 'esdb.import', 'esdb.backup', 'esdb.rollback', 'esdb.compact', 'esdb.replay', 'skills.list', 'phase.status', 'model-intel.scores', 'model-intel.sync']

export function createGovernanceApp(options: GovernanceAppOptions): GovernanceApp {
  const app = new Koa()
  app.proxy = false
  const router = new Router()
  const gate = new Gate(options.project)
  const running = serverVersion()

  app.use(accessLog(options.log, (ctx) => (ctx.response.get('x-govtool-decision') ? ` decision=${ctx.response.get('x-govtool-decision')}` : '')))
  quietErrors(app, options.log)
  app.use(errorEnvelope())
  app.use(loopbackGuard())

  router.get('/health', (ctx) => {
    ctx.body = {status: 'ok', version: running, upstream_configured: Boolean(options.upstream), project: options.project.root}
  })
  mountOperations(router, gatedOperations(options.operations, gate), {context: projectContext(options.project, 'http')})
  mountOperations(router, (options.consoleOperations ?? []).filter((op) => CONSOLE_OPERATIONS.includes(op.id)), {context: projectContext(options.project, 'http')})
  router.post('/v1/chat/completions', chatCompletionsHandler({ctx: options.project, gate, upstream: options.upstream, admit: options.admit, onUsage: options.onUsage, onProposal: options.onProposal}))
  router.post('/hooks/:client/:event', agentHookHandler(options.project))
  router.get('/v1/models', async (ctx) => {
    const upstream = options.upstream
    if (upstream) {
      try {
        const controller = new AbortController()
        ctx.res.once('close', () => controller.abort())
        const res = await upstreamRequest(upstream, {method: 'GET', path: 'models', signal: controller.signal})
        const body = await readBody(res)
        ctx.status = res.statusCode && res.statusCode < 500 ? res.statusCode : 502
        ctx.type = 'application/json'
        ctx.body = body
        return
      } catch (error) {
        ctx.status = 502
        ctx.body = {error: {message: `Upstream unreachable: ${(error as Error).message}.`, type: 'upstream_error', param: null, code: null}}
        return
      }
    }
    ctx.body = {object: 'list', data: [{id: upstreamModel(), object: 'model', created: 0, owned_by: 'govtool'}]}
  })
  app.use(router.routes())
  app.use(router.allowedMethods())
  return {app, gate}
}

/**
 * The preflight and verify operations as this server mounts them: preflight decides through the gate, so
 * `POST /preflight` shares the proxy's decision cache and records decisions in the ESDB in batches (the
 * ledger gets its entries once per new work item) instead of appending to LEDGER.md on every request.
 * The input schema, result and errors are the operation's own.
 */
function gatedOperations(operations: readonly AnyOperation[], gate: Gate): AnyOperation[] {
  return operations
    .filter((op) => op.id === 'preflight' || op.id === 'verify')
    .map((op) =>
      op.id === 'preflight'
        ? ({...op, run: async (_ctx: unknown, input: {utterance: string; verbose?: boolean; stress?: boolean}) => (await gate.decide(input.utterance, {verbose: input.verbose, stress: input.stress})).result} as unknown as AnyOperation)
        : op,
    )
}

function upstreamModel(): string {
  return process.env.TERMINAL_AI_MODEL?.trim() || 'govtool-gate'
}
