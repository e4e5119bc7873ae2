import {spawn} from 'node:child_process'
import {mkdirSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {cleanupTempDirs, isolatedEnv, makeTempDir, REPO_ROOT} from 'govtool/testing'

const BIN = path.join(REPO_ROOT, 'bin', 'run.js')

/**
 * Runs govtool with stdout (or stderr, `stream: 2`) as a pipe to a reader that starts reading only after
 * `delay` seconds (a shell pipeline: the kernel's pipe buffer, 64 KiB, fills and the writer must wait).
 */
function runSlowlyRead(args: string[], env: NodeJS.ProcessEnv, delay: number, stream: 1 | 2 = 1): Promise<{code: number; output: string}> {
  const quoted = args.map((a) => `'${a}'`).join(' ')
  const redirect = stream === 1 ? '2>/dev/null' : '2>&1 >/dev/null'
  const script = `"$NODE" "$BIN" ${quoted} ${redirect} | (sleep ${delay}; cat); exit \${PIPESTATUS[0]}`
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script], {cwd: makeTempDir(), env: {...env, NODE: process.execPath, BIN}, stdio: ['ignore', 'pipe', 'inherit']})
    const out: Buffer[] = []
    child.stdout.on('data', (d: Buffer) => out.push(d))
    child.on('error', reject)
    child.on('close', (code) => resolve({code: code ?? -1, output: Buffer.concat(out).toString('utf8')}))
  })
}

/** Output over 64 KiB is never cut when the reader is slow: the process drains stdout and stderr before it exits. */
describe('output to a slow pipe is drained before exit', () => {
  after(cleanupTempDirs)
  const env = isolatedEnv(makeTempDir())
  const flag = `--${'x'.repeat(100_000)}`

  for (const [name, extra] of [['fast runner first', {}], ['oclif only', {GOVTOOL_NO_FAST_PATH: '1'}]] as const) {
    it(`a --json error of 100 KB arrives whole (${name})`, async () => {
      const r = await runSlowlyRead(['req', 'list', flag, '--json'], {...env, ...extra}, 1.5)
      expect(r.code).to.equal(2)
      expect(r.output.length).to.be.greaterThan(100_000)
      const parsed = JSON.parse(r.output) as {error: {message: string}}
      expect(parsed.error.message).to.include(flag.slice(0, 1000))
    })
  }

  it('a human error of 100 KB on stderr arrives whole', async () => {
    const r = await runSlowlyRead(['req', 'list', flag], env, 1.5, 2)
    expect(r.code).to.equal(2)
    expect(r.output).to.include(flag)
  })
})

/** A reader that stops early (`| head`) ends nothing badly: no EPIPE stack trace, the command's own exit code. */
describe('output to a reader that closes early', () => {
  after(cleanupTempDirs)
  let env: NodeJS.ProcessEnv
  let project: string
  before(() => {
    env = isolatedEnv(makeTempDir())
    project = makeTempDir()
    mkdirSync(path.join(project, 'docs'))
    const reqs = Array.from({length: 2000}, (_, i) => `## REQ-GEN-${String(i).padStart(4, '0')}: Generated requirement ${i}\n\n- **Status**: draft\n- **Description**: the tool does thing number ${i}.\n`)
    writeFileSync(path.join(project, 'docs', 'REQUIREMENTS.md'), `# Requirements\n\n${reqs.join('\n')}`)
  })

  for (const [name, extra] of [['fast runner first', {}], ['oclif only', {GOVTOOL_NO_FAST_PATH: '1'}]] as const) {
    for (const json of [true, false]) {
      it(`req list${json ? ' --json' : ''} of 2,000 requirements read by head -c 100 (${name})`, async () => {
        const script = `"$NODE" "$BIN" req list ${json ? '--json' : ''} 2>"$ERR" | head -c 100 >/dev/null; echo "\${PIPESTATUS[0]}"; cat "$ERR"`
        const err = path.join(makeTempDir(), 'err')
        const out = await new Promise<string>((resolve, reject) => {
          const child = spawn('bash', ['-c', script], {cwd: project, env: {...env, ...extra, NODE: process.execPath, BIN, ERR: err}, stdio: ['ignore', 'pipe', 'inherit']})
          const chunks: Buffer[] = []
          child.stdout.on('data', (d: Buffer) => chunks.push(d))
          child.on('error', reject)
          child.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')))
        })
        const [code, ...stderr] = out.split('\n')
        expect(stderr.join('\n'), out.slice(0, 2000)).to.not.match(/EPIPE|node:events|at \S+ \(/)
        expect(code).to.equal('0')
      })
    }
  }
})
