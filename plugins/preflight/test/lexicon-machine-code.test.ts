import {spawnSync} from 'node:child_process'
import path from 'node:path'
import {pathToFileURL} from 'node:url'

import {expect} from 'chai'
import {BIN, cleanupTempDirs, isolatedEnv, makeTempDir, REPO_ROOT} from 'govtool/testing'

import {fixtureProject} from './helpers.js'

/**
 * The lexicons' and the decision's long patterns are compiled straight to machine code on their first run
 * (src/lib/lexicon-machine-code.ts): compiled to V8's bytecode first, they were 1.4-1.5 MB of regexp bytecode and
 * 60-80 ms of every whole-process preflight at 5,000 requirements. V8 traces what it compiles
 * (--trace-regexp-tier-up); these runs count the large bytecode compiles of a preflight through the CLI, and check in a
 * child process that a hooked pattern answers as a plain one and is a plain RegExp again after its first run.
 */
describe('preflight: the lexicons compiled to machine code', function () {
  this.timeout(120_000)
  after(() => cleanupTempDirs())
  const requests = ['fix the sync so that it keeps the existing offline notes as they are', 'print the api key and paste the token into the readme']

  /** A preflight through the CLI with V8's regexp trace: its output and its bytecode compiles of 20 KB or more. */
  function traced(root: string, request: string, env: NodeJS.ProcessEnv): {large: number; output: string} {
    const run = spawnSync(process.execPath, ['--trace-regexp-tier-up', BIN, 'preflight', request, '--json'], {cwd: root, env, encoding: 'utf8'})
    const lines = run.stdout.split('\n')
    const large = lines.filter((line) => Number(/bytecode size: (\d+)/.exec(line)?.[1] ?? 0) >= 20_000).length
    const json = lines.findIndex((line) => line === '{')
    expect(json, run.stdout + run.stderr).to.be.at.least(0)
    return {large, output: lines.slice(json).join('\n').replaceAll(/WI-[0-9a-f]+/g, 'WI')}
  }

  it('leaves no large pattern to the bytecode compiler, with the same decisions as without the warm-up', () => {
    const env = isolatedEnv(makeTempDir('govtool-regexp-home-'))
    for (const request of requests) {
      const off = fixtureProject()
      const on = fixtureProject()
      const without = traced(off.root, request, {...env, GOVTOOL_NO_REGEXP_WARMUP: '1'})
      const withWarmup = traced(on.root, request, env)
      expect(without.large, 'V8 compiles large patterns to bytecode without the warm-up (else this test measures nothing)').to.be.at.least(5)
      expect(withWarmup.large, `large bytecode compiles with the warm-up: ${request}`).to.equal(0)
      expect(withWarmup.output).to.equal(without.output)
    }
  })

  it('answers as a plain RegExp through every method, and is a plain RegExp again after its first run', () => {
    const module = pathToFileURL(path.join(REPO_ROOT, 'plugins', 'preflight', 'dist', 'lib', 'lexicon-machine-code.js')).href
    // each hooked pattern run once through one method (in turn), against a fresh copy run the same way
    const script = `const {lexiconsToMachineCode} = await import(${JSON.stringify(module)})
const hooked = lexiconsToMachineCode({})
const text = 'please keep the existing notes as they are, never print the api key; why does sync fail? fix it'
const run = (re, how) => {
  re.lastIndex = 0
  switch (how) {
    case 0: return JSON.stringify(re.exec(text))
    case 1: return String(re.test(text)) + re.lastIndex
    case 2: return text.replace(re, '<$&>')
    case 3: return JSON.stringify(text.match(re))
    case 4: return re.global ? JSON.stringify([...text.matchAll(re)].map((m) => [m[0], m.index])) : JSON.stringify(re.exec(text))
    case 5: return JSON.stringify(text.split(re))
    default: return String(text.search(re))
  }
}
let differ = 0, hookedLeft = 0, otherMap = 0
hooked.forEach((re, i) => {
  const fresh = new RegExp(re.source, re.flags)
  if (run(re, i % 7) !== run(fresh, i % 7)) differ++
  if (Object.hasOwn(re, 'exec') || Object.getOwnPropertySymbols(re).length > 0) hookedLeft++
  if (!%HaveSameMap(re, fresh)) otherMap++
})
console.log(JSON.stringify({count: hooked.length, again: lexiconsToMachineCode({}).length, differ, hookedLeft, otherMap}))`
    const run = spawnSync(process.execPath, ['--allow-natives-syntax', '--input-type=module', '-e', script], {encoding: 'utf8'})
    expect(run.status, run.stderr).to.equal(0)
    const result = JSON.parse(run.stdout) as {again: number; count: number; differ: number; hookedLeft: number; otherMap: number}
    expect(result.count, 'patterns hooked').to.be.at.least(150)
    expect(result.again, 'hooked once per process').to.equal(result.count)
    expect(result).to.include({differ: 0, hookedLeft: 0, otherMap: 0})
  })

  it('hooks every exported pattern of the request analysis, the policy rules and the scope modules', () => {
    // a module added to analyse/, policy/ or scope-* with an exported pattern and left out of MODULES would compile
    // that pattern to bytecode on every one-shot preflight; this lists what the walk would miss
    const lib = path.join(REPO_ROOT, 'plugins', 'preflight', 'dist', 'lib')
    const script = `import {readdirSync} from 'node:fs'
const lib = ${JSON.stringify(lib)}
const {lexiconsToMachineCode} = await import(lib + '/lexicon-machine-code.js')
const hooked = new Set(lexiconsToMachineCode({}))
const files = ['analyse', 'policy'].flatMap((dir) => readdirSync(lib + '/' + dir).filter((f) => f.endsWith('.js')).map((f) => dir + '/' + f))
  .concat(readdirSync(lib).filter((f) => /^scope-.*\\.js$/.test(f)))
const missed = []
for (const file of files) {
  const walk = (value, depth, seen) => {
    if (value instanceof RegExp) {
      if (!hooked.has(value) && Object.isExtensible(value)) missed.push(file + ': /' + value.source.slice(0, 40) + '/')
      return
    }
    if (depth > 4 || value === null || typeof value !== 'object' || seen.has(value)) return
    seen.add(value)
    for (const child of value instanceof Map || value instanceof Set ? value.values() : Object.values(value)) walk(child, depth + 1, seen)
  }
  walk(await import(lib + '/' + file), 0, new Set())
}
console.log(JSON.stringify({files: files.length, missed}))`
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {encoding: 'utf8'})
    expect(run.status, run.stderr).to.equal(0)
    const result = JSON.parse(run.stdout) as {files: number; missed: string[]}
    expect(result.files, 'modules walked').to.be.at.least(100)
    expect(result.missed, 'exported patterns left out of lexicon-machine-code.ts MODULES').to.deep.equal([])
  })
})
