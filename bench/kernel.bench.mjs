// Start-up: the commands every user runs most, and the README's first command.
import {spawnSync} from 'node:child_process'

export default async function bench({timeCli, tempDir, benchEnv, median, BIN}) {
  return [
    {name: 'govtool --version (whole process)', value: timeCli(['--version'], {runs: 15}), unit: 'ms', target: '< 150 ms'},
    {name: 'govtool --help (whole process)', value: timeCli(['--help'], {runs: 9}), unit: 'ms'},
    {name: 'govtool channel get (start-up + one command, fast runner)', value: timeCli(['channel', 'get'], {runs: 9}), unit: 'ms'},
    {name: 'govtool quickstart (whole process: sample project, 4 preflights, verify, ledger, checkpoint)', value: quickstart({tempDir, benchEnv, median, BIN}), unit: 'ms', target: '< 3000 ms'},
  ]
}

/** quickstart into a fresh directory each run (a second run into the same one is refused). */
function quickstart({tempDir, benchEnv, median, BIN}) {
  const env = benchEnv(tempDir())
  const times = []
  for (let i = 0; i <= 5; i++) {
    const t0 = performance.now()
    const r = spawnSync(process.execPath, [BIN, 'quickstart', '--dir', tempDir(), '--json'], {env, encoding: 'utf8'})
    const ms = performance.now() - t0
    if (r.status !== 0) throw new Error(`govtool quickstart exited ${r.status}: ${r.stderr}`)
    if (i > 0) times.push(ms)
  }
  return median(times)
}
