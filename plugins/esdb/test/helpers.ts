import {existsSync, readFileSync, writeFileSync} from 'node:fs'

import {ProjectContext} from 'govtool'
import {makeTempDir} from 'govtool/testing'

import {esdbPaths, type EsdbPaths, type RecordInput} from '../src/index.js'

export interface Project {
  dir: string
  ctx: ProjectContext
  paths: EsdbPaths
}

export function makeProject(): Project {
  const dir = makeTempDir('govtool-esdb-')
  const ctx = new ProjectContext(dir)
  return {dir, ctx, paths: esdbPaths(ctx)}
}

const KINDS = ['requirement', 'testcase', 'dispatch_result', 'work_item']

/** `n` records cycling through four kinds, ids `<prefix>-<i>`. */
export function sampleRecords(n: number, prefix = 'R', from = 0): RecordInput[] {
  return Array.from({length: n}, (_, k) => {
    const i = from + k
    return {
      id: `${prefix}-${i}`,
      kind: KINDS[i % KINDS.length],
      status: i % 3 === 0 ? 'draft' : 'active',
      label: `Record ${i}`,
      confidence: 0.5,
      evidence: [`dag_id:dag${i % 5}`, `node_id:node-${i}`],
      data: {dag_id: `dag${i % 5}`, node_id: `node-${i}`, n: i},
    }
  })
}

/** The WAL's lines (without the trailing empty string); none when there is no WAL yet. */
export function walLines(paths: EsdbPaths): string[] {
  if (!existsSync(paths.wal)) return []
  const text = readFileSync(paths.wal, 'utf8')
  return text.split('\n').filter((l, i, all) => !(l === '' && i === all.length - 1))
}

export function writeWalLines(paths: EsdbPaths, lines: string[]): void {
  writeFileSync(paths.wal, lines.map((l) => l + '\n').join(''))
}
