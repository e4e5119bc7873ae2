import {mkdirSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {GovConfig, ProjectContext, EventBus, channelFromVersion, safeJoin, slugify, validateId, loadYamlFile, ScaffoldSchema, updateYamlFile} from 'govtool'
import {cleanupTempDirs, makeTempDir} from 'govtool/testing'
import {z} from 'zod/v3'

describe('kernel ids', () => {
  it('accepts safe ids and refuses path tricks', () => {
    expect(validateId('task-main')).to.equal('task-main')
    expect(validateId('REQ-CLI-001')).to.equal('REQ-CLI-001')
    for (const bad of ['', '../etc', 'a/b', 'a\\b', '.hidden', '..', 'x'.repeat(200), 'a b']) {
      expect(() => validateId(bad, 'skill slug'), bad).to.throw(/Invalid skill slug/)
    }
  })

  it('slugifies free text', () => {
    expect(slugify('Diff Reviewer!')).to.equal('diff-reviewer')
    expect(slugify('Ünïcode  café')).to.equal('unicode-cafe')
    expect(slugify('!!!')).to.equal('item')
  })

  it('refuses joins that escape the base', () => {
    expect(safeJoin('/tmp/base', 'a', 'b')).to.equal('/tmp/base/a/b')
    expect(() => safeJoin('/tmp/base', '../x')).to.throw(/escapes/)
    expect(() => safeJoin('/tmp/base', '/etc/passwd')).to.throw(/escapes/)
  })
})

describe('kernel config', () => {
  after(cleanupTempDirs)

  it('names file, field and line for an invalid scaffold.yml', async () => {
    const dir = makeTempDir()
    writeFileSync(path.join(dir, 'scaffold.yml'), 'name: demo\ntype: python\nbranching_strategy: yolo\n')
    try {
      await loadYamlFile(path.join(dir, 'scaffold.yml'), ScaffoldSchema)
      expect.fail('should throw')
    } catch (error) {
      expect((error as Error).message).to.match(/scaffold\.yml:3: field 'branching_strategy'/)
    }
  })

  it('names the line of a YAML syntax error', async () => {
    const dir = makeTempDir()
    writeFileSync(path.join(dir, 'scaffold.yml'), 'name: demo\ntype: [python\n')
    try {
      await loadYamlFile(path.join(dir, 'scaffold.yml'), ScaffoldSchema)
      expect.fail('should throw')
    } catch (error) {
      expect((error as {code: string}).code).to.equal('E_BAD_YAML')
      expect((error as Error).message).to.match(/scaffold\.yml:\d+: invalid YAML/)
    }
  })

  it('layers project config over user config, section by section', async () => {
    const dir = makeTempDir()
    const home = makeTempDir()
    mkdirSync(path.join(dir, 'docs'))
    writeFileSync(path.join(home, 'config.yml'), 'governance_port: 7800\nverify:\n  threshold: 0.5\npreflight:\n  x: 1\n')
    writeFileSync(path.join(dir, 'docs', 'GOVTOOL.yml'), 'verify:\n  threshold: 0.9\n')
    const ctx = ProjectContext.resolve(dir, {env: {GOVTOOL_HOME: home}})
    const config = await GovConfig.load(ctx)
    const schema = z.object({threshold: z.number().default(0.7)})
    expect(config.section('verify', schema).threshold).to.equal(0.9)
    expect(config.section('missing', schema).threshold).to.equal(0.7)
    expect(config.userConfig().governance_port).to.equal(7800)
    writeFileSync(path.join(dir, 'docs', 'GOVTOOL.yml'), 'verify:\n  threshold: high\n')
    const bad = await GovConfig.load(ctx)
    expect(() => bad.section('verify', schema)).to.throw(/GOVTOOL\.yml:2: field 'verify\.threshold'/)
  })

  it('a malformed scaffold.yml fails only the callers that read it', async () => {
    const dir = makeTempDir()
    mkdirSync(path.join(dir, 'docs'))
    writeFileSync(path.join(dir, 'scaffold.yml'), 'name: [demo\n')
    writeFileSync(path.join(dir, 'docs', 'GOVTOOL.yml'), 'verify:\n  threshold: 0.8\n')
    const config = await GovConfig.load(new ProjectContext(dir, {GOVTOOL_HOME: makeTempDir()}))
    expect(config.section('verify', z.object({threshold: z.number()})).threshold).to.equal(0.8)
    expect(() => config.scaffold()).to.throw(/scaffold\.yml:\d+: invalid YAML/)
  })

  it('tells a key written in scaffold.yml from a schema default', async () => {
    const dir = makeTempDir()
    writeFileSync(path.join(dir, 'scaffold.yml'), 'name: demo\naee_phase: requirements\n')
    const config = await GovConfig.load(new ProjectContext(dir, {GOVTOOL_HOME: makeTempDir()}))
    expect(config.scaffoldHas('aee_phase')).to.equal(true)
    expect(config.scaffoldHas('epistemic_threshold')).to.equal(false)
    expect(config.scaffold()?.epistemic_threshold).to.equal(0.7)
  })

  it('edits YAML keeping comments', async () => {
    const dir = makeTempDir()
    const file = path.join(dir, 'scaffold.yml')
    writeFileSync(file, '# my project\nname: demo # inline\naee_phase: inception\n')
    await updateYamlFile(file, (doc) => doc.set('aee_phase', 'architecture'))
    const {readFileSync} = await import('node:fs')
    expect(readFileSync(file, 'utf8')).to.equal('# my project\nname: demo # inline\naee_phase: architecture\n')
  })

  it('parses the same text of a file once, and an edit never changes what readers were given', async () => {
    const {parseYaml} = await import('govtool/core')
    const dir = makeTempDir()
    const file = path.join(dir, 'scaffold.yml')
    const text = 'name: demo\naee_phase: inception\n'
    writeFileSync(file, text)
    const first = parseYaml(text, file)
    expect(parseYaml(text, file)).to.equal(first)
    expect(parseYaml(text, path.join(dir, 'other.yml'))).to.not.equal(first)
    await updateYamlFile(file, (doc) => doc.set('aee_phase', 'architecture'))
    expect(first.data).to.deep.equal({name: 'demo', aee_phase: 'inception'})
    expect(((await loadYamlFile(file, ScaffoldSchema))!.value as {aee_phase: string}).aee_phase).to.equal('architecture')
  })

  it('falls back to legacy root-level REQUIREMENTS.md', () => {
    const dir = makeTempDir()
    writeFileSync(path.join(dir, 'REQUIREMENTS.md'), '# R\n')
    const ctx = new ProjectContext(dir)
    expect(ctx.file('requirements')).to.equal(path.join(dir, 'REQUIREMENTS.md'))
    mkdirSync(path.join(dir, 'docs'))
    writeFileSync(path.join(dir, 'docs', 'REQUIREMENTS.md'), '# R\n')
    expect(ctx.file('requirements')).to.equal(path.join(dir, 'docs', 'REQUIREMENTS.md'))
  })

  it('refuses a missing project dir with a hint', () => {
    expect(() => ProjectContext.resolve('/nonexistent/govtool/dir')).to.throw(/does not exist/)
  })
})

describe('kernel events and channels', () => {
  it('delivers events and isolates failing subscribers', async () => {
    const bus = new EventBus()
    const seen: string[] = []
    bus.on('ledger.appended', () => {
      throw new Error('bad subscriber')
    })
    const off = bus.on('ledger.appended', (e) => {
      seen.push(e.type)
    })
    const errors = await bus.emit('ledger.appended', {type: 'fix', description: 'd', chain_hash: 'h', project: '/p'})
    expect(seen).to.deep.equal(['fix'])
    expect(errors.map((e) => e.message)).to.deep.equal(['bad subscriber'])
    off()
    expect(bus.listenerCount('ledger.appended')).to.equal(1)
  })

  it('infers the channel from the version string', () => {
    expect(channelFromVersion('1.2.0')).to.equal('stable')
    expect(channelFromVersion('1.2.0.dev3')).to.equal('dev')
    expect(channelFromVersion('1.2.0-dev.3')).to.equal('dev')
    expect(channelFromVersion('1.2.0-rc.1')).to.equal('stable')
  })
})
