// SPDX-License-Identifier: AGPL-3.0-only
import {expect} from 'chai'

import {COMPRESS_AT, compressionFor, EMERGENCY_AT, estimateTokens, fill, planTurn} from '../src/shared/context.js'
import {layoutDag, levels} from '../src/shared/dag-layout.js'
import {SseParser} from '../src/shared/sse.js'

describe('terminal: context fill thresholds', () => {
  it('compresses at 80%, emergency at 85%, nothing below', () => {
    expect(COMPRESS_AT).to.equal(0.8)
    expect(EMERGENCY_AT).to.equal(0.85)
    expect(compressionFor(0)).to.equal('none')
    expect(compressionFor(0.7999)).to.equal('none')
    expect(compressionFor(0.8)).to.equal('compress')
    expect(compressionFor(0.8499)).to.equal('compress')
    expect(compressionFor(0.85)).to.equal('emergency')
    expect(compressionFor(1.2)).to.equal('emergency')
    expect(fill(500, 1000)).to.equal(0.5)
    expect(fill(5, 0)).to.equal(0)
  })

  it('plans the next turn: same session below 80%, a summary-seeded session at 80%, only the last summary at 85%', () => {
    const base = {contextWindow: 1000, summaries: ['asked about login', 'fixed the timeout']}
    const calm = planTurn({...base, message: 'next', historyTokens: 100})
    expect(calm).to.include({compression: 'none', newSession: false, message: 'next'})
    const compress = planTurn({...base, message: 'next', historyTokens: 800})
    expect(compress.compression).to.equal('compress')
    expect(compress.newSession).to.equal(true)
    expect(compress.message).to.contain('asked about login').and.contain('fixed the timeout').and.match(/next$/)
    expect(compress.expectedFill).to.be.lessThan(COMPRESS_AT)
    const emergency = planTurn({...base, message: 'next', historyTokens: 990})
    expect(emergency.compression).to.equal('emergency')
    expect(emergency.message).not.to.contain('asked about login')
    expect(emergency.message).to.contain('fixed the timeout')
  })

  it('never reaches 100%: a message that alone would overflow is cut under the compression line', () => {
    for (const size of [10, 3000, 3400, 4000, 100_000]) {
      for (const history of [0, 500, 850, 999, 5000]) {
        const plan = planTurn({message: 'x'.repeat(size), historyTokens: history, contextWindow: 1000, summaries: ['s'.repeat(5000)]})
        expect(plan.expectedFill, `${size}/${history}`).to.be.lessThan(EMERGENCY_AT)
        expect(estimateTokens(plan.message)).to.be.at.most(800)
      }
    }
  })
})

describe('terminal: DAG layout rule', () => {
  const dag = [
    {id: 'a', depends_on: []},
    {id: 'b', depends_on: ['a']},
    {id: 'c', depends_on: ['a']},
    {id: 'd', depends_on: ['b', 'c']},
    {id: 'e', depends_on: ['a', 'd']},
    {id: 'r', depends_on: []},
  ]

  it('level = longest dependency path, roots at 0', () => {
    const l = levels(dag)
    expect(Object.fromEntries(l)).to.deep.equal({a: 0, b: 1, c: 1, d: 2, e: 3, r: 0})
  })

  it('spreads the nodes of a level evenly over the height, columns left to right', () => {
    const layout = layoutDag(dag, {height: 400, margin: 0, nodeHeight: 40, nodeWidth: 100, columnGap: 50})
    const at = (id: string) => layout.nodes.find((n) => n.id === id)!
    // level 0 holds a and r: centres at 1/4 and 3/4 of the height
    expect(at('a').y + 20).to.equal(100)
    expect(at('r').y + 20).to.equal(300)
    expect(at('b').y + 20).to.equal(100)
    expect(at('c').y + 20).to.equal(300)
    // a level of one sits in the middle
    expect(at('d').y + 20).to.equal(200)
    expect([at('a').x, at('b').x, at('d').x, at('e').x]).to.deep.equal([0, 150, 300, 450])
    expect(layout.levels).to.equal(4)
  })

  it('draws each edge as a cubic curve from the parent\'s right edge to the child\'s left edge', () => {
    const layout = layoutDag(dag, {height: 400, margin: 0, nodeHeight: 40, nodeWidth: 100, columnGap: 50})
    expect(layout.edges).to.have.length(6)
    const ad = layout.edges.find((e) => e.from === 'a' && e.to === 'e')!
    expect([ad.x1, ad.y1, ad.x2, ad.y2]).to.deep.equal([100, 100, 450, 200])
    expect(ad.d).to.match(/^M 100 100 C [\d.]+ 100, [\d.]+ 200, 450 200$/)
    for (const e of layout.edges) {
      const parent = layout.nodes.find((n) => n.id === e.from)!
      const child = layout.nodes.find((n) => n.id === e.to)!
      expect(e.x1).to.equal(parent.x + 100)
      expect(e.x2).to.equal(child.x)
    }
  })

  it('ignores unknown dependencies and terminates on a cycle', () => {
    expect(Object.fromEntries(levels([{id: 'x', depends_on: ['ghost']}]))).to.deep.equal({x: 0})
    const cyc = levels([{id: 'p', depends_on: ['q']}, {id: 'q', depends_on: ['p']}])
    expect(cyc.size).to.equal(2)
  })
})

