import {createServer, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import {readdirSync, statSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {cleanupTempDirs} from 'govtool/testing'

import {release, verifyRelease} from '../src/index.js'
import {makeRepo, type Repo} from './helpers.js'

async function rejects(promise: Promise<unknown>): Promise<Error & {code?: string; hint?: string}> {
  try {
    await promise
  } catch (error) {
    return error as Error & {code?: string; hint?: string}
  }
  throw new Error('expected a rejection')
}

async function pythonAndNodeProject(): Promise<Repo> {
  const repo = await makeRepo()
  repo.write('package.json', '{\n  "name": "demo",\n  "version": "1.2.3",\n  "dependencies": {\n    "left-pad": "1.2.3"\n  }\n}\n')
  repo.write('pyproject.toml', '[project]\nname = "demo"\nversion = "1.2.3"\n')
  repo.write('Cargo.toml', '[package]\nname = "demo"\nversion = "1.2.3"\nedition = "2021"\n')
  repo.write('src/demo/__init__.py', '__version__ = "1.2.3"\n')
  repo.write('README.md', '# demo\n![version](https://img.shields.io/badge/version-1.2.3-blue)\n\nSee docs for 1.2.3 and 1.2.30.\n')
  repo.write('CHANGELOG.md', '# Changelog\n\n## [Unreleased]\n\n- Faster start-up\n\n## [1.2.3] - 2024-01-01\n\n- First\n')
  repo.write('docs/install.md', 'pip install demo==1.2.3\n')
  repo.commitAll('project files')
  repo.git('tag', 'v1.2.3')
  return repo
}

function snapshot(dir: string): Record<string, number> {
  const out: Record<string, number> = {}
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      if (name === '.git') continue
      const full = path.join(d, name)
      const info = statSync(full)
      if (info.isDirectory()) walk(full)
      else out[path.relative(dir, full)] = info.mtimeMs
    }
  }
  walk(dir)
  return out
}

