/**
 * `govtool quickstart` end to end, as the README's first command runs it: a sample governed project in a
 * temporary directory, the four decisions, a verify, the ledger and a checkpoint, then the way to do the same
 * on one's own repository. The sample it leaves is a real project: the commands it prints work there.
 */
import {existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync} from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import {expect} from 'chai'
import {cleanupTempDirs, isolatedEnv, makeTempDir, runCli} from 'govtool/testing'

interface Quickstart {
  project_dir: string
  project: string
  phase: string
  requests: {request: string; decision: string; intent: string; work_item_id: string; requirement_ids: string[]; instruction: string; exit_code: number}[]
  verify: {command: string; work_item_id: string; equilibrium: boolean; confidence: number; confidence_threshold: number; summary: string; exit_code: number}
  ledger: {file: string; entries: {type: string; description: string; reqs: string[]; chain_hash: string}[]}
  checkpoint: {health: string; phase: string; req_count: number; test_count: number; anchor: string; text: string}
  next_steps: {command: string; purpose: string}[]
  elapsed_ms: number
}

/** The shell words of a printed command line (no shell: quotes are the only syntax the commands use). */
function words(command: string): string[] {
  return [...command.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2])
}

describe('quickstart: the main job on an embedded default', function () {
  this.timeout(300_000)
  const home = makeTempDir('govtool-quickstart-home-')
  const env = isolatedEnv(home)
  // a user config that would change every decision: the sample's own docs/GOVTOOL.yml must win
  mkdirSync(env.GOVTOOL_HOME!, {recursive: true})
  writeFileSync(path.join(env.GOVTOOL_HOME!, 'config.yml'), 'agent:\n  permissions:\n    preset: read_only\nverify:\n  threshold: 0.99\npreflight:\n  phase_gating: never\n')
  const made: string[] = []
  after(() => {
    for (const dir of made) rmSync(dir, {recursive: true, force: true})
    cleanupTempDirs()
  })

  it('shows the four decisions, a verify, the ledger and a checkpoint in a new temporary directory', async () => {
    const r = await runCli(['quickstart', '--json'], {env, cwd: home})
    expect(r.code, r.stderr).to.equal(0)
    const q = r.json<Quickstart>()
    made.push(path.dirname(q.project_dir))
    expect(path.dirname(path.dirname(q.project_dir))).to.equal(realpathSync(os.tmpdir()))
    expect(path.basename(q.project_dir)).to.equal('notes-demo')
    expect(existsSync(path.join(q.project_dir, 'scaffold.yml'))).to.equal(true)

    expect(q.requests.map((x) => [x.decision, x.exit_code])).to.deep.equal([
      ['accepted', 0],
      ['needs_clarification', 2],
      ['blocked', 3],
      ['rejected', 3],
    ])
    expect(q.requests[0]).to.deep.include({intent: 'change', requirement_ids: ['REQ-NOTES-001']})
    expect(q.requests[0].instruction).to.contain(`govtool verify --work-item-id ${q.requests[0].work_item_id}`).and.to.contain('verify.threshold in docs/GOVTOOL.yml')
    expect(q.requests[2].instruction).to.contain('phase is implementation')
    expect(q.requests[3].instruction).to.contain('append-only')

    expect(q.verify).to.deep.include({work_item_id: q.requests[0].work_item_id, equilibrium: true, exit_code: 0, confidence_threshold: 0.7})
    expect(q.verify.confidence).to.be.at.least(q.verify.confidence_threshold)
    expect(q.verify.summary).to.contain('verify.threshold in docs/GOVTOOL.yml')

    expect(q.ledger.entries.map((e) => e.type)).to.deep.equal(['task', 'preflight', 'work_proposal', 'fix'])
    expect(q.ledger.entries.at(-1)).to.deep.include({description: 'Refuse notes with an empty title', reqs: ['REQ-NOTES-001']})
    expect(readFileSync(path.join(q.project_dir, 'LEDGER.md'), 'utf8')).to.contain(q.ledger.entries.at(-1)!.chain_hash)

    expect(q.checkpoint).to.deep.include({health: 'healthy', phase: 'implementation', req_count: 3, test_count: 3})
    expect(q.checkpoint.text).to.contain(q.checkpoint.anchor)
    expect(q.next_steps[0].command).to.contain('govtool import')
    expect(q.next_steps.map((s) => s.command).join('\n')).to.contain('govtool preflight').and.to.contain('govtool verify').and.to.contain('govtool audit')

    // the sample is a real governed project: what the quickstart printed works there, and gives the same answers
    const inSample = (args: string[]) => runCli(args, {env, cwd: q.project_dir})
    const [, ...verifyArgs] = words(q.verify.command)
    const again = await inSample([...verifyArgs, '--json'])
    expect(again.code, again.stderr).to.equal(0)
    expect(again.json()).to.include({equilibrium: true})
    for (const x of q.requests) {
      const d = await inSample(['preflight', x.request, '--json'])
      expect(d.code, x.request).to.equal(x.exit_code)
      expect(d.json(), x.request).to.include({decision: x.decision, work_item_id: x.work_item_id})
    }
    const ledger = readFileSync(path.join(q.project_dir, 'LEDGER.md'), 'utf8')
    const question = await inSample(['preflight', 'explain how notes are exported', '--json'])
    expect(question.json()).to.include({decision: 'accepted', intent: 'read_only'})
    expect(readFileSync(path.join(q.project_dir, 'LEDGER.md'), 'utf8'), 'a read-only question leaves LEDGER.md alone').to.equal(
      ledger,
    )
    expect((await inSample(['audit'])).code, 'the sample passes its audit').to.equal(0)
  })

  it('is deterministic: another run gives the same decisions, scopes and instructions', async () => {
    const a = makeTempDir('govtool-quickstart-a-')
    const b = makeTempDir('govtool-quickstart-b-')
    const [ra, rb] = [await runCli(['quickstart', '--dir', a, '--json'], {env, cwd: home}), await runCli(['quickstart', '--dir', b, '--json'], {env, cwd: home})]
    expect(ra.code, ra.stderr).to.equal(0)
    expect(rb.code, rb.stderr).to.equal(0)
    const shape = (q: Quickstart) => ({
      requests: q.requests.map((x) => ({...x, work_item_id: undefined, instruction: x.instruction.replaceAll(x.work_item_id, 'WI')})),
      verify: {...q.verify, command: undefined, work_item_id: undefined},
      ledger: q.ledger.entries.map((e) => [e.type, e.description.replaceAll(/WI-[0-9a-f]{12}/g, 'WI'), e.reqs]),
    })
    expect(shape(rb.json<Quickstart>())).to.deep.equal(shape(ra.json<Quickstart>()))
    expect(rb.json<Quickstart>().project_dir).to.equal(path.join(b, 'notes-demo'))
  })

  it('prints the walk-through in 80 columns, and refuses a --dir whose notes-demo is taken', async () => {
    const dir = makeTempDir('govtool-quickstart-human-')
    const r = await runCli(['quickstart', '--dir', dir], {env: {...env, COLUMNS: '80'}, cwd: home})
    expect(r.code, r.stderr).to.equal(0)
    for (const text of ['accepted', 'needs_clarification', 'blocked', 'rejected', 'equilibrium', 'GOVTOOL-ANCHOR-', 'govtool import', path.join(dir, 'notes-demo')]) {
      expect(r.stdout).to.contain(text)
    }
    const wide = r.stdout.split('\n').filter((line) => [...line].length > 80)
    expect(wide, 'lines wider than 80 columns').to.deep.equal([])

    const taken = await runCli(['quickstart', '--dir', dir, '--json'], {env, cwd: home})
    expect(taken.code).to.equal(1)
    expect(taken.json<{error: {code: string}}>().error.code).to.equal('E_TARGET_EXISTS')
  })
})
