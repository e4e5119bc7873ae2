import {existsSync, readFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {cleanupTempDirs, makeTempDir, runCli} from 'govtool/testing'

import {isProcessAlive} from '../src/index.js'

function pidIn(file: string): number {
  return Number(readFileSync(file, 'utf8').trim())
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

  it('refuses a timeout no timer can hold instead of killing at once', async () => {
    const dir = makeTempDir()
    const r = await runCli(['exec', '--timeout', '99999999999', '--json', '--', 'true'], {cwd: dir})
    expect(r.code).to.equal(2)
    expect(r.json<{error: {code: string; message: string}}>().error.message).to.match(/timeout/i)
  })
})