describe('vcs: release', function () {
  this.timeout(30_000)
  after(cleanupTempDirs)

  it('--dry-run lists every edit and the stale references, and writes nothing', async () => {
    const repo = await pythonAndNodeProject()
    const before = snapshot(repo.dir)
    const result = await release(repo.ctx, 'v1.3.0', {dryRun: true, date: '2024-05-01'})
    expect(snapshot(repo.dir)).to.deep.equal(before)
    expect(result).to.include({version: '1.3.0', previous: '1.2.3', previous_source: 'package.json', dry_run: true, written: false})
    expect(result.edits.map((e) => [e.file, e.kind, e.line])).to.deep.equal([
      ['package.json', 'package.json', 3],
      ['pyproject.toml', 'pyproject.toml', 3],
      ['Cargo.toml', 'Cargo.toml', 3],
      ['src/demo/__init__.py', '__version__', 1],
      ['README.md', 'badge', 2],
      ['CHANGELOG.md', 'changelog', 5],
    ])
    expect(result.edits[0]).to.include({before: '"version": "1.2.3",', after: '"version": "1.3.0",'})
    expect(result.stale_references).to.deep.equal([
      {file: 'README.md', line: 4, text: 'See docs for 1.2.3 and 1.2.30.'},
      {file: 'docs/install.md', line: 1, text: 'pip install demo==1.2.3'},
      {file: 'package.json', line: 5, text: '"left-pad": "1.2.3"'},
    ])
    expect(result.next_steps[0]).to.equal('govtool release 1.3.0')
  })

  it('writes the bumps and the changelog section', async () => {
    const repo = await pythonAndNodeProject()
    const result = await release(repo.ctx, '1.3.0', {date: '2024-05-01'})
    expect(result.written).to.equal(true)
    expect(JSON.parse(repo.read('package.json'))).to.deep.include({version: '1.3.0', dependencies: {'left-pad': '1.2.3'}})
    expect(repo.read('pyproject.toml')).to.contain('version = "1.3.0"')
    expect(repo.read('Cargo.toml')).to.contain('version = "1.3.0"')
    expect(repo.read('src/demo/__init__.py')).to.equal('__version__ = "1.3.0"\n')
    expect(repo.read('README.md')).to.contain('version-1.3.0-blue').and.contain('See docs for 1.2.3 and 1.2.30.')
    expect(repo.read('CHANGELOG.md')).to.equal('# Changelog\n\n## [Unreleased]\n\n## [1.3.0] - 2024-05-01\n\n- Faster start-up\n\n## [1.2.3] - 2024-01-01\n\n- First\n')
    expect(result.next_steps).to.include('git tag -a v1.3.0 -m "Release 1.3.0"')
  })

  it('obeys the phase rules preflight applies: blocked before verification with preflight\'s instruction; a dry run warns', async () => {
    const {preflight} = await import('@govtool/plugin-preflight')
    const repo = await pythonAndNodeProject()
    repo.write('scaffold.yml', `${repo.read('scaffold.yml')}aee_phase: implementation\n`)
    const decision = await preflight(repo.ctx, 'release version 1.3.0', {record: false})
    expect(decision.decision).to.equal('blocked')
    const blocked = await rejects(release(repo.ctx, '1.3.0', {date: '2024-05-01'}))
    expect(blocked.code).to.equal('E_PHASE_BLOCKED')
    expect(blocked.message).to.equal(
      'The AEE phase is implementation, which does not allow releases. It unblocks when the project reaches the verification phase (`govtool phase next` once its checklist passes, or `govtool phase set verification`), or when preflight.phase_rules.implementation in docs/GOVTOOL.yml allows release.',
    )
    expect(decision.instruction).to.contain(blocked.message)
    expect(repo.read('package.json')).to.contain('"version": "1.2.3"')

    const dry = await release(repo.ctx, '1.3.0', {dryRun: true})
    expect(dry.edits.length).to.be.greaterThan(0)
    expect(dry.warnings).to.include(`A release is blocked now: ${blocked.message}`)

    // a project's own rules count: docs/GOVTOOL.yml may allow releases earlier
    repo.write('docs/GOVTOOL.yml', 'preflight:\n  phase_rules:\n    implementation: [read_only, docs_change, code_change, release]\n')
    expect((await release(repo.ctx, '1.3.0', {dryRun: true})).warnings.join('\n')).not.to.contain('blocked')
    repo.write('docs/GOVTOOL.yml', '')
    repo.write('scaffold.yml', repo.read('scaffold.yml').replace('aee_phase: implementation', 'aee_phase: verification'))
    expect((await release(repo.ctx, '1.3.0', {date: '2024-05-01'})).written).to.equal(true)
  })

  it('does not list govtool\'s own spec_version as a stale reference when it equals the project version', async () => {
    const repo = await pythonAndNodeProject()
    repo.write('scaffold.yml', `${repo.read('scaffold.yml')}spec_version: "1.2.3"\n`)
    repo.write('AGENTS.md', '# Agents\n\n- Governance spec version: 1.2.3 (see `scaffold.yml`)\n')
    repo.write('docs/governance/safety.md', 'Governance spec 1.2.3 for demo. Rendered by govtool.\n\nRequires demo 1.2.3 or later.\n')
    const result = await release(repo.ctx, '1.3.0', {dryRun: true})
    expect(result.stale_references).to.deep.equal([
      {file: 'README.md', line: 4, text: 'See docs for 1.2.3 and 1.2.30.'},
      {file: 'docs/governance/safety.md', line: 3, text: 'Requires demo 1.2.3 or later.'},
      {file: 'docs/install.md', line: 1, text: 'pip install demo==1.2.3'},
      {file: 'package.json', line: 5, text: '"left-pad": "1.2.3"'},
    ])
    // when the spec version is not the project's version, nothing changes: those lines do not name it anyway
    repo.write('scaffold.yml', repo.read('scaffold.yml').replace('spec_version: "1.2.3"', 'spec_version: "0.1.0"'))
    expect((await release(repo.ctx, '1.3.0', {dryRun: true})).stale_references.map((s) => s.file)).to.include('AGENTS.md')
  })

  it('refuses a version that is not newer, or not a version; falls back to the latest tag without manifests', async () => {
    const repo = await pythonAndNodeProject()
    const older = await rejects(release(repo.ctx, '1.2.3', {dryRun: true}))
    expect(older.code).to.equal('E_VERSION_NOT_NEWER')
    expect(older.hint).to.contain('1.2.4')
    expect((await rejects(release(repo.ctx, 'next', {dryRun: true}))).code).to.equal('E_BAD_VERSION')

    const bare = await makeRepo()
    bare.git('tag', 'v0.4.0')
    bare.write('feature.txt', 'f\n')
    bare.commitAll('Add the feature')
    const result = await release(bare.ctx, '0.5.0', {date: '2024-05-01'})
    expect(result).to.include({previous: '0.4.0', previous_source: 'tag v0.4.0'})
    expect(result.edits.map((e) => [e.file, e.created ?? false])).to.deep.equal([['CHANGELOG.md', true]])
    expect(result.warnings.join('\n')).to.contain('No manifest with a version was found')
    expect(bare.read('CHANGELOG.md')).to.contain('## [0.5.0] - 2024-05-01\n\n- Add the feature\n')
  })
})

