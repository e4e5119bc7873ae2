import {existsSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

import {expect} from 'chai'
import {cleanupTempDirs, isolatedEnv, makeTempDir, runCli} from 'govtool/testing'

import {gitIn, makeNodeRepo, snapshot, writeTree} from './helpers.js'

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures')
const read = (...p: string[]) => readFileSync(path.join(...p), 'utf8')

/** Runs `init --config` for a scaffold.yml text in a fresh directory; returns the project directory. */
async function initFrom(yamlText: string, extra: string[] = []): Promise<{out: string; dir: string; json: Record<string, unknown>}> {
  const out = makeTempDir()
  writeFileSync(path.join(out, 'scaffold.yml'), yamlText)
  const r = await runCli(['init', '--config', 'scaffold.yml', '--output-dir', 'projects', '--json', ...extra], {cwd: out})
  expect(r.code, r.stdout + r.stderr).to.equal(0)
  const json = r.json()
  return {out, dir: json.project_dir as string, json}
}

describe('scaffolding commands (end to end): init', () => {
  after(cleanupTempDirs)

  it('init creates the project with a first git commit; a second init into the same place exits 1 and changes nothing', async () => {
    const {out, dir, json} = await initFrom('# team config\nname: shop\ntype: python\ndescription: A shop\nvcs_platform: github\n', ['--guided'])
    expect(dir).to.equal(path.join(out, 'projects', 'shop'))
    expect(json).to.deep.include({name: 'shop', type: 'python', guided: true})
    expect(json.files).to.include.members(['AGENTS.md', 'LEDGER.md', 'docs/REQUIREMENTS.md', 'docs/TESTS.md', 'docs/architecture.md', 'docs/governance/workflow.md', 'scaffold.yml', '.github/workflows/govtool.yml', 'pyproject.toml', 'src/shop/__init__.py', 'scripts/check.sh'])
    expect((json.git as {committed: boolean}).committed).to.equal(true)
    expect(gitIn(dir, 'log', '--format=%s')).to.equal('Scaffold shop with govtool (type python)')
    expect(gitIn(dir, 'status', '--porcelain')).to.equal('')
    expect(read(dir, 'scaffold.yml')).to.match(/^# team config\nname: shop\n[\s\S]*spec_version: 0\.1\.0\naee_phase: inception\n$/)
    expect(read(dir, 'docs/TESTS.md')).to.contain('- **Covers:** REQ-CORE-001')
    expect(readdirNames(path.join(out, 'projects'))).to.deep.equal(['shop'])

    const before = snapshot(out)
    writeFileSync(path.join(out, 'other.yml'), 'name: shop\ntype: rust\n')
    const again = await runCli(['init', '--config', 'other.yml', '--output-dir', 'projects'], {cwd: out})
    expect(again.code).to.equal(1)
    expect(again.stderr).to.contain('exists and is not empty; nothing was written')
    rmSync(path.join(out, 'other.yml'))
    expect(snapshot(out)).to.deep.equal(before)
  })

  it('a bad scaffold.yml is an error naming the field and its line; no TTY and no --config names the flag', async () => {
    const out = makeTempDir()
    writeFileSync(path.join(out, 'bad.yml'), 'name: app\ntype: python\nvcs_platform: svn\n')
    const r = await runCli(['init', '--config', 'bad.yml', '--json'], {cwd: out})
    expect(r.code).to.equal(1)
    const error = r.json<{error: {code: string; message: string; line: number; file: string}}>().error
    expect(error).to.include({code: 'E_CONFIG', line: 3})
    expect(error.message).to.contain("field 'vcs_platform'")
    expect(readdirNames(out)).to.deep.equal(['bad.yml'])

    const tty = await runCli(['init'], {cwd: out})
    expect(tty.code).to.equal(2)
    expect(tty.stderr).to.contain('no terminal to ask on')
    expect(tty.stderr).to.contain('Pass --config scaffold.yml')
    expect(tty.stderr).not.to.match(/\n\s+at /)
  })

  it("a third-party type plugin brings its own templates (templates_dir) and files", async () => {
    const env = isolatedEnv(makeTempDir())
    const link = await runCli(['plugins', 'link', path.join(FIXTURES, 'plugin-zig-templates'), '--no-install'], {env})
    expect(link.code, link.stderr).to.equal(0)
    const out = makeTempDir()
    writeFileSync(path.join(out, 'scaffold.yml'), 'name: ziggy\ntype: zig\n')
    const r = await runCli(['init', '--config', 'scaffold.yml', '--no-git', '--json'], {cwd: out, env})
    expect(r.code, r.stderr).to.equal(0)
    const dir = path.join(out, 'ziggy')
    expect(read(dir, 'build.zig')).to.contain('// build script of ziggy')
    expect(read(dir, 'src/main.zig')).to.contain('// ziggy')
    expect(read(dir, 'docs/governance/safety.md')).to.equal('# Safety (ziggy, zig edition)\n\nSpec 0.1.0. Never use `@ptrCast` without a comment saying why it is sound.\n')
    expect(read(dir, 'docs/governance/workflow.md')).to.contain('Governance spec 0.1.0 for ziggy')
    expect(read(dir, '.github/workflows/govtool.yml')).to.contain('zig build test')
  })

  it('migrate-project --dry-run writes nothing on a project laid out by the older Python tool', async () => {
    const root = makeTempDir()
    writeTree(root, {
      'scaffold.yml': 'name: old\ntype: python\n',
      'AGENTS.md': '# Agents\n',
      'LEDGER.md': '# Change Ledger\n',
      'REQUIREMENTS.md': '## REQ-001: Help\n- **Status**: Accepted\n',
      'TESTS.md': '### TEST-001\n- **Covers**: REQ-001\n',
      '.specsmith/requirements.json': '[]\n',
    })
    const before = snapshot(root)
    const r = await runCli(['migrate-project', '--dry-run', '--project-dir', root])
    expect(r.code, r.stderr).to.equal(0)
    expect(snapshot(root)).to.deep.equal(before)
    expect(r.stdout).to.contain('pending Move REQUIREMENTS.md to docs/REQUIREMENTS.md')
    expect(r.stdout).to.contain('pending Move TESTS.md to docs/TESTS.md')
    expect(r.stdout).to.contain('pending Move state .specsmith/requirements.json to .govtool/requirements.json')
    expect(r.stdout).to.contain('Dry run: nothing was changed')
  })

  it('architect --non-interactive writes docs/ARCHITECTURE.md from the scan; without a TTY the prompt names the flag', async () => {
    const root = makeTempDir()
    makeNodeRepo(root)
    writeTree(root, {'docs/REQUIREMENTS.md': '# R\n\n## REQ-CORE-001. Engine runs\n- **ID:** REQ-CORE-001\n- **Status:** approved\n- **Component:** core\n'})
    const prompt = await runCli(['architect', '--project-dir', root])
    expect(prompt.code).to.equal(2)
    expect(prompt.stderr).to.contain('--non-interactive')
    const r = await runCli(['architect', '--non-interactive', '--project-dir', root, '--json'])
    expect(r.code, r.stderr).to.equal(0)
    const doc = read(root, 'docs/ARCHITECTURE.md')
    expect(doc).to.match(/### core \(`src\/core`\)[\s\S]*- Depends on: util[\s\S]*- Requirements: REQ-CORE-001/)
    expect(doc).to.contain('- core -> util (imports)')
    expect(doc).to.contain('- REQ-CORE-001 (core): Engine runs')
    expect(existsSync(path.join(root, 'docs/architecture.md'))).to.equal(false)
  })
})

function readdirNames(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).sort() : []
}
