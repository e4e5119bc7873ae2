/**
 * The model summary (`.govtool/cache/model-summary-<bundle>.json`, issue 14, start-up tenth pass). checkpoint and
 * `phase show` loaded the whole governance model (every requirement and test, from the section parse cache or
 * parsed), then the findings and the phase checklists walked it, and `sync --check` loaded it a second time: some
 * 180 ms of CPU at 5,000 requirements for a handful of numbers. What they read of it is small and kept here: the
 * counts, the checklists' inputs derived from the model (ChecklistModel) and the findings of the checks that read
 * the model (MODEL_CHECKS); every other finding, and every other checklist input, is computed as before. audit and
 * validate (eleventh pass) take the findings of their own model checks from it (summarisedFindings): the model's
 * findings are a pure function of the files in the key; the ledger, ESDB, AGENTS.md, scaffold, limits, sizes and CI
 * findings, which read other files, are never kept here. On their miss the summary is computed without `sync --check`
 * and kept as unsynced, which checkpoint and the checklists take for a miss (they compute and keep a synced one).
 *
 * The summary is used only when it is known not to be stale. Its key holds the identity (device, inode, size,
 * mtime and ctime in ns) of every file the model, those findings and the sync check read, absent files included
 * (scaffold.yml, the requirements and test files it names and the default ones, docs/architecture.md,
 * `.govtool/requirements.json` and `testcases.json`), and the identity of the code (the hot bundle's file, else
 * every module beside this one and govtool/core's config module). The model reads no git and no test code, so
 * neither is in the key. Like git's index, a file whose mtime or ctime is within RACY_MS of the moment the summary
 * was written is not trusted (an edit in the same clock tick would keep the identity): such a summary is not
 * written, and one read back that has such a file is a miss. A miss, a torn or foreign file, a symlink at the
 * cache path: the full path answers, which stays the source of truth (the summary gives byte-identical output).
 * GOVTOOL_NO_MODEL_SUMMARY=1 turns it off (the full path every time).
 */
import {closeSync, constants, fstatSync, openSync, readdirSync, readFileSync, statSync} from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

import {GATING_PRIORITIES, isRequirementPriority, normalPriority, scaffoldSchemaStamp, timingMark, writeFileAtomic, type ProjectContext} from 'govtool/core'

import {PHASE_CHECKS, findingsOf, governanceFindings, sortFindings, type Finding, type FindingCheck, type FindingsOptions} from './findings.js'
import {coverage, governanceSources, isDraft, loadGovernanceModel} from './model.js'
import {syncDerivedCache, DERIVED_FILES} from './sync.js'
import type {GovernanceModel} from './types.js'

declare const __GOVTOOL_HOT_BUNDLE__: boolean | undefined

const VERSION = 2
/** files changed this close (ms) to the summary's writing are not trusted (git's racy index rule) */
export const modelSummarySettings = {racyMs: 2000, enabled: !process.env.GOVTOOL_NO_MODEL_SUMMARY}
/** How the last calls went (tests). */
export const modelSummaryStats = {hits: 0, misses: 0, written: 0, refused: 0}

/** The checks whose findings come from the model (and docs/architecture.md): what the summary keeps. */
export const MODEL_CHECKS: readonly FindingCheck[] = ['requirements', 'parse', 'coverage', 'orphans', 'requirement-fields', 'architecture']

/** A list of ids as the checklists show it: the first three and how many there are. */
export interface IdList {
  count: number
  head: string[]
}
interface At {
  file: string
  line?: number
}

/** What the phase checklists read of the model (and of `sync --check`). */
export interface ChecklistModel {
  requirements: number
  tests: number
  nonDraft: number
  firstNonDraft?: string
  p1: number
  p1Covered: number
  p1Uncovered: IdList
  coveragePercent: number
  uncovered: IdList
  undescribed: {count: number; first?: At & {id: string; description: boolean; priority: boolean}}
  drafts: IdList & {first?: At}
  firstProblem?: At & {message: string}
  /** `sync --check`'s answer; undefined when it could not run (a malformed file) */
  sync?: {in_sync: boolean}
}

