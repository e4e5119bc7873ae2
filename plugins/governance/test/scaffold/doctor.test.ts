import {chmodSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {cleanupTempDirs, makeTempDir} from 'govtool/testing'

import {probeCommand, runDoctor, versionFromOutput} from '../../src/lib/scaffold/index.js'

/** A fake executable on PATH that prints `output` (and exits with `code`). */
export function fakeTool(dir: string, name: string, output: string, code = 0): void {
  const file = path.join(dir, name)
  writeFileSync(file, `#!/bin/sh\necho "${output}"\nexit ${code}\n`)
  chmodSync(file, 0o755)
}

describe('doctor (library)', () => {
  after(cleanupTempDirs)

  it('reports installed tools with their version, missing ones with the install hint, each tool probed once', async () => {
    const bin = makeTempDir()
    fakeTool(bin, 'lintx', 'lintx 1.4.2 (build abc)')
    fakeTool(bin, 'broken', 'segfault', 3)
    fakeTool(bin, 'npx', 'npx must get --no first: $1', 0)
    const type = {
      name: 't',
      description: 'test type',
      toolset: {
        lint: [{name: 'lintx', install_hint: 'pip install lintx'}],
        format: [{name: 'lintx', install_hint: 'pip install lintx'}],
        test: [{name: 'nothere', install_hint: 'apt-get install nothere'}],
        build: [{name: 'broken', install_hint: 'reinstall broken'}],
        typecheck: [{name: 'tsc', command: 'npx', version_args: ['tsc', '--version']}],
      },
    }
    const result = await runDoctor(type, {cwd: bin, env: {PATH: bin}})
    const by = (cat: string, name: string) => result.tools.find((t) => t.category === cat && t.name === name)
    expect(by('lint', 'lintx')).to.include({status: 'installed', version: '1.4.2', command: 'lintx --version'})
    expect(by('format', 'lintx')).to.include({status: 'installed', version: '1.4.2'})
    expect(by('test', 'nothere')).to.include({status: 'missing', version: null, install_hint: 'apt-get install nothere'})
    expect(by('build', 'broken')).to.include({status: 'missing', note: '`broken --version` failed'})
    expect(by('typecheck', 'tsc')).to.include({status: 'installed', command: 'npx --no tsc --version', version: 'npx must get --no first: --no'})
    expect(result).to.include({installed: 2, missing: 2, healthy: false})
    expect(result.categories.lint).to.deep.equal({installed: 1, missing: 0})
    expect(result.categories.security).to.deep.equal({installed: 0, missing: 0})
  })

  it('probe commands and version parsing', () => {
    expect(probeCommand({name: 'ghdl', version_args: ['--version']})).to.deep.equal(['ghdl', '--version'])
    expect(probeCommand({name: 'eslint', command: 'npx', version_args: ['eslint', '--version']})).to.deep.equal(['npx', '--no', 'eslint', '--version'])
    expect(versionFromOutput('Python 3.12.1\n')).to.equal('3.12.1')
    expect(versionFromOutput('cargo-audit-audit 0.21.0-rc.1')).to.equal('0.21.0-rc.1')
    expect(versionFromOutput('\nno numbers here\n')).to.equal('no numbers here')
    expect(versionFromOutput('')).to.equal(null)
  })
})
