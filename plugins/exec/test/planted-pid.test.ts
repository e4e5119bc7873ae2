import {spawn, type ChildProcess} from 'node:child_process'
import {existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {BIN, cleanupTempDirs, makeTempDir, runCli} from 'govtool/testing'

import {isProcessAlive, processStartTicks} from '../src/index.js'

interface Skipped {
  pid: number
  file: string
  reason: string
}

/** A process group govtool did not start: `sh -c script` leading its own group. */
function unrelated(script = 'sleep 60'): ChildProcess {
  const child = spawn('sh', ['-c', script], {detached: true, stdio: 'ignore'})
  child.unref()
  return child
}

function plant(dir: string, record: Record<string, unknown>): string {
  mkdirSync(path.join(dir, '.govtool', 'pids'), {recursive: true})
  const file = path.join(dir, '.govtool', 'pids', `${record.pid as number}.json`)
  writeFileSync(file, JSON.stringify({command: 'sleep', args: ['60'], cwd: dir, start: new Date().toISOString(), ...record}))
  return file
}

async function until(what: string, check: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe('planted PID files never get an unrelated process signalled', function () {
  if (process.platform !== 'linux') return
  this.timeout(60_000)
  const started: ChildProcess[] = []
  after(() => {
    for (const c of started) {
      try {
        process.kill(-c.pid!, 'SIGKILL')
      } catch {
        // gone
      }
    }
    cleanupTempDirs()
  })

  it('abort --all skips (with a warning) files without a start time, naming another group, or a process that leads no group', async () => {
    const dir = makeTempDir()
    // 1: no start time recorded
    const a = unrelated()
    // 2: the right start time, but the group named is another process's
    const b = unrelated()
    const other = unrelated()
    // 3: the right start time and pgid = pid, but the process is not a group leader (a child of a shell)
    const pidFile = path.join(dir, 'inner.pid')
    const c = unrelated(`sleep 60 & echo $! > ${pidFile}; wait`)
    started.push(a, b, other, c)
    await until('the inner pid', () => existsSync(pidFile) && readFileSync(pidFile, 'utf8').endsWith('\n'))
    const inner = Number(readFileSync(pidFile, 'utf8').trim())
    await until('the processes to start', () => [a, b, other].every((p) => processStartTicks(p.pid!) !== undefined))
    plant(dir, {pid: a.pid, pgid: a.pid})
    plant(dir, {pid: b.pid, pgid: other.pid, start_ticks: processStartTicks(b.pid!)})
    plant(dir, {pid: inner, pgid: inner, start_ticks: processStartTicks(inner)})

    const r = await runCli(['abort', '--all', '--json'], {cwd: dir})
    expect(r.code, r.stderr).to.equal(0)
    const result = r.json<{aborted: unknown[]; skipped: Skipped[]}>()
    expect(result.aborted).to.deep.equal([])
    expect(result.skipped.map((s) => s.pid).sort()).to.deep.equal([a.pid, b.pid, inner].sort())
    const reason = (pid: number) => result.skipped.find((s) => s.pid === pid)!.reason
    expect(reason(a.pid!)).to.contain('no process start time')
    expect(reason(b.pid!)).to.contain(`process group ${other.pid}`)
    expect(reason(inner)).to.contain(`is in process group ${c.pid}`)
    expect(r.stderr).to.contain(`Not signalled: PID ${a.pid}`)
    for (const pid of [a.pid!, b.pid!, other.pid!, c.pid!, inner]) expect(isProcessAlive(pid), `PID ${pid} alive`).to.equal(true)

    const human = await runCli(['ps'], {cwd: dir})
    expect(human.code).to.equal(0)
    expect(human.stdout).to.contain(`not signalled: ${a.pid}`)
  })

  it('abort --pid naming a file that does not verify is refused with E_PROCESS_UNVERIFIED', async () => {
    const dir = makeTempDir()
    const victim = unrelated()
    started.push(victim)
    plant(dir, {pid: victim.pid, pgid: victim.pid})
    const r = await runCli(['abort', '--pid', String(victim.pid), '--json'], {cwd: dir})
    expect(r.code).to.equal(1)
    const error = r.json<{error: {code: string; message: string}}>().error
    expect(error.code).to.equal('E_PROCESS_UNVERIFIED')
    expect(error.message).to.contain(`Refusing to signal PID ${victim.pid}`)
    expect(isProcessAlive(victim.pid!)).to.equal(true)
  })

  it('a process started by govtool exec still verifies and is aborted', async () => {
    const dir = makeTempDir()
    const exec = spawn(process.execPath, [BIN, 'exec', '--timeout', '60', '--', 'sleep', '60'], {cwd: dir, stdio: 'ignore'})
    const exited = new Promise((resolve) => exec.on('exit', resolve))
    const pids = path.join(dir, '.govtool', 'pids')
    await until('the PID file', () => existsSync(pids) && readdirSync(pids).some((n) => /^\d+\.json$/.test(n)))
    const r = await runCli(['abort', '--all', '--json'], {cwd: dir})
    expect(r.code, r.stderr).to.equal(0)
    const result = r.json<{aborted: {pid: number}[]; skipped: Skipped[]}>()
    expect(result.skipped).to.deep.equal([])
    expect(result.aborted).to.have.length(1)
    await exited
  })
})
