import {spawn} from 'node:child_process'
import {existsSync, readFileSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {BIN, cleanupTempDirs, isolatedEnv, makeTempDir, runCli} from 'govtool/testing'

/**
 * The finding: a `ledger add` stalled (SIGSTOP) while it held the ledger lock had the lock taken over after
 * the stale time; both writers exited 0 and one entry vanished. Here the first writer is stopped the moment
 * its lock directory appears, a second one takes the lock over and appends, then the first is resumed:
 * whichever exits 0 must find its entry in LEDGER.md.
 */
describe('ledger add stalled while holding the lock', function () {
  if (process.platform === 'win32') return
  this.timeout(120_000)
  after(cleanupTempDirs)

  it('never loses an entry whose writer exited 0', async () => {
    let stalled = false
    for (let attempt = 0; attempt < 5 && !stalled; attempt++) {
      const dir = makeTempDir()
      const env = isolatedEnv(makeTempDir())
      // a long ledger keeps the first writer inside its lock for a while (it rewrites the whole file)
      const filler = Array.from({length: 20_000}, (_, i) => `Filler line ${i} of a long ledger preamble that is not an entry.`).join('\n')
      writeFileSync(path.join(dir, 'LEDGER.md'), `# Ledger\n\n${filler}\n`)
      const lockDir = path.join(dir, 'LEDGER.md.lock')

      const a = spawn(process.execPath, [BIN, 'ledger', 'add', 'entry from the stalled writer', '--json'], {cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe']})
      let aOut = ''
      a.stdout.setEncoding('utf8').on('data', (d: string) => (aOut += d))
      a.stderr.setEncoding('utf8').on('data', (d: string) => (aOut += d))
      const aExit = new Promise<number | null>((resolve) => a.on('close', resolve))
      // stop it as soon as it holds the lock (a tight loop: the window is a few milliseconds)
      const until = Date.now() + 15_000
      while (Date.now() < until && !existsSync(lockDir)) {
        // spin
      }
      if (existsSync(lockDir)) {
        a.kill('SIGSTOP')
        stalled = existsSync(lockDir)
      }
      let b: Awaited<ReturnType<typeof runCli>> | undefined
      try {
        // the second writer waits out the stale time, takes the lock over and appends
        if (stalled) b = await runCli(['ledger', 'add', 'entry from the takeover', '--json'], {cwd: dir, env})
      } finally {
        a.kill('SIGCONT')
      }
      const aCode = await aExit
      const ledger = readFileSync(path.join(dir, 'LEDGER.md'), 'utf8')
      if (aCode === 0) expect(ledger, 'the stalled writer exited 0').to.contain('entry from the stalled writer')
      else expect(aOut, aOut).to.contain('E_LOCK_LOST')
      if (b) {
        expect(b.code, b.stderr).to.equal(0)
        expect(ledger, 'the takeover exited 0').to.contain('entry from the takeover')
      }
    }
    expect(stalled, 'the first writer was stopped while it held the lock').to.equal(true)
  })
})