const idList = (list: readonly string[]): IdList => ({count: list.length, head: list.slice(0, 3)})

/** The checklists' inputs of a model and of `sync --check`'s answer. */
export function checklistModel(model: GovernanceModel, sync: {in_sync: boolean} | undefined): ChecklistModel {
  const cov = coverage(model)
  const nonDraft = model.requirements.filter((r) => !isDraft(r))
  const p1 = nonDraft.filter((r) => r.priority !== undefined && (GATING_PRIORITIES as readonly string[]).includes(normalPriority(r.priority)))
  const coveredSet = new Set(cov.covered)
  const undescribed = model.requirements.filter((r) => !r.description || !r.priority || !isRequirementPriority(r.priority))
  const drafts = model.requirements.filter((r) => isDraft(r))
  const u = undescribed[0]
  const p = model.problems[0]
  return {
    requirements: model.requirements.length,
    tests: model.tests.length,
    nonDraft: nonDraft.length,
    ...(nonDraft[0] ? {firstNonDraft: nonDraft[0].id} : {}),
    p1: p1.length,
    p1Covered: p1.filter((r) => coveredSet.has(r.id)).length,
    p1Uncovered: idList(p1.filter((r) => !coveredSet.has(r.id)).map((r) => r.id)),
    coveragePercent: cov.percent,
    uncovered: idList(cov.uncovered),
    undescribed: {count: undescribed.length, ...(u ? {first: {id: u.id, description: Boolean(u.description), priority: Boolean(u.priority), file: u.file, line: u.line}} : {})},
    drafts: {...idList(drafts.map((r) => r.id)), ...(drafts[0] ? {first: {file: drafts[0].file, line: drafts[0].line}} : {})},
    ...(p ? {firstProblem: {file: p.file, line: p.line, message: p.message}} : {}),
    ...(sync ? {sync: {in_sync: sync.in_sync}} : {}),
  }
}

/** What audit and validate read of the model: the findings of MODEL_CHECKS (each command takes those of its own checks). */
export interface ModelFindings {
  findings: Finding[]
}

/** What checkpoint and `phase show` read of the model: the findings and the checklists' inputs. */
export interface ModelSummary extends ModelFindings {
  checklist: ChecklistModel
}

const MODEL_PHASE_CHECKS = PHASE_CHECKS.filter((c) => MODEL_CHECKS.includes(c))
const OTHER_PHASE_CHECKS = PHASE_CHECKS.filter((c) => !MODEL_CHECKS.includes(c))

/** The summary computed from the files (the full path: the model loaded once, its findings, `sync --check` on it). */
export async function computeModelSummary(ctx: ProjectContext, model?: GovernanceModel): Promise<ModelSummary> {
  const m = model ?? (await loadGovernanceModel(ctx, {cache: 'read'}))
  const [findings, sync] = await Promise.all([
    governanceFindings(ctx, MODEL_CHECKS, {model: m}),
    syncDerivedCache(ctx, {check: true, model: m}).catch(() => undefined),
  ])
  return {checklist: checklistModel(m, sync), findings}
}

/**
 * The findings alone, as audit and validate compute them on a miss: without the checklists' inputs and `sync
 * --check` (the serialisation of every record and a read of the derived cache, 30-45 ms at 5,000 requirements, and
 * the checklists' walk, 15 ms), which only checkpoint and the phase checklists read; they take such a summary (kept
 * as unsynced) for a miss. The model load refreshes the section parse cache, as governanceFindings' own load does.
 */
async function computeModelFindings(ctx: ProjectContext): Promise<ModelFindings> {
  return {findings: await governanceFindings(ctx, MODEL_CHECKS, {model: await loadGovernanceModel(ctx)})}
}

