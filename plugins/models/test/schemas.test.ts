import {readFileSync, readdirSync, writeFileSync} from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

import {expect} from 'chai'
import {jsonSchemaOf} from 'govtool/core'

import {EVENT_SCHEMAS, EVENT_TYPES, validateEvent} from '../src/index.js'

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'schemas')

describe('chat event schemas', () => {
  it('plugins/models/schemas/<type>.schema.json is the JSON Schema of every event type (UPDATE_SURFACE=1 rewrites them)', () => {
    for (const type of EVENT_TYPES) {
      const schema = {$schema: 'http://json-schema.org/draft-07/schema#', $id: `govtool/chat-events/${type}`, ...jsonSchemaOf(EVENT_SCHEMAS[type])}
      const file = path.join(DIR, `${type}.schema.json`)
      if (process.env.UPDATE_SURFACE) writeFileSync(file, JSON.stringify(schema, null, 2) + '\n')
      expect(JSON.parse(readFileSync(file, 'utf8')), type).to.deep.equal(schema)
    }
    expect(readdirSync(DIR).sort()).to.deep.equal(EVENT_TYPES.map((t) => `${t}.schema.json`).sort())
  })

  it('rejects events that do not match', () => {
    expect(validateEvent({type: 'token', block_id: 'blk_000000000000', text: 'x'})).to.deep.equal([])
    expect(validateEvent({type: 'token', block_id: 'nope', text: 'x'})).to.have.length(1)
    expect(validateEvent({type: 'mystery'})).to.have.length(1)
    expect(validateEvent({type: 'turn_done', timestamp: '2026-01-02T03:04:05.123Z'})).to.have.length(1)
  })
})
