// The API server of bench/serve.bench.mjs in its own process (as in real use: clients elsewhere), over the real
// dispatcher for a temporary project:
//   node serve-child.mjs PROJECT HOME
// prints {"url", "token"} on its first stdout line, then takes commands on stdin:
//   create DAG_ID                  writes the run's dag.json (subscribers can attach before its first event)
//   emit DAG_ID N BATCH EVERY_MS   writes an N-event run through the dispatcher's EventLog (BATCH events every
//                                  EVERY_MS ms, each payload carrying its emit time `t`), then dag_done;
//                                  prints {"emitted": N} once the last flush is durable
//   rss                            prints {"rss": bytes, "cpu_ms": user + system CPU time so far}
// and exits when stdin closes.
import path from 'node:path'
import readline from 'node:readline'

const [project, home] = process.argv.slice(2)
const {ProjectContext, writeJsonAtomic} = await import('../dist/core.js')
const {isolatedEnv} = await import('../dist/testing.js')
const {startApiServer, dispatchService} = await import('../plugins/servers/dist/index.js')
const {EventLog, dagDir} = await import('../plugins/dispatch/dist/index.js')

const env = isolatedEnv(home)
Object.assign(process.env, env)
const ctx = new ProjectContext(project, env)
const server = await startApiServer({project: ctx, port: 0, env, dispatch: await dispatchService(ctx, {env})})
console.log(JSON.stringify({url: server.url, token: server.token}))

const wall = () => performance.timeOrigin + performance.now()

async function create(dagId) {
  await writeJsonAtomic(path.join(dagDir(ctx, dagId), 'dag.json'), {dag_id: dagId, task: 'bench fan-out', max_workers: 1, created: new Date().toISOString(), nodes: [{id: 'n', title: 'n', role: 'coder', depends_on: []}], planner: 'library'})
  return dagId
}

async function emit(dagId, total, batch, everyMs) {
  const log = new EventLog(ctx, dagId, 0)
  let sent = 0
  while (sent < total - 1) {
    for (let i = 0; i < batch && sent < total - 1; i++, sent++) log.emit('node_started', 'n', {role: 'coder', depends_on: [], t: wall()})
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
  log.emit('dag_done', '', {dag_id: dagId, task: 'bench', completed: [], failed: [], blocked: [], equilibrium: true, confidence: 1, counts: {total: 1, completed: 0, failed: 0, blocked: 0}, t: wall()})
  await log.flush()
  return total
}

const lines = readline.createInterface({input: process.stdin})
lines.on('line', async (line) => {
  const [cmd, ...args] = line.split(' ')
  if (cmd === 'create') console.log(JSON.stringify({created: await create(args[0])}))
  else if (cmd === 'emit') console.log(JSON.stringify({emitted: await emit(args[0], Number(args[1]), Number(args[2]), Number(args[3]))}))
  else if (cmd === 'rss') console.log(JSON.stringify({rss: process.memoryUsage().rss, cpu_ms: (process.cpuUsage().user + process.cpuUsage().system) / 1000}))
})
lines.on('close', async () => {
  await server.close(2000)
  process.exit(0)
})
