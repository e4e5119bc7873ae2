/**
 * `loadGovernanceModel`: the requirements and tests of a project, with every problem located by file and
 * line. Fast on large projects: parse results are cached per section in `.govtool/cache/` keyed by content
 * hashes, so an unchanged file costs a stat (or a hash) and one JSON read, and an edit re-parses only the
 * sections it touched. A missing, stale or corrupt cache is ignored and rebuilt. (This is not the derived cache
 * `.govtool/requirements.json` / `testcases.json`, which `sync` manages.)
 */
import {existsSync, readFileSync, statSync} from 'node:fs'
import {readFile} from 'node:fs/promises'

import {GovError, isDraftStatus, readTextIfExistsSync, writeFileAtomic, type ProjectContext} from 'govtool/core'

import {splitSections} from './markdown.js'
import {parseScaffoldText} from './scaffold-memo.js'
import type {RecordKind} from './scan.js'
import {GOVERNANCE_FILE_MAX_BYTES, parseSectionText, sectionHash, toItem} from './sections.js'
import type {Coverage, GovernanceModel, ParseProblem, Requirement, TestCase} from './types.js'

/** node:crypto on first use: loading it is 5-25 ms of a start-up that may hash nothing (issue 14, seventh pass) */
let cryptoModule: typeof import('node:crypto') | undefined
const crypto = (): typeof import('node:crypto') => (cryptoModule ??= process.getBuiltinModule('node:crypto'))

/** Bumped whenever the parser's output for the same text changes, so old caches are ignored. */
const PARSER_VERSION = 5

export interface LoadModelOptions {
  /** `readwrite` (default): use and refresh the parse cache; `read`: use it but never write; `off`: parse everything */
  cache?: 'readwrite' | 'read' | 'off'
}

/** The files the model is read from: scaffold.yml `requirements_file` / `test_spec_file`, else the defaults (with legacy fallback). */
export async function governanceSources(ctx: ProjectContext): Promise<{requirements: string; tests: string}> {
  const paths = {requirements: ctx.file('requirements'), tests: ctx.file('tests')}
  let text: string | undefined
  try {
    // a small file read first by every model load: without the thread pool (readTextIfExistsSync)
    text = readTextIfExistsSync(ctx.file('scaffold'))
  } catch {
    text = undefined
  }
  if (text === undefined) return paths
  try {
    const data = (await parseScaffoldText(ctx, text, ctx.file('scaffold'))).data as Record<string, unknown> | null
    const override = (value: unknown, fallback: string, standard: string) =>
      typeof value === 'string' && value.trim() && value.trim() !== standard ? ctx.path(value.trim()) : fallback
    return {
      requirements: override(data?.requirements_file, paths.requirements, 'docs/REQUIREMENTS.md'),
      tests: override(data?.test_spec_file, paths.tests, 'docs/TESTS.md'),
    }
  } catch {
    return paths // a malformed scaffold.yml is reported by validate and phase, not here
  }
}

export async function loadGovernanceModel(ctx: ProjectContext, options: LoadModelOptions = {}): Promise<GovernanceModel> {
  const sources = await governanceSources(ctx)
  const [reqs, tests] = await Promise.all([
    loadRecords<Requirement>(ctx, 'requirement', sources.requirements, options),
    loadRecords<TestCase>(ctx, 'test', sources.tests, options),
  ])
  const problems: ParseProblem[] = [...reqs.problems, ...tests.problems]
  const requirements = reqs.dups > 0 ? unique(reqs.items, 'requirement', problems) : reqs.items
  const tests_ = tests.dups > 0 ? unique(tests.items, 'test', problems) : tests.items
  problems.sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1))
  return {requirements, tests: tests_, problems}
}

/** Keeps the first record of each id; later ones become problems. */
function unique<T extends Requirement | TestCase>(items: T[], kind: RecordKind, problems: ParseProblem[]): T[] {
  const seen = new Map<string, number>()
  let dup = false
  for (const r of items) {
    const first = seen.get(r.id)
    if (first === undefined) seen.set(r.id, r.line)
    else {
      dup = true
      problems.push({file: r.file, line: r.line, message: `duplicate ${kind} id ${r.id} (first defined at line ${first})`})
    }
  }
  if (!dup) return items
  return items.filter((r) => seen.get(r.id) === r.line)
}

/** Draft requirements are left out of coverage (the statuses are govtool/core's one list). */
export function isDraft(req: Pick<Requirement, 'status'>): boolean {
  return isDraftStatus(req.status)
}

