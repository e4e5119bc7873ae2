import {execFile} from 'node:child_process'
import {readdirSync, readFileSync, writeFileSync, appendFileSync, symlinkSync} from 'node:fs'
import path from 'node:path'
import {promisify} from 'node:util'

import {expect} from 'chai'
import {appendJsonl, readJsonl, parseJsonl, writeFileAtomic, writeJsonAtomic, readJsonIfExists, withLock} from 'govtool'
import {writeCacheFileSync} from 'govtool/core'
import {cleanupTempDirs, makeTempDir, REPO_ROOT} from 'govtool/testing'

const run = promisify(execFile)

describe('kernel storage', () => {
  after(cleanupTempDirs)

  it('writes files atomically and leaves no temp files behind', async () => {
    const dir = makeTempDir()
    const file = path.join(dir, 'nested', 'a.json')
    await writeJsonAtomic(file, {a: 1})
    await writeJsonAtomic(file, {a: 2})
    expect(await readJsonIfExists(file)).to.deep.equal({a: 2})
    expect(readdirSync(path.dirname(file))).to.deep.equal(['a.json'])
  })

  it('writes a cache file synchronously through a temp file, never through a link', () => {
    const dir = makeTempDir()
    const file = path.join(dir, 'cache', 'pack')
    writeCacheFileSync(file, 'one')
    writeCacheFileSync(file, 'two \u00e9')
    expect(readFileSync(file, 'utf8')).to.equal('two \u00e9')
    expect(readdirSync(path.dirname(file))).to.deep.equal(['pack'])
    const target = path.join(dir, 'elsewhere')
    writeFileSync(target, 'kept')
    symlinkSync(target, path.join(dir, 'cache', 'linked'))
    expect(() => writeCacheFileSync(path.join(dir, 'cache', 'linked'), 'x')).to.throw()
    expect(readFileSync(target, 'utf8')).to.equal('kept')
  })

  it('reports malformed JSON with file and line', async () => {
    const dir = makeTempDir()
    const file = path.join(dir, 'bad.json')
    writeFileSync(file, '{\n  "a": 1,\n  oops\n}\n')
    try {
      await readJsonIfExists(file)
      expect.fail('should throw')
    } catch (error) {
      expect((error as Error).message).to.contain('bad.json:3')
      expect((error as {code: string}).code).to.equal('E_BAD_JSON')
    }
  })

  it('skips a torn last line and keeps appending after it', async () => {
    const dir = makeTempDir()
    const file = path.join(dir, 'log.jsonl')
    await appendJsonl(file, [{n: 1}, {n: 2}])
    appendFileSync(file, '{"n": 3, "tor') // a crash mid-write
    let read = await readJsonl<{n: number}>(file)
    expect(read.records.map((r) => r.n)).to.deep.equal([1, 2])
    expect(read.skipped).to.have.length(1)
    expect(read.skipped[0]).to.include({line: 3, torn: true})
    await appendJsonl(file, [{n: 4}])
    read = await readJsonl<{n: number}>(file)
    expect(read.records.map((r) => r.n)).to.deep.equal([1, 2, 4])
    expect(read.skipped[0]).to.include({line: 3, torn: false})
  })

  it('parses an empty file and blank lines', () => {
    expect(parseJsonl('').records).to.deep.equal([])
    expect(parseJsonl('\n{"a":1}\n\n').records).to.deep.equal([{a: 1}])
  })

  it('loses no entry when 8 processes append concurrently', async () => {
    const dir = makeTempDir()
    const file = path.join(dir, 'shared.jsonl')
    const script = `import {appendJsonl} from ${JSON.stringify(path.join(REPO_ROOT, 'dist', 'index.js'))};
      const id = process.argv[1];
      for (let i = 0; i < 25; i++) await appendJsonl(${JSON.stringify(file)}, [{id, i}]);`
    await Promise.all(Array.from({length: 8}, (_, k) => run(process.execPath, ['--input-type=module', '-e', script, String(k)])))
    const {records, skipped} = await readJsonl<{id: string; i: number}>(file)
    expect(skipped).to.deep.equal([])
    expect(records).to.have.length(200)
    for (let k = 0; k < 8; k++) {
      expect(records.filter((r) => r.id === String(k)).map((r) => r.i)).to.deep.equal([...Array(25).keys()])
    }
  })

  it('serialises critical sections under withLock', async () => {
    const dir = makeTempDir()
    const target = path.join(dir, 'counter.txt')
    await writeFileAtomic(target, '0')
    await Promise.all(
      Array.from({length: 10}, () =>
        withLock(target, async () => {
          const n = Number(readFileSync(target, 'utf8'))
          await new Promise((r) => setTimeout(r, 2))
          await writeFileAtomic(target, String(n + 1))
        }),
      ),
    )
    expect(readFileSync(target, 'utf8')).to.equal('10')
  })
})
