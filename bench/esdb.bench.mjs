// ESDB: durable append throughput with batching, whole-chain verification, status and export on 100,000 records.
import path from 'node:path'

import {ProjectContext} from '../dist/index.js'
import {appendRecords, esdbPaths, esdbStatus, exportStore, openStore, verifyChain} from '../plugins/esdb/dist/index.js'

const KINDS = ['requirement', 'testcase', 'dispatch_result', 'work_item']

function records(n, prefix, from = 0) {
  return Array.from({length: n}, (_, k) => {
    const i = from + k
    return {
      id: `${prefix}-${i}`,
      kind: KINDS[i % KINDS.length],
      status: i % 3 === 0 ? 'draft' : 'active',
      label: `Record ${i} of the benchmark store`,
      confidence: 0.9,
      evidence: [`dag_id:dag${i % 50}`, `node_id:node-${i}`],
      data: {dag_id: `dag${i % 50}`, node_id: `node-${i}`, summary: 'node finished; tests pass; see the dispatch ledger entry'},
    }
  })
}

/** Appends `total` records in batches of `batch`; returns records per second (each batch fsync'd). */
async function appendRate(ctx, total, batch, prefix) {
  const t0 = performance.now()
  for (let i = 0; i < total; i += batch) await appendRecords(ctx, records(Math.min(batch, total - i), prefix, i))
  return (total / (performance.now() - t0)) * 1000
}

export default async function bench({tempDir, timeCli, timeFn, benchEnv}) {
  const rows = []

  // durable appends: one fsync per batch (plus the head update)
  const small = new ProjectContext(tempDir('govtool-bench-esdb-'))
  rows.push({name: 'append, batches of 1 (durable)', value: await appendRate(small, 300, 1, 'one'), unit: 'records/s', note: 'one lock + fsync per record'})
  rows.push({name: 'append, batches of 100 (durable)', value: await appendRate(small, 20_000, 100, 'hundred'), unit: 'records/s', target: '> 3,000'})
  const t0 = performance.now()
  await Promise.all(Array.from({length: 200}, (_, i) => appendRecords(small, records(1, 'concurrent', i))))
  rows.push({name: 'append, 200 concurrent single-record calls (group commit)', value: (200 / (performance.now() - t0)) * 1000, unit: 'records/s'})

  // the 100,000-record store
  const dir = tempDir('govtool-bench-esdb-')
  const ctx = new ProjectContext(dir)
  rows.push({name: 'append 100,000 records, batches of 1,000 (durable)', value: await appendRate(ctx, 100_000, 1000, 'big'), unit: 'records/s', target: '> 3,000'})
  const paths = esdbPaths(ctx)
  let report
  const verifyMs = await timeFn(async () => {
    report = await verifyChain(paths)
  }, 3)
  if (!report.ok || report.entries !== 100_000) throw new Error(`verification failed: ${report.problem}`)
  rows.push({name: 'replay verification of 100,000 records (in process)', value: (100_000 / verifyMs) * 1000, unit: 'records/s', target: '> 200,000'})
  const env = benchEnv(tempDir())
  rows.push({name: 'govtool esdb replay, 100,000 records (whole process)', value: timeCli(['esdb', 'replay', '--project-dir', dir], {env, runs: 3}), unit: 'ms'})

  const b0 = performance.now()
  const built = await esdbStatus(ctx)
  rows.push({name: 'index build: first status after 100,000 appends', value: performance.now() - b0, unit: 'ms', note: `${built.index}; once, then incremental`})
  rows.push({name: 'status, 100,000 records (in process, index current)', value: await timeFn(() => esdbStatus(ctx), 9), unit: 'ms'})
  rows.push({name: 'govtool esdb status, 100,000 records (whole process)', value: timeCli(['esdb', 'status', '--project-dir', dir], {env, runs: 9}), unit: 'ms', target: '< 300 ms', note: 'oclif start-up included'})
  rows.push({name: 'govtool channel get (whole process, for comparison)', value: timeCli(['channel', 'get'], {env, runs: 9}), unit: 'ms', note: 'same start-up, no ESDB work'})
  const catchUp = []
  for (let i = 0; i < 5; i++) {
    await appendRecords(ctx, records(1, 'late', i))
    const c0 = performance.now()
    await esdbStatus(ctx)
    catchUp.push(performance.now() - c0)
  }
  catchUp.sort((a, b) => a - b)
  rows.push({name: 'status after a 1-record append (in process, catch-up)', value: catchUp[2], unit: 'ms', note: 'loads sql.js + index'})

  const store = openStore(ctx)
  const out = path.join(dir, 'export.json')
  rows.push({name: 'export 100,000 records (in process)', value: await timeFn(() => exportStore(store, out), 3), unit: 'ms'})
  await store.close()
  rows.push({name: 'govtool esdb export, 100,000 records (whole process)', value: timeCli(['esdb', 'export', '--project-dir', dir, '--output', out], {env, runs: 3}), unit: 'ms'})
  return rows
}
