import {expect} from 'chai'

import {FakeClock, MemoryWindowStore, Pacer, WINDOW_MS, type PacerTicket, type RateLimitProfile} from '../src/index.js'

const profile = (over: Partial<RateLimitProfile> = {}): RateLimitProfile => ({
  provider: 'openai',
  model: 'gpt-4o',
  rpm_limit: 10,
  tpm_limit: 1_000_000,
  utilization_target: 1,
  concurrency_cap: 100,
  source: 'local',
  ...over,
})

function pacerWith(clock: FakeClock, store: MemoryWindowStore, p: RateLimitProfile, random = () => 0.5): Pacer {
  return new Pacer({clock, store, profiles: [p], builtins: [], random, leaseMs: 1000})
}

/** The largest number of admissions inside any rolling 60 s window (t - 60 s, t]. */
function maxInWindow(times: number[], weights?: number[]): number {
  const sorted = times.map((t, i) => [t, weights?.[i] ?? 1] as const).sort((a, b) => a[0] - b[0])
  let max = 0
  for (const [t] of sorted) {
    const sum = sorted.filter(([s]) => s > t - WINDOW_MS && s <= t).reduce((n, [, w]) => n + w, 0)
    max = Math.max(max, sum)
  }
  return max
}

/** Acquires `n` requests at once; each is released `holdMs` after its admission. Records admission order and times. */
function flood(pacer: Pacer, clock: FakeClock, n: number, opts: {holdMs?: number; tokens?: number; model?: string} = {}) {
  const admitted: {i: number; at: number}[] = []
  const all = Array.from({length: n}, (_, i) =>
    pacer.acquire({provider: 'openai', model: opts.model ?? 'gpt-4o', estimatedTokens: opts.tokens ?? 0}).then((t: PacerTicket) => {
      admitted.push({i, at: clock.now()})
      clock.setTimeout(() => t.release(), opts.holdMs ?? 100)
      return t
    }),
  )
  return {admitted, all}
}

