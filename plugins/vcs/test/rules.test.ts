import {expect} from 'chai'

import {
  bumpBadges,
  bumpCargoToml,
  bumpDunderVersion,
  bumpPackageJson,
  bumpPackageLock,
  bumpPyproject,
  changelogEdit,
  isGovernanceFile,
  normaliseVersion,
  planBranch,
  prBody,
  prCreateArgs,
  prTarget,
  prUrlFrom,
  roleOf,
  strategyFrom,
  versionPattern,
  type StrategyName,
} from '../src/index.js'

const strategy = (name: StrategyName) => strategyFrom({branching_strategy: name, default_branch: 'main', develop_branch: 'develop'})

describe('vcs rules: branching strategies', () => {
  const plans: [StrategyName, string, string, string, string][] = [
    ['gitflow', 'login', 'feature/login', 'develop', 'develop'],
    ['gitflow', 'feature/login', 'feature/login', 'develop', 'develop'],
    ['gitflow', 'bugfix/typo', 'bugfix/typo', 'develop', 'develop'],
    ['gitflow', 'release/1.2.0', 'release/1.2.0', 'develop', 'main'],
    ['gitflow', 'hotfix/crash', 'hotfix/crash', 'main', 'main'],
    ['gitflow', 'support/1.x', 'support/1.x', 'main', 'main'],
    ['github-flow', 'add-login', 'add-login', 'main', 'main'],
    ['github-flow', 'feature/x', 'feature/x', 'main', 'main'],
    ['trunk-based', 'fix/flaky', 'fix/flaky', 'main', 'main'],
  ]
  for (const [name, requested, branch, base, target] of plans) {
    it(`${name}: ${requested} -> ${branch} from ${base}, PR into ${target}`, () => {
      const result = planBranch(strategy(name), requested)
      expect(result.ok).to.equal(true)
      if (result.ok) expect(result.plan).to.include({name: branch, base, target})
      expect(prTarget(strategy(name), branch)).to.equal(target)
    })
  }

  const refused: [StrategyName, string, RegExp][] = [
    ['gitflow', 'develop', /protected branch/],
    ['gitflow', 'main', /protected branch/],
    ['gitflow', 'topic/x', /not a gitflow branch type/],
    ['github-flow', 'main', /protected branch/],
    ['trunk-based', 'main/x', /shadow the protected branch/],
  ]
  for (const [name, requested, message] of refused) {
    it(`${name}: refuses ${requested}`, () => {
      const result = planBranch(strategy(name), requested)
      expect(result.ok).to.equal(false)
      if (!result.ok) {
        expect(result.error).to.match(message)
        expect(result.hint).to.not.equal('')
      }
    })
  }

  it('roles per strategy', () => {
    expect(roleOf(strategy('gitflow'), 'main')).to.equal('production (protected)')
    expect(roleOf(strategy('gitflow'), 'develop')).to.equal('integration (protected)')
    expect(roleOf(strategy('gitflow'), 'feature/a')).to.equal('feature -> develop')
    expect(roleOf(strategy('gitflow'), 'hotfix/a')).to.equal('hotfix -> main + develop')
    expect(roleOf(strategy('gitflow'), 'wip')).to.equal('not a gitflow branch')
    expect(roleOf(strategy('trunk-based'), 'main')).to.equal('trunk (protected)')
    expect(roleOf(strategy('trunk-based'), 'fix/a')).to.equal('short-lived fix branch -> main')
    expect(roleOf(strategy('github-flow'), 'add-x')).to.equal('topic branch -> main (via PR)')
    expect(strategy('gitflow').protected).to.deep.equal(['main', 'develop'])
    expect(strategy('github-flow').protected).to.deep.equal(['main'])
    expect(strategyFrom(undefined)).to.deep.include({name: 'github-flow', main: 'main'})
  })

  it('recognises governance files', () => {
    for (const f of ['LEDGER.md', 'AGENTS.md', 'docs/REQUIREMENTS.md', 'docs/TESTS.md', 'scaffold.yml', 'docs/governance/security.md', 'REQUIREMENTS.md']) expect(isGovernanceFile(f), f).to.equal(true)
    for (const f of ['src/index.ts', 'README.md', 'docs/other.md']) expect(isGovernanceFile(f), f).to.equal(false)
  })
})

