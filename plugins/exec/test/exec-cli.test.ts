import {spawn, type ChildProcess} from 'node:child_process'
import {existsSync, readFileSync, readdirSync, writeFileSync} from 'node:fs'
import {mkdirSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {BIN, cleanupTempDirs, isolatedEnv, makeTempDir, runCli} from 'govtool/testing'

import {isProcessAlive} from '../src/index.js'

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

async function until(what: string, check: () => boolean, ms = 15_000): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await sleep(25)
  }
}

/** Starts `govtool exec ...` in the background, for tests that act on it while it runs. */
function startExec(cwd: string, args: string[]): {child: ChildProcess; done: Promise<{code: number | null; stderr: string}>} {
  const child = spawn(process.execPath, [BIN, 'exec', ...args], {cwd, env: isolatedEnv(cwd), stdio: ['ignore', 'pipe', 'pipe']})
  let stderr = ''
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d))
  child.stdout!.resume()
  const done = new Promise<{code: number | null; stderr: string}>((resolve) => child.on('close', (code) => resolve({code, stderr})))
  return {child, done}
}

const pidFiles = (dir: string) => (existsSync(path.join(dir, '.govtool', 'pids')) ? readdirSync(path.join(dir, '.govtool', 'pids')).filter((n) => /^\d+\.json$/.test(n)) : [])