describe('pacer (fake clock)', () => {
  it('never lets more than target x RPM into any 60-second window, and admits in FIFO order', async () => {
    const clock = new FakeClock()
    const pacer = pacerWith(clock, new MemoryWindowStore(), profile({rpm_limit: 10}))
    const {admitted, all} = flood(pacer, clock, 35)
    for (let s = 0; s < 260; s++) await clock.advance(1000)
    await Promise.all(all)
    expect(admitted).to.have.length(35)
    expect(maxInWindow(admitted.map((a) => a.at))).to.be.at.most(10)
    expect(admitted.map((a) => a.i)).to.deep.equal([...Array(35).keys()])
    // it is pacing, not starving: the first 10 go at once, the rest as the window frees
    expect(admitted.filter((a) => a.at === admitted[0].at)).to.have.length(10)
  })

  it('applies the utilization target (0.5 x 20 RPM = 10 per window)', async () => {
    const clock = new FakeClock()
    const pacer = pacerWith(clock, new MemoryWindowStore(), profile({rpm_limit: 20, utilization_target: 0.5}))
    const {admitted} = flood(pacer, clock, 25)
    for (let s = 0; s < 130; s++) await clock.advance(1000)
    expect(maxInWindow(admitted.map((a) => a.at))).to.be.at.most(10)
    expect(admitted.length).to.be.greaterThan(10)
  })

  it('keeps estimated tokens under target x TPM', async () => {
    const clock = new FakeClock()
    const pacer = pacerWith(clock, new MemoryWindowStore(), profile({rpm_limit: 1000, tpm_limit: 1000}))
    const {admitted} = flood(pacer, clock, 10, {tokens: 300})
    for (let s = 0; s < 200; s++) await clock.advance(1000)
    expect(admitted).to.have.length(10)
    expect(maxInWindow(admitted.map((a) => a.at))).to.be.at.most(3) // 3 x 300 <= 1000 < 4 x 300
  })

  it('is strictly FIFO: a large request at the head is not overtaken by small ones', async () => {
    const clock = new FakeClock()
    const pacer = pacerWith(clock, new MemoryWindowStore(), profile({rpm_limit: 1000, tpm_limit: 1000}))
    const order: string[] = []
    const take = (name: string, tokens: number) => pacer.acquire({provider: 'openai', model: 'gpt-4o', estimatedTokens: tokens}).then((t) => {
      order.push(name)
      t.release()
    })
    const p = [take('a', 600), take('big', 900), take('small1', 10), take('small2', 10)]
    for (let s = 0; s < 130; s++) await clock.advance(1000)
    await Promise.all(p)
    expect(order).to.deep.equal(['a', 'big', 'small1', 'small2'])
  })

  it('never has more requests in flight than the concurrency limit', async () => {
    const clock = new FakeClock()
    const pacer = pacerWith(clock, new MemoryWindowStore(), profile({rpm_limit: 1000, concurrency_cap: 2}))
    let inFlight = 0
    let peak = 0
    const order: number[] = []
    const jobs = Array.from({length: 7}, (_, i) =>
      pacer.acquire({provider: 'openai', model: 'gpt-4o'}).then((t) => {
        order.push(i)
        inFlight++
        peak = Math.max(peak, inFlight)
        clock.setTimeout(() => {
          inFlight--
          t.release()
        }, 5000)
      }),
    )
    for (let s = 0; s < 30; s++) await clock.advance(1000)
    await Promise.all(jobs)
    expect(peak).to.equal(2)
    expect(order).to.deep.equal([0, 1, 2, 3, 4, 5, 6])
  })

  it('backs off exponentially with jitter on repeated 429s, then succeeds', async () => {
    const clock = new FakeClock()
    const pacer = pacerWith(clock, new MemoryWindowStore(), profile({rpm_limit: 1000}), () => 0.5)
    const attempts: number[] = []
    const result = pacer.run({provider: 'openai', model: 'gpt-4o'}, async ({attempt}) => {
      attempts.push(clock.now())
      return {status: attempt <= 4 ? 429 : 200, headers: {}}
    })
    for (let s = 0; s < 20; s++) await clock.advance(1000)
    expect((await result).status).to.equal(200)
    const gaps = attempts.slice(1).map((t, i) => t - attempts[i])
    // equal jitter, random 0.5: d/2 + 0.5 * d/2 with d = 1 s, 2 s, 4 s, 8 s (timer granularity of the clock: exact)
    expect(gaps).to.deep.equal([750, 1500, 3000, 6000])
    expect(pacer.snapshot('openai', 'gpt-4o').consecutive_429).to.equal(0)
  })

  it('spreads backoff with the random source and caps it', async () => {
    const clock = new FakeClock()
    const pacer = new Pacer({clock, profiles: [profile({rpm_limit: 1000})], builtins: [], random: () => 0, backoff: {baseMs: 1000, maxMs: 4000}})
    const delays = [1, 2, 3, 4, 5].map(() => pacer.onResponse({provider: 'openai', model: 'gpt-4o', status: 429}).delay_ms)
    expect(delays).to.deep.equal([500, 1000, 2000, 2000, 2000])
  })

  it('honours retry-after in seconds and as an HTTP date, and retry-after-ms', async () => {
    for (const headers of [{'retry-after': '7'}, {'Retry-After': new Date(Date.UTC(2025, 0, 1) + 7000).toUTCString()}, {'retry-after-ms': '7000'}]) {
      const clock = new FakeClock(Date.UTC(2025, 0, 1))
      const pacer = pacerWith(clock, new MemoryWindowStore(), profile({rpm_limit: 1000}), () => 0)
      const attempts: number[] = []
      const result = pacer.run({provider: 'openai', model: 'gpt-4o'}, async ({attempt}) => {
        attempts.push(clock.now())
        return attempt === 1 ? {status: 429, headers} : {status: 200, headers: {}}
      })
      for (let s = 0; s < 10; s++) await clock.advance(1000)
      expect((await result).status).to.equal(200)
      expect(attempts[1] - attempts[0], JSON.stringify(headers)).to.equal(7000)
    }
  })

  it('uses the provider reset headers of an exhausted quota when there is no retry-after', async () => {
    const clock = new FakeClock()
    const pacer = pacerWith(clock, new MemoryWindowStore(), profile({rpm_limit: 1000}), () => 0)
    const openai = pacer.onResponse({provider: 'openai', model: 'gpt-4o', status: 429, headers: {'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': '1m30s', 'x-ratelimit-remaining-tokens': '500', 'x-ratelimit-reset-tokens': '2s'}})
    expect(openai).to.include({retry: true, delay_ms: 90_000, source: 'x-ratelimit-reset-requests'})
    const reset = new Date(clock.now() + 12_000).toISOString()
    const anthropic = pacer.onResponse({provider: 'anthropic', model: 'claude-sonnet-4-5', status: 429, headers: new Headers({'anthropic-ratelimit-tokens-remaining': '0', 'anthropic-ratelimit-tokens-reset': reset})})
    expect(anthropic).to.include({delay_ms: 12_000, source: 'anthropic-ratelimit-tokens-reset'})
    // a 200 that says the quota is used up pauses the model until the reset, without counting as a 429
    const ok = pacer.onResponse({provider: 'openai', model: 'gpt-4o-mini', status: 200, headers: {'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': '3s'}})
    expect(ok).to.include({retry: false, delay_ms: 3000})
    expect(pacer.snapshot('openai', 'gpt-4o-mini').cooldown_ms).to.equal(3000)
  })

  it('a 429 pauses the whole model (queued requests wait for the cooldown too)', async () => {
    const clock = new FakeClock()
    const pacer = pacerWith(clock, new MemoryWindowStore(), profile({rpm_limit: 1000}), () => 0)
    pacer.onResponse({provider: 'openai', model: 'gpt-4o', status: 429, headers: {'retry-after': '5'}})
    let admittedAt: number | undefined
    const start = clock.now()
    void pacer.acquire({provider: 'openai', model: 'gpt-4o'}).then((t) => {
      admittedAt = clock.now()
      t.release()
    })
    await clock.advance(4999)
    expect(admittedAt).to.equal(undefined)
    await clock.advance(1)
    expect(admittedAt).to.equal(start + 5000)
  })

  it('returns the last 429 after maxAttempts and rethrows other errors', async () => {
    const clock = new FakeClock()
    const pacer = pacerWith(clock, new MemoryWindowStore(), profile({rpm_limit: 1000}), () => 0)
    let calls = 0
    const limited = pacer.run({provider: 'openai', model: 'gpt-4o'}, async () => {
      calls++
      return {status: 429}
    }, {maxAttempts: 3})
    for (let s = 0; s < 10; s++) await clock.advance(1000)
    expect((await limited).status).to.equal(429)
    expect(calls).to.equal(3)
    let error: Error | undefined
    const failing = pacer
      .run({provider: 'openai', model: 'gpt-4o'}, async () => {
        throw new Error('boom')
      })
      .catch((e: Error) => (error = e))
    for (let s = 0; s < 10; s++) await clock.advance(1000)
    await failing
    expect(error?.message).to.equal('boom')
    expect(pacer.snapshot('openai', 'gpt-4o').in_flight).to.equal(0)
  })

  it('retries a thrown 429 (an SDK error with status and headers)', async () => {
    const clock = new FakeClock()
    const pacer = pacerWith(clock, new MemoryWindowStore(), profile({rpm_limit: 1000}), () => 0)
    const attempts: number[] = []
    const result = pacer.run({provider: 'openai', model: 'gpt-4o'}, async ({attempt}) => {
      attempts.push(clock.now())
      if (attempt === 1) throw Object.assign(new Error('rate limited'), {status: 429, headers: {'retry-after': '2'}})
      return 'ok'
    })
    for (let s = 0; s < 5; s++) await clock.advance(1000)
    expect(await result).to.equal('ok')
    expect(attempts[1] - attempts[0]).to.equal(2000)
  })

  it('two pacers sharing one store never exceed the limit together', async () => {
    const clock = new FakeClock()
    const store = new MemoryWindowStore()
    const a = pacerWith(clock, store, profile({rpm_limit: 12}))
    const b = pacerWith(clock, store, profile({rpm_limit: 12}))
    const fa = flood(a, clock, 20)
    const fb = flood(b, clock, 20)
    for (let s = 0; s < 200; s++) await clock.advance(1000)
    const times = [...fa.admitted, ...fb.admitted].map((x) => x.at)
    expect(times).to.have.length(40)
    expect(maxInWindow(times)).to.be.at.most(12)
    // the one that synced first took the first window; the other, waiting longest, got the next one
    const start = Math.min(...times)
    const firstWindow = (f: typeof fa) => f.admitted.filter((x) => x.at < start + WINDOW_MS).length
    const secondWindow = (f: typeof fa) => f.admitted.filter((x) => x.at >= start + WINDOW_MS && x.at < start + 2 * WINDOW_MS + 2000).length
    const [first, second] = firstWindow(fa) > 0 ? [fa, fb] : [fb, fa]
    expect(firstWindow(first)).to.equal(12)
    expect(secondWindow(second)).to.equal(12)
  })

  it('two pacers share the concurrency limit, and a waiting one is served in turn', async () => {
    const clock = new FakeClock()
    const store = new MemoryWindowStore()
    const pacers = [pacerWith(clock, store, profile({rpm_limit: 1000, concurrency_cap: 1})), pacerWith(clock, store, profile({rpm_limit: 1000, concurrency_cap: 1}))]
    const intervals: {who: number; start: number; end: number}[] = []
    const jobs = pacers.flatMap((p, who) =>
      Array.from({length: 4}, () =>
        p.acquire({provider: 'openai', model: 'gpt-4o'}).then((t) => {
          const start = clock.now()
          clock.setTimeout(() => {
            intervals.push({who, start, end: clock.now()})
            t.release()
          }, 3000)
        }),
      ),
    )
    for (let s = 0; s < 200; s++) await clock.advance(250)
    await Promise.all(jobs)
    expect(intervals).to.have.length(8)
    const sorted = intervals.sort((x, y) => x.start - y.start)
    for (let i = 1; i < sorted.length; i++) expect(sorted[i].start, 'overlapping requests').to.be.at.least(sorted[i - 1].end)
    // the second process got a turn before the first finished all of its requests
    const firstOfB = sorted.findIndex((x) => x.who !== sorted[0].who)
    expect(firstOfB).to.be.lessThan(4)
  })

  it('reclaims the slots of a process that died', async () => {
    for (const holderAlive of [true, false]) {
      const clock = new FakeClock()
      const alive = new Set([process.pid])
      if (holderAlive) alive.add(999_999)
      const store = new MemoryWindowStore((pid) => alive.has(pid))
      // another process (pid 999999) takes the only slot and keeps it
      const grant = await store.sync({
        key: 'openai/gpt-4o', owner: 'other', pid: 999_999, now: clock.now(), limits: {rpm: 100, tpm: 1e6, concurrency: 1}, leaseMs: 1000,
        settle: [], extraTokens: 0, slots: {inUse: 1, keepIdle: 0}, want: {requests: 0, tokens: 0, slots: 0, minTokens: 0}, waiting: false, cooldownUntil: 0,
      })
      expect(grant.slotsHeld).to.equal(1)
      const pacer = pacerWith(clock, store, profile({rpm_limit: 100, concurrency_cap: 1}))
      let admitted = false
      void pacer.acquire({provider: 'openai', model: 'gpt-4o'}).then(() => (admitted = true))
      await clock.advance(1000)
      expect(admitted, holderAlive ? 'holder alive' : 'holder dead').to.equal(!holderAlive)
    }
  })

  it('aborting a queued request removes it and lets the next one through', async () => {
    const clock = new FakeClock()
    const pacer = pacerWith(clock, new MemoryWindowStore(), profile({rpm_limit: 1000, concurrency_cap: 1}))
    const first = await pacer.acquire({provider: 'openai', model: 'gpt-4o'})
    const controller = new AbortController()
    const aborted = pacer.acquire({provider: 'openai', model: 'gpt-4o', signal: controller.signal})
    let thirdAdmitted = false
    void pacer.acquire({provider: 'openai', model: 'gpt-4o'}).then(() => (thirdAdmitted = true))
    controller.abort(new Error('user cancelled'))
    let reason: Error | undefined
    await aborted.catch((e: Error) => (reason = e))
    expect(reason?.message).to.equal('user cancelled')
    first.release()
    await clock.advance(10)
    expect(thirdAdmitted).to.equal(true)
  })

  it('does not pace a model without a profile, and rejects a request larger than the token budget', async () => {
    const clock = new FakeClock()
    const pacer = new Pacer({clock, profiles: [profile({tpm_limit: 1000})], builtins: []})
    const tickets = await Promise.all(Array.from({length: 50}, () => pacer.acquire({provider: 'acme', model: 'x'})))
    expect(tickets).to.have.length(50)
    let code: string | undefined
    await pacer.acquire({provider: 'openai', model: 'gpt-4o', estimatedTokens: 5000}).catch((e: {code: string}) => (code = e.code))
    expect(code).to.equal('E_REQUEST_TOO_LARGE')
  })

  it('admits from leases in memory: 2000 requests take a handful of syncs', async () => {
    const clock = new FakeClock()
    const store = new MemoryWindowStore()
    const pacer = pacerWith(clock, store, profile({rpm_limit: 1_000_000, concurrency_cap: 4}))
    for (let i = 0; i < 2000; i++) (await pacer.acquire({provider: 'openai', model: 'gpt-4o', estimatedTokens: 10})).release({tokensUsed: 8})
    expect(store.syncs).to.be.lessThan(40)
    await pacer.close()
    const k = await store.read('openai/gpt-4o', clock.now())
    // after settling, the window holds exactly what was used: 2000 requests, 2000 x 8 tokens
    expect(k!.charges.reduce((n, c) => n + c.requests, 0)).to.equal(2000)
    expect(k!.charges.reduce((n, c) => n + c.tokens, 0)).to.equal(16_000)
    expect(Object.keys(k!.slots)).to.have.length(0)
  })

  it('gives unused lease capacity back when the lease is settled', async () => {
    const clock = new FakeClock()
    const store = new MemoryWindowStore()
    const a = pacerWith(clock, store, profile({rpm_limit: 100}))
    for (let i = 0; i < 64; i++) (await a.acquire({provider: 'openai', model: 'gpt-4o'})).release()
    await clock.advance(3000) // lease expires, maintenance settles it
    const k = await store.read('openai/gpt-4o', clock.now())
    expect(k!.charges.reduce((n, c) => n + c.requests, 0)).to.equal(64)
    expect(k!.charges.every((c) => c.lease === undefined)).to.equal(true)
  })
})