describe('vcs rules: release edits', () => {
  it('versionPattern matches whole versions only', () => {
    const p = versionPattern('1.2.3', '')
    for (const yes of ['1.2.3', 'v1.2.3', 'version-1.2.3-blue', '"1.2.3"', '(1.2.3)']) expect(p.test(yes), yes).to.equal(true)
    for (const no of ['11.2.3', '1.2.30', '1.2.3.4', '0.1.2.3']) expect(p.test(no), no).to.equal(false)
  })

  it('normalises versions and refuses invalid ones', () => {
    expect(normaliseVersion('v1.4.0')).to.equal('1.4.0')
    expect(normaliseVersion('2.0.0-rc.1')).to.equal('2.0.0-rc.1')
    expect(() => normaliseVersion('1.4')).to.throw(/not a semantic version/)
  })

  it('package.json: the top-level version only, formatting kept', () => {
    const text = '{\n  "name": "x",\n  "version": "1.2.3",\n  "config": {\n    "version": "9.9.9"\n  },\n  "dependencies": {"y": "1.2.3"}\n}\n'
    const edit = bumpPackageJson('package.json', text, '1.3.0')!
    expect(edit.content).to.equal(text.replace('"version": "1.2.3"', '"version": "1.3.0"'))
    expect(edit).to.include({line: 3, found: '1.2.3', before: '"version": "1.2.3",', after: '"version": "1.3.0",'})
  })

  it('package-lock.json: root version and packages[""]', () => {
    const text = JSON.stringify({name: 'x', version: '1.2.3', lockfileVersion: 3, packages: {'': {name: 'x', version: '1.2.3'}, 'node_modules/y': {version: '1.2.3'}}}, null, 2) + '\n'
    const json = JSON.parse(bumpPackageLock('package-lock.json', text, '1.3.0')!.content)
    expect(json.version).to.equal('1.3.0')
    expect(json.packages[''].version).to.equal('1.3.0')
    expect(json.packages['node_modules/y'].version).to.equal('1.2.3')
  })

  it('pyproject.toml ([project] or [tool.poetry]) and Cargo.toml ([package])', () => {
    const py = '[build-system]\nrequires = ["x"]\n\n[project]\nname = "demo"\nversion = "1.2.3"  # keep\n\n[tool.other]\nversion = "1.2.3"\n'
    expect(bumpPyproject('pyproject.toml', py, '1.3.0')!.content).to.equal(py.replace('version = "1.2.3"  # keep', 'version = "1.3.0"  # keep'))
    const poetry = "[tool.poetry]\nname = 'demo'\nversion = '0.9.0'\n"
    expect(bumpPyproject('pyproject.toml', poetry, '1.0.0')!.content).to.contain("version = '1.0.0'")
    const cargo = '[package]\nname = "demo"\nversion = "1.2.3"\n\n[dependencies]\nserde = { version = "1.2.3" }\n'
    const edit = bumpCargoToml('Cargo.toml', cargo, '1.3.0')!
    expect(edit.content).to.equal(cargo.replace('version = "1.2.3"\n\n', 'version = "1.3.0"\n\n'))
    expect(bumpCargoToml('Cargo.toml', '[package]\nversion.workspace = true\n', '1.0.0')).to.equal(undefined)
  })

  it('__version__ with or without a type annotation', () => {
    expect(bumpDunderVersion('p/__init__.py', '"""Doc."""\n__version__ = "1.2.3"\n', '1.3.0')!.content).to.equal('"""Doc."""\n__version__ = "1.3.0"\n')
    expect(bumpDunderVersion('p/_version.py', "__version__: str = '1.2.3'\n", '1.3.0')!.content).to.equal("__version__: str = '1.3.0'\n")
    expect(bumpDunderVersion('p/__init__.py', 'VERSION = "1"\n', '1.3.0')).to.equal(undefined)
  })

  it('README badges change; prose mentioning the version does not', () => {
    const text = '# Demo\n[![version](https://img.shields.io/badge/version-1.2.3-blue)](x)\n\nInstall demo 1.2.3 with npm.\n'
    const edit = bumpBadges('README.md', text, '1.2.3', '1.3.0')!
    expect(edit.content).to.equal(text.replace('version-1.2.3-blue', 'version-1.3.0-blue'))
    expect(edit.line).to.equal(2)
  })

  it('CHANGELOG: Unreleased entries move under the new version, compare links move on', () => {
    const text = [
      '# Changelog',
      '',
      '## [Unreleased]',
      '',
      '### Added',
      '- Login form',
      '',
      '## [1.2.3] - 2024-01-01',
      '',
      '- First',
      '',
      '[Unreleased]: https://example.test/r/compare/v1.2.3...HEAD',
      '[1.2.3]: https://example.test/r/releases/tag/v1.2.3',
      '',
    ].join('\n')
    const edit = changelogEdit({file: 'CHANGELOG.md', text, version: '1.3.0', previous: '1.2.3', date: '2024-05-01', changes: ['ignored']})!
    expect(edit.content).to.equal(
      [
        '# Changelog',
        '',
        '## [Unreleased]',
        '',
        '## [1.3.0] - 2024-05-01',
        '',
        '### Added',
        '- Login form',
        '',
        '## [1.2.3] - 2024-01-01',
        '',
        '- First',
        '',
        '[Unreleased]: https://example.test/r/compare/v1.3.0...HEAD',
        '[1.3.0]: https://example.test/r/compare/v1.2.3...v1.3.0',
        '[1.2.3]: https://example.test/r/releases/tag/v1.2.3',
        '',
      ].join('\n'),
    )
    expect(edit.line).to.equal(5)
  })

  it('CHANGELOG: without Unreleased, a section of commits goes above the newest; an existing section is left alone', () => {
    const text = '# Changelog\n\n## 1.2.3\n\n- First\n'
    const edit = changelogEdit({file: 'CHANGELOG.md', text, version: '1.3.0', previous: '1.2.3', date: '2024-05-01', changes: ['Add login', 'Fix typo']})!
    expect(edit.content).to.equal('# Changelog\n\n## [1.3.0] - 2024-05-01\n\n- Add login\n- Fix typo\n\n## 1.2.3\n\n- First\n')
    expect(changelogEdit({file: 'CHANGELOG.md', text: edit.content, version: '1.3.0', previous: '1.2.3', date: '2024-05-02', changes: []})).to.equal(undefined)
    const created = changelogEdit({file: 'CHANGELOG.md', text: undefined, version: '0.1.0', previous: undefined, date: '2024-05-01', changes: []})!
    expect(created.created).to.equal(true)
    expect(created.content).to.contain('# Changelog').and.contain('## [0.1.0] - 2024-05-01\n\n- Release 0.1.0.')
  })
})

