/**
 * The preflight bench's p99 (issue 22) is read on the decision thread's own CPU plus the GC pauses inside each
 * decision (bench/clock.mjs). The thread clock must count this thread's work and not time spent waiting, and a
 * pause must be charged to the decision it began in, whole, and to no other.
 */
import {expect} from 'chai'

// @ts-expect-error: a plain ES module of the bench, without types
import {gcPauses, threadCpuClock} from '../../bench/clock.mjs'

describe('bench clocks: the thread CPU clock and GC pauses', () => {
  it('counts the thread busy, not the thread waiting', async function () {
    const clock = threadCpuClock() as (() => number) | undefined
    if (!clock) this.skip() // no per-thread clock outside Linux
    const t0 = clock!()
    await new Promise((resolve) => setTimeout(resolve, 60))
    const idle = clock!() - t0
    // spin until the thread clock has counted 20 ms (on a loaded machine that takes longer in wall time, never less)
    const t1 = clock!()
    const w1 = performance.now()
    let busy = 0
    while (busy < 20 && performance.now() - w1 < 10_000) busy = clock!() - t1
    const wall = performance.now() - w1
    expect(idle).to.be.lessThan(30)
    expect(busy).to.be.at.least(20)
    expect(wall).to.be.at.least(busy - 1)
  })

  it('charges each GC pause to the span it began in', async () => {
    const gc = gcPauses()
    const spans: [number, number][] = []
    let keep: unknown[] = []
    for (let k = 0; k < 30; k++) {
      const s = performance.now()
      // enough garbage that the young generation is collected several times
      for (let i = 0; i < 200_000; i++) keep.push({i, s: `x${i}`})
      keep = []
      spans.push([s, performance.now()])
    }
    expect(() => gc.pausedWithin(0, 1)).to.throw(/flush/)
    await gc.flush()
    const charged = spans.reduce((sum, [s, e]) => sum + gc.pausedWithin(s, e), 0)
    const total = (gc.pauses as [number, number][]).filter(([start]) => start >= spans[0][0] && start < spans.at(-1)![1]).reduce((sum, [, d]) => sum + d, 0)
    expect(gc.pauses.length).to.be.greaterThan(0)
    expect(charged).to.be.closeTo(total, 1e-9)
    expect(gc.pausedWithin(spans.at(-1)![1] + 1e6, spans.at(-1)![1] + 2e6)).to.equal(0)
  })
})
