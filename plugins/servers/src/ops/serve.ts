import {defineOperation, GovConfig} from 'govtool/core'
import {z} from 'zod/v3'

export const ServeResultSchema = z.object({
  ok: z.boolean(),
  url: z.string().nullable(),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  token: z.string().nullable(),
  token_file: z.string().nullable(),
  requests: z.number().int(),
  stopped_by: z.string().nullable(),
})

export const serveOp = defineOperation({
  id: 'serve',
  summary: 'Run the API server for IDE clients and the terminal: chat and dispatch over SSE, the settings operations.',
  description: `Listens on loopback only (127.0.0.1 by default, or ::1) on api_port from ~/.govtool/config.yml (default 8421) and serves the project it was started for. Routes: GET /health; POST /api/chat (one chat turn, its block events as SSE), POST /api/chat/decision (a tool or diff decision for a running turn) and GET /api/chat/events (re-attach to a turn); the dispatch surface under /api/dispatch/ (run, events, status, list, retry, abort); GET /api/model-intel/sync; and POST routes for the operations the terminal's settings pages call (phase, checkpoint, esdb, skills, credits summary, channel, model-intel scores), at the same paths governance-serve uses (/esdb/status, /skills/list, ...).

Every request but GET /health needs the per-user access token, created on first use in ~/.govtool/serve-token (mode 0600): Authorization: Bearer <token>, or ?access_token=<token> on a GET (for EventSource clients, which cannot set headers). --print-token prints the token (creating it if needed) and exits without serving. Requests whose Host is not a loopback name, and browser requests from a non-loopback Origin, are refused (403), as by governance-serve.

Chat turns and dispatch runs belong to the server: a client that disconnects never stops one. Event streams carry ids (Last-Event-ID resumes with nothing missed and nothing twice) and a heartbeat comment every 15 s. SIGINT or SIGTERM stops accepting, ends the event streams, lets other requests finish (up to 10 s), cancels chat turns still running and exits 0.`,
  examples: ['<%= config.bin %> serve', '<%= config.bin %> serve --port 8422', '<%= config.bin %> serve --print-token'],
  project: true,
  effect: 'serve',
  input: z.object({
    port: z.number().int().min(0).max(65_535).optional().describe('Port to listen on (default: api_port in ~/.govtool/config.yml, else 8421; 0 picks a free one).'),
    host: z.enum(['127.0.0.1', '::1']).default('127.0.0.1').describe('Loopback address to listen on.'),
    print_token: z.boolean().default(false).describe('Print the access token (created if there is none) and exit.'),
  }),
  cli: {fields: {port: {helpValue: 'PORT'}}},
  result: ServeResultSchema,
  async run(ctx, input, io) {
    const project = ctx.project()
    if (input.print_token) {
      const {accessToken} = await import('../lib/api/token.js')
      const {token, file} = await accessToken()
      return {ok: true, url: null, host: null, port: null, token, token_file: file, requests: 0, stopped_by: null}
    }
    const port = input.port ?? (await GovConfig.load(project)).userConfig().api_port
    const {startApiServer} = await import('../lib/api/start.js')
    const running = await startApiServer({project, port, host: input.host, log: (line) => io.stderr?.write(`${line}\n`)})
    io.stderr?.write(`govtool API server listening on ${running.url} for ${project.root} (token in ${running.tokenFile ?? 'memory'}; govtool serve --print-token prints it)\n`)
    const {serveUntilStopped} = await import('../lib/listen.js')
    const stoppedBy = await serveUntilStopped(running, io)
    return {ok: true, url: running.url, host: running.host, port: running.port, token: null, token_file: running.tokenFile ?? null, requests: running.requests(), stopped_by: stoppedBy}
  },
  render: (r) => (r.url === null ? (r.token ?? '') : `Stopped (${r.stopped_by}) after ${r.requests} requests.`),
})