describe('terminal: SSE parser', () => {
  it('parses events split across chunks, with ids, comments and multi-line data', () => {
    const p = new SseParser()
    expect(p.push('event: tur')).to.deep.equal([])
    expect(p.push('n\ndata: {"turn_id":"t1"}\nid: 1\n\n: heartbeat\n\ndata: a\ndata: b\n\n')).to.deep.equal([
      {event: 'turn', data: '{"turn_id":"t1"}', id: '1'},
      {event: 'message', data: 'a\nb', id: '1'},
    ])
  })
})

describe('terminal: the dispatch run model (from events only)', () => {
  it('rebuilds the graph from depends_on in node_started, tracks status, times and controls', async () => {
    const {applyEvent, controlsFor, emptyRun, STATUS_COLOURS} = await import('../src/shared/dispatch.js')
    const run = emptyRun('d1')
    const ev = (event_type: string, node_id: string, ts: number, payload: Record<string, unknown> = {}) => applyEvent(run, {dag_id: 'd1', event_type, node_id, ts, payload})
    ev('node_started', 'a', 1_700_000_000_000, {role: 'coder', depends_on: []})
    ev('node_started', 'c', 1_700_000_000_500, {role: 'tester', depends_on: ['a', 'b']})
    expect(run.nodes.get('b')?.status).to.equal('PENDING')
    expect(run.nodes.get('c')).to.include({status: 'RUNNING', role: 'tester'})
    ev('node_completed', 'a', 1_700_000_001_000, {summary: 'ok'})
    ev('node_failed', 'c', 1_700_000_002_000, {error: 'Aborted: by the user'})
    ev('node_blocked', 'z', 1_700_000_002_100, {because_of: 'c'})
    ev('dag_done', '', 1_700_000_003_000, {equilibrium: false})
    expect(run.nodes.get('a')).to.include({status: 'COMPLETED', started_ms: 1_700_000_000_000, ended_ms: 1_700_000_001_000})
    expect(run.nodes.get('z')?.depends_on).to.deep.equal(['c'])
    expect(run).to.include({done: true, equilibrium: false, first_ms: 1_700_000_000_000, last_ms: 1_700_000_003_000})
    expect(controlsFor('FAILED')).to.deep.equal({retry: true, abort: false})
    expect(controlsFor('BLOCKED')).to.deep.equal({retry: true, abort: false})
    expect(controlsFor('RUNNING')).to.deep.equal({retry: false, abort: true})
    expect(controlsFor('COMPLETED')).to.deep.equal({retry: false, abort: false})
    expect(STATUS_COLOURS).to.deep.equal({PENDING: '#9aa0a6', RUNNING: '#4c8bf5', COMPLETED: '#34a853', FAILED: '#ea4335', BLOCKED: '#f9ab00'})
  })
})
