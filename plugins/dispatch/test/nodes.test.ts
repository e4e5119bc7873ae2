import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import type {Backend, CallOptions, ChatRequest, Selection} from '@govtool/plugin-models'
import {expect} from 'chai'
import {ProjectContext} from 'govtool/core'
import {cleanupTempDirs, makeTempDir} from 'govtool/testing'

import {CHECKPOINTS, dagStatus, readEvents, retryNode, startDispatch, writeAbortMarker, type Checkpoint, type PlanNode} from '../src/index.js'
import {fakeOpenAI, openaiChunks} from '../../models/test/fakes.js'
import {fileEvents, node} from './helpers.js'

/** A backend that records every request and answers `reply(request)`, after `delayMs` unless aborted. */
class RecordingBackend implements Backend {
  readonly provider = 'openai-compatible' as const
  readonly model = 'recording-1'
  readonly contextWindow = 32_768
  readonly free = true
  readonly requests: ChatRequest[] = []
  constructor(
    private readonly delayMs = 0,
    private readonly reply: (request: ChatRequest) => string = (r) => `answered: ${r.messages.at(-1)?.content ?? ''}`,
    private readonly slow: (request: ChatRequest) => boolean = () => true,
  ) {}

  async chat(request: ChatRequest, options: CallOptions) {
    this.requests.push(request)
    if (this.delayMs > 0 && this.slow(request)) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.delayMs)
        options.signal?.addEventListener('abort', () => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
    const text = this.reply(request)
    options.onToken?.(text)
    return {model: this.model, text, tool_calls: [], usage: {input_tokens: 10, output_tokens: 5, cached_tokens: 0}, finish_reason: 'stop'}
  }
}

const selectionOf = (backend: Backend): Selection => ({backend, reason: 'forced', timeoutMs: 30_000, retries: 0, secrets: []})

/** A governed project: requirements, tests, LEDGER.md (so a successful run is recorded). */
function governedProject(): ProjectContext {
  const root = makeTempDir('govtool-dispatch-nodes-')
  mkdirSync(path.join(root, 'docs'))
  writeFileSync(path.join(root, 'docs', 'REQUIREMENTS.md'), '# Requirements\n\n## REQ-001. Config parser\n- **ID:** REQ-001\n- **Description:** The config parser reads settings from config files.\n- **Status:** implemented\n')
  writeFileSync(path.join(root, 'docs', 'TESTS.md'), '# Tests\n\n### TEST-001 parser reads\n- **Covers**: REQ-001\n')
  writeFileSync(path.join(root, 'LEDGER.md'), '# Change Ledger\n')
  return new ProjectContext(root)
}

const ask = (id: string, deps: string[] = [], role: PlanNode['role'] = 'researcher'): PlanNode => ({id, title: `explain how the config parser works, part ${id}`, role, depends_on: deps})

