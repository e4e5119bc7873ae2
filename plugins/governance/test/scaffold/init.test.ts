import {spawnSync} from 'node:child_process'
import {existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs'
import path from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'

import {expect} from 'chai'
import {cleanupTempDirs, makeTempDir, REPO_ROOT} from 'govtool/testing'

import {builtinRegistry} from '../../src/lib/trace/index.js'
import {initProject, renderProjectFiles, scaffoldWithDefaults} from '../../src/lib/scaffold/index.js'
import {snapshot} from './helpers.js'

const registry = builtinRegistry()
const SCAFFOLD_INDEX = pathToFileURL(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/lib/scaffold/index.ts')).href
const TRACE_INDEX = pathToFileURL(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/lib/trace/index.ts')).href

describe('scaffold init (library)', () => {
  after(cleanupTempDirs)

  it('writes into an empty existing directory, refuses a non-empty one and writes nothing', async () => {
    const out = makeTempDir()
    mkdirSync(path.join(out, 'app'))
    const result = await initProject({scaffold: scaffoldWithDefaults({name: 'app', type: 'rust'}), outputDir: out, registry, git: false})
    expect(result.files).to.include.members(['Cargo.toml', 'AGENTS.md', 'LEDGER.md', 'src/lib.rs', '.github/workflows/govtool.yml'])
    expect(result.git).to.equal(null)
    const before = snapshot(out)
    let error: (Error & {exit?: number; code?: string}) | undefined
    await initProject({scaffold: scaffoldWithDefaults({name: 'app', type: 'python'}), outputDir: out, registry, git: false}).catch((e) => (error = e))
    expect(error?.exit).to.equal(1)
    expect(error?.code).to.equal('E_TARGET_EXISTS')
    expect(snapshot(out)).to.deep.equal(before)
  })

  it('an unknown project type is refused before anything is written', async () => {
    const out = makeTempDir()
    let error: Error | undefined
    await initProject({scaffold: scaffoldWithDefaults({name: 'app', type: 'cobol'}), outputDir: out, registry, git: false}).catch((e) => (error = e))
    expect(error?.message).to.match(/Unknown project type 'cobol'/)
    expect(readdirSync(out)).to.deep.equal([])
  })

  it('a process killed mid-init leaves no project directory and no half-written file; the next init cleans up', async () => {
    const out = makeTempDir()
    const script = path.join(makeTempDir(), 'crash.mjs')
    writeFileSync(
      script,
      `import {initProject, scaffoldWithDefaults} from '${SCAFFOLD_INDEX}'
import {builtinRegistry} from '${TRACE_INDEX}'
let n = 0
await initProject({
  scaffold: scaffoldWithDefaults({name: 'app', type: 'python'}),
  outputDir: ${JSON.stringify(out)},
  registry: builtinRegistry(),
  git: false,
  onFileWritten: () => { if (++n === 6) process.kill(process.pid, 'SIGKILL') },
})
`,
    )
    const r = spawnSync(process.execPath, ['--import', 'tsx', script], {cwd: REPO_ROOT, encoding: 'utf8'})
    expect(r.signal, r.stderr).to.equal('SIGKILL')
    expect(existsSync(path.join(out, 'app'))).to.equal(false)
    const temps = readdirSync(out)
    expect(temps).to.have.length(1)
    expect(temps[0]).to.match(/^\.app\.govtool-init-\d+-/)
    // every file that made it into the temp directory is complete, byte for byte what init renders
    const expected = new Map((await renderProjectFiles(scaffoldWithDefaults({name: 'app', type: 'python'}), registry.types.get('python')!)).map((f) => [f.path, f.content]))
    const tempDir = path.join(out, temps[0])
    const written = readdirSync(tempDir, {recursive: true, withFileTypes: true}).filter((e) => e.isFile())
    expect(written).to.have.length(6)
    for (const e of written) {
      const rel = path.relative(tempDir, path.join(e.parentPath, e.name)).split(path.sep).join('/')
      expect(readFileSync(path.join(tempDir, rel), 'utf8'), rel).to.equal(expected.get(rel))
    }

    const result = await initProject({scaffold: scaffoldWithDefaults({name: 'app', type: 'python'}), outputDir: out, registry, git: false})
    expect(readdirSync(out)).to.deep.equal(['app'])
    expect(readFileSync(path.join(result.project_dir, 'LEDGER.md'), 'utf8')).to.match(/Scaffolded app \(type python\)/)
  })
})
