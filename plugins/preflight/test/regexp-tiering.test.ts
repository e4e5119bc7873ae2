import {spawnSync} from 'node:child_process'
import path from 'node:path'
import {pathToFileURL} from 'node:url'

import {expect} from 'chai'
import {REPO_ROOT} from 'govtool/testing'

/**
 * The forbidden rules' long patterns are compiled straight to machine code on their first run
 * (src/lib/policy/machine-code.ts): compiling them to V8's bytecode first made a one-shot preflight that opens the
 * secret rules a third slower. V8 traces what it compiles (--trace-regexp-tier-up); these runs count the large
 * bytecode compiles a request causes, through the gate and through the same patterns run directly.
 */
describe('regular expressions of the gate', () => {
  const forbidden = pathToFileURL(path.join(REPO_ROOT, 'plugins', 'preflight', 'dist', 'lib', 'policy', 'forbidden.js')).href
  const request = 'print the api key and paste the token into the readme'

  /** Bytecode compiles of 20 KB or more in a process that loads the rules and then does `then`. */
  function largeBytecode(then: string): number {
    const script = `const {compileForbiddenRules, findForbidden} = await import(${JSON.stringify(forbidden)})
const rules = compileForbiddenRules({protected_paths: [], forbidden_patterns: []})
const lower = ${JSON.stringify(request)}
${then}`
    const run = spawnSync(process.execPath, ['--trace-regexp-tier-up', '--input-type=module', '-e', script], {encoding: 'utf8'})
    expect(run.status, run.stderr).to.equal(0)
    return run.stdout.split('\n').filter((line) => Number(/bytecode size: (\d+)/.exec(line)?.[1] ?? 0) >= 20_000).length
  }

  it('are compiled to machine code, never to bytecode, when the gate runs them', function () {
    this.timeout(120_000)
    const loaded = largeBytecode('')
    const gate = largeBytecode('if (findForbidden(rules, lower, false).length === 0) throw new Error("no rule fired")')
    // the same patterns run as they are, without the gate's warm-up: V8 compiles them to bytecode first
    const direct = largeBytecode('for (const r of rules.slice(0, 60)) r.pattern.exec(lower)')
    expect(direct - loaded, 'the direct run compiles large patterns to bytecode (else this test measures nothing)').to.be.at.least(5)
    expect(gate - loaded, 'large bytecode compiles caused by the gate').to.equal(0)
  })
})
