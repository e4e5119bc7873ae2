import {readFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {
  FROZEN_REQUIREMENT_STATUSES,
  REQUIREMENT_PRIORITIES,
  REQUIREMENT_STATUSES,
  ProjectContext,
  frozenStatusWords,
  isRecordedStatus,
  isRequirementStatus,
} from 'govtool'
import {cleanupTempDirs, makeTempDir} from 'govtool/testing'

import {renderProjectFiles, scaffoldWithDefaults} from '../../src/lib/scaffold/index.js'
import {formatRequirement, formatTestCase} from '../../src/lib/trace/format.js'
import {builtinRegistry} from '../../src/lib/trace/index.js'
import {phaseChecklists} from '../../src/lib/trace/phase.js'
import {addRequirement} from '../../src/lib/trace/requirements.js'
import {validateProject} from '../../src/lib/trace/validate.js'
import {healthyProject, write} from './helpers.js'

describe('one list of requirement statuses and priorities', () => {
  after(cleanupTempDirs)

  it('the REQUIREMENTS.md template offers exactly the statuses and priorities of the list, and guided stubs use them', async () => {
    const registry = builtinRegistry()
    const scaffold = scaffoldWithDefaults({name: 'demo', type: 'generic'})
    const files = await renderProjectFiles(scaffold, registry.types.get('generic')!, {categories: ['requirements']})
    const text = files.find((f) => f.path === 'docs/REQUIREMENTS.md')!.content
    expect(text).to.contain(`- **Status:** ${REQUIREMENT_STATUSES.join(' | ')}\n`)
    expect(text).to.contain(`- **Priority:** ${REQUIREMENT_PRIORITIES.join(' | ')}\n`)
    for (const status of REQUIREMENT_STATUSES) expect(text).to.contain(`${status} (`)
  })

  it('req add takes the statuses and priorities of the list in any case, and refuses others naming the list', async () => {
    const root = makeTempDir()
    healthyProject(root)
    const ctx = new ProjectContext(root)
    const added = await addRequirement(ctx, {id: 'REQ-CORE-010', description: 'Ten.', status: 'Implemented', priority: 'p2'})
    expect(added).to.deep.include({status: 'implemented', priority: 'P2'})
    expect(readFileSync(path.join(root, 'docs/REQUIREMENTS.md'), 'utf8')).to.contain('- **Status:** implemented\n- **Priority:** P2\n')
    for (const [input, code, text] of [
      [{status: 'active'}, 'E_BAD_STATUS', REQUIREMENT_STATUSES.join(', ')],
      [{status: 'locked'}, 'E_BAD_STATUS', 'older word for frozen'],
      [{priority: 'P5'}, 'E_BAD_PRIORITY', REQUIREMENT_PRIORITIES.join(', ')],
    ] as const) {
      try {
        await addRequirement(ctx, {id: 'REQ-CORE-011', ...input})
        expect.fail(`${JSON.stringify(input)} is refused`)
      } catch (error) {
        const e = error as {code: string; message: string; hint: string}
        expect(e.code).to.equal(code)
        expect(`${e.message} ${e.hint}`).to.contain(text)
      }
    }
  })

  it('validate names each requirement whose status or priority is not in the list, with file and line', async () => {
    const root = makeTempDir()
    healthyProject(root)
    const ctx = new ProjectContext(root)
    expect((await validateProject(ctx)).issues.filter((i) => i.check === 'requirement-fields')).to.deep.equal([])
    write(
      root,
      'docs/REQUIREMENTS.md',
      '# Requirements\n\n' +
        formatRequirement({id: 'REQ-CORE-001', title: 'One', description: 'One.', status: 'active', priority: 'P1'}) +
        '\n' +
        formatRequirement({id: 'REQ-CORE-002', title: 'Two', description: 'Two.', status: 'sealed', priority: 'High'}) +
        '\n## REQ-CORE-003\n- **Status**: Draft\n- **Priority**: p3\n',
    )
    const issues = (await validateProject(ctx)).issues.filter((i) => i.check === 'requirement-fields')
    expect(issues.map((i) => [i.line, i.message])).to.deep.equal([
      [3, 'REQ-CORE-001: status "active" is not a requirement status'],
      [9, 'REQ-CORE-002: status "sealed" is an older word for frozen'],
      [9, 'REQ-CORE-002: priority "High" is not a requirement priority'],
    ])
    expect(issues[1].hint).to.contain('govtool req edit REQ-CORE-002 --status frozen')
  })

  it('the test_spec phase counts the gating priorities (P0 and P1) and the requirements phase wants a priority of the list', async () => {
    const root = makeTempDir()
    healthyProject(root)
    write(
      root,
      'docs/REQUIREMENTS.md',
      '# Requirements\n\n' +
        formatRequirement({id: 'REQ-CORE-001', title: 'One', description: 'One.', status: 'approved', priority: 'P0'}) +
        '\n' +
        formatRequirement({id: 'REQ-CORE-002', title: 'Two', description: 'Two.', status: 'approved', priority: 'Urgent'}),
    )
    write(root, 'docs/TESTS.md', '# Tests\n\n' + formatTestCase({id: 'TEST-CORE-001', title: 'One', covers: ['REQ-CORE-001']}))
    const lists = await phaseChecklists(new ProjectContext(root))
    expect(lists.test_spec.find((i) => i.item.startsWith('at least 80%'))).to.deep.include({ok: true, detail: '1 of 1 P1 requirements covered (100%)'})
    const prioritised = lists.requirements.find((i) => i.item === 'every requirement described and prioritised')!
    expect(prioritised.ok).to.equal(false)
    expect(prioritised.detail).to.contain('REQ-CORE-002').and.to.contain(REQUIREMENT_PRIORITIES.join(', '))
  })

  it('frozen statuses, and the ones whose removal needs a reason, come from the list', () => {
    for (const status of FROZEN_REQUIREMENT_STATUSES) expect(isRequirementStatus(status)).to.equal(true)
    expect(frozenStatusWords()).to.include.members([...FROZEN_REQUIREMENT_STATUSES, 'sealed', 'locked', 'retired', 'obsolete'])
    expect(isRecordedStatus('Implemented')).to.equal(true)
    expect(isRecordedStatus('sealed')).to.equal(true)
    expect(isRecordedStatus('proposed')).to.equal(false)
    expect(isRecordedStatus('draft')).to.equal(false)
  })
})
