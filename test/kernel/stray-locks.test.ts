import {spawn, spawnSync} from 'node:child_process'
import {existsSync, readdirSync, writeFileSync} from 'node:fs'
import path from 'node:path'
import {pathToFileURL} from 'node:url'

import {expect} from 'chai'
import {withLock, writeFileAtomic} from 'govtool'
import {cleanupTempDirs, makeTempDir, REPO_ROOT} from 'govtool/testing'

const CORE = pathToFileURL(path.join(REPO_ROOT, 'dist', 'core.js')).href

/** A writer killed with SIGKILL leaves its lock directory and temp files; the next writer cleans them up. */
describe('stray locks and temp files after kill -9', () => {
  after(cleanupTempDirs)

  it('a lock left by a holder killed with SIGKILL is taken at once, not after the stale time', async () => {
    const file = path.join(makeTempDir(), 'state.json')
    const child = spawn(process.execPath, ['--input-type=module', '-e', `
      import {withLock} from ${JSON.stringify(CORE)}
      await withLock(${JSON.stringify(file)}, async () => { console.log('locked'); await new Promise(() => setInterval(() => {}, 1000)) }, {staleMs: 60000})`], {stdio: ['ignore', 'pipe', 'inherit']})
    await new Promise<void>((resolve) => child.stdout.on('data', (d: Buffer) => d.toString().includes('locked') && resolve()))
    child.kill('SIGKILL')
    await new Promise((resolve) => child.on('close', resolve))
    expect(existsSync(`${file}.lock`), 'the killed holder left its lock').to.equal(true)
    const t0 = Date.now()
    // with a 60 s stale time and a 10 s timeout, only the dead-owner rule can get the lock
    await withLock(file, () => writeFileAtomic(file, '{}\n'), {staleMs: 60_000, timeoutMs: 10_000})
    expect(Date.now() - t0).to.be.lessThan(10_000)
    expect(existsSync(`${file}.lock`)).to.equal(false)
  })

  it('a lock whose holder is alive is not taken', async () => {
    const file = path.join(makeTempDir(), 'state.json')
    await withLock(file, async () => {
      try {
        await withLock(file, async () => {}, {timeoutMs: 300})
        expect.fail('took a live lock')
      } catch (error) {
        expect((error as {code?: string}).code).to.equal('E_LOCK_TIMEOUT')
      }
    })
  })

  it('temp files of a writer that died before its rename are removed by the next write of that file', async () => {
    const dir = makeTempDir()
    const file = path.join(dir, 'ledger-heads.json')
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!
    const strays = [`${file}.${dead}.0123456789ab.tmp`, `${file}.${dead}.ba9876543210.tmp`]
    for (const s of strays) writeFileSync(s, '{"half": ')
    // a live process's temp file and another file's temp are left alone
    const live = `${file}.${process.ppid}.aaaaaaaaaaaa.tmp`
    const other = path.join(dir, `other.json.${dead}.0123456789ab.tmp`)
    writeFileSync(live, 'x')
    writeFileSync(other, 'x')
    await writeFileAtomic(file, '{}\n')
    expect(readdirSync(dir).sort()).to.deep.equal([path.basename(file), path.basename(live), path.basename(other)].sort())
  })
})