/** PHASE_CHECKS' findings: the summary's and the others computed now, in governanceFindings' order. */
export async function phaseFindings(ctx: ProjectContext, summary: ModelSummary, options: {registry?: import('govtool/core').ProjectTypeRegistry} = {}): Promise<Finding[]> {
  const others = await governanceFindings(ctx, OTHER_PHASE_CHECKS, {registry: options.registry})
  return sortFindings([...findingsOf(summary.findings, MODEL_PHASE_CHECKS), ...others])
}

/**
 * The findings of `checks` (audit's, validate's), those of the model's checks from the model summary when it is
 * fresh: equal to `governanceFindings(ctx, checks, options)`, which answers when the summary is off or missed and
 * could not be computed, or a model is given. The two sets of checks are disjoint and sortFindings is stable, so the
 * merge is in the one order (a check's findings keep the order the model's walk gave them).
 */
export async function summarisedFindings(ctx: ProjectContext, checks: readonly FindingCheck[], options: FindingsOptions = {}): Promise<Finding[]> {
  const fromModel = checks.filter((c) => MODEL_CHECKS.includes(c))
  const summary = fromModel.length > 0 && !options.model ? await kept(ctx, false, () => computeModelFindings(ctx)).catch(() => undefined) : undefined
  if (!summary) return governanceFindings(ctx, checks, {registry: options.registry, model: options.model})
  return withModelFindings(ctx, checks, summary.findings, options)
}

/**
 * The findings of `checks`, those of MODEL_CHECKS taken from `modelFindings` (computed by `governanceFindings(ctx,
 * MODEL_CHECKS, {model})` on the files of now: the summary's, or a kept record's such as export's) and the others
 * computed now, in governanceFindings' order.
 */
export async function withModelFindings(ctx: ProjectContext, checks: readonly FindingCheck[], modelFindings: readonly Finding[], options: FindingsOptions = {}): Promise<Finding[]> {
  const fromModel = checks.filter((c) => MODEL_CHECKS.includes(c))
  const others = checks.filter((c) => !MODEL_CHECKS.includes(c))
  const rest = others.length > 0 ? await governanceFindings(ctx, others, {registry: options.registry}) : []
  return sortFindings([...findingsOf(modelFindings, fromModel), ...rest])
}

let codeKey: string | undefined
/** The identity of the code that computes the summary. */
function codeIdentity(): string {
  if (codeKey !== undefined) return codeKey
  codeKey = ''
  try {
    const self = fileURLToPath(import.meta.url)
    if (typeof __GOVTOOL_HOT_BUNDLE__ !== 'undefined' && __GOVTOOL_HOT_BUNDLE__) codeKey = identity(self)
    else {
      const dir = path.dirname(self)
      const ids = readdirSync(dir).sort().map((n) => `${n}=${identity(path.join(dir, n))}`)
      codeKey = `${ids.join(',')};${scaffoldSchemaStamp()}`
    }
  } catch {
    codeKey = ''
  }
  return codeKey
}

function identity(file: string): string {
  const st = statSync(file, {bigint: true, throwIfNoEntry: false})
  return st ? `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}` : '-'
}

/** The newest mtime or ctime (ms) among the files, from their identities. */
function newest(ids: readonly string[]): number {
  let max = 0
  for (const id of ids) {
    const [, , , mtime, ctime] = id.split(':')
    if (mtime !== undefined) max = Math.max(max, Number(BigInt(mtime) / 1_000_000n), Number(BigInt(ctime) / 1_000_000n))
  }
  return max
}

/** The cache file's name, after what it keeps (`summary`, `reports`) and the bundle (or module) running this code. */
function summaryFile(ctx: ProjectContext, kind: string): string {
  let name = 'module'
  try {
    name = path.basename(fileURLToPath(import.meta.url)).replace(/\.[^.]*$/, '')
  } catch {
    // the default name
  }
  return ctx.state('cache', `model-${kind}-${name}.json`)
}

async function sourceFiles(ctx: ProjectContext): Promise<string[]> {
  const sources = await governanceSources(ctx)
  const files = [ctx.file('scaffold'), sources.requirements, sources.tests, ctx.file('requirements'), ctx.file('tests'), ctx.file('architecture'), ctx.state(DERIVED_FILES.requirements), ctx.state(DERIVED_FILES.tests)]
  return [...new Set(files.map((f) => path.resolve(f)))]
}

