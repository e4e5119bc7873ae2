/**
 * Start-up (issue 14): checkpoint and phase start two git processes (the commit count and the tracked files), not
 * three: whether the repository has a tag is read from its ref files (loose, packed, through a worktree's
 * commondir) and agrees with `git tag --list`. Counted through a `git` shim first on PATH, which logs each call.
 */
import {spawnSync} from 'node:child_process'
import {chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {BIN, cleanupTempDirs, GIT_TEST_ENV, isolatedEnv, makeTempDir} from 'govtool/testing'

describe('start-up: git processes of checkpoint and phase', function () {
  this.timeout(120_000)
  after(cleanupTempDirs)
  let root: string
  let env: NodeJS.ProcessEnv
  let log: string

  const git = (cwd: string, ...args: string[]) => {
    const r = spawnSync('git', args, {cwd, env, encoding: 'utf8'})
    expect(r.status, `git ${args.join(' ')}: ${r.stderr}`).to.equal(0)
    return r.stdout
  }
  const govtool = (cwd: string, ...args: string[]) => {
    rmSync(log, {force: true})
    const r = spawnSync(process.execPath, [BIN, ...args], {cwd, env, encoding: 'utf8'})
    expect(r.status, `govtool ${args.join(' ')}: ${r.stderr}`).to.equal(0)
    let calls: string[] = []
    try {
      calls = readFileSync(log, 'utf8').split('\n').filter(Boolean).sort()
    } catch {
      calls = []
    }
    return {json: JSON.parse(r.stdout) as Record<string, unknown>, calls}
  }
  /** the release phase's "release tag created" item, and what git says */
  const tagged = (cwd: string) => {
    const {json, calls} = govtool(cwd, 'phase', 'show', '--json')
    const item = (json.checklist as {item: string; ok: boolean}[]).find((i) => i.item === 'release tag created')!
    return {ok: item.ok, git: git(cwd, 'tag', '--list').trim() !== '', calls}
  }

  before(() => {
    const realGit = spawnSync('sh', ['-c', 'command -v git'], {encoding: 'utf8'}).stdout.trim()
    const shim = makeTempDir('govtool-git-shim-')
    log = path.join(shim, 'calls.log')
    writeFileSync(path.join(shim, 'git'), `#!/bin/sh\necho "$*" >> '${log}'\nexec '${realGit}' "$@"\n`)
    chmodSync(path.join(shim, 'git'), 0o755)
    env = isolatedEnv(makeTempDir(), {...GIT_TEST_ENV, PATH: `${shim}${path.delimiter}${process.env.PATH}`})
    root = makeTempDir('govtool-git-processes-')
    mkdirSync(path.join(root, 'docs'), {recursive: true})
    writeFileSync(path.join(root, 'docs', 'REQUIREMENTS.md'), '# Requirements\n\n### REQ-CORE-001: Notes are kept\n- **Status:** implemented\n- **Priority:** P2\n- **Description:** The notes service stores notes.\n')
    writeFileSync(path.join(root, 'scaffold.yml'), 'name: tags\ntype: generic\ndescription: tags\nvcs_platform: github\naee_phase: release\n')
    writeFileSync(path.join(root, 'LEDGER.md'), '# Change Ledger\n')
    git(root, 'init', '-q')
    git(root, 'add', '-A')
    git(root, 'commit', '-qm', 'first')
    rmSync(log, {force: true})
  })

  it('checkpoint and phase show run git twice: the commit count and the tracked files, no tag list', () => {
    const checkpoint = govtool(root, 'checkpoint', '--json')
    expect(checkpoint.calls).to.deep.equal(['ls-files -z', 'rev-list --count HEAD'])
    expect(tagged(root).calls).to.deep.equal(['ls-files -z', 'rev-list --count HEAD'])
  })

  it('the tag read from ref files agrees with git tag --list: none, loose, annotated, packed, through a worktree', () => {
    expect(tagged(root)).to.include({ok: false, git: false})
    git(root, 'tag', 'v1')
    expect(tagged(root)).to.include({ok: true, git: true})
    git(root, 'tag', '-d', 'v1')
    expect(tagged(root)).to.include({ok: false, git: false})
    git(root, 'tag', '-a', 'release/v2', '-m', 'second')
    expect(tagged(root)).to.include({ok: true, git: true})
    git(root, 'pack-refs', '--all')
    expect(readFileSync(path.join(root, '.git', 'packed-refs'), 'utf8')).to.include('refs/tags/release/v2')
    expect(tagged(root)).to.include({ok: true, git: true})
    const worktree = path.join(makeTempDir('govtool-git-worktree-'), 'wt')
    git(root, 'worktree', 'add', '-q', worktree)
    expect(tagged(worktree)).to.include({ok: true, git: true})
    expect(tagged(worktree).calls).to.not.include('tag --list')
    git(root, 'tag', '-d', 'release/v2')
    expect(tagged(worktree)).to.include({ok: false, git: false})
  })

  it('a ref file it cannot judge (a symbolic ref under refs/tags) is left to git', () => {
    writeFileSync(path.join(root, '.git', 'refs', 'tags', 'odd'), 'ref: refs/heads/main\n')
    const result = tagged(root)
    expect(result.calls).to.include('tag --list')
    expect(result.ok).to.equal(result.git)
    rmSync(path.join(root, '.git', 'refs', 'tags', 'odd'))
  })

  it('outside any repository no git process starts, and the answers are git\'s (no commit, files walked)', () => {
    const plain = makeTempDir('govtool-no-repo-')
    for (const f of ['scaffold.yml', 'LEDGER.md', 'docs/REQUIREMENTS.md']) {
      mkdirSync(path.dirname(path.join(plain, f)), {recursive: true})
      writeFileSync(path.join(plain, f), readFileSync(path.join(root, f)))
    }
    writeFileSync(path.join(plain, 'main.py'), 'print(1)\n')
    // the implementation phase's checklist holds the commit and source items
    writeFileSync(path.join(plain, 'scaffold.yml'), readFileSync(path.join(root, 'scaffold.yml'), 'utf8').replace('aee_phase: release', 'aee_phase: implementation'))
    expect(spawnSync('git', ['rev-parse', '--git-dir'], {cwd: plain, env}).status, 'the temp dir is in no repository').to.not.equal(0)
    rmSync(log, {force: true})
    const checkpoint = govtool(plain, 'checkpoint', '--json')
    expect(checkpoint.calls).to.deep.equal([])
    const {json, calls} = govtool(plain, 'phase', 'show', '--json')
    expect(calls).to.deep.equal([])
    const items = Object.fromEntries((json.checklist as {item: string; ok: boolean; detail: string}[]).map((i) => [i.item, i]))
    expect(items['changes committed']).to.include({ok: false, detail: 'git has no commit here (`govtool commit`)'})
    expect(items['source code present']).to.include({ok: true, detail: '1 source files'})
    // GIT_DIR points git anywhere: then git is asked
    const pointed = spawnSync(process.execPath, [BIN, 'phase', 'show', '--json'], {cwd: plain, env: {...env, GIT_DIR: path.join(root, '.git')}, encoding: 'utf8'})
    expect(pointed.status).to.equal(0)
    expect(readFileSync(log, 'utf8')).to.include('rev-list --count HEAD')
    expect((JSON.parse(pointed.stdout) as {checklist: {item: string; ok: boolean}[]}).checklist.find((i) => i.item === 'changes committed')!.ok).to.equal(true)
  })
})
