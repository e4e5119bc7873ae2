import {expect} from 'chai'
import {cleanupTempDirs} from 'govtool/testing'

import {createPullRequest, detectPlatform, repoStatus} from '../src/index.js'
import {fakeCli, makeRepo, pathWithGitOnly, type FakeCli, type Repo} from './helpers.js'

async function rejects(promise: Promise<unknown>): Promise<Error & {code?: string; hint?: string}> {
  try {
    await promise
  } catch (error) {
    return error as Error & {code?: string; hint?: string}
  }
  throw new Error('expected a rejection')
}

async function featureBranchPushed(repo: Repo, name: string): Promise<void> {
  repo.git('switch', '--quiet', '-c', name)
  repo.write('src/x.txt', 'x\n')
  await repo.ledger('Add the x feature')
  repo.commitAll('Add the x feature')
  repo.git('push', '--quiet', '-u', 'origin', name)
}

/** Runs `fn` with `fake` first on PATH (tests in a file run one after another). */
async function withPath<T>(pathValue: string, fn: () => Promise<T>): Promise<T> {
  const saved = process.env.PATH
  process.env.PATH = pathValue
  try {
    return await fn()
  } finally {
    process.env.PATH = saved
  }
}
const onPath = <T>(fake: FakeCli, fn: () => Promise<T>) => withPath(fake.path, fn)

