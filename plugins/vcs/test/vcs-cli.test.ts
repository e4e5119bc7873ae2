import {createServer} from 'node:net'
import {rmSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {cleanupTempDirs, runCli} from 'govtool/testing'

import {fakeCli, makeRepo, pathWithGitOnly, type Repo} from './helpers.js'

async function featureBranchPushed(repo: Repo, name = 'feature-x'): Promise<void> {
  repo.git('switch', '--quiet', '-c', name)
  repo.write('src/x.txt', 'x\n')
  await repo.ledger('Add the x feature')
  repo.commitAll('Add the x feature')
  repo.git('push', '--quiet', '-u', 'origin', name)
}

describe('vcs commands (end to end)', function () {
  this.timeout(60_000)
  after(cleanupTempDirs)

  it('commit --json: the result object, the message from the ledger; refusal on a failing audit names --no-audit', async () => {
    const repo = await makeRepo()
    repo.write('a.txt', 'a\n')
    await repo.ledger('Add a')
    const ok = await runCli(['commit', '--json', '--include', 'a.txt'], {cwd: repo.dir, env: repo.env})
    expect(ok.code, ok.stderr).to.equal(0)
    const result = ok.json<{sha: string; message: string; ledger_updated: boolean; audit: {ran: boolean; healthy: boolean}}>()
    expect(result).to.include({message: 'Add a', ledger_updated: true})
    expect(result.audit).to.include({ran: true, healthy: true})
    expect(repo.git('rev-parse', 'HEAD')).to.equal(result.sha)

    repo.write('b.txt', 'b\n')
    const warned = await runCli(['commit', '-m', 'Add b', '--no-audit', '-i', 'b.txt'], {cwd: repo.dir, env: repo.env})
    expect(warned.code).to.equal(0)
    expect(warned.stderr).to.contain('LEDGER.md was not updated')
    expect(warned.stdout).to.match(/committed [0-9a-f]{10} on main: Add b/)

    rmSync(path.join(repo.dir, 'AGENTS.md'))
    const refused = await runCli(['commit', '-m', 'drop agents'], {cwd: repo.dir, env: repo.env})
    expect(refused.code).to.equal(1)
    expect(refused.stderr).to.contain('The governance audit fails').and.contain('--no-audit')
    expect(refused.stderr).to.not.match(/\n\s+at /)
  })

  describe('commit safety', () => {
    // made-up secrets, assembled at run time so that this file holds none
    const API_KEY = ['sk-', 'proj-', 'q7Xk2Lp9Rz4Tv8Nw3Hs6Jd1Fg5Bm0YcW', 'aB3dE5fG7hJ9kL1m'].join('')
    const PEM = [['-----BEGIN ', 'OPENSSH PRIVATE KEY-----'].join(''), 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtz', ['-----END ', 'OPENSSH PRIVATE KEY-----'].join(''), ''].join('\n')

    it('nothing staged: the tracked changes are committed and it says so; a stray id_rsa and a notes file stay out', async () => {
      const repo = await makeRepo()
      repo.write('id_rsa', PEM)
      repo.write('notes.txt', 'call the bank\n')
      repo.write('AGENTS.md', '# Agents\n\nRead LEDGER.md before you start. Run the tests.\n')
      await repo.ledger('Ask agents to run the tests')
      const r = await runCli(['commit'], {cwd: repo.dir, env: repo.env})
      expect(r.code, r.stderr).to.equal(0)
      expect(r.stdout).to.match(/committed [0-9a-f]{10} on main: Ask agents to run the tests/).and.contain('2 file(s) (tracked changes, like git commit -a)')
      expect(r.stderr).to.contain('like `git commit -a`').and.contain('2 untracked file(s) left out: id_rsa, notes.txt').and.contain('--include <path>')
      expect(repo.git('show', '--name-only', '--format=', 'HEAD').split('\n')).to.have.members(['AGENTS.md', 'LEDGER.md'])
      expect(repo.git('status', '--porcelain')).to.equal('?? id_rsa\n?? notes.txt')

      // named, the key file is caught by the scanner instead of committed
      const named = await runCli(['commit', '-m', 'add files', '--include', 'id_rsa', '--include', 'notes.txt', '--json'], {cwd: repo.dir, env: repo.env})
      expect(named.code).to.equal(3)
      const error = named.json<{error: {code: string; message: string; file: string; line: number}}>().error
      expect(error).to.include({code: 'E_SECRET_FOUND', file: 'id_rsa', line: 1})
      expect(error.message).to.contain('id_rsa:1: SSH private key file').and.contain('id_rsa:1: private key')
      expect(named.stdout).not.to.contain('b3BlbnNzaC1rZXkt')
      expect(repo.git('status', '--porcelain')).to.equal('?? id_rsa\n?? notes.txt')
      const notes = await runCli(['commit', '-m', 'Add notes', '--include', 'notes.txt'], {cwd: repo.dir, env: repo.env})
      expect(notes.code, notes.stderr).to.equal(0)
      expect(repo.git('status', '--porcelain')).to.equal('?? id_rsa')
    })

    it('refuses a staged API key (exit 3) naming file, line and kind, never the key; --allow-secret lets it through and is in LEDGER.md', async () => {
      const repo = await makeRepo()
      repo.write('src/client.ts', `export const client = makeClient({\n  apiKey: '${API_KEY}',\n})\n`)
      repo.git('add', 'src/client.ts')
      await repo.ledger('Add the model client')
      const refused = await runCli(['commit'], {cwd: repo.dir, env: repo.env})
      expect(refused.code).to.equal(3)
      expect(refused.stderr).to.contain('A secret is in what would be committed, so nothing was committed').and.contain('src/client.ts:2: OpenAI API key')
      expect(refused.stderr).to.contain('--allow-secret src/client.ts').and.not.match(/\n\s+at /)
      expect(`${refused.stdout}${refused.stderr}`).not.to.contain(API_KEY.slice(3, 20))
      expect(repo.git('log', '-1', '--format=%s')).to.equal('Initial commit')
      expect(repo.git('diff', '--cached', '--name-only')).to.equal('src/client.ts')

      const allowed = await runCli(['commit', '--allow-secret', 'src/client.ts', '--json'], {cwd: repo.dir, env: repo.env})
      expect(allowed.code, allowed.stderr).to.equal(0)
      const result = allowed.json<{message: string; files: string[]; secrets_allowed: unknown[]}>()
      expect(result.message).to.equal('Add the model client')
      expect(result.secrets_allowed).to.deep.equal([{file: 'src/client.ts', line: 2, kind: 'openai_api_key'}])
      expect(result.files).to.have.members(['LEDGER.md', 'src/client.ts'])
      const ledger = repo.read('LEDGER.md')
      expect(ledger).to.contain('Secret scan exception: src/client.ts committed with --allow-secret').and.contain('src/client.ts:2: OpenAI API key')
      expect(ledger).not.to.contain(API_KEY.slice(3, 20))
      expect(repo.git('show', 'HEAD:LEDGER.md')).to.equal(ledger.trimEnd())
      expect(repo.git('status', '--porcelain')).to.equal('')
      // the exception entry keeps the ledger's chain whole
      const audit = await runCli(['audit'], {cwd: repo.dir, env: repo.env})
      expect(audit.code, audit.stdout + audit.stderr).to.equal(0)
    })
  })

  it('push refuses the protected branch (exit 1); --force pushes and says the checks were skipped', async () => {
    const repo = await makeRepo()
    repo.write('a.txt', 'a\n')
    repo.commitAll('a')
    const refused = await runCli(['push'], {cwd: repo.dir, env: repo.env})
    expect(refused.code).to.equal(1)
    expect(refused.stderr).to.contain("Refusing to push directly to the protected branch 'main' (github-flow")
    const forced = await runCli(['push', '--force'], {cwd: repo.dir, env: repo.env})
    expect(forced.code, forced.stderr).to.equal(0)
    expect(forced.stderr).to.contain('--force: safety checks skipped (protected-branch, audit)')
    expect(repo.git('--git-dir', repo.remote, 'rev-parse', 'main')).to.equal(repo.git('rev-parse', 'HEAD'))
  })

  it('pull --discard asks for confirmation: refused without a terminal unless --yes', async () => {
    const repo = await makeRepo()
    const origin = repo.git('rev-parse', 'HEAD')
    repo.write('local.txt', 'l\n')
    repo.commitAll('local')
    const refused = await runCli(['pull', '--discard'], {cwd: repo.dir, env: repo.env})
    expect(refused.code).to.equal(2)
    expect(refused.stderr).to.contain('needs confirmation').and.contain('--yes')
    expect(repo.git('rev-parse', 'HEAD')).to.not.equal(origin)
    const done = await runCli(['pull', '--discard', '--yes', '--json'], {cwd: repo.dir, env: repo.env})
    expect(done.code, done.stderr).to.equal(0)
    expect(done.json<{discarded: {commits: number}}>().discarded.commits).to.equal(1)
    expect(repo.git('rev-parse', 'HEAD')).to.equal(origin)
    expect((await runCli(['pull', '--discard', '--clean'], {cwd: repo.dir, env: repo.env})).code).to.equal(2)
  })

  it('branch create and list follow gitflow', async () => {
    const repo = await makeRepo({strategy: 'gitflow'})
    const created = await runCli(['branch', 'create', 'login', '--json'], {cwd: repo.dir, env: repo.env})
    expect(created.code, created.stderr).to.equal(0)
    expect(created.json()).to.include({branch: 'feature/login', base: 'develop', pr_target: 'develop'})
    const list = await runCli(['branch', 'list'], {cwd: repo.dir, env: repo.env})
    expect(list.code).to.equal(0)
    expect(list.stdout).to.contain('strategy: gitflow')
    expect(list.stdout).to.match(/main\s+production \(protected\)/)
    expect(list.stdout).to.match(/\*\s+feature\/login\s+feature -> develop/)
    const refused = await runCli(['branch', 'create', 'develop'], {cwd: repo.dir, env: repo.env})
    expect(refused.code).to.equal(2)
    expect(refused.stderr).to.contain('protected branch')
  })

  it('pr: drives gh with title, body (export report excerpt), base from the strategy, --draft', async () => {
    const repo = await makeRepo()
    await featureBranchPushed(repo)
    const gh = fakeCli('gh', [{match: ['pr', 'create'], stdout: 'https://github.com/acme/demo/pull/42\n'}])
    const r = await runCli(['pr', '--draft', '--json'], {cwd: repo.dir, env: {...repo.env, PATH: gh.path}})
    expect(r.code, r.stderr).to.equal(0)
    const result = r.json<{url: string; base: string; title: string; draft: boolean; report_chars: number; body: string}>()
    expect(result).to.include({url: 'https://github.com/acme/demo/pull/42', base: 'main', title: 'Add the x feature', draft: true})
    const calls = gh.calls()
    expect(calls).to.have.length(1)
    const argv = calls[0]
    expect(argv.slice(0, 4)).to.deep.equal(['pr', 'create', '--title', 'Add the x feature'])
    expect(argv).to.include('--draft')
    expect(argv[argv.indexOf('--base') + 1]).to.equal('main')
    expect(argv[argv.indexOf('--head') + 1]).to.equal('feature-x')
    const body = argv[argv.indexOf('--body') + 1]
    expect(body).to.equal(result.body)
    expect(body).to.contain('## Changes\n\n- Add the x feature')
    expect(body).to.contain('## Governance report')
    expect(result.report_chars).to.be.within(1, 2000)
  })

  it('pr refusal: the platform CLI missing is a clear error with the install hint', async () => {
    const repo = await makeRepo()
    const missing = await runCli(['pr'], {cwd: repo.dir, env: {...repo.env, PATH: pathWithGitOnly()}})
    expect(missing.code).to.equal(1)
    expect(missing.stderr).to.contain('needs the GitHub CLI (gh), which is not installed')
    expect(missing.stderr).to.contain('https://cli.github.com')
  })

  it('status: latest CI run, alert count, open PR count through gh; an unreadable value is null with the reason', async () => {
    const repo = await makeRepo()
    const gh = fakeCli('gh', [
      {match: ['run', 'list'], stdout: JSON.stringify([{status: 'completed', conclusion: 'failure', workflowName: 'ci', url: 'https://github.com/acme/demo/actions/runs/1', createdAt: '2024-05-01T10:00:00Z'}])},
      {match: ['api'], stderr: 'HTTP 403: Resource not accessible by integration\n', code: 1},
      {match: ['pr', 'list'], stdout: JSON.stringify([{number: 1}, {number: 2}, {number: 5}])},
    ])
    const r = await runCli(['status', '--json'], {cwd: repo.dir, env: {...repo.env, PATH: gh.path}})
    expect(r.code, r.stderr).to.equal(0)
    const result = r.json<{ci: {conclusion: string; name: string}; open_prs: number; security_alerts: number | null; errors: {security_alerts?: string}}>()
    expect(result.ci).to.include({conclusion: 'failure', name: 'ci', status: 'completed'})
    expect(result.open_prs).to.equal(3)
    expect(result.security_alerts).to.equal(null)
    expect(result.errors.security_alerts).to.contain('HTTP 403')
    const runList = gh.calls().find((c) => c[0] === 'run')!
    expect(runList[runList.indexOf('--branch') + 1]).to.equal('main')
    const human = await runCli(['status'], {cwd: repo.dir, env: {...repo.env, PATH: gh.path}})
    expect(human.stdout).to.contain('CI (main): ci: failure').and.contain('Open pull requests: 3').and.contain('Security alerts: unknown (HTTP 403')
  })

  it('session-end: exit 1 with the list of what needs doing, exit 0 when done', async () => {
    const repo = await makeRepo()
    repo.write('work.txt', 'w\n')
    const r = await runCli(['session-end'], {cwd: repo.dir, env: repo.env})
    expect(r.code).to.equal(1)
    expect(r.stdout).to.contain('Before ending the session:')
    expect(r.stdout).to.contain('1 uncommitted change(s)')
    expect(r.stdout).to.contain('LEDGER.md not updated this session')
    await repo.ledger('Add work')
    repo.commitAll('Add work')
    repo.git('push', '--quiet')
    const ok = await runCli(['session-end', '--json'], {cwd: repo.dir, env: repo.env})
    expect(ok.code, ok.stdout).to.equal(0)
    expect(ok.json()).to.include({clean: true, audit_healthy: true, open_todos: 0})
  })

  it('release --dry-run lists edits as JSON and writes nothing; verify-release offline gives a clear result', async () => {
    const repo = await makeRepo()
    repo.write('package.json', '{\n  "name": "demo",\n  "version": "0.9.0"\n}\n')
    repo.commitAll('package')
    const dry = await runCli(['release', '1.0.0', '--dry-run', '--json'], {cwd: repo.dir, env: repo.env})
    expect(dry.code, dry.stderr).to.equal(0)
    const plan = dry.json<{edits: {file: string}[]; written: boolean; previous: string}>()
    expect(plan).to.include({written: false, previous: '0.9.0'})
    expect(plan.edits.map((e) => e.file)).to.deep.equal(['package.json', 'CHANGELOG.md'])
    expect(repo.read('package.json')).to.contain('"version": "0.9.0"')
    expect(repo.git('status', '--porcelain')).to.equal('')
    const bad = await runCli(['release', '0.8.0'], {cwd: repo.dir, env: repo.env})
    expect(bad.code).to.equal(1)
    expect(bad.stderr).to.contain('is not newer than the current version 0.9.0')

    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const port = (probe.address() as {port: number}).port
    await new Promise((resolve) => probe.close(resolve))
    repo.git('remote', 'set-url', 'origin', path.join(repo.dir, 'gone.git'))
    const dead = `http://127.0.0.1:${port}`
    const v = await runCli(['verify-release', '--index-url', `${dead}/{name}/{version}`, '--docs-url', `${dead}/docs`, '--timeout', '2'], {cwd: repo.dir, env: repo.env})
    expect(v.code).to.equal(1)
    expect(v.stdout).to.contain('Offline: none of the hosts answered').and.contain('0.9.0 could not be verified')
    expect(v.stdout).to.match(/package_index\s+http:\/\/127\.0\.0\.1:\d+\/demo\/0\.9\.0\s+unreachable/)
  })

  it('clear errors outside a git repository', async () => {
    const repo = await makeRepo()
    rmSync(path.join(repo.dir, '.git'), {recursive: true, force: true})
    const r = await runCli(['branch', 'list'], {cwd: repo.dir, env: repo.env})
    expect(r.code).to.equal(1)
    expect(r.stderr).to.contain('is not a git repository').and.contain('git init')
  })
})
