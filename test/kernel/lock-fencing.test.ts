import {spawn, type ChildProcess} from 'node:child_process'
import {mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import path from 'node:path'
import {pathToFileURL} from 'node:url'

import {expect} from 'chai'
import {ProjectContext, withLock, writeFileAtomic} from 'govtool'
import {cleanupTempDirs, makeTempDir, REPO_ROOT} from 'govtool/testing'

const CORE = pathToFileURL(path.join(REPO_ROOT, 'dist', 'core.js')).href
const ESDB = (file: string) => pathToFileURL(path.join(REPO_ROOT, 'plugins', 'esdb', 'dist', 'lib', file)).href

interface Exited {
  code: number | null
  stdout: string
  stderr: string
}

/** Starts `node -e script` (an ES module); `ready` resolves when it prints "locked". */
function start(script: string): {child: ChildProcess; ready: Promise<void>; exited: Promise<Exited>} {
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {stdio: ['ignore', 'pipe', 'pipe']})
  let stdout = ''
  let stderr = ''
  let onReady: () => void
  const ready = new Promise<void>((resolve) => (onReady = resolve))
  child.stdout!.setEncoding('utf8').on('data', (d: string) => {
    stdout += d
    if (stdout.includes('locked')) onReady()
  })
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d))
  const exited = new Promise<Exited>((resolve) => child.on('close', (code) => resolve({code, stdout, stderr})))
  return {child, ready, exited}
}

/** A writer that takes the lock, reads, says "locked", waits `pauseMs` (it is stopped there), then writes. */
function readModifyWrite(file: string, line: string, pauseMs: number): string {
  return `import {readFileSync} from 'node:fs'
    import {withLock, writeFileAtomic} from ${JSON.stringify(CORE)}
    const file = ${JSON.stringify(file)}
    try {
      await withLock(file, async () => {
        const text = readFileSync(file, 'utf8')
        console.log('locked')
        await new Promise((r) => setTimeout(r, ${pauseMs}))
        await writeFileAtomic(file, text + ${JSON.stringify(line + '\n')})
      }, {staleMs: 2000})
    } catch (error) {
      console.error(error.code)
      process.exit(1)
    }`
}

