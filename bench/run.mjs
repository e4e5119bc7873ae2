// `npm run bench`: runs every bench/*.bench.mjs (or those named on the command line) and prints one table.
import {readdirSync} from 'node:fs'
import path from 'node:path'
import {pathToFileURL} from 'node:url'
import * as lib from './lib.mjs'

const only = process.argv.slice(2)
const files = readdirSync(path.join(lib.REPO_ROOT, 'bench'))
  .filter((f) => f.endsWith('.bench.mjs'))
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)))
  .sort()
const rows = []
for (const file of files) {
  const area = file.replace('.bench.mjs', '')
  process.stderr.write(`bench: ${area}...\n`)
  try {
    const mod = await import(pathToFileURL(path.join(lib.REPO_ROOT, 'bench', file)).href)
    for (const row of await mod.default(lib)) rows.push({area, ...row})
  } catch (error) {
    rows.push({area, name: '(failed)', value: NaN, unit: '', note: String(error?.message ?? error).split('\n')[0]})
  } finally {
    lib.cleanup()
  }
}
const fmt = (v) => (Number.isFinite(v) ? (v >= 100 ? v.toFixed(0) : v >= 1 ? v.toFixed(1) : v.toFixed(3)) : 'n/a')
const table = rows.map((r) => [r.area, r.name, `${fmt(r.value)} ${r.unit ?? ''}`.trim(), r.target ?? '', r.note ?? ''])
const head = ['area', 'benchmark (median unless named)', 'result', 'target', 'note']
const widths = head.map((h, i) => Math.max(h.length, ...table.map((row) => String(row[i]).length)))
const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join('  ').trimEnd()
console.log(line(head))
console.log(widths.map((w) => '-'.repeat(w)).join('  '))
for (const row of table) console.log(line(row))