describe('vcs rules: pull requests', () => {
  it('body: commits, then the first 2000 characters of the report', () => {
    const report = 'R'.repeat(2500)
    const body = prBody([{subject: 'Add login'}, {subject: 'Fix typo'}], report)
    expect(body).to.contain('- Add login\n- Fix typo')
    expect(body).to.contain('R'.repeat(2000))
    expect(body).to.not.contain('R'.repeat(2001))
  })

  it('CLI arguments for gh, glab and az', () => {
    const pr = {title: 'T', body: 'B', base: 'main', head: 'feat', draft: true}
    expect(prCreateArgs('github', pr)).to.deep.equal(['pr', 'create', '--title', 'T', '--body', 'B', '--base', 'main', '--head', 'feat', '--draft'])
    expect(prCreateArgs('gitlab', {...pr, draft: false})).to.deep.equal(['mr', 'create', '--title', 'T', '--description', 'B', '--source-branch', 'feat', '--target-branch', 'main', '--yes'])
    expect(prCreateArgs('azure-devops', pr)).to.deep.equal(['repos', 'pr', 'create', '--title', 'T', '--description', 'B', '--source-branch', 'feat', '--target-branch', 'main', '--output', 'json', '--draft', 'true'])
  })

  it('reads the PR address from each CLI', () => {
    expect(prUrlFrom('github', 'Creating pull request...\nhttps://github.com/o/r/pull/7\n')).to.equal('https://github.com/o/r/pull/7')
    expect(prUrlFrom('azure-devops', JSON.stringify({pullRequestId: 9, repository: {webUrl: 'https://dev.azure.com/o/p/_git/r'}}))).to.equal('https://dev.azure.com/o/p/_git/r/pullrequest/9')
    expect(prUrlFrom('gitlab', 'no url')).to.equal(null)
  })
})
