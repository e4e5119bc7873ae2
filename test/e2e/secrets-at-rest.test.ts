/**
 * No secret at rest (issue 14): realistic keys of the common providers are planted through every path that
 * stores or prints user text (ledger add and correct, credits record, exec's command line, PID file, ps and
 * logs, mcp generate, skills build, req add/edit, test add/edit, preflight, an error message), with the real
 * CLI, a private HOME and GOVTOOL_HOME below it. Afterwards no key may be found anywhere in the project
 * directory or the home directory, nor in what any command printed; state files are 0600 and state
 * directories 0700.
 */
import {execFileSync} from 'node:child_process'
import {lstatSync, readdirSync, readFileSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {cleanupTempDirs, GIT_TEST_ENV, isolatedEnv, makeTempDir, runCli, type CliResult} from 'govtool/testing'

// Every key is made up and assembled at run time, so that this file holds no token that a scanner (ours, or a
// hosting platform's push protection) would take for a real one.
const j = (...parts: string[]) => parts.join('')
const R = 'Kq7Wm2Xn9Rb4Tz6Yc1Vd8Hs3Lp5Jf0Ga2Eu'

/** Keys shaped as each provider issues them (random bodies; none is a live credential). */
const KEYS: Record<string, string> = {
  openai: j('sk-', 'proj-', 'Tq3vW8xZ1bN4mK7pL0rS5uY2cF6hJ9dG3aE8iO1wQ4tR7yU0'),
  openai_legacy: j('sk-', 'Hq4wE7rT0yU3iO6pA9sD2fG5hJ8kL1zX4cV7bN0mQ3wE6rT'),
  anthropic: j('sk-', 'ant-', 'api03-', R, R, 'Zx9Cv8Bn7Mq6Wl5Ek4Rj3-AbCdEfAA'),
  github: j('ghp_', 'R8tY2uI5oP9aS3dF7gH1jK4lZ6xC0vB8nM2q'),
  github_fine: j('github_', 'pat_', '11AZQ3VYI0', R, '_', R, 'Xv7Bq1Cs9D'),
  github_oauth: j('gho_', 'P3aS6dF9gH2jK5lZ8xC1vB4nM7qW0eR3tY6u'),
  aws: j('AKIA', 'Q7R3T9Y2U5I8O1P4'),
  google: j('AIza', 'SyD4f7G1h3J6k9L2z5X8c0V3b6N9m2Q5w8E'),
  slack: j('xoxb', '-482910375612-5739201846273-', R.slice(0, 24)),
  stripe: j('sk_', 'live_', '51Hx3Kq9Tz7Wm2Xn4Rb8Yc1Vd6Hs0Lp5'),
  npm: j('npm_', R, '7x'),
  huggingface: j('hf_', R, 'Qz'),
  jwt: j('eyJ', 'hbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9', '.eyJ', 'zdWIiOiI5ODc2NTQzMjEwIiwibmFtZSI6IkFkYSJ9', '.Qm3x8Zr1Tn5Vb7Wc9Yd2Fe4Gh6Jk8Lm0Np2Qr4St6'),
  bearer: j('Xq7Wm2Xn9R', 'b4Tz6Yc1Vd8Hs3Lp'),
  assigned: j('Zq8vN2xLp4', 'Rt6Yw9Kc3M'),
  private_key: j('MIIEpAIBAAKCAQEA', '3Tz2mRp8Wq4Xn7Bv1Cs5Dt9Fu3Gw6Hy0Jz2Ka4Lb8Mc1Nd5Pe7Qf9Rg'),
}

/** All of them in one line of prose, as a user might paste them. */
const PROSE = [
  `rotate ${KEYS.openai} and ${KEYS.openai_legacy}, ${KEYS.anthropic}, ${KEYS.github}, ${KEYS.github_fine}, ${KEYS.github_oauth}`,
  `aws ${KEYS.aws} google ${KEYS.google} slack ${KEYS.slack} stripe ${KEYS.stripe} npm ${KEYS.npm} hf ${KEYS.huggingface}`,
  `jwt ${KEYS.jwt} Authorization: Bearer ${KEYS.bearer} DB_PASSWORD=${KEYS.assigned}`,
  `${j('-----BEGIN RSA ', 'PRIVATE KEY-----')} ${KEYS.private_key} ${j('-----END RSA ', 'PRIVATE KEY-----')}`,
].join(' ')

function filesUnder(dir: string): string[] {
  const out: string[] = []
  for (const entry of readdirSync(dir, {withFileTypes: true})) {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) out.push(...filesUnder(file))
    else if (entry.isFile()) out.push(file)
  }
  return out
}

/** Every file under `dirs` that holds one of the keys, as `file: key name`. */
function keysAtRest(...dirs: string[]): string[] {
  const found: string[] = []
  for (const dir of dirs) {
    for (const file of filesUnder(dir)) {
      const text = readFileSync(file, 'latin1')
      for (const [name, key] of Object.entries(KEYS)) if (text.includes(key)) found.push(`${path.relative(dir, file)}: ${name}`)
    }
  }
  return found
}

function keysIn(text: string): string[] {
  return Object.entries(KEYS)
    .filter(([, key]) => text.includes(key))
    .map(([name]) => name)
}

