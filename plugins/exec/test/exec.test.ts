import {spawn} from 'node:child_process'
import {existsSync, readFileSync, readdirSync, writeFileSync} from 'node:fs'
import {mkdir, utimes} from 'node:fs/promises'
import path from 'node:path'

import {expect} from 'chai'
import {ProjectContext, isGovError} from 'govtool'
import {cleanupTempDirs, makeTempDir} from 'govtool/testing'

import {
  abortTracked,
  commandLine,
  formatRemaining,
  isGroupAlive,
  isProcessAlive,
  listTracked,
  pidFile,
  processStartTicks,
  pruneRunLogs,
  runTracked,
  splitExecArgv,
  writePidRecord,
  type PidRecord,
} from '../src/index.js'

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Waits for a condition that a child process brings about; fails after `ms` (never passes on time alone). */
async function until(what: string, check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await sleep(20)
  }
}

function project(): ProjectContext {
  return new ProjectContext(makeTempDir('govtool-exec-'))
}

const readPid = (file: string) => Number(readFileSync(file, 'utf8').trim())

const quiet = {stdout: null, stderr: null, forwardSignals: false} as const

describe('exec: argument splitting', () => {
  const cases: [string[], string[], string[]][] = [
    [['ls', '-la'], [], ['ls', '-la']],
    [['--timeout', '5', 'npm', 'test', '--watch'], ['--timeout', '5'], ['npm', 'test', '--watch']],
    [['--timeout=5', '--json', '--', 'node', '--json', '--timeout', '3'], ['--timeout=5', '--json'], ['node', '--json', '--timeout', '3']],
    [['--project-dir', '/x', '--grace', '0', 'true'], ['--project-dir', '/x', '--grace', '0'], ['true']],
    [['--bogus', 'ls'], ['--bogus'], ['ls']],
    [['--json'], ['--json'], []],
    [['--', '--weird-command'], [], ['--weird-command']],
  ]
  for (const [argv, own, child] of cases) {
    it(`${JSON.stringify(argv)} -> own ${JSON.stringify(own)}, child ${JSON.stringify(child)}`, () => {
      expect(splitExecArgv(argv)).to.deep.equal({own, child})
    })
  }

  it('formats remaining time and quotes command words', () => {
    expect(formatRemaining(null)).to.equal('-')
    expect(formatRemaining(42)).to.equal('42s')
    expect(formatRemaining(185)).to.equal('3m 05s')
    expect(formatRemaining(3720)).to.equal('1h 02m')
    expect(formatRemaining(-3)).to.equal('overdue 3s')
    expect(commandLine({command: 'sh', args: ['-c', "echo 'hi' there"]})).to.equal(String.raw`sh -c 'echo '\''hi'\'' there'`)
  })
})

