import {readFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {ProjectContext} from 'govtool'
import {GIT_TEST_ENV, cleanupTempDirs, isolatedEnv, makeTempDir, runCli} from 'govtool/testing'

import {editRequirement, editTest, removeRequirement, removeTest} from '../../src/lib/trace/edit.js'
import {entrySpan, splitLines} from '../../src/lib/trace/entry-text.js'
import {checkLedgerChain, readLedger} from '../../src/lib/trace/ledger.js'
import {correctLedgerEntry} from '../../src/lib/trace/ledger-record.js'
import {loadGovernanceModel} from '../../src/lib/trace/model.js'
import {healthyProject, write} from './helpers.js'

const NO_STACK = /\n\s+at .+:\d+:\d+/

/** Both styles of REFERENCE.md in one file, with notes and a sub-section that an edit must leave alone. */
const MIXED = `# Requirements

Intro text.

## REQ-CLI-001
- **Status**: Draft
- **Description**: The CLI prints its version
  when asked.
- **Priority**: P2
- **Component**: cli

### Acceptance criteria
- **Status**: this bullet is not a field of the entry

## REQ-002. Export
- **ID:** REQ-002
- **Description:** Exports the report.
- **Status:** approved

Some notes about REQ-002.

\`\`\`
## REQ-999 inside a code block
\`\`\`

## Appendix
Not a requirement.
`

describe('trace: editing requirements, tests and the ledger', () => {
  after(cleanupTempDirs)

  it('entrySpan runs from the heading to the next heading of its level, past sub-sections and code blocks', () => {
    const lines = splitLines(MIXED)
    expect(entrySpan(lines, 5)).to.deep.equal({start: 4, end: 13, depth: 2})
    expect(entrySpan(lines, 15)).to.deep.equal({start: 14, end: 24, depth: 2})
  })

  it('req edit rewrites only the changed fields, in the style each entry is written in', async () => {
    const root = makeTempDir()
    healthyProject(root)
    write(root, 'docs/REQUIREMENTS.md', MIXED)
    const ctx = new ProjectContext(root)

    let result = await editRequirement(ctx, 'REQ-CLI-001', {status: 'Implemented', description: 'The CLI prints its version with --version.', title: 'Version'})
    expect(result.changed).to.deep.equal(['status', 'description', 'title'])
    expect(result.requirement).to.deep.include({id: 'REQ-CLI-001', title: 'Version', status: 'implemented', description: 'The CLI prints its version with --version.', priority: 'P2'})
    let text = readFileSync(path.join(root, 'docs/REQUIREMENTS.md'), 'utf8')
    expect(text).to.equal(
      MIXED.replace('## REQ-CLI-001\n', '## REQ-CLI-001. Version\n')
        .replace('- **Status**: Draft', '- **Status**: implemented')
        .replace('- **Description**: The CLI prints its version\n  when asked.', '- **Description**: The CLI prints its version with --version.'),
    )

    result = await editRequirement(ctx, 'REQ-002', {priority: 'p1', component: 'export', title: 'Export as JSON'})
    expect(result.requirement).to.deep.include({title: 'Export as JSON', priority: 'P1', component: 'export', status: 'approved'})
    text = readFileSync(path.join(root, 'docs/REQUIREMENTS.md'), 'utf8')
    expect(text).to.contain('## REQ-002. Export as JSON\n- **ID:** REQ-002\n- **Description:** Exports the report.\n- **Status:** approved\n- **Priority:** P1\n- **Component:** export\n\nSome notes about REQ-002.\n')
    const model = await loadGovernanceModel(ctx)
    expect(model.problems).to.deep.equal([])
    expect(model.requirements.map((r) => r.id)).to.deep.equal(['REQ-CLI-001', 'REQ-002'])

    for (const [edit, code] of [
      [{status: 'active'}, 'E_BAD_STATUS'],
      [{status: 'sealed'}, 'E_BAD_STATUS'],
      [{priority: 'P9'}, 'E_BAD_PRIORITY'],
      [{}, 'E_INPUT'],
    ] as const) {
      try {
        await editRequirement(ctx, 'REQ-002', edit)
        expect.fail(`${JSON.stringify(edit)} is refused`)
      } catch (error) {
        expect((error as {code: string}).code, JSON.stringify(edit)).to.equal(code)
      }
    }
    expect(readFileSync(path.join(root, 'docs/REQUIREMENTS.md'), 'utf8')).to.equal(text)
  })

  it('req remove needs a reason for a shipped requirement, records it in the ledger, and reports the tests left pointing at it', async () => {
    const root = makeTempDir()
    healthyProject(root)
    const ctx = new ProjectContext(root)
    try {
      await removeRequirement(ctx, 'REQ-CORE-001')
      expect.fail('an implemented requirement needs a reason')
    } catch (error) {
      expect((error as {code: string}).code).to.equal('E_NEEDS_REASON')
    }
    expect((await loadGovernanceModel(ctx)).requirements).to.have.length(2)

    const removed = await removeRequirement(ctx, 'REQ-CORE-001', {reason: 'Merged into REQ-CORE-002'})
    expect(removed.covering_tests).to.deep.equal(['TEST-CORE-001'])
    expect(removed.ledger_entry).to.deep.include({type: 'requirement_removed', reqs: ['REQ-CORE-001'], fields: {Reason: 'Merged into REQ-CORE-002'}})
    const text = readFileSync(path.join(root, 'docs/REQUIREMENTS.md'), 'utf8')
    expect(text).to.match(/^# Requirements\n\n## REQ-CORE-002\. Feature 2\n/)
    expect(text).not.to.contain('REQ-CORE-001')
    const ledger = await readLedger(ctx)
    expect(ledger.entries.at(-1)).to.deep.include({description: 'Removed requirement REQ-CORE-001 (implemented): Feature 1', type: 'requirement_removed'})
    expect((await checkLedgerChain(ctx)).valid).to.equal(true)

    // the test still naming it is fixed with test edit, then removed with test remove
    const edited = await editTest(ctx, 'TEST-CORE-001', {covers: ['REQ-CORE-002'], description: 'Checks thing 2 another way.'})
    expect(edited.test).to.deep.include({covers: ['REQ-CORE-002'], description: 'Checks thing 2 another way.'})
    expect((await removeTest(ctx, 'TEST-CORE-001')).uncovered).to.deep.equal([])
    expect((await removeTest(ctx, 'TEST-CORE-002')).uncovered).to.deep.equal(['REQ-CORE-002'])
    expect(readFileSync(path.join(root, 'docs/TESTS.md'), 'utf8')).to.equal('# Tests\n')
  })

  it('a draft or proposed requirement is removed without a reason (still recorded)', async () => {
    const root = makeTempDir()
    healthyProject(root)
    write(root, 'docs/REQUIREMENTS.md', MIXED)
    const ctx = new ProjectContext(root)
    const removed = await removeRequirement(ctx, 'REQ-CLI-001')
    expect(removed.ledger_entry.fields).to.deep.equal({})
    expect(readFileSync(path.join(root, 'docs/REQUIREMENTS.md'), 'utf8')).to.equal(MIXED.replace(/## REQ-CLI-001\n[\s\S]*?(?=## REQ-002)/, ''))
  })

  it('ledger correct appends a correction pointing at the entry; nothing before it changes and the chain holds', async () => {
    const root = makeTempDir()
    healthyProject(root)
    const ctx = new ProjectContext(root)
    const env = isolatedEnv(makeTempDir(), GIT_TEST_ENV)
    let r = await runCli(['ledger', 'add', 'Add export', '--type', 'task', '--reqs', 'REQ-CORE-001', '--project-dir', root, '--json'], {env})
    const original = r.json<{entry: {chain_hash: string; timestamp: string}}>().entry
    const before = readFileSync(path.join(root, 'LEDGER.md'), 'utf8')

    r = await runCli(['ledger', 'correct', original.chain_hash.slice(0, 8), '--reason', 'It was a feature for REQ-CORE-002', '--type', 'feature', '--reqs', 'REQ-CORE-002', '--project-dir', root, '--json'], {env})
    expect(r.code, r.stderr).to.equal(0)
    const result = r.json<{entry: {type: string; reqs: string[]; fields: Record<string, string>}; corrects: {chain_hash: string; line: number}}>()
    expect(result.corrects).to.deep.include({chain_hash: original.chain_hash, line: 3})
    expect(result.entry).to.deep.include({type: 'correction', reqs: ['REQ-CORE-002']})
    expect(result.entry.fields).to.deep.equal({
      Corrects: original.chain_hash,
      'Corrected entry': `${original.timestamp} — Add export`,
      Reason: 'It was a feature for REQ-CORE-002',
      'Corrected type': 'feature',
      'Corrected REQs': 'REQ-CORE-002',
    })
    const after = readFileSync(path.join(root, 'LEDGER.md'), 'utf8')
    expect(after.startsWith(before.trimEnd())).to.equal(true)
    expect((await checkLedgerChain(ctx)).valid).to.equal(true)

    // `last`, and the corrected entry keeps its own REQs when none are given
    const second = await correctLedgerEntry(ctx, {entry: 'last', reason: 'The reason above had a typo'})
    expect(second.corrects.type).to.equal('correction')
    expect(second.entry.reqs).to.deep.equal(['REQ-CORE-002'])

    r = await runCli(['ledger', 'correct', 'abcdef12', '--reason', 'x', '--project-dir', root, '--json'], {env})
    expect(r.code).to.equal(1)
    expect(r.json<{error: {code: string}}>().error.code).to.equal('E_NOT_FOUND')
    r = await runCli(['ledger', 'correct', 'yesterday', '--reason', 'x', '--project-dir', root], {env})
    expect(r.code).to.equal(2)
    expect(r.stderr).to.contain('does not name a ledger entry').and.not.to.match(NO_STACK)
  })

  it('end to end: req edit, req remove, test add|edit|remove through the CLI, then audit is healthy', async () => {
    const root = makeTempDir()
    healthyProject(root)
    const env = isolatedEnv(makeTempDir(), GIT_TEST_ENV)
    const run = (...args: string[]) => runCli([...args, '--project-dir', root, '--json'], {env})

    let r = await run('req', 'edit', 'REQ-CORE-002', '--status', 'verified', '--priority', 'P0')
    expect(r.code, r.stderr).to.equal(0)
    expect(r.json<{requirement: {status: string; priority: string}}>().requirement).to.deep.include({status: 'verified', priority: 'P0'})
    r = await run('req', 'edit', 'REQ-CORE-002', '--status', 'shipped')
    expect(r.code).to.equal(2)
    expect(r.json<{error: {code: string; hint: string}}>().error).to.deep.include({code: 'E_BAD_STATUS'})
    r = await run('req', 'edit', 'REQ-CORE-404', '--status', 'approved')
    expect(r.code).to.equal(1)
    expect(r.json<{error: {code: string}}>().error.code).to.equal('E_NOT_FOUND')

    r = await run('req', 'remove', 'REQ-CORE-001')
    expect(r.code).to.equal(2)
    expect(r.json<{error: {code: string; message: string}}>().error).to.deep.include({code: 'E_NEEDS_REASON', message: 'REQ-CORE-001 is implemented: removing it needs a reason, which the ledger records.'})
    r = await run('req', 'remove', 'REQ-CORE-001', '--reason', 'No longer offered')
    expect(r.code, r.stderr).to.equal(0)
    expect(r.json<{covering_tests: string[]; warnings: string[]}>()).to.deep.include({covering_tests: ['TEST-CORE-001']})
    expect(r.json<{warnings: string[]}>().warnings[0]).to.contain('TEST-CORE-001 still covers REQ-CORE-001')

    r = await run('test', 'add', 'TEST-CORE-003', '--covers', 'REQ-CORE-002', '--title', 'Thing 2 again')
    expect(r.code, r.stderr).to.equal(0)
    expect(r.json<{test: {id: string; covers: string[]; line: number}}>().test).to.deep.include({id: 'TEST-CORE-003', covers: ['REQ-CORE-002']})
    expect(readFileSync(path.join(root, 'docs/TESTS.md'), 'utf8')).to.contain('\n\n### TEST-CORE-003. Thing 2 again\n- **Covers:** REQ-CORE-002\n')
    r = await run('test', 'add', 'TEST-CORE-003', '--covers', 'REQ-CORE-002')
    expect(r.code).to.equal(1)
    expect(r.json<{error: {code: string}}>().error.code).to.equal('E_EXISTS')
    r = await run('test', 'add', 'TEST-CORE-004', '--covers', 'REQ-CORE-001')
    expect(r.code).to.equal(1)
    expect(r.json<{error: {message: string}}>().error.message).to.contain('REQ-CORE-001 is not in docs/REQUIREMENTS.md')
    r = await run('test', 'add', 'test-4', '--covers', 'REQ-CORE-002')
    expect(r.code).to.equal(2)
    expect(r.json<{error: {code: string}}>().error.code).to.equal('E_BAD_TEST_ID')

    // the orphan left by the removal is reported until the test is corrected
    expect((await run('req', 'orphans')).json<{orphans: {test: string; requirement: string}[]}>().orphans).to.deep.include.members([{test: 'TEST-CORE-001', requirement: 'REQ-CORE-001', file: 'docs/TESTS.md', line: 3}])
    r = await run('test', 'edit', 'TEST-CORE-001', '--covers', 'REQ-CORE-002')
    expect(r.code, r.stderr).to.equal(0)
    expect((await run('req', 'orphans')).json<{orphans: unknown[]}>().orphans).to.deep.equal([])
    r = await run('audit')
    expect(r.code, r.stdout).to.equal(0)
    r = await run('test', 'remove', 'TEST-CORE-001')
    expect(r.code, r.stderr).to.equal(0)
    expect(r.json<{uncovered: string[]}>().uncovered).to.deep.equal([])
    r = await run('req', 'trace')
    expect(r.json<{matrix: {requirement: string; tests: string[]}[]}>().matrix).to.deep.equal([
      {requirement: 'REQ-CORE-002', title: 'Feature 2', status: 'verified', priority: 'P0', tests: ['TEST-CORE-002', 'TEST-CORE-003'], covered: true, draft: false},
    ])
    r = await run('ledger', 'list')
    expect(r.json<{entries: {type: string; fields: Record<string, string>}[]}>().entries.at(-1)).to.deep.include({type: 'requirement_removed', fields: {Reason: 'No longer offered'}})
  })
})
