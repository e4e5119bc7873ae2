// Process control: what `govtool exec` adds on top of running a command directly, and `ps` over 50 tracked PIDs.
import {spawn, spawnSync} from 'node:child_process'
import {mkdirSync, writeFileSync} from 'node:fs'
import path from 'node:path'

const exec = await import('../plugins/exec/dist/index.js')
const {ProjectContext} = await import('../dist/index.js')

export default async function bench({timeCli, timeFn, tempDir, benchEnv, median}) {
  const rows = []
  const dir = tempDir()
  const env = benchEnv(dir)
  const ctx = new ProjectContext(dir)

  // Whole process: `govtool exec -- true` against spawning `true` directly.
  const direct = []
  for (let i = 0; i < 15; i++) {
    const t0 = performance.now()
    spawnSync('true')
    direct.push(performance.now() - t0)
  }
  const directMs = median(direct)
  const cliMs = timeCli(['exec', '--', 'true'], {cwd: dir, env, runs: 9})
  rows.push({name: 'spawn `true` directly', value: directMs, unit: 'ms'})
  rows.push({name: 'govtool exec -- true (whole process)', value: cliMs, unit: 'ms', note: `+${(cliMs - directMs).toFixed(0)} ms, mostly CLI start-up`})

  // Library: runTracked (PID file, logs, process group, liveness sweep) against execa alone.
  const {execa} = await import('execa')
  const execaMs = await timeFn(() => execa('true'), 15)
  const trackedMs = await timeFn(() => exec.runTracked(ctx, {command: 'true', stdout: null, stderr: null, forwardSignals: false}), 15)
  rows.push({name: 'execa("true") (library)', value: execaMs, unit: 'ms'})
  rows.push({name: 'runTracked("true") (library)', value: trackedMs, unit: 'ms', target: '< execa + 20 ms', note: `overhead ${(trackedMs - execaMs).toFixed(1)} ms`})

  // ps with 50 tracked processes (and with none, to separate start-up from the work).
  const emptyPsMs = timeCli(['ps', '--json'], {cwd: dir, env, runs: 7})
  rows.push({name: 'govtool ps, no PID files (whole process)', value: emptyPsMs, unit: 'ms'})
  const children = []
  try {
    mkdirSync(ctx.state('pids'), {recursive: true})
    for (let i = 0; i < 50; i++) {
      const child = spawn('sleep', ['120'], {detached: true, stdio: 'ignore'})
      child.unref()
      children.push(child.pid)
      const now = Date.now()
      writeFileSync(
        path.join(ctx.state('pids'), `${child.pid}.json`),
        JSON.stringify({pid: child.pid, pgid: child.pid, command: 'sleep', args: ['120'], cwd: dir, start: new Date(now).toISOString(), deadline: new Date(now + 120_000).toISOString(), start_ticks: exec.processStartTicks(child.pid)}),
      )
    }
    const listMs = await timeFn(() => exec.listTracked(ctx), 9)
    const live = (await exec.listTracked(ctx)).processes.length
    rows.push({name: 'listTracked, 50 live PID files (library)', value: listMs, unit: 'ms', target: '< 20 ms', note: `${live} listed`})
    const psMs = timeCli(['ps', '--json'], {cwd: dir, env, runs: 7})
    rows.push({name: 'govtool ps, 50 live PID files (whole process)', value: psMs, unit: 'ms', note: `+${(psMs - emptyPsMs).toFixed(0)} ms over no PID files`})
  } finally {
    for (const pid of children) {
      try {
        process.kill(-pid, 'SIGKILL')
      } catch {
        // already gone
      }
    }
  }
  return rows
}