describe('vcs: verify-release', function () {
  this.timeout(30_000)
  let server: Server
  let base: string
  let closedPort: number
  const hits: string[] = []

  before(async () => {
    server = createServer((req, res) => {
      hits.push(req.url ?? '')
      const ok = req.url === '/pkg/demo/1.3.0' || req.url === '/docs/demo/1.3.0/'
      res.writeHead(ok ? 200 : 404, {'content-type': 'application/json'})
      res.end(ok ? '{"ok":true}' : '{"error":"not found"}')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    closedPort = (probe.address() as AddressInfo).port
    await new Promise((resolve) => probe.close(resolve))
  })
  after(async () => {
    await new Promise((resolve) => server.close(resolve))
    cleanupTempDirs()
  })

  async function releasedProject(): Promise<Repo> {
    const repo = await makeRepo({scaffoldExtra: `release:\n  package_index_url: ${base}/pkg/{name}/{version}\n  docs_url: ${base}/docs/{name}/{version}/`})
    repo.write('package.json', '{"name": "demo", "version": "1.3.0"}\n')
    repo.commitAll('release 1.3.0')
    repo.git('tag', 'v1.3.0')
    repo.git('push', '--quiet', 'origin', 'v1.3.0')
    return repo
  }

  it('verified when the index, the docs host and the tag (local and remote) all have the release', async () => {
    const repo = await releasedProject()
    const result = await verifyRelease(repo.ctx, {timeoutMs: 2000})
    expect(result).to.include({name: 'demo', version: '1.3.0', tag: 'v1.3.0', verified: true, offline: false, ecosystem: 'npm'})
    expect(result.checks.map((c) => [c.check, c.reachable, c.found])).to.deep.equal([
      ['package_index', true, true],
      ['docs', true, true],
      ['tag_local', true, true],
      ['tag_remote', true, true],
    ])
    expect(hits).to.include('/pkg/demo/1.3.0')
  })

  it('a version that is not published is reported missing, not unreachable', async () => {
    const repo = await releasedProject()
    const result = await verifyRelease(repo.ctx, {version: '1.4.0', timeoutMs: 2000})
    expect(result.verified).to.equal(false)
    expect(result.offline).to.equal(false)
    expect(result.checks.map((c) => [c.check, c.reachable, c.found])).to.deep.equal([
      ['package_index', true, false],
      ['docs', true, false],
      ['tag_local', true, false],
      ['tag_remote', true, false],
    ])
    expect(result.summary).to.contain('missing: package_index, docs, tag_local, tag_remote')
  })

  it('offline: every host unreachable gives a clear "could not verify"', async () => {
    const repo = await releasedProject()
    repo.git('remote', 'set-url', 'origin', path.join(repo.dir, 'no-such-remote.git'))
    const dead = `http://127.0.0.1:${closedPort}`
    const started = Date.now()
    const result = await verifyRelease(repo.ctx, {indexUrl: `${dead}/{name}`, docsUrl: `${dead}/docs`, timeoutMs: 2000})
    expect(Date.now() - started).to.be.below(10_000)
    expect(result).to.include({verified: false, offline: true})
    expect(result.checks.map((c) => [c.check, c.reachable, c.found])).to.deep.equal([
      ['package_index', false, null],
      ['docs', false, null],
      ['tag_local', true, true],
      ['tag_remote', false, null],
    ])
    expect(result.summary).to.match(/^Offline: none of the hosts answered .*could not be verified\. Local tag: present\.$/)
    expect(result.checks[0].detail).to.match(/^unreachable: ECONNREFUSED/)
  })
})
