import assert from 'node:assert/strict'

import {VERSION} from '../src/index.js'

describe('{{name}}', () => {
  it('exports its version', () => {
    assert.equal(VERSION, '0.1.0')
  })
})
