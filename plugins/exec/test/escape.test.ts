import {existsSync, readdirSync, readFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {cleanupTempDirs, makeTempDir, runCli} from 'govtool/testing'

import {isProcessAlive} from '../src/index.js'
import {MAX_TIMEOUT_SECONDS} from '../src/lib/defaults.js'

function pidIn(file: string): number {
  return Number(readFileSync(file, 'utf8').trim())
}

/** PIDs of running `sleep 60` processes (by their command line). */
function sleepers(): Set<number> {
  const found = new Set<number>()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      if (readFileSync(`/proc/${name}/cmdline`, 'latin1') === 'sleep\u000060\u0000' && isProcessAlive(Number(name))) found.add(Number(name))
    } catch {
      // gone meanwhile
    }
  }
  return found
}

describe('exec: descendants that leave the process group', function () {
  if (process.platform !== 'linux') return
  this.timeout(90_000)
  after(cleanupTempDirs)

  it('a child that escaped with setsid is stopped at the deadline, and exec returns then', async () => {
    const dir = makeTempDir()
    const file = path.join(dir, 'escaped.pid')
    const r = await runCli(['exec', '--timeout', '2', '--grace', '1', '--json', '--', 'sh', '-c', `setsid sleep 60 & echo $! > ${file}; wait`], {cwd: dir, timeoutMs: 50_000})
    expect(r.code, r.stderr).to.equal(124)
    expect(r.json()).to.include({timed_out: true})
    expect(existsSync(file)).to.equal(true)
    expect(isProcessAlive(pidIn(file)), 'the escaped sleep').to.equal(false)
  })

  it('a daemon the command left behind in a session of its own is stopped when the command exits', async () => {
    const dir = makeTempDir()
    const file = path.join(dir, 'daemon.pid')
    const r = await runCli(['exec', '--timeout', '60', '--grace', '1', '--json', '--', 'sh', '-c', `setsid sleep 60 > /dev/null 2>&1 < /dev/null & echo $! > ${file}`], {cwd: dir, timeoutMs: 50_000})
    expect(r.code, r.stderr).to.equal(0)
    expect(isProcessAlive(pidIn(file)), 'the daemon').to.equal(false)
  })

  it("exec --timeout 2 -- sh -c 'setsid sleep 60 & sleep 60' returns within 3 s and leaves no sleep 60", async () => {
    const dir = makeTempDir()
    const before = sleepers()
    const started = Date.now()
    const r = await runCli(['exec', '--timeout', '2', '--json', '--', 'sh', '-c', 'setsid sleep 60 & sleep 60'], {cwd: dir, timeoutMs: 50_000})
    const took = Date.now() - started
    expect(r.code, r.stderr).to.equal(124)
    // 2 s deadline; the rest is node's start-up and the stop (SIGTERM ends sleep at once)
    expect(took, 'wall time of the whole CLI run (ms)').to.be.below(3500)
    const left = [...sleepers()].filter((pid) => !before.has(pid))
    expect(left, 'sleep 60 processes left behind').to.deep.equal([])
  })

  it('refuses a timeout one second beyond what a timer can hold (2^31-1 ms)', async () => {
    const dir = makeTempDir()
    const ok = await runCli(['exec', '--timeout', String(MAX_TIMEOUT_SECONDS), '--json', '--', 'true'], {cwd: dir})
    expect(ok.code, ok.stderr).to.equal(0)
    const r = await runCli(['exec', '--timeout', String(MAX_TIMEOUT_SECONDS + 1), '--json', '--', 'true'], {cwd: dir})
    expect(r.code).to.equal(2)
    expect(r.json<{error: {code: string; message: string}}>().error.message).to.match(/timeout|2147483/i)
  })

  it('refuses a timeout no timer can hold instead of killing at once', async () => {
    const dir = makeTempDir()
    const r = await runCli(['exec', '--timeout', '99999999999', '--json', '--', 'true'], {cwd: dir})
    expect(r.code).to.equal(2)
    expect(r.json<{error: {code: string; message: string}}>().error.message).to.match(/timeout/i)
  })
})
