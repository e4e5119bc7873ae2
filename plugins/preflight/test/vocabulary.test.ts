import {expect} from 'chai'
import {frozenStatusWords} from 'govtool/core'

import {DEFAULT_FROZEN_STATUSES, PreflightConfigSchema} from '../src/lib/policy/config.js'

describe('preflight: the frozen statuses come from the one status list', () => {
  it('the default frozen_statuses are the frozen statuses of the list and their older words', () => {
    expect(DEFAULT_FROZEN_STATUSES).to.deep.equal(frozenStatusWords())
    expect(PreflightConfigSchema.parse({}).frozen_statuses).to.deep.equal(frozenStatusWords())
    expect([...DEFAULT_FROZEN_STATUSES].sort()).to.deep.equal(['deprecated', 'frozen', 'locked', 'obsolete', 'retired', 'sealed', 'superseded', 'withdrawn'])
  })
})