export function coverage(model: Pick<GovernanceModel, 'requirements' | 'tests'>): Coverage {
  const known = new Set(model.requirements.map((r) => r.id))
  const coveredIds = new Set<string>()
  const orphans: Coverage['orphans'] = []
  for (const t of model.tests) {
    for (const id of t.covers) {
      if (known.has(id)) coveredIds.add(id)
      else orphans.push({test: t.id, requirement: id})
    }
  }
  const covered: string[] = []
  const uncovered: string[] = []
  for (const r of model.requirements) {
    if (isDraft(r)) continue
    if (coveredIds.has(r.id)) covered.push(r.id)
    else uncovered.push(r.id)
  }
  const total = covered.length + uncovered.length
  return {covered, uncovered, orphans, percent: total === 0 ? 0 : Math.round((covered.length / total) * 1000) / 10}
}

function sha(data: string | Buffer): string {
  return crypto().createHash('sha1').update(data).digest('hex')
}

/**
 * The cache of one file, in two parts. `parse-<kind>.json` is all a hit reads: the final records (absolute
 * lines, `file` left out and put back) and problems as [section, line, message]; so a hit is one JSON.parse.
 * `parse-<kind>.sections.json` holds each section's hash and first line and each record's section, read
 * only after an edit to reuse the sections it did not touch. `stat` lets a hit skip reading and hashing the
 * markdown when size, mtime and inode are unchanged and the file was last modified well before the cache
 * was written (the "racy" case, a write within the same clock tick, always re-hashes).
 */
interface ParseCache<T> {
  v: number
  file: string
  hash: string
  stat: {size: number; mtimeMs: number; ino: number; builtAt: number} | null
  dups: number
  recs: T[]
  probs: [number, number, string][]
}

interface SectionsCache {
  v: number
  hash: string
  secs: (string | number)[]
  recSec: number[]
}

interface Loaded<T> {
  items: T[]
  problems: ParseProblem[]
  /** how many records repeat an earlier id (0 lets the caller skip the duplicate pass) */
  dups: number
}

interface SectionItems<T> {
  start: number
  items: T[]
  problems: {line: number; message: string}[]
}

export {GOVERNANCE_FILE_MAX_BYTES} from './sections.js'

/** Mtime resolution margin for the racy-write check (ms). */
const RACY_MS = 2000

