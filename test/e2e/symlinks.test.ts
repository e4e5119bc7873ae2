import {mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {appendJsonl, ensureDir, ProjectContext, writeFileAtomic} from 'govtool'
import {cleanupTempDirs, makeTempDir, runCli} from 'govtool/testing'

/** Every file under `dir` with its content: what "nothing outside was written" is checked against. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {}
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const file = path.join(d, name)
      if (statSync(file).isDirectory()) walk(file)
      else out[path.relative(dir, file)] = readFileSync(file, 'utf8')
    }
  }
  walk(dir)
  return out
}

/** A directory outside the project with a file a followed link would overwrite. */
function outside(): {dir: string; victim: string} {
  const dir = makeTempDir('govtool-outside-')
  const victim = path.join(dir, 'victim.txt')
  writeFileSync(victim, 'precious\n')
  return {dir, victim}
}

const RECORD = {id: 'REQ-LINK-1', kind: 'requirement', status: 'active', label: 'linked', confidence: 1, evidence: [], data: {}}

interface Case {
  name: string
  /** project-relative path of the planted link */
  link: string
  /** true: the link points to the outside directory; false: to the victim file */
  dir: boolean
  args: (project: string) => string[]
  /** files and directories to create in the project before planting */
  before?: (project: string) => void
}

const ledgerAdd = () => ['ledger', 'add', 'a change', '--json']
const esdbImport = (project: string) => {
  const file = path.join(project, 'records.json')
  writeFileSync(file, JSON.stringify({esdb_version: '1', requirements: [RECORD]}))
  return ['esdb', 'import', file, '--apply', '--json']
}
const creditsRecord = () => ['credits', 'record', '--provider', 'openai', '--model', 'gpt-4o', '--tokens-in', '10', '--tokens-out', '5', '--task', 't', '--json']

const CASES: Case[] = [
  {name: '.govtool itself (ledger add)', link: '.govtool', dir: true, args: ledgerAdd},
  {name: 'the ledger witness', link: '.govtool/ledger-chain.txt', dir: false, args: ledgerAdd},
  {name: 'the ledger heads', link: '.govtool/ledger-heads.json', dir: false, args: ledgerAdd},
  {name: 'the ledger tail cache directory', link: '.govtool/cache', dir: true, args: ledgerAdd},
  {name: 'LEDGER.md', link: 'LEDGER.md', dir: false, args: ledgerAdd},
  {name: 'credits.json', link: '.govtool/credits.json', dir: false, args: creditsRecord},
  {name: 'the ESDB directory', link: '.govtool/esdb', dir: true, args: esdbImport},
  {name: 'the ESDB WAL', link: '.govtool/esdb/wal.jsonl', dir: false, args: esdbImport},
  {name: 'the ESDB head', link: '.govtool/esdb/head.json', dir: false, args: esdbImport},
  {name: 'the export file', link: '.govtool/esdb_export.json', dir: false, args: () => ['esdb', 'export', '--json']},
  {name: 'the backups directory', link: '.govtool/backups', dir: true, args: () => ['esdb', 'backup', '--json']},
  {name: 'the pid directory', link: '.govtool/pids', dir: true, args: () => ['exec', '--json', '--', process.execPath, '-e', '0']},
  {name: 'the log directory', link: '.govtool/logs', dir: true, args: () => ['exec', '--json', '--', process.execPath, '-e', '0']},
  {name: '.agents/skills', link: '.agents/skills', dir: true, args: () => ['skills', 'build', 'Summarise release notes for the changelog', '--json']},
]

describe('symlinks planted in a project are never written through', () => {
  after(cleanupTempDirs)

  for (const c of CASES) {
    it(`refuses ${c.name} (${c.link}) with E_SYMLINK and writes nothing outside`, async function () {
      this.timeout(60_000)
      const project = makeTempDir()
      const out = outside()
      c.before?.(project)
      const link = path.join(project, c.link)
      mkdirSync(path.dirname(link), {recursive: true})
      symlinkSync(c.dir ? out.dir : out.victim, link)
      const args = c.args(project)
      const snapshot = tree(out.dir)
      const r = await runCli(args, {cwd: project})
      expect(tree(out.dir), 'files outside the project').to.deep.equal(snapshot)
      expect(r.code, r.stdout + r.stderr).to.equal(1)
      const error = r.json<{error: {code: string; message: string}}>().error
      expect(error.code).to.equal('E_SYMLINK')
      expect(error.message).to.contain(`symbolic link ${c.link}`)
    })
  }

  it('the kernel helpers refuse a link at any depth below the project root, and a link as the last component anywhere', async () => {
    const project = makeTempDir()
    const out = outside()
    new ProjectContext(project)
    mkdirSync(path.join(project, 'a'))
    symlinkSync(out.dir, path.join(project, 'a', 'b'))
    const refused = async (p: Promise<unknown>) => {
      try {
        await p
      } catch (error) {
        return (error as {code?: string}).code
      }
      return 'written'
    }
    expect(await refused(writeFileAtomic(path.join(project, 'a', 'b', 'c', 'x.json'), '{}'))).to.equal('E_SYMLINK')
    expect(await refused(appendJsonl(path.join(project, 'a', 'b', 'x.jsonl'), [{a: 1}]))).to.equal('E_SYMLINK')
    expect(await refused(ensureDir(path.join(project, 'a', 'b', 'c')))).to.equal('E_SYMLINK')
    // outside any project: only the last component is checked
    const elsewhere = makeTempDir('govtool-elsewhere-')
    symlinkSync(out.victim, path.join(elsewhere, 'link.txt'))
    expect(await refused(writeFileAtomic(path.join(elsewhere, 'link.txt'), 'x'))).to.equal('E_SYMLINK')
    expect(await refused(appendJsonl(path.join(elsewhere, 'link.txt'), [{a: 1}]))).to.equal('E_SYMLINK')
    expect(tree(out.dir)).to.deep.equal({'victim.txt': 'precious\n'})
  })
})
