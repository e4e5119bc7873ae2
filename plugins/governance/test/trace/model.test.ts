import {existsSync, readFileSync, rmSync, utimesSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {ProjectContext} from 'govtool'
import {cleanupTempDirs, makeTempDir} from 'govtool/testing'

import {formatRequirement, formatTestCase} from '../../src/lib/trace/format.js'
import {splitSections} from '../../src/lib/trace/markdown.js'
import {coverage, isDraft, loadGovernanceModel} from '../../src/lib/trace/model.js'
import {parseSection} from '../../src/lib/trace/parse.js'
import {write} from './helpers.js'

const STYLE_A = `# Requirements

    ## REQ-COMPONENT-NNN. Example inside an indented code block
    - **ID:** REQ-COMPONENT-NNN

## REQ-CLI-001
- **Status**: Draft
- **Description**: The CLI shall
  print help.
- **Priority**: P1
- **Component**: cli

## REQ-002: Second thing
- **Status**: Implemented
- **Description**: Second *desc* with \`code\`.

\`\`\`
## REQ-999 inside a fence is not a requirement
\`\`\`
`

const STYLE_B = `## REQ-003. Third
- **ID:** REQ-003
- **Description:** Third.
- **Status:** implemented
- **Priority:** p2

### Acceptance criteria
- **Status:** this sub-heading stays inside REQ-003 and does not override it

## Login
- **ID:** REQ-004
- **Description:** Users log in.
`

const TESTS = `# Tests

### TEST-CLI-001 Help test
- **Covers**: REQ-CLI-001, REQ-002

### TEST-002. Third
- **Requirement ID:** REQ-003
- **Description:** Checks the third.

### TEST-012a
- **Covers:** REQ-404
`

describe('trace: governance model parser', () => {
  after(cleanupTempDirs)

  it('reads both requirement styles and both TESTS.md styles with file and line', async () => {
    const root = makeTempDir()
    write(root, 'docs/REQUIREMENTS.md', STYLE_A + '\n' + STYLE_B)
    write(root, 'docs/TESTS.md', TESTS)
    const model = await loadGovernanceModel(new ProjectContext(root))
    expect(model.problems).to.deep.equal([])
    expect(model.requirements.map((r) => [r.id, r.line])).to.deep.equal([
      ['REQ-CLI-001', 6],
      ['REQ-002', 13],
      ['REQ-003', 21],
      ['REQ-004', 30],
    ])
    const [cli, second, third, login] = model.requirements
    expect(cli).to.deep.include({title: '', status: 'draft', priority: 'P1', component: 'cli', description: 'The CLI shall print help.', file: 'docs/REQUIREMENTS.md'})
    expect(second).to.deep.include({title: 'Second thing', status: 'implemented', description: 'Second desc with code.'})
    expect(third).to.deep.include({title: 'Third', status: 'implemented', priority: 'P2'})
    expect(login).to.deep.include({title: 'Login', status: 'unspecified', description: 'Users log in.'})
    expect(model.tests.map((t) => [t.id, t.title, t.covers, t.line])).to.deep.equal([
      ['TEST-CLI-001', 'Help test', ['REQ-CLI-001', 'REQ-002'], 3],
      ['TEST-002', 'Third', ['REQ-003'], 6],
      ['TEST-012a', '', ['REQ-404'], 10],
    ])
  })

  it('leaves draft requirements out of coverage and reports orphans', async () => {
    const root = makeTempDir()
    write(root, 'docs/REQUIREMENTS.md', STYLE_A + '\n' + STYLE_B)
    write(root, 'docs/TESTS.md', TESTS)
    const model = await loadGovernanceModel(new ProjectContext(root))
    expect(isDraft(model.requirements[0])).to.equal(true)
    expect(coverage(model)).to.deep.equal({
      covered: ['REQ-002', 'REQ-003'],
      uncovered: ['REQ-004'],
      orphans: [{test: 'TEST-012a', requirement: 'REQ-404'}],
      percent: 66.7,
    })
    expect(coverage({requirements: [], tests: []}).percent).to.equal(0)
  })

  it('reports malformed ids, duplicates, empty fields and bad Covers with file and line', async () => {
    const root = makeTempDir()
    write(root, 'docs/REQUIREMENTS.md', '# R\n\n## REQ-001. One\n- **Status:** approved\n\n## REQ-cli-5 Bad\n- **Status:** x\n\n## REQ-001. Again\n- **Status:**\n\n## REQ-002. Two\n- **ID:** REQ-020\n')
    write(root, 'docs/TESTS.md', '# T\n\n### TEST-1\n- **Covers:** REQ-x1, REQ-001\n\n### TEST-2\n- **Covers:**\n\n### TEST-3\n- **Covers:** the login feature\n')
    const {problems, requirements, tests} = await loadGovernanceModel(new ProjectContext(root))
    expect(requirements.map((r) => r.id)).to.deep.equal(['REQ-001', 'REQ-002'])
    expect(tests.map((t) => t.covers)).to.deep.equal([['REQ-001'], [], []])
    expect(problems.map((p) => `${p.file}:${p.line}`)).to.deep.equal([
      'docs/REQUIREMENTS.md:6',
      'docs/REQUIREMENTS.md:9',
      'docs/REQUIREMENTS.md:10',
      'docs/REQUIREMENTS.md:13',
      'docs/TESTS.md:4',
      'docs/TESTS.md:7',
      'docs/TESTS.md:10',
    ])
    expect(problems[0].message).to.contain('malformed requirement id "REQ-cli-5"')
    expect(problems[1].message).to.contain('duplicate requirement id REQ-001 (first defined at line 3)')
    expect(problems[2].message).to.contain('Status is empty')
    expect(problems[3].message).to.contain('does not match')
    expect(problems[4].message).to.contain('"REQ-x1"')
    expect(problems[5].message).to.contain('Covers is empty')
    expect(problems[6].message).to.contain('names no requirement id')
  })

  it('falls back to the legacy root-level files and honours scaffold.yml requirements_file', async () => {
    const root = makeTempDir()
    write(root, 'REQUIREMENTS.md', '## REQ-001. Legacy\n- **Status:** approved\n')
    write(root, 'TESTS.md', '### TEST-001\n- **Covers:** REQ-001\n')
    let model = await loadGovernanceModel(new ProjectContext(root))
    expect(model.requirements[0]).to.deep.include({id: 'REQ-001', file: 'REQUIREMENTS.md', line: 1})
    expect(model.tests[0].file).to.equal('TESTS.md')
    write(root, 'scaffold.yml', 'name: x\nrequirements_file: spec/reqs.md\n')
    write(root, 'spec/reqs.md', '# R\n\n## REQ-010. Moved\n')
    model = await loadGovernanceModel(new ProjectContext(root))
    expect(model.requirements.map((r) => `${r.id}@${r.file}`)).to.deep.equal(['REQ-010@spec/reqs.md'])
  })

  it('parses a file split into sections exactly as it parses it whole', () => {
    const text = STYLE_A + '\n' + STYLE_B
    const whole = parseSection('requirement', text)
    const parts = splitSections(text).flatMap((s) => parseSection('requirement', s.text).records.map((r) => ({...r, line: r.line + s.start - 1})))
    expect(parts).to.deep.equal(whole.records)
    expect(splitSections(text).length).to.be.greaterThan(3)
    expect(splitSections('').length).to.equal(1)
  })

  it('caches parse results, survives a corrupt cache and re-parses only what changed', async () => {
    const root = makeTempDir()
    const ctx = new ProjectContext(root)
    write(root, 'docs/REQUIREMENTS.md', STYLE_A + '\n' + STYLE_B)
    write(root, 'docs/TESTS.md', TESTS)
    const first = await loadGovernanceModel(ctx)
    const cacheFile = path.join(root, '.govtool/cache/parse-requirement.json')
    expect(existsSync(cacheFile)).to.equal(true)
    expect(await loadGovernanceModel(ctx)).to.deep.equal(first)

    writeFileSync(cacheFile, '{"v": 3, "hash": "trunc')
    expect(await loadGovernanceModel(ctx)).to.deep.equal(first)
    writeFileSync(cacheFile, JSON.stringify({...JSON.parse(readFileSync(cacheFile, 'utf8')), recs: [{id: 1}]}))
    expect(await loadGovernanceModel(ctx)).to.deep.equal(first)

    // an edit before the last entry shifts lines; the reused sections get the new lines
    write(root, 'docs/REQUIREMENTS.md', '# Requirements\n\nA new paragraph.\n' + (STYLE_A + '\n' + STYLE_B).slice('# Requirements\n'.length).replace('Users log in.', 'Users sign in.'))
    const edited = await loadGovernanceModel(ctx)
    expect(edited.requirements.map((r) => r.line)).to.deep.equal(first.requirements.map((r) => r.line + 2))
    expect(edited.requirements[3].description).to.equal('Users sign in.')
    expect(edited).to.deep.equal(await loadGovernanceModel(ctx, {cache: 'off'}))

    expect(readFileSync(path.join(root, '.govtool/cache/.gitignore'), 'utf8')).to.contain('\n*\n')

    // sources older than the cache take the stat fast path; an edit (new mtime) is still seen
    const reqFile = path.join(root, 'docs/REQUIREMENTS.md')
    const old = new Date(Date.now() - 60_000)
    utimesSync(reqFile, old, old)
    await loadGovernanceModel(ctx)
    expect(await loadGovernanceModel(ctx)).to.deep.equal(edited)
    writeFileSync(reqFile, readFileSync(reqFile, 'utf8').replace('Users sign in.', 'Users sign on.'))
    expect((await loadGovernanceModel(ctx)).requirements[3].description).to.equal('Users sign on.')

    rmSync(path.join(root, '.govtool'), {recursive: true})
    await loadGovernanceModel(ctx, {cache: 'read'})
    expect(existsSync(path.join(root, '.govtool'))).to.equal(false)
  })

  it('writes style B that reads back to the same requirement and test', async () => {
    const root = makeTempDir()
    write(root, 'docs/REQUIREMENTS.md', '# R\n\n' + formatRequirement({id: 'REQ-API-007', description: 'The API answers /health with status ok. It is fast.', priority: 'P1', component: 'api', status: 'approved'}))
    write(root, 'docs/TESTS.md', '# T\n\n' + formatTestCase({id: 'TEST-API-007', title: 'Health', covers: ['REQ-API-007', 'REQ-API-008'], description: 'GET /health'}))
    const model = await loadGovernanceModel(new ProjectContext(root))
    expect(model.problems).to.deep.equal([])
    expect(model.requirements[0]).to.deep.equal({
      id: 'REQ-API-007',
      title: 'The API answers /health with status ok',
      description: 'The API answers /health with status ok. It is fast.',
      status: 'approved',
      priority: 'P1',
      component: 'api',
      file: 'docs/REQUIREMENTS.md',
      line: 3,
    })
    expect(model.tests[0]).to.deep.include({id: 'TEST-API-007', title: 'Health', covers: ['REQ-API-007', 'REQ-API-008'], description: 'GET /health'})
  })
})