describe('vcs: platform CLIs (fake gh, glab, az on PATH)', function () {
  this.timeout(30_000)
  after(cleanupTempDirs)

  it('glab: a merge request into develop for a gitflow feature', async () => {
    const repo = await makeRepo({platform: 'gitlab', strategy: 'gitflow'})
    repo.git('switch', '--quiet', 'develop')
    await featureBranchPushed(repo, 'feature/y')
    const glab = fakeCli('glab', [{match: ['mr', 'create'], stdout: 'https://gitlab.com/acme/demo/-/merge_requests/3\n'}])
    const result = await onPath(glab, () => createPullRequest(repo.ctx, {title: 'Y'}))
    expect(result).to.include({url: 'https://gitlab.com/acme/demo/-/merge_requests/3', platform: 'gitlab', base: 'develop', commits: 1})
    const argv = glab.calls()[0]
    expect(argv.slice(0, 4)).to.deep.equal(['mr', 'create', '--title', 'Y'])
    expect(argv[argv.indexOf('--target-branch') + 1]).to.equal('develop')
    expect(argv[argv.indexOf('--source-branch') + 1]).to.equal('feature/y')
  })

  it('az repos: a pull request, its address built from the JSON answer', async () => {
    const repo = await makeRepo({platform: 'azure-devops'})
    await featureBranchPushed(repo, 'feature-x')
    const az = fakeCli('az', [{match: ['repos', 'pr', 'create'], stdout: JSON.stringify({pullRequestId: 7, repository: {webUrl: 'https://dev.azure.com/acme/demo/_git/demo'}})}])
    const result = await onPath(az, () => createPullRequest(repo.ctx, {draft: true}))
    expect(result.url).to.equal('https://dev.azure.com/acme/demo/_git/demo/pullrequest/7')
    expect(az.calls()[0].slice(0, 3)).to.deep.equal(['repos', 'pr', 'create'])
    expect(az.calls()[0].slice(-2)).to.deep.equal(['--draft', 'true'])
  })

  it('pr refusals: protected branch, unpushed branch, nothing to merge, the CLI failing, an unsupported platform', async () => {
    const repo = await makeRepo()
    const gh = fakeCli('gh', [{match: ['pr', 'create'], stderr: 'HTTP 401: Bad credentials\n', code: 1}])
    await onPath(gh, async () => {
      expect((await rejects(createPullRequest(repo.ctx))).code).to.equal('E_PR_FROM_PROTECTED')
      repo.git('switch', '--quiet', '-c', 'local-only')
      const unpushed = await rejects(createPullRequest(repo.ctx))
      expect(unpushed.code).to.equal('E_NOT_PUSHED')
      expect(unpushed.hint).to.contain('govtool push')
      repo.git('push', '--quiet', '-u', 'origin', 'local-only')
      expect((await rejects(createPullRequest(repo.ctx))).code).to.equal('E_NOTHING_TO_MERGE')
      await featureBranchPushed(repo, 'feature-z')
      const failed = await rejects(createPullRequest(repo.ctx))
      expect(failed.code).to.equal('E_PLATFORM')
      expect(failed.message).to.contain('Bad credentials')
      expect(failed.hint).to.contain('gh auth status')
    })
    expect(gh.calls()).to.have.length(1) // only the last attempt reached the CLI

    const none = await makeRepo({platform: 'none'})
    const unsupported = await rejects(withPath(gh.path, () => createPullRequest(none.ctx)))
    expect(unsupported.code).to.equal('E_PLATFORM_UNSUPPORTED')
  })

  it('the platform comes from scaffold.yml, else from the remote URL', async () => {
    const repo = await makeRepo({platform: 'gitlab'})
    expect(await detectPlatform(repo.ctx)).to.deep.equal({name: 'gitlab', source: 'scaffold.yml'})
    repo.git('rm', '--quiet', 'scaffold.yml')
    repo.git('remote', 'set-url', 'origin', 'https://dev.azure.com/acme/demo/_git/demo')
    expect(await detectPlatform(repo.ctx)).to.deep.equal({name: 'azure-devops', source: 'remote'})
    repo.git('remote', 'set-url', 'origin', 'git@gitlab.example.com:acme/demo.git')
    expect(await detectPlatform(repo.ctx)).to.deep.equal({name: 'gitlab', source: 'remote'})
  })

  it('status through glab (pipelines, vulnerabilities, merge requests) and az (no alert API)', async () => {
    const lab = await makeRepo({platform: 'gitlab'})
    const glab = fakeCli('glab', [
      {match: ['projects/:id/pipelines?per_page=1&ref=main'], stdout: JSON.stringify([{status: 'running', web_url: 'https://gitlab.com/p/1', created_at: '2024-05-01T00:00:00Z', source: 'push'}])},
      {match: ['projects/:id/vulnerabilities?state=detected&per_page=100'], stdout: JSON.stringify([{id: 1}, {id: 2}])},
      {match: ['projects/:id/merge_requests?state=opened&per_page=100'], stdout: '[]'},
    ])
    const s1 = await onPath(glab, () => repoStatus(lab.ctx))
    expect(s1).to.deep.include({platform: 'gitlab', security_alerts: 2, open_prs: 0, errors: {}})
    expect(s1.ci).to.deep.equal({name: 'push', status: 'running', conclusion: null, url: 'https://gitlab.com/p/1', created_at: '2024-05-01T00:00:00Z'})

    const ado = await makeRepo({platform: 'azure-devops'})
    const az = fakeCli('az', [
      {match: ['pipelines', 'runs', 'list'], stdout: '[]'},
      {match: ['repos', 'pr', 'list'], stdout: JSON.stringify([{pullRequestId: 1}])},
    ])
    const s2 = await onPath(az, () => repoStatus(ado.ctx))
    expect(s2).to.deep.include({ci: null, open_prs: 1, security_alerts: null})
    expect(s2.errors).to.deep.equal({security_alerts: 'not available through az'})
    expect(az.calls().find((c) => c[0] === 'pipelines')).to.include.members(['--branch', 'refs/heads/main'])
  })

  it('status without the CLI is the same clear error as pr', async () => {
    const repo = await makeRepo({platform: 'azure-devops'})
    const error = await rejects(withPath(pathWithGitOnly(), () => repoStatus(repo.ctx)))
    expect(error.code).to.equal('E_PLATFORM_CLI_MISSING')
    expect(error.message).to.contain('`govtool status` needs the Azure CLI (az)')
    expect(error.hint).to.contain('az extension add --name azure-devops')
  })
})