describe('lock fencing: a writer whose lock was taken over never clobbers an acknowledged write', () => {
  after(cleanupTempDirs)

  it('a read-modify-write stalled (SIGSTOP) past the stale time fails with E_LOCK_LOST and the other entry stays', async function () {
    if (process.platform === 'win32') this.skip()
    this.timeout(60_000)
    const dir = makeTempDir()
    const file = path.join(dir, 'LEDGER.md')
    writeFileSync(file, 'head\n')
    const a = start(readModifyWrite(file, 'entry A', 1500))
    await a.ready
    a.child.kill('SIGSTOP')
    try {
      // B waits until A's lock is stale (2 s without a refresh), takes it over and writes
      const b = await start(readModifyWrite(file, 'entry B', 0)).exited
      expect(b.code, b.stderr).to.equal(0)
    } finally {
      a.child.kill('SIGCONT')
    }
    const resumed = await a.exited
    expect(resumed.code).to.equal(1)
    expect(resumed.stderr).to.contain('E_LOCK_LOST')
    // B exited 0, so its entry must be there; A failed and wrote nothing
    expect(readFileSync(file, 'utf8')).to.equal('head\nentry B\n')
  })

  it('an ESDB WAL append stalled past the stale time fails and never forks the chain', async function () {
    if (process.platform === 'win32') this.skip()
    this.timeout(60_000)
    const dir = makeTempDir()
    const ctx = new ProjectContext(dir)
    const record = (id: string) => ({id, kind: 'requirement', status: 'active', label: id, confidence: 1, evidence: [], data: {}})
    const setup = `import {ProjectContext} from ${JSON.stringify(CORE)}
      import {esdbPaths} from ${JSON.stringify(ESDB('paths.js'))}
      const paths = esdbPaths(new ProjectContext(${JSON.stringify(dir)}))`
    const {appendRecords} = (await import(ESDB('store.js'))) as {appendRecords: (c: ProjectContext, r: unknown[], o?: object) => Promise<unknown>}
    await appendRecords(ctx, [record('FIRST')])
    const a = start(`${setup}
      import {withLock} from ${JSON.stringify(CORE)}
      import {prepareTail, writeEntries} from ${JSON.stringify(ESDB('wal-write.js'))}
      try {
        await withLock(paths.wal, async () => {
          const tail = await prepareTail(paths)
          console.log('locked')
          await new Promise((r) => setTimeout(r, 1500))
          await writeEntries(paths, tail, [{op: 'upsert', recordId: 'STALLED', recordJson: JSON.stringify(${JSON.stringify(record('STALLED'))})}])
        }, {staleMs: 2000})
      } catch (error) {
        console.error(error.code)
        process.exit(1)
      }`)
    await a.ready
    a.child.kill('SIGSTOP')
    try {
      const b = await start(`${setup}
        import {appendRecords} from ${JSON.stringify(ESDB('store.js'))}
        await appendRecords(new ProjectContext(${JSON.stringify(dir)}), [${JSON.stringify(record('TAKEOVER'))}], {lockStaleMs: 2000})`).exited
      expect(b.code, b.stderr).to.equal(0)
    } finally {
      a.child.kill('SIGCONT')
    }
    const resumed = await a.exited
    expect(resumed.code).to.equal(1)
    expect(resumed.stderr).to.contain('E_LOCK_LOST')
    const {verifyChain} = (await import(ESDB('verify.js'))) as {verifyChain: (p: unknown) => Promise<{ok: boolean; entries: number}>}
    const {esdbPaths} = (await import(ESDB('paths.js'))) as {esdbPaths: (c: ProjectContext) => {wal: string}}
    const paths = esdbPaths(ctx)
    const report = await verifyChain(paths)
    expect(report.ok).to.equal(true)
    const ids = readFileSync(paths.wal, 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as {record_id: string}).record_id)
    expect(ids).to.deep.equal(['FIRST', 'TAKEOVER'])
  })

  it('in process: a takeover seen at the fence stops the write and keeps the new holder\'s content', async () => {
    const dir = makeTempDir()
    const file = path.join(dir, 'state.json')
    writeFileSync(file, 'old\n')
    let error: {code?: string} | undefined
    try {
      await withLock(file, async () => {
        // another process took the stale lock over (removed it, created its own) and wrote
        rmSync(`${file}.lock`, {recursive: true})
        mkdirSync(`${file}.lock`)
        writeFileSync(file, 'theirs\n')
        await writeFileAtomic(file, 'mine\n')
      })
    } catch (error_) {
      error = error_ as {code?: string}
    }
    expect(error?.code).to.equal('E_LOCK_LOST')
    expect(readFileSync(file, 'utf8')).to.equal('theirs\n')
  })

  it('in process: a file changed behind the holder\'s back (same owner) is not overwritten', async () => {
    const dir = makeTempDir()
    const file = path.join(dir, 'credits.json')
    writeFileSync(file, '[]\n')
    let error: {code?: string} | undefined
    try {
      await withLock(file, async () => {
        writeFileSync(file, '[1]\n') // an unlocked writer
        await writeFileAtomic(file, '[2]\n')
      })
    } catch (error_) {
      error = error_ as {code?: string}
    }
    expect(error?.code).to.equal('E_LOCK_LOST')
    expect(readFileSync(file, 'utf8')).to.equal('[1]\n')
    // the holder's own writes move the expected identity along
    await withLock(file, async () => {
      await writeFileAtomic(file, '[3]\n')
      await writeFileAtomic(file, '[4]\n')
    })
    expect(readFileSync(file, 'utf8')).to.equal('[4]\n')
  })
})
