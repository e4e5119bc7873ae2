import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {ProjectContext} from 'govtool'
import {cleanupTempDirs, makeTempDir} from 'govtool/testing'

import {
  SKILL_CATALOG,
  buildSkill,
  deleteSkill,
  findReferences,
  installSkill,
  listSkills,
  parseSkillMd,
  renderSkillMd,
  searchCatalog,
  setSkillActive,
  skillSlug,
  testSkill,
  validateSlug,
} from '../src/index.js'

const project = () => new ProjectContext(makeTempDir())
const skillFile = (ctx: ProjectContext, id: string, name = 'SKILL.md') => path.join(ctx.root, '.agents', 'skills', id, name)

function writeSkill(ctx: ProjectContext, id: string, text: string): void {
  mkdirSync(path.dirname(skillFile(ctx, id)), {recursive: true})
  writeFileSync(skillFile(ctx, id), text)
}

async function rejected(p: Promise<unknown>): Promise<Error & {code?: string; exit?: number}> {
  try {
    await p
  } catch (error) {
    return error as Error
  }
  throw new Error('expected a rejection')
}

describe('skills library', () => {
  after(cleanupTempDirs)

  it('the catalog has the five spec skills, each passing its own structure test once installed', async () => {
    expect(SKILL_CATALOG.map((s) => s.slug)).to.deep.equal(['verifier', 'planner', 'diff-reviewer', 'onboarding-coach', 'release-pilot'])
    const ctx = project()
    for (const s of SKILL_CATALOG) {
      expect(s.body.split('\n').length, s.slug).to.be.greaterThan(25)
      expect(s.description.length, s.slug).to.be.within(50, 1024)
      await installSkill(ctx, s.slug)
      const r = await testSkill(ctx, s.slug)
      expect(r.ok, JSON.stringify(r.checks.filter((c) => c.status !== 'pass'))).to.equal(true)
    }
  })

  it('front matter round-trips, quoting values YAML would misread', () => {
    const description = 'Checks: "quotes", colons: yes # not a comment, and `code`'
    const text = renderSkillMd({name: 'x-y', description, allowedTools: ['read_file', 'run_shell']}, '# Body\n\ntext')
    const doc = parseSkillMd(text)
    expect(doc.data).to.deep.equal({name: 'x-y', description, 'allowed-tools': 'read_file run_shell'})
    expect(doc.body).to.equal('# Body\n\ntext\n')
    expect(parseSkillMd(renderSkillMd({name: 'n', description: 'true'}, 'b')).data!.description).to.equal('true')
    expect(parseSkillMd('no front matter').error).to.match(/does not start/)
    expect(parseSkillMd('---\nname: x\n').error).to.match(/not closed/)
    expect(parseSkillMd('---\nname: [x\n---\nbody').error).to.match(/not valid YAML/)
    expect(parseSkillMd('---\n- a\n---\nbody').error).to.match(/not a mapping/)
  })

  it('derives the same slug from the same description, dropping filler words', () => {
    expect(skillSlug('Review database migrations for safety before deploy')).to.equal('review-database-migrations-safety')
    expect(skillSlug('  review   DATABASE migrations, for safety!! ')).to.equal('review-database-migrations-safety')
    expect(skillSlug('Ünïcode café naïve résumé helper')).to.equal('unicode-cafe-naive-resume')
    expect(skillSlug('the and of')).to.equal('custom-skill')
    expect(skillSlug('a'.repeat(70) + ' word').length).to.be.at.most(64)
  })

  it('validates slugs so no path escapes the skills folder', () => {
    for (const bad of ['../etc', 'a/b', '..', 'UPPER', 'a--b', '-a', 'a-', '', 'x'.repeat(65)]) expect(() => validateSlug(bad), bad).to.throw(/Invalid skill id/)
    expect(validateSlug('diff-reviewer')).to.equal('diff-reviewer')
  })

  it('finds references: relative links and scripts/references/assets paths, not URLs or fenced code', () => {
    const body = [
      'See [the guide](references/guide.md#top) and [site](https://example.com) and [anchor](#x).',
      'Run `scripts/check.sh` then ./assets/logo.png.',
      '```',
      'scripts/ignored.sh',
      '```',
      'Also [up](../secret.md).',
    ].join('\n')
    expect(findReferences(body)).to.deep.equal([
      {target: 'references/guide.md', line: 1},
      {target: 'scripts/check.sh', line: 2},
      {target: 'assets/logo.png', line: 2},
      {target: '../secret.md', line: 6},
    ])
  })

  it('skills test reports each structural problem', async () => {
    const ctx = project()
    writeSkill(ctx, 'broken', '---\nname: other-name\nallowed-tools: 7\nextra: 1\n---\nUse [x](references/missing.md) and [y](../../escape.md).\n')
    writeFileSync(skillFile(ctx, 'broken', 'skill.json'), '{"id": "broken", "active": "yes"}')
    const r = await testSkill(ctx, 'broken')
    expect(r.ok).to.equal(false)
    const failed = r.checks.filter((c) => c.status === 'fail').map((c) => `${c.check}: ${c.message}`)
    expect(failed).to.deep.equal([
      'name: name "other-name" does not match the directory "broken"',
      'description: front matter has no description',
      'allowed_tools: allowed-tools must be a space-delimited string of tool names',
      'reference: line 6: "references/missing.md" does not exist',
      'reference: line 6: "../../escape.md" points outside the skill directory',
      "skill_json: skill.json field 'active': Expected boolean, received string",
    ])
    expect(r.checks.find((c) => c.check === 'fields')).to.include({status: 'warn'})
    mkdirSync(path.join(path.dirname(skillFile(ctx, 'broken')), 'references'))
    writeFileSync(path.join(path.dirname(skillFile(ctx, 'broken')), 'references', 'missing.md'), 'ok')
    expect((await testSkill(ctx, 'broken')).checks.some((c) => c.message === '"references/missing.md" exists')).to.equal(true)
    writeSkill(ctx, 'no-fm', 'just text')
    expect((await testSkill(ctx, 'no-fm')).checks.map((c) => c.status)).to.include('fail')
    expect((await rejected(testSkill(ctx, 'nope'))).code).to.equal('E_SKILL_NOT_FOUND')
  })

  it('install keeps an existing SKILL.md unless forced, and --force keeps the active flag and other files', async () => {
    const ctx = project()
    expect((await installSkill(ctx, 'planner')).status).to.equal('installed')
    writeFileSync(skillFile(ctx, 'planner'), '---\nname: planner\ndescription: mine\n---\nmy edits\n')
    writeFileSync(skillFile(ctx, 'planner', 'notes.md'), 'keep me')
    expect((await installSkill(ctx, 'planner')).status).to.equal('kept')
    expect(readFileSync(skillFile(ctx, 'planner'), 'utf8')).to.contain('my edits')
    await setSkillActive(ctx, 'planner', false)
    expect((await installSkill(ctx, 'planner', {force: true})).status).to.equal('replaced')
    expect(readFileSync(skillFile(ctx, 'planner'), 'utf8')).to.contain('# Planner')
    expect(readFileSync(skillFile(ctx, 'planner', 'notes.md'), 'utf8')).to.equal('keep me')
    expect(JSON.parse(readFileSync(skillFile(ctx, 'planner', 'skill.json'), 'utf8'))).to.include({id: 'planner', active: false, source: 'catalog'})
    expect((await rejected(installSkill(ctx, 'nope'))).message).to.equal('No skill "nope" in the catalog.')
    expect((await rejected(installSkill(ctx, '../../evil'))).code).to.equal('E_BAD_ID')
  })

  it('full lifecycle: build, list, deactivate, activate, delete, siblings unaffected', async () => {
    const ctx = project()
    await installSkill(ctx, 'verifier')
    const built = await buildSkill(ctx, 'Write regression tests for flaky CI pipelines')
    expect(built).to.include({id: 'write-regression-tests-flaky', status: 'created'})
    expect(built.allowed_tools).to.deep.equal(['read_file', 'write_file', 'run_shell'])
    expect((await testSkill(ctx, built.id)).ok).to.equal(true)
    expect(JSON.parse(readFileSync(skillFile(ctx, built.id, 'skill.json'), 'utf8'))).to.include({active: true, source: 'built', generated_from: 'Write regression tests for flaky CI pipelines'})
    expect((await rejected(buildSkill(ctx, 'Write regression tests for flaky CI pipelines'))).code).to.equal('E_SKILL_EXISTS')
    expect((await buildSkill(ctx, 'Write regression tests for flaky CI pipelines', {force: true})).status).to.equal('replaced')
    expect((await rejected(buildSkill(ctx, 'short'))).code).to.equal('E_BAD_DESCRIPTION')

    expect((await listSkills(ctx)).map((s) => [s.id, s.active, s.source, s.valid])).to.deep.equal([
      ['verifier', true, 'catalog', true],
      ['write-regression-tests-flaky', true, 'built', true],
    ])
    expect(await setSkillActive(ctx, 'verifier', false)).to.deep.equal({id: 'verifier', active: false, changed: true})
    expect(await setSkillActive(ctx, 'verifier', false)).to.deep.equal({id: 'verifier', active: false, changed: false})
    expect((await listSkills(ctx)).find((s) => s.id === 'verifier')!.active).to.equal(false)
    expect((await setSkillActive(ctx, 'verifier', true)).changed).to.equal(true)
    expect((await rejected(setSkillActive(ctx, 'ghost', false))).code).to.equal('E_SKILL_NOT_FOUND')

    await deleteSkill(ctx, built.id)
    expect(existsSync(path.dirname(skillFile(ctx, built.id)))).to.equal(false)
    expect(existsSync(skillFile(ctx, 'verifier'))).to.equal(true)
    expect((await rejected(deleteSkill(ctx, built.id))).code).to.equal('E_SKILL_NOT_FOUND')
  })

  it('a hand-written skill without skill.json lists as active and local; activate creates its manifest', async () => {
    const ctx = project()
    writeSkill(ctx, 'handmade', '---\nname: handmade\ndescription: Made by hand for tests.\n---\nDo the thing.\n')
    writeSkill(ctx, 'Not_A_Slug', '---\nname: x\ndescription: y\n---\nz\n')
    expect(await listSkills(ctx)).to.deep.equal([{id: 'handmade', name: 'handmade', description: 'Made by hand for tests.', active: true, source: 'local', path: '.agents/skills/handmade', valid: true}])
    await setSkillActive(ctx, 'handmade', false)
    expect(JSON.parse(readFileSync(skillFile(ctx, 'handmade', 'skill.json'), 'utf8'))).to.include({id: 'handmade', active: false, source: 'local'})
  })

  it('search ranks catalog skills by name, tags and description', () => {
    expect(searchCatalog('review')[0].slug).to.equal('diff-reviewer')
    expect(searchCatalog('changelog release').map((h) => h.slug)[0]).to.equal('release-pilot')
    expect(searchCatalog('zzzz')).to.deep.equal([])
  })
})
