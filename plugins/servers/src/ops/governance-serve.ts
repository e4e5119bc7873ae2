import {defineOperation, GovConfig} from 'govtool/core'
import {z} from 'zod/v3'

export const GovernanceServeResultSchema = z.object({
  ok: z.boolean(),
  url: z.string(),
  host: z.string(),
  port: z.number().int(),
  upstream_configured: z.boolean(),
  requests: z.number().int(),
  stopped_by: z.string(),
})

export const governanceServeOp = defineOperation({
  id: 'governance-serve',
  summary: 'Run the governance gate as a local server, with an OpenAI-compatible gated chat proxy.',
  description: `Listens on loopback only (127.0.0.1 by default, or ::1) on governance_port from ~/.govtool/config.yml (default 7700), and serves the project it was started for: GET /health, POST /preflight and POST /verify (the same JSON as the commands' --json), POST /v1/chat/completions and GET /v1/models.

The chat proxy preflights each request's latest user message. A decision other than accepted is answered with a well-formed completion (or stream) whose message gives the decision and the instruction, finish_reason "governance_stop", and the decision in x-govtool-* headers and a "governance" field. An accepted request is forwarded to TERMINAL_AI_BASE_URL with TERMINAL_AI_API_KEY (model from the request, else TERMINAL_AI_MODEL), paced by the project's rate-limit profiles and recorded in credits; without an upstream it gets govtool's stub reply. Decisions are ESDB records (gate_decision); the ledger gets entries only for a new work item.

For the terminal client's settings pages it also answers these operations at their routes, with the same JSON as their --json: POST /esdb/status, /esdb/export, /esdb/import, /esdb/backup, /esdb/rollback, /esdb/compact, /esdb/replay, /skills/list, /phase/status, /model-intel/scores and /model-intel/sync.

Requests whose Host is not a loopback name, and browser requests from a non-loopback Origin, are refused (403). SIGINT or SIGTERM stops accepting, lets requests in flight finish (up to 10 s) and exits 0. An access log line per request goes to stderr (no bodies, query strings or keys).`,
  examples: ['<%= config.bin %> governance-serve', '<%= config.bin %> governance-serve --port 7701 --host ::1', 'TERMINAL_AI_BASE_URL=http://127.0.0.1:11434/v1 TERMINAL_AI_MODEL=qwen2.5-coder:7b <%= config.bin %> governance-serve'],
  project: true,
  effect: 'serve',
  input: z.object({
    port: z.number().int().min(0).max(65_535).optional().describe('Port to listen on (default: governance_port in ~/.govtool/config.yml, else 7700; 0 picks a free one).'),
    host: z.enum(['127.0.0.1', '::1']).default('127.0.0.1').describe('Loopback address to listen on.'),
  }),
  cli: {fields: {port: {helpValue: 'PORT'}}},
  result: GovernanceServeResultSchema,
  async run(ctx, input, io) {
    const project = ctx.project()
    const port = input.port ?? (await GovConfig.load(project)).userConfig().governance_port
    const {startGovernanceServer} = await import('../lib/governance/start.js')
    const running = await startGovernanceServer({project, port, host: input.host, log: (line) => io.stderr?.write(`${line}\n`), warn: (m) => io.warn(m)})
    io.stderr?.write(`govtool governance server listening on ${running.url} for ${project.root}${running.upstream ? ` (upstream ${running.upstream})` : ' (no upstream: stub replies)'}\n`)
    const {serveUntilStopped} = await import('../lib/listen.js')
    const stoppedBy = await serveUntilStopped(running, io)
    return {ok: true, url: running.url, host: running.host, port: running.port, upstream_configured: Boolean(running.upstream), requests: running.requests(), stopped_by: stoppedBy}
  },
  render: (r) => `Stopped (${r.stopped_by}) after ${r.requests} requests.`,
})
