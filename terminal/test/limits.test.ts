// SPDX-License-Identifier: AGPL-3.0-only
import {expect} from 'chai'

import {costOfPass, parseRuns} from '../src/shared/eval.js'
import {recommendedNumCtx} from '../src/shared/limits.js'

describe('terminal: limits and eval (pure)', () => {
  it('recommends num_ctx by VRAM: <6 GB 4096, 6-11 8192, 12-19 16384, >=20 32768, unknown null', () => {
    const cases: [number | null, number | null][] = [[null, null], [0, 4096], [5.9, 4096], [6, 8192], [11.9, 8192], [12, 16384], [19.9, 16384], [20, 32768], [80, 32768], [Number.NaN, null]]
    for (const [gb, expected] of cases) expect(recommendedNumCtx(gb), String(gb)).to.equal(expected)
  })

  it('cost-of-pass is the mean cost divided by the pass rate, null when nothing passed', () => {
    const {runs, skipped} = parseRuns(['{"task":"a","condition":"x","rep":1,"tokens":1,"cost_usd":0.1,"passed":true,"quality":1,"rework_turns":0}', '{"task":"a","condition":"x","rep":2,"tokens":1,"cost_usd":0.3,"passed":false,"quality":0,"rework_turns":1}', '{"task":"a","condition":"y","rep":1,"tokens":1,"cost_usd":0.2,"passed":false,"quality":0,"rework_turns":1}', 'not json', '{"task":1}'].join('\n'))
    expect(skipped).to.equal(2)
    const [x, y] = costOfPass(runs)
    expect(x).to.include({task: 'a', condition: 'x', runs: 2, pass_rate: 0.5})
    expect(x.cost_of_pass_usd).to.be.closeTo(0.4, 1e-9)
    expect(y.cost_of_pass_usd).to.equal(null)
  })
})