describe('no secret at rest: keys planted through every path that stores or prints user text', function () {
  this.timeout(240_000)
  after(cleanupTempDirs)

  it('leaves no key in the project, the home directory or any output, and keeps state private', async () => {
    const root = makeTempDir('govtool-secrets-')
    const home = makeTempDir('govtool-home-')
    const env = isolatedEnv(home, {HOME: home, GOVTOOL_HOME: path.join(home, '.govtool'), GOVTOOL_AUTHOR: 'tester'})
    const gitEnv = {...process.env, ...GIT_TEST_ENV}
    writeFileSync(path.join(root, 'package.json'), `${JSON.stringify({name: 'demo', version: '0.1.0', scripts: {test: 'node --test'}})}\n`)
    execFileSync('git', ['init', '--quiet', '--initial-branch', 'main'], {cwd: root, env: gitEnv})
    execFileSync('git', ['add', '--all'], {cwd: root, env: gitEnv})
    execFileSync('git', ['commit', '--quiet', '-m', 'demo'], {cwd: root, env: gitEnv})

    const printed: {args: string[]; result: CliResult}[] = []
    const run = async (args: string[], expected: number | null = 0) => {
      const result = await runCli(args, {cwd: root, env, timeoutMs: 60_000})
      printed.push({args, result})
      if (expected !== null) expect(result.code, `${args.slice(0, 3).join(' ')}: ${result.stderr}${result.stdout}`).to.equal(expected)
      return result
    }

    await run(['import', '--json'])
    await run(['ledger', 'add', `Deployed with ${PROSE}`, '--status', `done ${KEYS.github}`, '--json'])
    await run(['ledger', 'correct', 'last', '--reason', `leaked ${PROSE}`, '--description', `fixed ${KEYS.openai}`, '--json'])
    await run(['credits', 'record', '--provider', 'openai', '--model', 'gpt-4o', '--tokens-in', '10', '--tokens-out', '5', '--task', `task ${PROSE}`, '--session', KEYS.slack, '--json'])
    await run(['req', 'add', 'REQ-001', '-d', `The client authenticates with ${PROSE}`, '--component', KEYS.aws, '--json'])
    await run(['req', 'edit', 'REQ-001', '--title', `Auth ${KEYS.github}`, '-d', `Edited ${PROSE}`, '--json'])
    await run(['test', 'add', 'TEST-001', '-r', 'REQ-001', '-d', `Sends ${PROSE}`, '--json'])
    await run(['test', 'edit', 'TEST-001', '--title', `Token ${KEYS.npm}`, '-d', `Edited ${PROSE}`, '--json'])
    await run(['skills', 'build', `${KEYS.openai} deploy helper that uses ${PROSE}`, '--json'])
    await run(['mcp', 'generate', `${KEYS.github} server reading ${PROSE}`, '--append', '--json'])
    // derived caches and reports are rebuilt from the files above
    await run(['req', 'list', '--json'])
    await run(['checkpoint', '--json'])
    // preflight exits 0 or 2 depending on its decision: only what it prints and stores matters here
    await run(['preflight', `add a retry to the login using ${PROSE}`, '--json'], null)

    // exec: the command line (PID file, ps, the result) and what the child prints (the logs)
    const exec = runCli(['exec', '--timeout', '30', '--json', '--', 'sh', '-c', `echo ${PROSE}; sleep 2; echo ${KEYS.stripe} >&2`, KEYS.anthropic], {cwd: root, env})
    let ps: CliResult | undefined
    for (let i = 0; i < 40; i++) {
      await new Promise((resolve) => setTimeout(resolve, 150))
      const r = await runCli(['ps', '--json'], {cwd: root, env})
      if ((r.json<{processes: unknown[]}>().processes ?? []).length > 0) {
        ps = r
        break
      }
    }
    const pidFiles = filesUnder(path.join(root, '.govtool', 'pids'))
    expect(pidFiles.length, 'a PID file while exec runs').to.be.greaterThan(0)
    expect(keysAtRest(path.join(root, '.govtool', 'pids'))).to.deep.equal([])
    expect(ps, 'ps listed the running command').to.not.equal(undefined)
    printed.push({args: ['ps', '--json'], result: ps!})
    const execResult = await exec
    expect(execResult.code, execResult.stderr).to.equal(0)
    expect(keysIn(execResult.stdout), 'exec --json result').to.deep.equal([])
    expect(execResult.json<{args: string[]}>().args.join(' ')).to.contain('[REDACTED]')

    // an error message that echoes its input
    await run(['req', 'add', KEYS.github, '--json'], 2)

    for (const {args, result} of printed) {
      expect(keysIn(result.stdout + result.stderr), `output of ${args.slice(0, 2).join(' ')}`).to.deep.equal([])
    }
    expect(keysAtRest(root, home)).to.deep.equal([])

    // what was stored still says what it was about
    const ledger = readFileSync(path.join(root, 'LEDGER.md'), 'utf8')
    expect(ledger).to.contain('Deployed with rotate [REDACTED]')
    expect(ledger).to.contain('DB_PASSWORD=[REDACTED]')
    const logs = filesUnder(path.join(root, '.govtool', 'logs'))
    expect(logs.map((f) => readFileSync(f, 'utf8')).join('')).to.contain('Bearer [REDACTED]')
    expect(readdirSync(path.join(root, '.agents', 'skills')).join(' ')).to.not.match(/sk-|proj/)

    // state is the user's alone
    for (const dir of [path.join(root, '.govtool'), path.join(home, '.govtool')]) {
      for (const file of filesUnder(dir)) expect(lstatSync(file).mode & 0o777, path.relative(root, file)).to.equal(0o600)
      const dirs = [dir, ...filesUnder(dir).map((f) => path.dirname(f))]
      for (const d of new Set(dirs)) expect(lstatSync(d).mode & 0o777, d).to.equal(0o700)
    }
  })
})
