import {readdirSync, readFileSync, statSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {ERROR_CODES} from 'govtool/core'
import {REPO_ROOT} from 'govtool/testing'

/** Every .ts file under the kernel's and the plugins' src/. */
function sources(): string[] {
  const out: string[] = []
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name)
      if (statSync(file).isDirectory()) walk(file)
      else if (file.endsWith('.ts') && !file.endsWith('.d.ts')) out.push(file)
    }
  }
  walk(path.join(REPO_ROOT, 'src'))
  for (const plugin of readdirSync(path.join(REPO_ROOT, 'plugins'))) {
    const src = path.join(REPO_ROOT, 'plugins', plugin, 'src')
    try {
      walk(src)
    } catch {
      // a plugin without sources
    }
  }
  return out
}

describe('error codes', () => {
  const text = sources()
    .filter((f) => !f.endsWith(path.join('src', 'error-codes.ts')))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n')

  it('lists every code the code base uses, with an exit code and an HTTP status', () => {
    const used = new Set([...text.matchAll(/'(E_[A-Z0-9_]+)'/g)].map((m) => m[1]))
    const unlisted = [...used].filter((code) => !Object.hasOwn(ERROR_CODES, code))
    expect(unlisted, 'codes used but not in src/error-codes.ts').to.deep.equal([])
    for (const [code, info] of Object.entries(ERROR_CODES)) {
      expect([1, 2, 3, 124, 126, 127, 130], `${code} exit`).to.include(info.exit)
      expect(info.http, `${code} http`).to.be.within(400, 599)
      expect(info.summary.length, `${code} summary`).to.be.greaterThan(5)
    }
  })

  it('has no row that nothing uses', () => {
    const unused = Object.keys(ERROR_CODES).filter((code) => !text.includes(`'${code}'`))
    expect(unused, 'rows of src/error-codes.ts no code throws').to.deep.equal([])
  })

  it('sets no exit code by hand: the row of the code decides', () => {
    const bare = sources().filter((f) => /\bexit:\s*(\d+|ExitCode\.)/.test(readFileSync(f, 'utf8')) && !f.endsWith('error-codes.ts'))
    expect(bare.map((f) => path.relative(REPO_ROOT, f))).to.deep.equal([])
  })
})