describe('exec, ps, abort (end to end)', function () {
  this.timeout(40_000)
  after(cleanupTempDirs)

  it('exec streams the output live and exits with the command exit code', async () => {
    const dir = makeTempDir()
    const r = await runCli(['exec', '--', 'sh', '-c', 'echo hello; echo oops >&2; exit 3'], {cwd: dir})
    expect(r.code).to.equal(3)
    expect(r.stdout).to.equal('hello\n')
    expect(r.stderr).to.contain('oops')
    expect(pidFiles(dir)).to.deep.equal([])
    const logs = readdirSync(path.join(dir, '.govtool', 'logs'))
    expect(logs.filter((f) => f.endsWith('.stdout.log'))).to.have.length(1)
  })

  it('flags after the command (or after --) go to the command, not to govtool', async () => {
    const dir = makeTempDir()
    const script = path.join(dir, 'argv.js')
    writeFileSync(script, 'console.log(JSON.stringify(process.argv.slice(2)))\n')
    let r = await runCli(['exec', '--', process.execPath, script, '--json', '--timeout', '3'], {cwd: dir})
    expect(r.code, r.stderr).to.equal(0)
    expect(JSON.parse(r.stdout)).to.deep.equal(['--json', '--timeout', '3'])
    r = await runCli(['exec', '--timeout', '30', process.execPath, script, '-x', '--json'], {cwd: dir})
    expect(r.code, r.stderr).to.equal(0)
    expect(JSON.parse(r.stdout)).to.deep.equal(['-x', '--json'])
  })

  it('exec --timeout 1 exits 124, kills the grandchild and reports JSON', async () => {
    const dir = makeTempDir()
    const r = await runCli(['exec', '--timeout', '1', '--grace', '2', '--json', '--', 'sh', '-c', 'echo started; sleep 30 & echo $! > gc.pid; wait'], {cwd: dir})
    expect(r.code).to.equal(124)
    const result = r.json<{exit_code: number; timed_out: boolean; pid: number; log_stdout: string}>()
    expect(result).to.include({exit_code: 124, timed_out: true})
    expect(r.stderr).to.contain('started') // the command's output goes to stderr in --json mode
    const grandchild = Number(readFileSync(path.join(dir, 'gc.pid'), 'utf8'))
    expect(isProcessAlive(grandchild), `grandchild ${grandchild} survived`).to.equal(false)
    expect(pidFiles(dir)).to.deep.equal([])
    expect(readFileSync(path.join(dir, result.log_stdout), 'utf8')).to.equal('started\n')
  })

  it('refusals: no command (exit 2), unknown command (127), bad timeout (2)', async () => {
    const dir = makeTempDir()
    let r = await runCli(['exec'], {cwd: dir})
    expect(r.code).to.equal(2)
    expect(r.stderr).to.contain('exec needs a command')
    r = await runCli(['exec', '--json', 'govtool-no-such-cmd'], {cwd: dir})
    expect(r.code).to.equal(127)
    expect(r.json<{error: {code: string}}>().error.code).to.equal('E_COMMAND_NOT_FOUND')
    r = await runCli(['exec', '--timeout', '0', 'true'], {cwd: dir})
    expect(r.code).to.equal(2)
  })

  it('Ctrl-C (SIGINT) is passed to the command, and the PID file is cleaned up', async () => {
    const dir = makeTempDir()
    const {child, done} = startExec(dir, ['--timeout', '60', '--', 'sh', '-c', 'sleep 30 & echo $! > gc.pid; wait'])
    await until('the PID file and grandchild', () => pidFiles(dir).length === 1 && existsSync(path.join(dir, 'gc.pid')))
    child.kill('SIGINT')
    const {code, stderr} = await done
    expect(code).to.equal(130)
    expect(stderr).to.contain('interrupted (SIGINT passed on)')
    expect(pidFiles(dir)).to.deep.equal([])
    expect(isProcessAlive(Number(readFileSync(path.join(dir, 'gc.pid'), 'utf8')))).to.equal(false)
  })

  it('ps lists a running process with its time remaining and prunes a stale PID file', async () => {
    const dir = makeTempDir()
    mkdirSync(path.join(dir, '.govtool', 'pids'), {recursive: true})
    const dead = spawn('true')
    await new Promise((resolve) => dead.on('exit', resolve))
    const stale = {pid: dead.pid, pgid: dead.pid, command: 'old', args: [], cwd: dir, start: '2024-01-01T00:00:00.000Z'}
    writeFileSync(path.join(dir, '.govtool', 'pids', `${dead.pid}.json`), JSON.stringify(stale))
    const {child, done} = startExec(dir, ['--timeout', '90', '--', 'sleep', '30'])
    try {
      await until('exec to write its PID file', () => pidFiles(dir).length === 2)
      const r = await runCli(['ps', '--json'], {cwd: dir})
      expect(r.code).to.equal(0)
      const ps = r.json<{processes: {pid: number; command: string; args: string[]; remaining_seconds: number; supervised: boolean}[]; pruned: number[]}>()
      expect(ps.pruned).to.deep.equal([dead.pid])
      expect(ps.processes).to.have.length(1)
      expect(ps.processes[0]).to.include({command: 'sleep', supervised: true})
      expect(ps.processes[0].remaining_seconds).to.be.within(60, 90)
      expect(pidFiles(dir)).to.deep.equal([`${ps.processes[0].pid}.json`])
      const human = await runCli(['ps'], {cwd: dir})
      expect(human.stdout).to.match(new RegExp(`${ps.processes[0].pid}\\s+1m \\d\\ds\\s+sleep 30`))
    } finally {
      child.kill('SIGTERM')
      await done
    }
  })

  it('abort with no option lists processes and usage; --pid kills the tracked tree; unknown pid is an error', async () => {
    const dir = makeTempDir()
    const {done} = startExec(dir, ['--timeout', '60', '--', 'sh', '-c', 'sleep 30 & echo $! > gc.pid; wait'])
    await until('the PID file and grandchild', () => pidFiles(dir).length === 1 && existsSync(path.join(dir, 'gc.pid')))
    const pid = Number(pidFiles(dir)[0].replace('.json', ''))

    const list = await runCli(['abort'], {cwd: dir})
    expect(list.code).to.equal(0)
    expect(list.stdout).to.contain(String(pid))
    expect(list.stdout).to.contain('abort --pid <PID>')
    expect(list.stdout).to.contain('abort --all')

    const unknown = await runCli(['abort', '--pid', '999999999'], {cwd: dir})
    expect(unknown.code).to.equal(1)
    expect(unknown.stderr).to.contain('No process with PID 999999999 is tracked')
    expect(unknown.stderr).to.contain(String(pid))

    const r = await runCli(['abort', '--pid', String(pid), '--json'], {cwd: dir})
    expect(r.code, r.stdout + r.stderr).to.equal(0)
    expect(r.json<{aborted: {pid: number; signal: string}[]}>().aborted).to.deep.equal([
      {pid, pgid: pid, command: "sh -c 'sleep 30 & echo $! > gc.pid; wait'", signal: 'SIGTERM'},
    ])
    const exec = await done
    expect(exec.code).to.equal(143)
    expect(isProcessAlive(Number(readFileSync(path.join(dir, 'gc.pid'), 'utf8')))).to.equal(false)
    expect(pidFiles(dir)).to.deep.equal([])

    const both = await runCli(['abort', '--pid', '1', '--all'], {cwd: dir})
    expect(both.code).to.equal(2)
  })
})
