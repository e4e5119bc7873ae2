// The operation layer: whole-process start-up through the fast runner generated from the operation table
// against the oclif path (GOVTOOL_NO_FAST_PATH=1) and `node -e 0`, measured in the same run; and the
// in-process latency of `POST /preflight` through the generated HTTP route against calling the operation
// directly (p50/p99 over 10,000 requests on a 5,000-requirement project).

import Router from '@koa/router'
import Koa from 'koa'

import {ProjectContext, executeOperation, projectContext, quietIO} from '../dist/core.js'
import {timeNode} from './lib.mjs'
import {errorEnvelope, loopbackGuard, mountOperations} from '../dist/http.js'
import {loadOperations} from '../dist/testing.js'
import {generate} from './preflight.bench.mjs'

const CALLS = 10_000

export default async function bench({timeCli, tempDir, benchEnv, percentile}) {
  const rows = []
  const baseline = timeNode(['-e', '0'])
  rows.push({name: 'node -e 0 (baseline of this run)', value: baseline, unit: 'ms'})
  const home = tempDir('govtool-bench-ops-home-')
  const fastEnv = benchEnv(home)
  const slowEnv = {...fastEnv, GOVTOOL_NO_FAST_PATH: '1'}
  const project = tempDir('govtool-bench-ops-')
  generate(project)
  for (const args of [['channel', 'get', '--json'], ['checkpoint', '--json', '--project-dir', project], ['esdb', 'status', '--json', '--project-dir', project]]) {
    const fast = timeCli(args, {env: fastEnv, expectCodes: [0, 1]})
    const slow = timeCli(args, {env: slowEnv, expectCodes: [0, 1]})
    rows.push({name: `govtool ${args.slice(0, 2).join(' ')} start-up, fast runner (oclif path before)`, value: fast, unit: 'ms', target: '< node -e 0 + 60 ms', note: `oclif path ${slow.toFixed(0)} ms; +${(fast - baseline).toFixed(0)} ms over node -e 0, ${(fast / slow).toFixed(2)}x of oclif`})
  }

  const operations = await loadOperations()
  const op = operations.find((o) => o.id === 'preflight')
  if (!op) return [...rows, {name: 'POST /preflight', value: NaN, unit: '', note: 'no preflight operation'}]
  const ctx = projectContext(new ProjectContext(project), 'http')
  // a request the gate answers without recording anything, so the rows measure the decision and the route, not
  // 10,000 fsync'd ledger appends (the recording cost is in the preflight rows)
  const body = {utterance: 'add a calendar view to the notes'}
  await executeOperation(op, ctx, body, quietIO())
  const direct = []
  for (let i = 0; i < CALLS; i++) {
    const t0 = performance.now()
    await executeOperation(op, ctx, body, quietIO())
    direct.push(performance.now() - t0)
  }
  const app = new Koa()
  const router = new Router()
  mountOperations(router, operations, {context: ctx})
  app.use(errorEnvelope()).use(loopbackGuard()).use(router.routes())
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const url = `http://127.0.0.1:${server.address().port}/preflight`
  const payload = JSON.stringify(body)
  const http = []
  try {
    for (let i = 0; i < CALLS; i++) {
      const t0 = performance.now()
      const res = await fetch(url, {method: 'POST', headers: {'content-type': 'application/json'}, body: payload})
      await res.arrayBuffer()
      http.push(performance.now() - t0)
    }
  } finally {
    server.close()
  }
  rows.push(
    {name: `preflight operation called directly p50 / p99 (${CALLS} calls)`, value: percentile(direct, 50), unit: 'ms', note: `p99 ${percentile(direct, 99).toFixed(3)} ms`},
    {name: `POST /preflight through the generated route p50 (${CALLS} calls, keep-alive fetch)`, value: percentile(http, 50), unit: 'ms', note: `p99 ${percentile(http, 99).toFixed(3)} ms; route + HTTP overhead p50 ${(percentile(http, 50) - percentile(direct, 50)).toFixed(3)} ms`},
  )
  return rows
}