/** A small seeded PRNG (mulberry32) so the randomized test is reproducible. */
function prng(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

describe('pacer (randomized, three pacers on one store)', () => {
  for (const seed of [1, 2, 3]) {
    it(`keeps requests, tokens and concurrency under the limits (seed ${seed})`, async () => {
      const rand = prng(seed)
      const clock = new FakeClock()
      const store = new MemoryWindowStore()
      const p = profile({rpm_limit: 30, tpm_limit: 6000, concurrency_cap: 3})
      const pacers = [0, 1, 2].map(() => pacerWith(clock, store, p, rand))
      const admissions: {at: number; tokens: number}[] = []
      const perPacerOrder: number[][] = [[], [], []]
      let inFlight = 0
      let peak = 0
      const jobs: Promise<void>[] = []
      for (let i = 0; i < 120; i++) {
        const who = Math.floor(rand() * 3)
        // distinct arrival times, so each pacer's arrival order is well defined
        const arrive = Math.floor(rand() * 120_000) + i / 1000
        const estimate = 50 + Math.floor(rand() * 400)
        const used = Math.floor(estimate * (0.5 + rand() * 0.5))
        const hold = Math.floor(rand() * 4000)
        const seq = arrive
        jobs.push(
          new Promise<void>((resolve) => {
            clock.setTimeout(() => {
              void pacers[who].acquire({provider: 'openai', model: 'gpt-4o', estimatedTokens: estimate}).then((t) => {
                admissions.push({at: clock.now(), tokens: used})
                perPacerOrder[who].push(seq)
                inFlight++
                peak = Math.max(peak, inFlight)
                clock.setTimeout(() => {
                  inFlight--
                  t.release({tokensUsed: used})
                  resolve()
                }, hold)
              })
            }, arrive)
          }),
        )
      }
      for (let s = 0; s < 900; s++) await clock.advance(1000)
      await Promise.all(jobs)
      expect(admissions).to.have.length(120)
      const busiest = maxInWindow(admissions.map((a) => a.at))
      expect(busiest).to.be.at.most(30)
      expect(busiest, 'the test must actually saturate the window').to.be.at.least(28)
      expect(maxInWindow(admissions.map((a) => a.at), admissions.map((a) => a.tokens))).to.be.at.most(6000)
      expect(peak).to.be.at.most(3)
      for (const order of perPacerOrder) expect(order).to.deep.equal([...order].sort((a, b) => a - b))
    })
  }
})
