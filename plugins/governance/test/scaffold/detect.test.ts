import path from 'node:path'

import {expect} from 'chai'
import {cleanupTempDirs, makeTempDir} from 'govtool/testing'

import {detectProject, platformOfRemote, redactRemoteUrl} from '../../src/lib/scaffold/index.js'
import {detectEntryPoints, detectModules, detectTests} from '../../src/lib/scaffold/detect-layout.js'
import {makeNodeRepo, makePythonRepo, writeTree} from './helpers.js'

describe('scaffold detection (import)', () => {
  after(cleanupTempDirs)

  it('a small Node repository: TypeScript, npm, mocha, GitHub Actions, GitHub remote without its token', async () => {
    const root = makeTempDir()
    makeNodeRepo(root)
    const d = await detectProject(root)
    expect(d).to.include({language: 'typescript', project_type: 'node-typescript', build_system: 'npm', test_framework: 'mocha', ci_platform: 'github-actions', vcs_platform: 'github'})
    expect(d.vcs).to.deep.include({name: 'origin', url: 'https://github.com/acme/small-node.git', host_platform: 'github', branch: 'main', is_repository: true})
    expect(JSON.stringify(d)).not.to.contain('s3cr3t')
    expect(d.modules).to.deep.equal(['src', 'src/core', 'src/util'])
    expect(d.entry_points).to.include.members(['bin small-node: ./bin/cli.js', 'main: ./dist/index.js', 'src/index.ts'])
    expect(d.tests).to.deep.equal({files: 1, dirs: ['test']})
    expect(d.governance.present).to.deep.equal(['AGENTS.md'])
    expect(d.source_files).to.equal(5) // node_modules is never scanned
  })

  it('a small Python repository: hatch, pytest, GitLab CI and remote, packages and scripts', async () => {
    const root = makeTempDir()
    makePythonRepo(root)
    const d = await detectProject(root)
    expect(d).to.include({language: 'python', project_type: 'python', build_system: 'hatch', test_framework: 'pytest', ci_platform: 'gitlab-ci', vcs_platform: 'gitlab'})
    expect(d.vcs).to.deep.include({url: 'git@gitlab.com:acme/small-py.git', host_platform: 'gitlab', branch: 'develop'})
    expect(d.modules).to.deep.equal(['src/small_py'])
    expect(d.entry_points).to.include.members(['script small-py: small_py.cli:main', 'src/small_py/__main__.py'])
    expect(d.tests.files).to.equal(2)
    expect(d.tests.dirs).to.deep.equal(['tests'])
    expect(d.governance.present).to.deep.equal([])
  })

  it('a directory that is not a git repository, with legacy governance files', async () => {
    const root = makeTempDir()
    writeTree(root, {'Cargo.toml': '[package]\nname = "x"\n', 'src/main.rs': 'fn main() {}\n', 'src/net/mod.rs': '', 'REQUIREMENTS.md': '# R\n', '.specsmith/state.json': '{}'})
    const d = await detectProject(root)
    expect(d).to.include({language: 'rust', project_type: 'rust', build_system: 'cargo', test_framework: 'cargo-test', ci_platform: null, vcs_platform: 'github'})
    expect(d.vcs.is_repository).to.equal(false)
    expect(d.governance.legacy).to.deep.equal(['REQUIREMENTS.md', '.specsmith/'])
    expect(d.entry_points).to.deep.equal(['src/main.rs'])
  })

  it('remote hosts and credential redaction', () => {
    const cases: [string, string | null][] = [
      ['https://github.com/a/b.git', 'github'],
      ['git@github.com:a/b.git', 'github'],
      ['ssh://git@gitlab.example.com:2222/a/b.git', 'gitlab'],
      ['https://dev.azure.com/org/proj/_git/repo', 'azure-devops'],
      ['git@ssh.dev.azure.com:v3/org/proj/repo', 'azure-devops'],
      ['https://org.visualstudio.com/proj/_git/repo', 'azure-devops'],
      ['https://bitbucket.org/a/b.git', 'bitbucket'],
      ['https://git.example.org/a/b.git', null],
    ]
    for (const [url, platform] of cases) expect(platformOfRemote(url), url).to.equal(platform)
    expect(redactRemoteUrl('https://user:tok@github.com/a/b')).to.equal('https://github.com/a/b')
    expect(redactRemoteUrl('git@github.com:a/b.git')).to.equal('git@github.com:a/b.git')
  })

  it('layout helpers: tests, modules and entry points from file lists', () => {
    const files = ['lib/a/x.go', 'lib/b/y.go', 'cmd/tool/main.go', 'lib/a/x_test.go', 'web/src/app.test.ts', 'web/src/app.ts', 'rtl/top.vhd', 'tb/tb_top.vhd']
    expect(detectTests(files)).to.deep.include({files: 3, dirs: ['lib/a', 'tb', 'web/src']})
    expect(detectModules('go', files, ['lib', 'lib/a', 'lib/b', 'cmd', 'cmd/tool'])).to.deep.equal(['lib/a', 'lib/b'])
    expect(detectModules('vhdl', ['rtl/top.vhd', 'tb/tb_top.vhd'], ['rtl', 'tb'])).to.deep.equal(['rtl'])
    expect(detectEntryPoints('go', new Set(files), {})).to.deep.equal(['cmd/tool/main.go', 'rtl/top.vhd'])
    expect(path.posix.basename('x')).to.equal('x')
  })
})