describe('exec: runTracked', function () {
  this.timeout(20_000)
  after(cleanupTempDirs)

  it('mirrors the exit code, tees both streams to the logs, and removes its PID file after exit', async () => {
    const ctx = project()
    let during: PidRecord | undefined
    let file = ''
    const result = await runTracked(ctx, {
      ...quiet,
      command: 'sh',
      args: ['-c', 'echo out-line; echo err-line >&2; exit 7'],
      onStart(record) {
        file = pidFile(ctx, record.pid)
        during = JSON.parse(readFileSync(file, 'utf8')) as PidRecord
      },
    })
    expect(result).to.include({exit_code: 7, child_exit_code: 7, timed_out: false, signal: null, command: 'sh'})
    expect(during).to.include({pid: result.pid, pgid: result.pid, command: 'sh', cwd: ctx.root, timeout_seconds: 120})
    expect(during!.args).to.deep.equal(['-c', 'echo out-line; echo err-line >&2; exit 7'])
    expect(Date.parse(during!.deadline!) - Date.parse(during!.start)).to.equal(120_000)
    expect(existsSync(file), 'PID file removed after exit').to.equal(false)
    expect(readFileSync(ctx.path(result.log_stdout), 'utf8')).to.equal('out-line\n')
    expect(readFileSync(ctx.path(result.log_stderr), 'utf8')).to.equal('err-line\n')
    expect(result.log_stdout).to.match(new RegExp(`^\\.govtool/logs/${result.pid}-[\\dTZ-]+\\.stdout\\.log$`))
  })

  it('streams output to the given writers while it runs', async () => {
    const ctx = project()
    const chunks: string[] = []
    const sink = {write: (c: Buffer) => chunks.push(c.toString()), on: () => sink, off: () => sink} as unknown as NodeJS.WritableStream
    const result = await runTracked(ctx, {command: 'sh', args: ['-c', 'printf a; printf b'], stdout: sink, stderr: null, forwardSignals: false})
    expect(result.exit_code).to.equal(0)
    expect(chunks.join('')).to.equal('ab')
  })

  it('runs without a shell: metacharacters reach the command as plain arguments', async () => {
    const ctx = project()
    const result = await runTracked(ctx, {...quiet, command: 'echo', args: ['$HOME', '*', '|', 'x']})
    expect(readFileSync(ctx.path(result.log_stdout), 'utf8')).to.equal('$HOME * | x\n')
  })

  it('exits 128+n when a signal ends the command', async () => {
    const ctx = project()
    const result = await runTracked(ctx, {...quiet, command: 'sh', args: ['-c', 'kill -TERM $$']})
    expect(result).to.include({exit_code: 143, signal: 'SIGTERM', child_exit_code: null, timed_out: false})
  })

  it('on the deadline kills the whole tree and exits 124, with no surviving grandchild', async () => {
    const ctx = project()
    const gcFile = path.join(ctx.root, 'grandchild.pid')
    const result = await runTracked(ctx, {
      ...quiet,
      command: 'sh',
      args: ['-c', `sleep 30 & echo $! > ${gcFile}; wait`],
      timeoutSeconds: 1,
      graceSeconds: 5,
    })
    expect(result).to.include({exit_code: 124, timed_out: true, stopped_with: 'SIGTERM'})
    const grandchild = readPid(gcFile)
    expect(grandchild).to.be.greaterThan(1)
    expect(isProcessAlive(grandchild), `grandchild ${grandchild} still running`).to.equal(false)
    expect(isGroupAlive(result.pgid)).to.equal(false)
    expect(readdirSync(ctx.state('pids'))).to.deep.equal([])
  })

  it('escalates to SIGKILL when the tree ignores SIGTERM', async () => {
    const ctx = project()
    const gcFile = path.join(ctx.root, 'grandchild.pid')
    const result = await runTracked(ctx, {
      ...quiet,
      command: 'sh',
      args: ['-c', `trap '' TERM; sleep 30 & echo $! > ${gcFile}; wait`],
      timeoutSeconds: 1,
      graceSeconds: 0.3,
    })
    expect(result).to.include({exit_code: 124, timed_out: true, stopped_with: 'SIGKILL', signal: 'SIGKILL'})
    expect(isProcessAlive(readPid(gcFile))).to.equal(false)
  })

  it('stops what the command left running in its group when it exits', async () => {
    const ctx = project()
    const gcFile = path.join(ctx.root, 'leftover.pid')
    const result = await runTracked(ctx, {...quiet, command: 'sh', args: ['-c', `sleep 30 & echo $! > ${gcFile}; exit 0`], graceSeconds: 5})
    expect(result).to.include({exit_code: 0, timed_out: false, stopped_with: 'SIGTERM'})
    expect(isProcessAlive(readPid(gcFile))).to.equal(false)
  })

  it('a missing command is a clear error with exit 127 and leaves no PID file', async () => {
    const ctx = project()
    try {
      await runTracked(ctx, {...quiet, command: 'govtool-no-such-command-xyz'})
      expect.fail('should have thrown')
    } catch (error) {
      expect(isGovError(error)).to.equal(true)
      expect(error).to.include({exit: 127, code: 'E_COMMAND_NOT_FOUND'})
      expect((error as Error).message).to.contain('govtool-no-such-command-xyz')
    }
    expect(existsSync(ctx.state('pids')) ? readdirSync(ctx.state('pids')) : []).to.deep.equal([])
  })
})

