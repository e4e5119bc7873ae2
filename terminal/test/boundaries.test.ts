// SPDX-License-Identifier: AGPL-3.0-only
import {expect} from 'chai'
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs'
import path from 'node:path'

import {REPO_ROOT, TERMINAL_ROOT} from './helpers.js'

function files(dir: string, keep: (f: string) => boolean): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (name === 'node_modules' || name === 'dist') return []
    return statSync(full).isDirectory() ? files(full, keep) : keep(full) ? [full] : []
  })
}

describe('terminal: licence and import boundaries', () => {
  it('is its own AGPL-3.0-only package with the licence text', () => {
    const pjson = JSON.parse(readFileSync(path.join(TERMINAL_ROOT, 'package.json'), 'utf8'))
    expect(pjson.name).to.equal('@govtool/terminal')
    expect(pjson.license).to.equal('AGPL-3.0-only')
    const licence = readFileSync(path.join(TERMINAL_ROOT, 'LICENSE'), 'utf8')
    expect(licence).to.contain('GNU AFFERO GENERAL PUBLIC LICENSE').and.contain('Version 3, 19 November 2007').and.contain('13. Remote Network Interaction')
    for (const [name, version] of Object.entries({...pjson.dependencies, ...pjson.devDependencies})) expect(version, name).to.match(/^\d+\.\d+\.\d+$/)
  })

  it('the MIT tool (src/, plugins/, bin/, scripts/) never imports the terminal', () => {
    const sources = [...files(path.join(REPO_ROOT, 'src'), (f) => /\.[cm]?[jt]s$/.test(f)), ...files(path.join(REPO_ROOT, 'plugins'), (f) => /\.[cm]?[jt]s$/.test(f)), ...files(path.join(REPO_ROOT, 'bin'), (f) => /\.[cm]?js$/.test(f)), ...files(path.join(REPO_ROOT, 'scripts'), (f) => /\.[cm]?js$/.test(f))]
    expect(sources.length).to.be.greaterThan(100)
    const offenders = sources.filter((f) => /@govtool\/terminal|['"][./]*terminal\/(src|dist)/.test(readFileSync(f, 'utf8')))
    expect(offenders).to.deep.equal([])
    const root = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'))
    expect(Object.keys({...root.dependencies, ...root.devDependencies})).not.to.include('@govtool/terminal')
    expect(root.workspaces).to.include('terminal')
  })
})
