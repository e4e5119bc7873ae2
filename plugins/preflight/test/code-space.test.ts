import {spawnSync} from 'node:child_process'
import path from 'node:path'
import {pathToFileURL} from 'node:url'

import {expect} from 'chai'
import {REPO_ROOT} from 'govtool/testing'

/**
 * A long-running process (governance-serve, the API server) that sees every kind of request ends up with every
 * pattern the decision can run compiled to machine code, in both of V8's forms (one-byte and two-byte subjects), and
 * keeps them: the patterns are module-level. V8 aborts the process when its code range is full (512 MB on x64 with
 * Node 20 and 22, measured by filling it), so that total must stay far below it. In a child process (the test
 * runner's own code does not count) every lexicon pattern, every rule's shared parts and every pattern a rule can run
 * (its alternatives when it is split, else itself) is compiled over a one-byte and a two-byte subject of 1,000
 * characters (long enough for V8 to compile machine code at once). 124 MB when written (177 MB before split rules
 * stopped running their whole pattern over text beyond ASCII); the bound leaves room for the process's own code and
 * for the page rounding of large code objects (about a quarter more) well inside the range.
 */
const BOUND_MB = 160

describe('preflight: the machine code a long-running process can hold', function () {
  this.timeout(120_000)

  it(`stays under ${BOUND_MB} MB with every pattern compiled in both forms`, () => {
    const lib = (file: string) => JSON.stringify(pathToFileURL(path.join(REPO_ROOT, 'plugins', 'preflight', 'dist', 'lib', file)).href)
    const script = `import v8 from 'node:v8'
const {lexiconsToMachineCode} = await import(${lib('lexicon-machine-code.js')})
const {compileForbiddenRules} = await import(${lib('policy/forbidden.js')})
const {PreflightConfigSchema} = await import(${lib('policy/config.js')})
const {runnablePatterns} = await import(${lib('policy/alternative-split.js')})
const code = () => v8.getHeapSpaceStatistics().filter((s) => s.space_name.startsWith('code_')).reduce((sum, s) => sum + s.space_used_size, 0)
const before = code()
const patterns = new Set(lexiconsToMachineCode({}).map((re) => new RegExp(re.source, re.flags.replace(/[gy]/g, ''))))
for (const rule of compileForbiddenRules(PreflightConfigSchema.parse({}))) {
  for (const part of rule.needs ?? []) patterns.add(part)
  for (const re of runnablePatterns(rule.pattern, rule.literals)) patterns.add(re)
}
for (const re of patterns) {
  re.test('\\0'.repeat(1000))
  re.test('\\u0100'.repeat(1000))
}
console.log(JSON.stringify({patterns: patterns.size, mb: (code() - before) / 1e6}))`
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {encoding: 'utf8'})
    expect(run.status, run.stderr).to.equal(0)
    const result = JSON.parse(run.stdout) as {mb: number; patterns: number}
    expect(result.patterns, 'patterns compiled').to.be.at.least(500)
    expect(result.mb, `MB of machine code for ${result.patterns} patterns`).to.be.below(BOUND_MB)
  })
})