describe('exec: tracking, ps pruning and abort', function () {
  this.timeout(20_000)
  after(cleanupTempDirs)

  /** Starts `sh -c script` as its own process group, the way exec does, and tracks it. */
  async function startTracked(ctx: ProjectContext, script: string): Promise<PidRecord> {
    const child = spawn('sh', ['-c', script], {detached: true, stdio: 'ignore', cwd: ctx.root})
    child.unref()
    const pid = child.pid!
    const now = Date.now()
    const record: PidRecord = {
      pid,
      pgid: pid,
      command: 'sh',
      args: ['-c', script],
      cwd: ctx.root,
      start: new Date(now).toISOString(),
      deadline: new Date(now + 60_000).toISOString(),
      timeout_seconds: 60,
      start_ticks: processStartTicks(pid),
    }
    await writePidRecord(ctx, record)
    return record
  }

  it('listTracked keeps live processes and prunes files of dead, reused or unreadable PIDs', async () => {
    const ctx = project()
    const live = await startTracked(ctx, 'sleep 30')
    try {
      await mkdir(ctx.state('pids'), {recursive: true})
      // a process that has ended: spawn and wait for it, so its PID is known to be free
      const gone = spawn('true')
      await new Promise((resolve) => gone.on('exit', resolve))
      await writePidRecord(ctx, {...live, pid: gone.pid!, pgid: gone.pid!, start_ticks: undefined})
      // our own PID, but with another start time: the PID was reused by an unrelated process
      await writePidRecord(ctx, {...live, pid: process.pid, pgid: process.pid, start_ticks: 'not-the-same'})
      writeFileSync(ctx.state('pids', '424242.json'), '{not json')
      writeFileSync(ctx.state('pids', 'notes.txt'), 'ignored')

      const first = await listTracked(ctx)
      expect(first.processes.map((p) => p.pid)).to.deep.equal([live.pid])
      expect(first.processes[0].remaining_seconds).to.be.within(30, 60)
      const expectedPruned = [gone.pid!, 424_242]
      if (process.platform === 'linux') expectedPruned.push(process.pid)
      expect(first.pruned).to.have.members(expectedPruned)
      expect(readdirSync(ctx.state('pids')).sort()).to.deep.equal(
        process.platform === 'linux' ? [`${live.pid}.json`, 'notes.txt'].sort() : [`${live.pid}.json`, `${process.pid}.json`, 'notes.txt'].sort(),
      )
    } finally {
      process.kill(-live.pgid, 'SIGKILL')
    }
  })

  it('abortTracked kills a tracked tree (grandchild included) and removes its PID file', async () => {
    const ctx = project()
    const gcFile = path.join(ctx.root, 'gc.pid')
    const record = await startTracked(ctx, `sleep 30 & echo $! > ${gcFile}; wait`)
    await until('the grandchild pid file', () => existsSync(gcFile) && readFileSync(gcFile, 'utf8').endsWith('\n'))
    const grandchild = readPid(gcFile)
    expect(isProcessAlive(grandchild)).to.equal(true)
    const {aborted} = await abortTracked(ctx, {pid: record.pid}, {graceSeconds: 5})
    expect(aborted).to.deep.equal([{pid: record.pid, pgid: record.pid, command: `sh -c 'sleep 30 & echo $! > ${gcFile}; wait'`, signal: 'SIGTERM'}])
    expect(isProcessAlive(grandchild)).to.equal(false)
    expect(isProcessAlive(record.pid)).to.equal(false)
    expect(existsSync(pidFile(ctx, record.pid))).to.equal(false)
  })

  it('abortTracked --all kills every tracked tree; an untracked PID is a not-found error', async () => {
    const ctx = project()
    const a = await startTracked(ctx, 'sleep 30')
    const ready = path.join(ctx.root, 'b.ready')
    const b = await startTracked(ctx, `trap '' TERM; echo > ${ready}; sleep 30`)
    await until('b to ignore SIGTERM', () => existsSync(ready))
    try {
      await abortTracked(ctx, {pid: process.pid})
      expect.fail('should have thrown')
    } catch (error) {
      expect(error).to.include({code: 'E_NOT_FOUND', exit: 1})
      expect((error as Error).message).to.contain(`No process with PID ${process.pid} is tracked`)
    }
    expect(isProcessAlive(process.pid)).to.equal(true)
    const {aborted} = await abortTracked(ctx, {all: true}, {graceSeconds: 0.3})
    expect(aborted.map((x) => x.pid).sort()).to.deep.equal([a.pid, b.pid].sort())
    expect(aborted.find((x) => x.pid === b.pid)?.signal).to.equal('SIGKILL')
    expect(isProcessAlive(a.pid) || isProcessAlive(b.pid)).to.equal(false)
    expect((await listTracked(ctx)).processes).to.deep.equal([])
  })

  it('pruneRunLogs keeps the newest runs only', async () => {
    const ctx = project()
    await mkdir(ctx.state('logs'), {recursive: true})
    for (let i = 0; i < 5; i++) {
      for (const stream of ['stdout', 'stderr']) {
        const file = ctx.state('logs', `${100 + i}-2024-01-0${i + 1}T00-00-00-000Z.${stream}.log`)
        writeFileSync(file, 'x')
        await utimes(file, new Date(2024, 0, i + 1), new Date(2024, 0, i + 1))
      }
    }
    writeFileSync(ctx.state('logs', 'README'), 'not a run log')
    expect(await pruneRunLogs(ctx, 2)).to.equal(3)
    expect(readdirSync(ctx.state('logs')).sort()).to.deep.equal([
      '103-2024-01-04T00-00-00-000Z.stderr.log',
      '103-2024-01-04T00-00-00-000Z.stdout.log',
      '104-2024-01-05T00-00-00-000Z.stderr.log',
      '104-2024-01-05T00-00-00-000Z.stdout.log',
      'README',
    ])
  })
})
