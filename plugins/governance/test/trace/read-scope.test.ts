import {writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {ProjectContext} from 'govtool'
import {cleanupTempDirs, makeTempDir} from 'govtool/testing'

import {buildCheckpoint} from '../../src/lib/trace/checkpoint.js'
import {appendLedgerEntry} from '../../src/lib/trace/ledger.js'
import {forgetParsedLedgers, ledgerParseStats} from '../../src/lib/trace/ledger-parsed.js'
import {forgetVerifiedChains, verifiedStats} from '../../src/lib/trace/ledger-verified.js'
import {phaseChecklists} from '../../src/lib/trace/phase.js'
import {readScaffoldSafe} from '../../src/lib/trace/project.js'
import {scopedRead, withReadScope} from '../../src/lib/trace/read-scope.js'
import {healthyProject} from './helpers.js'

// issue 14, fourth pass: checkpoint's findings and phase checklists share one read of scaffold.yml, one parse of
// LEDGER.md and one chain verification; nothing is remembered outside the context a read scope hands out.
describe('trace: reads shared within one command', () => {
  after(cleanupTempDirs)

  it('checkpoint verifies the ledger chain once and parses LEDGER.md once', async () => {
    const root = makeTempDir()
    healthyProject(root)
    const ctx = new ProjectContext(root)
    for (let i = 0; i < 5; i++) await appendLedgerEntry(ctx, {description: `Change ${i}`, type: 'task', author: 'a'})
    forgetVerifiedChains()
    forgetParsedLedgers()
    const chain = verifiedStats.verifications + verifiedStats.hits
    const parses = ledgerParseStats.parses + ledgerParseStats.cacheHits
    const cp = await buildCheckpoint(ctx)
    expect(cp.health).to.equal('healthy')
    expect(verifiedStats.verifications + verifiedStats.hits - chain, 'chain verifications or memo lookups').to.equal(1)
    // the checklists' readLedger, shared with checkpoint's own
    expect(ledgerParseStats.parses + ledgerParseStats.cacheHits - parses, 'LEDGER.md parses').to.equal(1)
  })

  it('shares a read inside a scope only, and never across two commands', async () => {
    const root = makeTempDir()
    healthyProject(root)
    const ctx = new ProjectContext(root)
    let computed = 0
    const read = (c: ProjectContext) => scopedRead(c, 'k', async () => ++computed)
    expect([await read(ctx), await read(ctx)]).to.deep.equal([1, 2])
    expect(await withReadScope(ctx, async (c) => [await read(c), await read(c), await withReadScope(c, read), await read(ctx)])).to.deep.equal([3, 3, 3, 4])
    expect(await withReadScope(ctx, read)).to.equal(5)
    // the scoped context is the same project
    expect(await withReadScope(ctx, async (c) => [c.root, c.file('scaffold'), c instanceof ProjectContext])).to.deep.equal([ctx.root, ctx.file('scaffold'), true])
    expect((await readScaffoldSafe(ctx)).scaffold?.aee_phase).to.not.equal('testing')
    const before = await phaseChecklists(ctx)
    writeFileSync(path.join(root, 'scaffold.yml'), 'name: [\n')
    const after = await phaseChecklists(ctx)
    expect(after.inception[0].detail).to.not.equal(before.inception[0].detail)
    // the answers given are copies: a caller changing its arrays changes no other caller's
    await appendLedgerEntry(ctx, {description: 'Change', type: 'task', author: 'a'})
    await withReadScope(ctx, async (scoped) => {
      const {readLedger, checkLedgerChain} = await import('../../src/lib/trace/ledger.js')
      const a = await readLedger(scoped)
      a.entries.length = 0
      expect((await readLedger(scoped)).entries.length).to.be.greaterThan(0)
      const c = await checkLedgerChain(scoped)
      c.problems.push({message: 'x'} as never)
      expect((await checkLedgerChain(scoped)).problems).to.deep.equal([])
    })
  })
})
