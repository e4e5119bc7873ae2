import {spawn} from 'node:child_process'
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {ProjectContext} from 'govtool/core'
import {BIN, cleanupTempDirs, isolatedEnv, makeTempDir, runCli} from 'govtool/testing'

import {dagStatus, readEvents, resumeDag, subscribe, type DispatchEvent} from '../src/index.js'
import {fakeOpenAI, openaiChunks} from '../../models/test/fakes.js'

const titled = (id: string, deps: string[] = []) => ({id, title: `explain how the parser works, part ${id}`, role: 'researcher', depends_on: deps})

describe('dispatch commands and crash recovery', function () {
  this.timeout(120_000)
  after(cleanupTempDirs)

  it('dispatch run --json streams the events as JSON lines and ends with the summary line', async () => {
    const root = makeTempDir('govtool-dispatch-cli-')
    writeFileSync(path.join(root, 'plan.json'), JSON.stringify([titled('a'), titled('b', ['a']), titled('c', ['a'])]))
    const env = isolatedEnv(makeTempDir('govtool-dispatch-home-'), {OLLAMA_HOST: 'http://127.0.0.1:9'})
    const r = await runCli(['dispatch', 'run', 'explain the parser', '--plan', 'plan.json', '--dag-id', 'cli1', '--max-workers', '2', '--json', '--project-dir', root], {cwd: root, env})
    expect(r.code, r.stderr).to.equal(0)
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>)
    const events = lines.slice(0, -1) as unknown as DispatchEvent[]
    expect(events.map((e) => e.seq)).to.deep.equal(events.map((_, i) => i + 1))
    expect(events.at(-1)!.event_type).to.equal('dag_done')
    expect(events).to.deep.equal(await readEvents(new ProjectContext(root), 'cli1'))
    const summary = lines.at(-1)!
    expect(summary).to.include({dag_id: 'cli1', equilibrium: true, planner: 'plan-file', events: events.length})

    const status = await runCli(['dispatch', 'status', '--json', '--project-dir', root], {cwd: root, env})
    expect(status.json<{nodes: Record<string, string>; state: string}>()).to.deep.include({nodes: {a: 'completed', b: 'completed', c: 'completed'}, state: 'done'})
    const list = await runCli(['dispatch', 'list', '--json', '--project-dir', root], {cwd: root, env})
    expect(list.json<{count: number}>().count).to.equal(1)
    const retry = await runCli(['dispatch', 'retry', '--dag-id', 'cli1', '--node', 'a', '--json', '--project-dir', root], {cwd: root, env})
    expect(retry.code).to.equal(1)
    expect(JSON.parse(retry.stdout).error.code).to.equal('E_DISPATCH_STATE')
    const abort = await runCli(['dispatch', 'abort', '--dag-id', 'cli1', '--json', '--project-dir', root], {cwd: root, env})
    expect(JSON.parse(abort.stdout).error.message).to.match(/already done/)
  })

  it('a --plan file with a cycle is rejected naming the cycle; nothing runs', async () => {
    const root = makeTempDir('govtool-dispatch-cli-')
    writeFileSync(path.join(root, 'plan.json'), JSON.stringify([titled('a', ['c']), titled('b', ['a']), titled('c', ['b'])]))
    const env = isolatedEnv(makeTempDir('govtool-dispatch-home-'), {OLLAMA_HOST: 'http://127.0.0.1:9'})
    const r = await runCli(['dispatch', 'run', 'loop', '--plan', 'plan.json', '--project-dir', root], {cwd: root, env})
    expect(r.code).to.equal(2)
    expect(r.stderr).to.include('DAG validation error: cycle detected: a -> c -> b -> a')
    expect(existsSync(path.join(root, '.govtool', 'dispatch'))).to.equal(false)
    const garbage = path.join(root, 'garbage.json')
    writeFileSync(garbage, 'not json at all')
    const g = await runCli(['dispatch', 'run', 'x', '--plan', garbage, '--json', '--project-dir', root], {cwd: root, env})
    expect(JSON.parse(g.stdout).error.code).to.equal('E_DAG_PLAN')
  })

  it('dispatch abort from another process stops a running node at its next model-call poll; status sees the live runner', async () => {
    const root = makeTempDir('govtool-dispatch-abort-')
    writeFileSync(path.join(root, 'plan.json'), JSON.stringify([titled('slow'), titled('next', ['slow']), titled('other')]))
    const fake = await fakeOpenAI([], (body) => {
      const last = (body.messages as {content: string}[]).at(-1)!.content
      return {kind: 'sse', chunks: openaiChunks(`result of ${last}`), firstDelayMs: last.endsWith('part slow') ? 30_000 : 0}
    })
    const ctx = new ProjectContext(root)
    try {
      const env = isolatedEnv(makeTempDir('govtool-dispatch-home-'), {OLLAMA_HOST: 'http://127.0.0.1:9'})
      const run = runCli(['dispatch', 'run', 'explain', '--plan', 'plan.json', '--dag-id', 'ab1', '--endpoint', fake.url, '--json', '--project-dir', root], {cwd: root, env})
      const deadline = Date.now() + 30_000
      while (fake.requests.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
      const status = await runCli(['dispatch', 'status', '--dag-id', 'ab1', '--json', '--project-dir', root], {cwd: root, env})
      expect(status.json<{state: string; nodes: Record<string, string>}>()).to.deep.include({state: 'running'})
      expect(status.json<{nodes: Record<string, string>}>().nodes.slow).to.equal('running')
      const started = Date.now()
      const abort = await runCli(['dispatch', 'abort', '--dag-id', 'ab1', '--node', 'slow', '--json', '--project-dir', root], {cwd: root, env})
      expect(abort.json()).to.deep.equal({ok: true, dag_id: 'ab1', node_id: 'slow', status: 'abort signalled'})
      const r = await run
      expect(Date.now() - started).to.be.lessThan(10_000)
      expect(r.code).to.equal(1)
      const summary = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as {failed: {node_id: string; error: string}[]; blocked: string[]; completed: {node_id: string}[]}
      expect(summary.failed).to.have.length(1)
      expect(summary.failed[0].error).to.equal('Aborted: abort requested (during model call)')
      expect(summary.blocked).to.deep.equal(['next'])
      expect(summary.completed.map((c) => c.node_id)).to.deep.equal(['other'])
      expect((await dagStatus(ctx, 'ab1')).state).to.equal('done')
    } finally {
      await fake.close()
    }
  })

  it('kill -9 of the dispatcher mid-run, then resume: completed nodes are kept, none runs twice, seq continues', async () => {
    const root = makeTempDir('govtool-dispatch-kill-')
    // a -> (b, c) -> d(b), e(c) -> f(d, e); each model reply takes 300 ms
    // a, b, c are about the config parser (REQ-001), d, e, f about the CSV export (REQ-002)
    const about = (node: ReturnType<typeof titled>, what: string) => ({...node, title: `explain how the ${what} works, part ${node.id}`})
    const plan = [about(titled('a'), 'config parser'), about(titled('b', ['a']), 'config parser'), about(titled('c', ['a']), 'config parser'), about(titled('d', ['b']), 'csv export'), about(titled('e', ['c']), 'csv export'), about(titled('f', ['d', 'e']), 'csv export')]
    writeFileSync(path.join(root, 'plan.json'), JSON.stringify(plan))
    mkdirSync(path.join(root, 'docs'))
    writeFileSync(path.join(root, 'docs', 'REQUIREMENTS.md'), '# Requirements\n\n## REQ-001. Config parser\n- **ID:** REQ-001\n- **Description:** The config parser reads settings from config files.\n- **Status:** implemented\n\n## REQ-002. CSV export\n- **ID:** REQ-002\n- **Description:** The tool exports notes to CSV files.\n- **Status:** implemented\n')
    writeFileSync(path.join(root, 'LEDGER.md'), '# Change Ledger\n')
    const calls: string[] = []
    const fake = await fakeOpenAI([], (body) => {
      const last = (body.messages as {content: string}[]).at(-1)!.content
      const id = last.match(/part (\w+)$/)?.[1] ?? '?'
      calls.push(id)
      return {kind: 'sse', chunks: openaiChunks(`result of ${id}`), firstDelayMs: 300}
    })
    const ctx = new ProjectContext(root)
    try {
      const env = isolatedEnv(makeTempDir('govtool-dispatch-home-'), {OLLAMA_HOST: 'http://127.0.0.1:9'})
      const child = spawn(process.execPath, [BIN, 'dispatch', 'run', 'explain the parser', '--plan', 'plan.json', '--dag-id', 'k1', '--max-workers', '2', '--endpoint', fake.url, '--project-dir', root], {cwd: root, env, stdio: 'ignore'})
      const exited = new Promise((resolve) => child.once('exit', resolve))
      const completedCount = async () => (await readEvents(ctx, 'k1')).filter((e) => e.event_type === 'node_completed').length
      const deadline = Date.now() + 60_000
      while ((await readEvents(ctx, 'k1')).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10))
      // a subscriber in this process follows the run in the child (tailing the file), through the crash and the resume
      const followed: DispatchEvent[] = []
      const following = (async () => {
        for await (const e of subscribe(ctx, 'k1', {pollMs: 50})) followed.push(e)
      })()
      while ((await completedCount()) < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25))
      child.kill('SIGKILL')
      await exited
      const beforeResume = await readEvents(ctx, 'k1')
      const doneBefore = new Set(beforeResume.filter((e) => e.event_type === 'node_completed').map((e) => e.node_id))
      expect(doneBefore.size).to.be.within(3, 5)
      expect(beforeResume.some((e) => e.event_type === 'dag_done')).to.equal(false)
      const status = await dagStatus(ctx, 'k1')
      expect(status.state).to.equal('interrupted')
      const callsBefore = calls.length

      const handle = await resumeDag(ctx, 'k1', {env})
      const summary = await handle.done
      expect(summary.equilibrium).to.equal(true)
      expect(summary.counts.completed).to.equal(6)

      const events = await readEvents(ctx, 'k1')
      expect(events.map((e) => e.seq), 'seq continues with no gap or repeat').to.deep.equal(events.map((_, i) => i + 1))
      const completions = events.filter((e) => e.event_type === 'node_completed').map((e) => e.node_id)
      expect([...completions].sort(), 'each node completed exactly once').to.deep.equal(['a', 'b', 'c', 'd', 'e', 'f'])
      const resumedStarts = events.slice(beforeResume.length).filter((e) => e.event_type === 'node_started').map((e) => e.node_id)
      for (const id of doneBefore) expect(resumedStarts, `${id} completed before the crash`).to.not.include(id)
      // and no model call was made again for a node that had completed
      for (const id of doneBefore) expect(calls.slice(callsBefore), id).to.not.include(id)
      expect(events.filter((e) => e.event_type === 'dag_done')).to.have.length(1)
      await following
      expect(followed, 'the subscriber saw every event once, in order').to.deep.equal(events)
      expect((await dagStatus(ctx, 'k1')).state).to.equal('done')
      // a done run is not resumed again
      try {
        await resumeDag(ctx, 'k1', {env})
        expect.fail('resumed a done run')
      } catch (error) {
        expect((error as Error).message).to.match(/already done/)
      }
      expect(readFileSync(path.join(root, '.govtool', 'dispatch', 'k1', 'events.jsonl'), 'utf8').endsWith('\n')).to.equal(true)
      // the run's one ledger entry names the requirements of every node, also those completed before the crash
      const completedBefore = beforeResume.filter((e) => e.event_type === 'node_completed')
      expect(completedBefore.map((e) => (e.payload as {requirement_ids?: string[]}).requirement_ids)).to.deep.include(['REQ-001'])
      const ledger = readFileSync(path.join(root, 'LEDGER.md'), 'utf8')
      expect(ledger.match(/Dispatch k1: explain the parser/g)).to.have.length(1)
      expect(ledger).to.match(/REQ-001/).and.match(/REQ-002/)
    } finally {
      await fake.close()
    }
  })
})