describe('dispatch nodes: preflight, agent loop, ESDB, ledger, abort, retry', function () {
  this.timeout(60_000)
  after(cleanupTempDirs)

  it('runs each node through the agent loop with its role prompt and its dependencies as context_in; ESDB records and one ledger entry', async () => {
    const ctx = governedProject()
    const backend = new RecordingBackend()
    const summary = await startDispatch(ctx, {task: 'explain the parser', dag_id: 'ctx1', plan: [ask('a', [], 'architect'), ask('b', ['a'], 'reviewer')], selection: selectionOf(backend)}).done
    expect(summary.equilibrium, JSON.stringify(summary)).to.equal(true)
    // the reviewer's system prompt names its role and tools, and carries a's result
    const review = backend.requests.find((r) => r.messages.at(-1)?.content.includes('part b'))!
    const system = review.messages[0].content
    expect(system).to.include('You are the reviewer worker')
    expect(system).to.include('run_clang_tidy, run_vsg')
    expect(system).to.include('dispatch-ctx1-a')
    expect(system).to.include('answered: explain how the config parser works, part a')
    expect(review.tools!.map((t) => t.name).sort()).to.deep.equal(['git_diff', 'git_status', 'read_file', 'run_clang_tidy', 'run_vsg'])
    const architect = backend.requests.find((r) => r.messages.at(-1)?.content.includes('part a'))!
    expect(architect.tools!.map((t) => t.name)).to.include.members(['write_file', 'run_clang_format'])

    const status = await dagStatus(ctx, 'ctx1')
    const b = status.node_list.find((n) => n.id === 'b')!
    expect(b.context_in).to.deep.equal(['dispatch-ctx1-a'])
    expect(b.context_out).to.equal('dispatch-ctx1-b')

    const {openStore} = await import('@govtool/plugin-esdb')
    const store = openStore(ctx)
    const record = await store.get('dispatch-ctx1-b')
    await store.close()
    expect(record!.kind).to.equal('dispatch_result')
    expect(record!.data).to.include({dag_id: 'ctx1', node_id: 'b', role: 'reviewer'})
    expect(record!.data.context_in).to.deep.equal(['dispatch-ctx1-a'])
    expect(record!.evidence).to.deep.include({kind: 'dispatch', dag_id: 'ctx1', node_id: 'b'})
    expect(record!.evidence).to.deep.include({kind: 'context_in', record_id: 'dispatch-ctx1-a'})

    // every model call went through the client: paced and recorded in credits under the dispatch task
    const credits = readFileSync(path.join(ctx.stateDir, 'credits.json'), 'utf8')
    expect(credits.match(/"task": ?"dispatch"/g)).to.have.length(2)

    const ledger = readFileSync(ctx.file('ledger'), 'utf8')
    expect(ledger.match(/Dispatch ctx1: explain the parser/g)).to.have.length(1)
    expect(ledger).to.match(/\*\*Type:?\*\*:? dispatch/)
  })

  it('a node whose preflight is not accepted fails with "Governance preflight blocked: " and blocks its dependents; no ledger entry', async () => {
    const ctx = governedProject()
    const backend = new RecordingBackend()
    const plan = [ask('a'), {id: 'wipe', title: 'delete the database and rm -rf everything', role: 'coder' as const, depends_on: ['a']}, ask('after', ['wipe']), ask('side', ['a'])]
    const summary = await startDispatch(ctx, {task: 't', dag_id: 'pf1', plan, selection: selectionOf(backend)}).done
    expect(summary.failed.map((f) => f.node_id)).to.deep.equal(['wipe'])
    expect(summary.failed[0].error).to.match(/^Governance preflight blocked: /)
    expect(summary.blocked).to.deep.equal(['after'])
    expect(summary.completed.map((c) => c.node_id).sort()).to.deep.equal(['a', 'side'])
    expect(backend.requests.some((r) => r.messages.at(-1)?.content.includes('rm -rf'))).to.equal(false)
    expect(readFileSync(ctx.file('ledger'), 'utf8')).to.not.include('Dispatch pf1')
  })

  for (const at of CHECKPOINTS) {
    it(`abort seen at the checkpoint "${at}": FAILED with "Aborted: ", dependents BLOCKED, siblings complete`, async () => {
      const ctx = governedProject()
      const backend = new RecordingBackend(at === 'during model call' ? 20_000 : 0, undefined, (r) => Boolean(r.messages.at(-1)?.content.includes('part target')))
      const started = Date.now()
      const hooks = {
        async checkpoint(nodeId: string, where: Checkpoint) {
          if (nodeId === 'target' && where === at) await writeAbortMarker(ctx, 'ab', 'target', 'stop requested by the test')
        },
      }
      const plan = [ask('target'), ask('child', ['target']), ask('grandchild', ['child']), ask('sibling')]
      const summary = await startDispatch(ctx, {task: 't', dag_id: 'ab', plan, selection: selectionOf(backend), hooks}).done
      expect(summary.failed.map((f) => f.node_id)).to.deep.equal(['target'])
      expect(summary.failed[0].error).to.equal(`Aborted: stop requested by the test (${at})`)
      expect([...summary.blocked].sort()).to.deep.equal(['child', 'grandchild'])
      expect(summary.completed.map((c) => c.node_id)).to.deep.equal(['sibling'])
      const targetCalls = backend.requests.filter((r) => r.messages.at(-1)?.content.includes('part target')).length
      expect(targetCalls).to.equal(at === 'during model call' ? 1 : 0)
      // the model call was stopped by the 0.5 s poll, not by the 20 s reply
      expect(Date.now() - started).to.be.lessThan(10_000)
    })
  }

  it('abort of the whole run from "another process" (the marker file) fails what runs and what waits', async () => {
    const ctx = governedProject()
    const backend = new RecordingBackend(20_000)
    const handle = startDispatch(ctx, {task: 't', dag_id: 'all', plan: [ask('a'), ask('b'), ask('c', ['a'])], selection: selectionOf(backend), max_workers: 1})
    while (backend.requests.length === 0) await new Promise((r) => setTimeout(r, 20))
    const {abortDag} = await import('../src/index.js')
    expect(await abortDag(ctx, 'all')).to.deep.equal({ok: true, dag_id: 'all', node_id: '', status: 'abort signalled'})
    const summary = await handle.done
    expect(summary.completed).to.deep.equal([])
    for (const f of summary.failed) expect(f.error).to.match(/^Aborted: the run was aborted/)
    expect(summary.counts.failed + summary.counts.blocked).to.equal(3)
  })

  it('retry re-runs a failed node alone as <dag_id>-retry-<node_id> with its context; completed nodes are refused', async () => {
    const ctx = governedProject()
    const backend = new RecordingBackend()
    let fail = true
    const hooks = {
      async checkpoint(nodeId: string, where: Checkpoint) {
        if (fail && nodeId === 'b' && where === 'before preflight') await writeAbortMarker(ctx, 'rt', 'b', 'first attempt stopped')
      },
    }
    const first = await startDispatch(ctx, {task: 'retry me', dag_id: 'rt', plan: [ask('a'), ask('b', ['a']), ask('c', ['b'])], selection: selectionOf(backend), hooks}).done
    expect(first.failed.map((f) => f.node_id)).to.deep.equal(['b'])
    expect(first.blocked).to.deep.equal(['c'])
    fail = false
    const before = backend.requests.length
    const handle = await retryNode(ctx, 'rt', 'b', {selection: selectionOf(backend)})
    expect(handle.dag_id).to.equal('rt-retry-b')
    const retry = await handle.done
    expect(retry.dag_id).to.equal('rt-retry-b')
    expect(retry.parent_dag_id).to.equal('rt')
    expect(retry.completed.map((c) => c.node_id)).to.deep.equal(['b'])
    // exactly one model call: b alone, a is not re-run, and a's result is its context
    expect(backend.requests.length - before).to.equal(1)
    expect(backend.requests.at(-1)!.messages[0].content).to.include('dispatch-rt-a')
    expect((await dagStatus(ctx, 'rt-retry-b')).node_list[0].context_in).to.deep.equal(['dispatch-rt-a'])
    // a blocked node can be retried too; a completed one never
    expect((await retryNode(ctx, 'rt', 'c', {selection: selectionOf(backend)})).dag_id).to.equal('rt-retry-c')
    await expectReject(retryNode(ctx, 'rt', 'a', {selection: selectionOf(backend)}), /completed node is never re-run/)
    await expectReject(retryNode(ctx, 'rt', 'nope', {selection: selectionOf(backend)}), /has no node "nope"/)
    await expectReject(retryNode(ctx, 'rt', 'b', {selection: selectionOf(backend)}), /exists already/)
  })

  it('the planner: a model plan from prose around the first balanced array; garbage falls back to one node; a cycle is rejected naming it', async () => {
    const plan = [
      {id: 'design', title: 'explain the design [draft]', role: 'architect', depends_on: []},
      {id: 'review', title: 'explain the review', role: 'reviewer', depends_on: ['design']},
    ]
    const replies = [
      `Sure! Here is the plan:\n\`\`\`json\n${JSON.stringify(plan)}\n\`\`\`\nand [not this one]`,
      'I cannot produce JSON today [sorry',
      JSON.stringify([{id: 'x', title: 'explain x', role: 'wizard', depends_on: []}]),
      JSON.stringify([
        {id: 'a', title: 'explain a', role: 'coder', depends_on: ['c']},
        {id: 'b', title: 'explain b', role: 'coder', depends_on: ['a']},
        {id: 'c', title: 'explain c', role: 'coder', depends_on: ['b']},
      ]),
    ]
    let planner = 0
    const fake = await fakeOpenAI([], (body) => {
      const messages = body.messages as {role: string; content: string}[]
      if (messages[0].content.includes('You are the planner')) return {kind: 'sse', chunks: openaiChunks(replies[planner++])}
      return {kind: 'sse', chunks: openaiChunks(`worked on: ${messages.at(-1)!.content}`)}
    })
    try {
      const ctx = governedProject()
      const env = {...process.env, OLLAMA_HOST: 'http://127.0.0.1:9'}
      const good = startDispatch(ctx, {task: 'explain the design', dag_id: 'pm', endpoint: fake.url, env})
      expect((await good.built).planner).to.equal('model')
      const s1 = await good.done
      expect(s1.completed.map((c) => c.node_id)).to.deep.equal(['design', 'review'])

      for (const [id, note] of [
        ['garbage', /holds no JSON array/],
        ['badrole', /unknown role "wizard"/],
      ] as const) {
        const h = startDispatch(ctx, {task: 'explain the layout', dag_id: id, endpoint: fake.url, env})
        const dag = await h.built
        expect(dag.planner).to.equal('fallback')
        expect(dag.planner_note).to.match(note)
        expect(dag.nodes).to.deep.equal([{id: 'task-main', title: 'explain the layout', role: 'coder', depends_on: []}])
        expect((await h.done).completed.map((c) => c.node_id)).to.deep.equal(['task-main'])
      }

      const cyclic = startDispatch(ctx, {task: 'explain the loop', dag_id: 'cyc', endpoint: fake.url, env})
      await expectReject(cyclic.built, /^DAG validation error: cycle detected: a -> c -> b -> a$/)
      await expectReject(cyclic.done, /cycle detected/)
      expect(existsSync(path.join(ctx.stateDir, 'dispatch', 'cyc', 'events.jsonl'))).to.equal(false)
      expect(await readEvents(ctx, 'cyc')).to.deep.equal([])
    } finally {
      await fake.close()
    }
  })

  it('an explicit plan with a cycle, a duplicate id, a missing dependency or too many nodes is rejected before anything is written', () => {
    const ctx = governedProject()
    const cases: [unknown, RegExp][] = [
      [[node('a', ['b']), node('b', ['a'])], /^DAG validation error: cycle detected: a -> b -> a$/],
      [[node('a', ['a'])], /^DAG validation error: cycle detected: a -> a$/],
      [[node('a'), node('a')], /the id a is used twice/],
      [[node('a', ['ghost'])], /depends on ghost, which is not in the plan/],
      [[{id: '../x', title: 't', role: 'coder', depends_on: []}], /invalid id/],
      [[], /has no nodes/],
      [{nodes: []}, /not a JSON array/],
      [Array.from({length: 10_001}, (_, i) => node(`n${i}`)), /more than the 10000 allowed/],
    ]
    for (const [plan, error] of cases) {
      expect(() => startDispatch(ctx, {task: 't', dag_id: 'bad', plan}), String(error)).to.throw(error)
    }
    expect(existsSync(path.join(ctx.stateDir, 'dispatch', 'bad'))).to.equal(false)
  })

  it('events of a real node run validate against the envelope', async () => {
    const ctx = governedProject()
    await startDispatch(ctx, {task: 't', dag_id: 'env1', plan: [ask('a')], selection: selectionOf(new RecordingBackend())}).done
    const events = fileEvents(ctx, 'env1')
    expect(events.map((e) => e.event_type)).to.deep.equal(['node_started', 'node_completed', 'dag_done'])
    expect(events[1].payload).to.deep.equal({esdb_record_id: 'dispatch-env1-a', summary: 'answered: explain how the config parser works, part a', requirement_ids: ['REQ-001']})
  })
})

async function expectReject(promise: Promise<unknown>, pattern: RegExp): Promise<void> {
  try {
    await promise
  } catch (error) {
    expect((error as Error).message).to.match(pattern)
    return
  }
  expect.fail(`expected a rejection matching ${pattern}`)
}
