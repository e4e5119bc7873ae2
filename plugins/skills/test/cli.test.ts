import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {cleanupTempDirs, isolatedEnv, makeTempDir, runCli} from 'govtool/testing'

import {SKILL_CATALOG, renderSkillMd} from '../src/index.js'

describe('govtool skill / skills (end to end)', () => {
  let dir: string
  let env: NodeJS.ProcessEnv
  const skill = (...p: string[]) => path.join(dir, '.agents', 'skills', ...p)

  before(() => {
    dir = makeTempDir()
    env = isolatedEnv(makeTempDir())
  })
  after(cleanupTempDirs)

  it('skill list / install over the catalog, keeping existing files, refusing path escapes', async () => {
    const list = (await runCli(['skill', 'list', '--json'], {env, cwd: dir})).json<{skills: {slug: string; installed: boolean}[]}>()
    expect(list.skills.map((s) => s.slug)).to.deep.equal(['verifier', 'planner', 'diff-reviewer', 'onboarding-coach', 'release-pilot'])
    expect(list.skills.every((s) => !s.installed)).to.equal(true)

    const first = await runCli(['skill', 'install', 'diff-reviewer', '--json'], {env, cwd: dir})
    expect(first.json()).to.deep.equal({slug: 'diff-reviewer', status: 'installed', path: '.agents/skills/diff-reviewer/SKILL.md'})
    const text = readFileSync(skill('diff-reviewer', 'SKILL.md'), 'utf8')
    expect(text).to.match(/^---\nname: diff-reviewer\ndescription: .+\nallowed-tools: read_file git_diff git_status\n---\n# Diff reviewer\n/)
    const again = await runCli(['skill', 'install', 'diff-reviewer'], {env, cwd: dir})
    expect(again.code).to.equal(0)
    expect(again.stdout).to.contain('already exists; kept it (pass --force to replace it)')
    const escape = await runCli(['skill', 'install', '../../../tmp/evil'], {env, cwd: dir})
    expect(escape.code).to.equal(2)
    expect(escape.stderr).to.contain('Invalid skill id')
  })

  it('the full skills lifecycle: build, test, deactivate, list, activate, delete', async () => {
    const built = await runCli(['skills', 'build', 'Audit dependency licenses before every release', '--json'], {env, cwd: dir})
    expect(built.code, built.stderr).to.equal(0)
    const id = built.json<{id: string}>().id
    expect(id).to.equal('audit-dependency-licenses-before')
    expect(JSON.parse(readFileSync(skill(id, 'skill.json'), 'utf8'))).to.include({id, active: true, source: 'built'})

    const tested = await runCli(['skills', 'test', id, '--json'], {env, cwd: dir})
    expect(tested.code).to.equal(0)
    expect(tested.json<{ok: boolean}>().ok).to.equal(true)

    expect((await runCli(['skills', 'deactivate', id], {env, cwd: dir})).stdout).to.contain(`Skill ${id} deactivated.`)
    const listed = (await runCli(['skills', 'list', '--json'], {env, cwd: dir})).json<{skills: {id: string; active: boolean}[]}>()
    expect(listed.skills.map((s) => [s.id, s.active])).to.deep.equal([[id, false], ['diff-reviewer', true]])
    expect((await runCli(['skills', 'activate', id, '--json'], {env, cwd: dir})).json()).to.deep.equal({id, active: true, changed: true})
    expect(JSON.parse(readFileSync(skill(id, 'skill.json'), 'utf8')).active).to.equal(true)

    const ghost = await runCli(['skills', 'deactivate', 'ghost'], {env, cwd: dir})
    expect(ghost.code).to.not.equal(0)
    expect(ghost.stderr).to.contain('No skill "ghost" in .agents/skills/.')

    const noTty = await runCli(['skills', 'delete', id], {env, cwd: dir})
    expect(noTty.code).to.equal(2)
    expect(noTty.stderr).to.contain('Pass --yes to confirm')
    expect(existsSync(skill(id, 'SKILL.md'))).to.equal(true)
    const deleted = await runCli(['skills', 'delete', id, '--yes', '--json'], {env, cwd: dir})
    expect(deleted.json()).to.deep.equal({id, deleted: true, path: `.agents/skills/${id}`})
    expect(existsSync(skill(id))).to.equal(false)
    expect(existsSync(skill('diff-reviewer', 'SKILL.md'))).to.equal(true)
  })

  it('skills test exits 1 and names the failing check', async () => {
    const other = makeTempDir()
    const planner = SKILL_CATALOG.find((s) => s.slug === 'planner')!
    mkdirSync(path.join(other, '.agents', 'skills', 'planner'), {recursive: true})
    writeFileSync(path.join(other, '.agents', 'skills', 'planner', 'SKILL.md'), renderSkillMd({name: 'plan', description: planner.description}, planner.body))
    const r = await runCli(['skills', 'test', 'planner'], {env, cwd: other})
    expect(r.code).to.equal(1)
    expect(r.stdout).to.contain('✖ name: name "plan" does not match the directory "planner"')
  })
})