// the stat and the parse cache are read synchronously: they are what a warm load reads, and an asynchronous read
// is a round trip to libuv's thread pool (started by the first one), costly on a loaded machine (issue 14)
async function statOf(file: string): Promise<{size: number; mtimeMs: number; ino: number} | undefined> {
  try {
    const st = statSync(file)
    return {size: st.size, mtimeMs: st.mtimeMs, ino: st.ino}
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

async function loadRecords<T extends Requirement | TestCase>(ctx: ProjectContext, kind: RecordKind, file: string, options: LoadModelOptions): Promise<Loaded<T>> {
  const rel = ctx.relative(file)
  const mode = options.cache ?? 'readwrite'
  const cacheFile = ctx.state('cache', `parse-${kind}.json`)
  const sectionsFile = ctx.state('cache', `parse-${kind}.sections.json`)
  const [st, cached] = await Promise.all([statOf(file), mode === 'off' ? undefined : readCache<T>(cacheFile, kind)])
  if (st === undefined) return {items: [], problems: [], dups: 0}
  const usable = cached && cached.file === rel ? cached : undefined
  const s = usable?.stat
  if (usable && s && s.size === st.size && s.mtimeMs === st.mtimeMs && s.ino === st.ino && st.mtimeMs < s.builtAt - RACY_MS) return hit(usable, rel)
  if (st.size > GOVERNANCE_FILE_MAX_BYTES) {
    throw new GovError(`${rel} is ${(st.size / 1024 / 1024).toFixed(1)} MiB, over the ${GOVERNANCE_FILE_MAX_BYTES / 1024 / 1024} MiB limit of a governance file; refusing to parse it.`, {
      code: 'E_FILE_TOO_LARGE',
      file: rel,
      hint: `Split it (e.g. move closed ${kind === 'requirement' ? 'requirements' : 'tests'} to an archive file) or restore it from version control if it was filled by mistake.`,
    })
  }
  const data = await readFile(file)
  const hash = sha(data)
  if (usable && usable.hash === hash) {
    if (mode === 'readwrite' && st.mtimeMs < Date.now() - RACY_MS) {
      // verified against the content just now: record the stat so that the next run can skip the hash
      await writeFileAtomic(cacheFile, JSON.stringify({...usable, stat: {...st, builtAt: Date.now()}})).catch(() => {})
    }
    return hit(usable, rel)
  }

  const previous = usable ? await readSections(sectionsFile, usable) : new Map<string, SectionItems<T>>()
  const body: ParseCache<T> = {v: PARSER_VERSION, file: rel, hash, stat: {...st, builtAt: Date.now()}, dups: 0, recs: [], probs: []}
  const sections: SectionsCache = {v: PARSER_VERSION, hash, secs: [], recSec: []}
  for (const [index, section] of splitSections(data.toString('utf8')).entries()) {
    const h = sectionHash(section.text)
    sections.secs.push(h, section.start)
    const reuse = previous.get(h)
    if (reuse) {
      const shift = section.start - reuse.start
      for (const item of reuse.items) {
        body.recs.push({...item, line: item.line + shift})
        sections.recSec.push(index)
      }
      for (const p of reuse.problems) body.probs.push([index, p.line + shift, p.message])
      continue
    }
    const result = await parseSectionText(kind, section.text)
    for (const r of result.records) {
      body.recs.push(toItem(kind, r, rel, section.start - 1) as T)
      sections.recSec.push(index)
    }
    for (const p of result.problems) body.probs.push([index, p.line + section.start - 1, p.message])
  }
  const ids = new Set<string>()
  for (const r of body.recs) {
    if (ids.has(r.id)) body.dups++
    else ids.add(r.id)
  }
  if (mode === 'readwrite') {
    try {
      await ignoreCacheDir(ctx)
      await writeFileAtomic(sectionsFile, JSON.stringify(sections))
      const recs = body.recs.map(({file: _file, ...rest}) => rest)
      await writeFileAtomic(cacheFile, JSON.stringify({...body, recs}))
    } catch {
      // a read-only project still works, only slower
    }
  }
  return {items: body.recs, problems: body.probs.map((p) => ({file: rel, line: p[1], message: p[2]})), dups: body.dups}
}

/** The parse cache is machine-local (it records inodes and mtimes): keep it out of version control. */
async function ignoreCacheDir(ctx: ProjectContext): Promise<void> {
  const file = ctx.state('cache', '.gitignore')
  if (!existsSync(file)) await writeFileAtomic(file, '# govtool parse cache: local to this machine, rebuilt on demand\n*\n')
}

function hit<T extends Requirement | TestCase>(cache: ParseCache<T>, rel: string): Loaded<T> {
  for (const r of cache.recs) r.file = rel
  return {items: cache.recs, problems: cache.probs.map((p) => ({file: rel, line: p[1], message: p[2]})), dups: cache.dups}
}

/** The cache, or `undefined` when it is missing, from another parser version, or not well formed. */
async function readCache<T>(file: string, kind: RecordKind): Promise<ParseCache<T> | undefined> {
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as Partial<ParseCache<T>>
    if (data?.v !== PARSER_VERSION || typeof data.hash !== 'string' || typeof data.file !== 'string') return undefined
    const {recs, probs} = data
    if (!Array.isArray(recs) || !Array.isArray(probs) || typeof data.dups !== 'number') return undefined
    if (data.stat !== null && (typeof data.stat !== 'object' || typeof data.stat.size !== 'number' || typeof data.stat.builtAt !== 'number')) return undefined
    for (const r of recs as unknown as Record<string, unknown>[]) {
      if (!r || typeof r.id !== 'string' || typeof r.title !== 'string' || typeof r.line !== 'number') return undefined
      if (kind === 'test' ? !Array.isArray(r.covers) : typeof r.status !== 'string' || typeof r.description !== 'string') return undefined
    }
    for (const p of probs) if (!Array.isArray(p) || typeof p[0] !== 'number' || typeof p[1] !== 'number' || typeof p[2] !== 'string') return undefined
    return data as ParseCache<T>
  } catch {
    return undefined
  }
}

/** The cached records and problems grouped by section hash, for reuse after an edit; empty when unusable. */
async function readSections<T extends Requirement | TestCase>(file: string, cache: ParseCache<T>): Promise<Map<string, SectionItems<T>>> {
  const map = new Map<string, SectionItems<T>>()
  let data: Partial<SectionsCache>
  try {
    data = JSON.parse(await readFile(file, 'utf8')) as Partial<SectionsCache>
  } catch {
    return map
  }
  const {secs, recSec} = data
  if (data.v !== PARSER_VERSION || data.hash !== cache.hash || !Array.isArray(secs) || !Array.isArray(recSec) || recSec.length !== cache.recs.length) return map
  const bySection: SectionItems<T>[] = []
  for (let i = 0; i + 1 < secs.length; i += 2) bySection.push({start: Number(secs[i + 1]), items: [], problems: []})
  for (const [j, item] of cache.recs.entries()) bySection[recSec[j]]?.items.push({...item, file: cache.file})
  for (const p of cache.probs) bySection[p[0]]?.problems.push({line: p[1], message: p[2]})
  for (const [i, s] of bySection.entries()) if (Number.isFinite(s.start) && typeof secs[i * 2] === 'string') map.set(String(secs[i * 2]), s)
  return map
}