interface Stored {
  v: number
  key: string
  written: number
  /** a ModelSummary (else ModelFindings: audit's and validate's, which the checklists take for a miss) */
  synced: boolean
  summary: ModelFindings & {checklist?: ChecklistModel}
}

/**
 * The model summary: read back when its key (the sources' and the code's identities) is the files' of now and
 * none of them is racy, else computed by the full path and written for the next process (when it may be).
 */
export async function modelSummary(ctx: ProjectContext): Promise<ModelSummary | undefined> {
  return kept(ctx, true, () => computeModelSummary(ctx))
}

/**
 * Another record derived from the model alone (`req gaps`' and `req orphans`' reports, model-reports in reports.ts),
 * kept in its own file (`model-<kind>-<bundle>.json`) under the model summary's key and rules: read back when fresh,
 * else computed and kept for the next process; undefined when turned off. `valid` checks the shape read back.
 */
export async function keptModelRecord<T extends ModelFindings>(ctx: ProjectContext, kind: string, compute: () => Promise<T>, valid: (record: T) => boolean): Promise<T | undefined> {
  return kept(ctx, false, compute, kind, valid as (record: ModelFindings) => boolean)
}

/** The summary (`synced`) or the findings alone, kept when fresh, else computed and kept for the next process. */
async function kept<T extends ModelFindings>(ctx: ProjectContext, synced: boolean, compute: () => Promise<T>, kind = 'summary', valid?: (record: ModelFindings) => boolean): Promise<T | undefined> {
  // turned off (GOVTOOL_NO_MODEL_SUMMARY, tests): undefined, and the callers take the full path
  if (!modelSummarySettings.enabled) return undefined
  const code = codeIdentity()
  const files = await sourceFiles(ctx)
  const ids = files.map((f) => identity(f))
  const key = JSON.stringify([VERSION, code, files, ids])
  const file = summaryFile(ctx, kind)
  const read = code ? readStored(file) : undefined
  const stored = read && (!valid || valid(read.summary)) ? read : undefined
  // the findings alone (audit's, validate's) serve them, not the checklists
  if (stored && stored.key === key && (stored.synced || !synced) && newest(ids) < stored.written - modelSummarySettings.racyMs) {
    modelSummaryStats.hits++
    timingMark('model summary read')
    return stored.summary as T
  }
  modelSummaryStats.misses++
  const summary = await compute()
  timingMark('model summary computed')
  const written = Date.now()
  // written only when the files are those the summary was computed from, none of them racy, into an existing .govtool/
  const after = files.map((f) => identity(f))
  if (code && after.every((id, i) => id === ids[i]) && newest(after) < written - modelSummarySettings.racyMs && statSync(ctx.state(), {throwIfNoEntry: false})?.isDirectory()) {
    const record: Stored = {v: VERSION, key, written, synced, summary}
    await writeFileAtomic(file, `${JSON.stringify(record)}\n`, {mode: 0o600}).then(
      () => {
        modelSummaryStats.written++
      },
      () => {
        modelSummaryStats.refused++
      },
    )
  }
  return summary
}

function readStored(file: string): Stored | undefined {
  try {
    // never through a symlink: a planted link is a miss (and writeFileAtomic refuses to replace it)
    let text: string
    const fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW)
    try {
      if (!fstatSync(fd).isFile()) return undefined
      text = readFileSync(fd, 'utf8')
    } finally {
      closeSync(fd)
    }
    const data = JSON.parse(text) as Partial<Stored>
    if (data.v !== VERSION || typeof data.key !== 'string' || typeof data.written !== 'number' || typeof data.synced !== 'boolean' || !data.summary || !Array.isArray(data.summary.findings) || (data.synced && typeof data.summary.checklist !== 'object')) return undefined
    return data as Stored
  } catch {
    return undefined
  }
}
