import {spawnSync} from 'node:child_process'
import path from 'node:path'

import {expect} from 'chai'
import {REPO_ROOT} from 'govtool/testing'
import {z} from 'zod/v3'

import {lazySchema} from '../../src/lazy-schema.js'
import {jsonSchemaOf} from '../../src/operation-schema.js'

// issue 14, start-up fifth pass: module-level zod schemas are built on first use. A lazy schema must behave as the
// schema itself everywhere zod and govtool use one; and importing an operation module must build none of them.
describe('kernel: lazySchema', () => {
  const build = () =>
    z.object({
      id: z.string().describe('the id'),
      tags: z.array(z.string()).default([]),
      nested: z.object({n: z.number().int()}).optional(),
    })

  it('builds nothing until used, then once, and behaves as the schema (parse, errors, shape, instanceof, methods)', () => {
    let calls = 0
    const lazy = lazySchema(() => {
      calls++
      return build()
    })
    expect(calls).to.equal(0)
    const plain = build()
    expect(lazy.parse({id: 'a'})).to.deep.equal(plain.parse({id: 'a'}))
    expect(calls).to.equal(1)
    const bad = lazy.safeParse({id: 1, nested: {n: 1.5}})
    const plainBad = plain.safeParse({id: 1, nested: {n: 1.5}})
    expect(bad.success).to.equal(false)
    expect(bad.error?.issues).to.deep.equal(plainBad.error?.issues)
    expect(lazy).to.be.instanceOf(z.ZodObject)
    expect(Object.keys(lazy.shape)).to.deep.equal(['id', 'tags', 'nested'])
    expect(lazy.shape.id.description).to.equal('the id')
    expect(lazy.extend({more: z.boolean()}).parse({id: 'x', more: true})).to.deep.equal({id: 'x', tags: [], more: true})
    expect(lazy.partial().parse({})).to.deep.equal({})
    expect(calls).to.equal(1)
  })

  it('works inside other schemas and gives the same JSON Schema', async () => {
    const inner = lazySchema(build)
    const outer = lazySchema(() => z.object({items: z.array(inner), one: inner.optional(), why: inner.describe('one item')}))
    const plainOuter = z.object({items: z.array(build()), one: build().optional(), why: build().describe('one item')})
    const value = {items: [{id: 'a'}, {id: 'b', tags: ['t']}], why: {id: 'c'}}
    expect(outer.parse(value)).to.deep.equal(plainOuter.parse(value))
    expect(outer.safeParse({items: [{}]}).error?.issues).to.deep.equal(plainOuter.safeParse({items: [{}]}).error?.issues)
    expect(jsonSchemaOf(outer)).to.deep.equal(jsonSchemaOf(plainOuter))
    expect(await outer.parseAsync(value)).to.deep.equal(plainOuter.parse(value))
  })

  it('importing the hot commands\' operation modules builds no schema; running one builds only some', () => {
    // a fresh process: the unbundled modules, as the ES bundle and the hot bundles have them
    const script = `
      const core = await import('govtool/core')
      const gov = await import('@govtool/plugin-governance/operations')
      await import(${JSON.stringify(path.join(REPO_ROOT, 'dist', 'ops', 'channel.js'))})
      const atImport = core.lazySchemasBuilt()
      const op = gov.operations.find((o) => o.id === 'checkpoint')
      op.input.parse({})
      op.result.safeParse({})
      console.log(JSON.stringify({atImport, afterCheckpoint: core.lazySchemasBuilt()}))
    `
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {cwd: REPO_ROOT, encoding: 'utf8'})
    expect(r.status, r.stderr).to.equal(0)
    const {atImport, afterCheckpoint} = JSON.parse(r.stdout) as {atImport: number; afterCheckpoint: number}
    expect(atImport, 'schemas built by importing every governance operation module').to.equal(0)
    // checkpoint's input and its payload (and the schemas it holds), not the package's 40-odd others
    expect(afterCheckpoint).to.be.greaterThan(0)
    expect(afterCheckpoint).to.be.lessThan(10)
  })
})
