import {existsSync, mkdirSync, readFileSync, statSync, utimesSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {ProjectContext} from 'govtool'
import {cleanupTempDirs, makeTempDir} from 'govtool/testing'

import {buildCheckpoint} from '../../src/lib/trace/checkpoint.js'
import {AUDIT_CHECKS, governanceFindings} from '../../src/lib/trace/findings.js'
import {governanceSources} from '../../src/lib/trace/model.js'
import {readScaffoldSafe} from '../../src/lib/trace/project.js'
import {SCAFFOLD_MEMO_FILE, parseScaffoldText, scaffoldMemoStats} from '../../src/lib/trace/scaffold-memo.js'
import {healthyProject} from './helpers.js'

// issue 14, sixth pass: scaffold.yml's parse is remembered beside its whole text; any other text is parsed again.
describe('trace: the memo of scaffold.yml', () => {
  after(cleanupTempDirs)

  const project = () => {
    const root = makeTempDir()
    healthyProject(root)
    mkdirSync(path.join(root, '.govtool'), {recursive: true})
    return {root, ctx: new ProjectContext(root)}
  }
  const memo = (root: string) => path.join(root, '.govtool', 'cache', SCAFFOLD_MEMO_FILE)

  it('parses scaffold.yml once, then a checkpoint and an audit take it from the memo', async () => {
    const {root, ctx} = project()
    const first = await readScaffoldSafe(ctx)
    expect(existsSync(memo(root))).to.equal(true)
    const parses = scaffoldMemoStats.parses
    const hits = scaffoldMemoStats.hits
    const cp = await buildCheckpoint(ctx)
    await governanceFindings(ctx, AUDIT_CHECKS)
    expect(scaffoldMemoStats.parses - parses, 'parses').to.equal(0)
    expect(scaffoldMemoStats.hits - hits).to.be.greaterThan(0)
    expect(cp.health).to.equal('healthy')
    expect((await readScaffoldSafe(ctx)).scaffold).to.deep.equal(first.scaffold)
  })

  it('remembers the validation of a remembered text under the same build only; an invalid file is validated every time (seventh pass)', async () => {
    const {root, ctx} = project()
    const first = await readScaffoldSafe(ctx)
    const memoText = () => JSON.parse(readFileSync(memo(root), 'utf8')) as {scaffold?: string; schema?: string}
    expect(JSON.parse(memoText().scaffold!)).to.deep.equal(first.scaffold)
    const before = {...scaffoldMemoStats}
    const cp = await buildCheckpoint(ctx)
    await governanceFindings(ctx, AUDIT_CHECKS)
    expect(scaffoldMemoStats.validations - before.validations, 'validations').to.equal(0)
    expect(scaffoldMemoStats.validationHits - before.validationHits).to.be.greaterThan(1)
    expect(cp.health).to.equal('healthy')
    // another build's schema (another stamp): validated again, and remembered under this one
    writeFileSync(memo(root), JSON.stringify({...memoText(), schema: 'another build'}))
    expect((await readScaffoldSafe(ctx)).scaffold).to.deep.equal(first.scaffold)
    expect(scaffoldMemoStats.validations - before.validations).to.equal(1)
    expect(memoText().schema).to.not.equal('another build')
    // an invalid field: never remembered as valid, reported with its line every time
    writeFileSync(path.join(root, 'scaffold.yml'), 'name: x\ntype: generic\nvcs_platform: nowhere\n')
    for (const _ of [1, 2]) {
      expect((await governanceFindings(ctx, ['scaffold']))[0]).to.include({check: 'scaffold', line: 3})
      expect((await readScaffoldSafe(ctx)).problem).to.include({line: 3})
    }
    expect(memoText().scaffold).to.equal(undefined)
  })

  it('keeps the validations of other builds of the same text, so two bundles do not replace each other\'s (ninth pass)', async () => {
    const {root, ctx} = project()
    const first = await readScaffoldSafe(ctx)
    const memoText = () => JSON.parse(readFileSync(memo(root), 'utf8')) as {scaffold?: string; schema?: string; others?: Record<string, string>}
    const mine = memoText().schema!
    // another bundle validated it last: this build's validation is kept beside it and used
    writeFileSync(memo(root), JSON.stringify({...memoText(), schema: 'another bundle', scaffold: JSON.stringify({...first.scaffold, name: 'theirs'}), others: {[mine]: memoText().scaffold}}))
    const before = {...scaffoldMemoStats}
    expect((await readScaffoldSafe(ctx)).scaffold).to.deep.equal(first.scaffold)
    expect(scaffoldMemoStats.validations - before.validations, 'validations').to.equal(0)
    expect(scaffoldMemoStats.validationHits - before.validationHits).to.equal(1)
    // validated under a stamp the memo does not hold: the previous one moves to the others
    writeFileSync(memo(root), JSON.stringify({...memoText(), others: {}}))
    expect((await readScaffoldSafe(ctx)).scaffold).to.deep.equal(first.scaffold)
    expect(scaffoldMemoStats.validations - before.validations).to.equal(1)
    expect(memoText().schema).to.equal(mine)
    expect(Object.keys(memoText().others ?? {})).to.deep.equal(['another bundle'])
    // an edit of the text drops every validation
    writeFileSync(path.join(root, 'scaffold.yml'), 'name: edited\ntype: generic\naee_phase: implementation\n')
    expect((await readScaffoldSafe(ctx)).scaffold?.name).to.equal('edited')
    expect(memoText().others?.['another bundle']).to.equal(undefined)
  })

  it('reads a rewritten scaffold.yml of the same length with its mtime restored', async () => {
    const {root, ctx} = project()
    const file = path.join(root, 'scaffold.yml')
    writeFileSync(file, 'name: aaaa\ntype: generic\naee_phase: implementation\n')
    expect((await readScaffoldSafe(ctx)).scaffold?.name).to.equal('aaaa')
    const before = statSync(file)
    writeFileSync(file, 'name: bbbb\ntype: generic\naee_phase: implementation\n')
    utimesSync(file, before.atime, before.mtime)
    expect(statSync(file).size).to.equal(before.size)
    const parses = scaffoldMemoStats.parses
    expect((await readScaffoldSafe(ctx)).scaffold?.name).to.equal('bbbb')
    expect(scaffoldMemoStats.parses - parses).to.equal(1)
    expect(JSON.parse(readFileSync(memo(root), 'utf8')).text).to.contain('bbbb')
  })

  it('gives the same findings, lines and sources from the memo as from a parse', async () => {
    const {root, ctx} = project()
    const file = path.join(root, 'scaffold.yml')
    // valid YAML, an invalid field: remembered, and its line is still found (the text parsed on demand)
    writeFileSync(file, 'name: x\ntype: generic\nvcs_platform: nowhere\nrequirements_file: docs/REQS.md\n')
    const fresh = await governanceFindings(ctx, ['scaffold'])
    const sources = await governanceSources(ctx)
    expect(existsSync(memo(root))).to.equal(true)
    const parses = scaffoldMemoStats.parses
    expect(await governanceFindings(ctx, ['scaffold'])).to.deep.equal(fresh)
    expect(await governanceSources(ctx)).to.deep.equal(sources)
    expect(scaffoldMemoStats.parses - parses).to.equal(0)
    expect(fresh[0]).to.include({check: 'scaffold', line: 3})
    expect(sources.requirements).to.equal(path.join(root, 'docs', 'REQS.md'))
  })

  it('never remembers a syntax error or data JSON would change, nor creates .govtool/', async () => {
    const {root, ctx} = project()
    const parses = scaffoldMemoStats.parses
    const error = await parseScaffoldText(ctx, 'name: [x\n', 'scaffold.yml').then(() => undefined, (error_: Error) => error_)
    expect(error?.message).to.match(/^scaffold.yml:\d+: invalid YAML/)
    expect(existsSync(memo(root))).to.equal(false)
    const odd = 'name: x\nepistemic_threshold: .inf\n'
    const yaml = await parseScaffoldText(ctx, odd, 'scaffold.yml')
    expect((yaml.data as {epistemic_threshold: number}).epistemic_threshold).to.equal(Number.POSITIVE_INFINITY)
    expect(existsSync(memo(root))).to.equal(false)
    expect(scaffoldMemoStats.parses - parses).to.equal(2)
    const bare = makeTempDir()
    healthyProject(bare)
    await readScaffoldSafe(new ProjectContext(bare))
    expect(existsSync(path.join(bare, '.govtool'))).to.equal(false)
  })
})
