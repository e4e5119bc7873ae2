/**
 * Everything a decision reads from a project: the resolved policy (preflight/verify config, AEE phase,
 * permission profile) and the requirement index. Loaded once and cached in-process while the files it came
 * from are unchanged (mtime, size and inode), so a server or the dispatcher deciding many requests pays
 * once; a fresh process reads it from the preflight pack (pack.ts) and only parses YAML and Markdown when
 * the pack is missing or stale.
 */

import {readFileSync, statSync} from 'node:fs'

import type {GovernanceModel} from '@govtool/plugin-governance/trace'
import {AEE_PHASES, GovConfig, removePath, type AeePhase, type ProjectContext} from 'govtool/core'

import type {PhaseAction} from './analyse/intent.js'
import {readPackFile, signatureOf, watchedPaths, writePack, type PackFile, type PackSources} from './pack.js'
import {DEFAULT_PHASE_RULES, PreflightConfigSchema, VerifyConfigSchema, type PreflightConfig, type VerifyConfig} from './policy/config.js'
import type {ForbiddenRule} from './policy/forbidden.js'
import {AgentSectionSchema, resolveProfile, type PermissionProfile} from './permissions.js'
import {forbiddenRules} from './rule-cache.js'
import {hashAt, matchSections, reqSectionsAfter, reqSectionsOf, type ReqSections} from './req-sections.js'
import {buildSections, indexFromSections, requirementIndex, type RequirementIndex} from './scope-index.js'
import {updateSections, type IndexSegment} from './scope-index-update.js'

export interface PhaseState {
  phase: AeePhase
  /** `scaffold` when scaffold.yml records aee_phase; `default` otherwise (inception) */
  source: 'scaffold' | 'default'
  /** whether the phase rules apply (preflight.phase_gating: auto applies them only to a recorded phase) */
  gated: boolean
}

/** Which file set verify.threshold: docs/GOVTOOL.yml, ~/.govtool/config.yml, or neither (the default). */
export type ThresholdOrigin = 'project' | 'user' | 'default'

/** The policy as plain data: what the pack stores, and what everything in ProjectPolicy is derived from. */
export interface PolicyData {
  preflight: PreflightConfig
  verify: VerifyConfig
  permissions: PermissionProfile
  phase: PhaseState
  /** scaffold.yml epistemic_threshold when it applies */
  epistemic?: number
  /** where verify.threshold was set, for the texts that name it */
  threshold_origin: ThresholdOrigin
}

export interface ProjectPolicy {
  preflight: PreflightConfig
  verify: VerifyConfig
  rules: ForbiddenRule[]
  frozen: ReadonlySet<string>
  phase: PhaseState
  phaseRules: Record<AeePhase, ReadonlySet<PhaseAction>>
  permissions: PermissionProfile
  /**
   * The one confidence threshold: verify.threshold, raised by scaffold.yml epistemic_threshold when that
   * applies. It is the confidence target preflight gives an ordinary request and the threshold verify checks;
   * `confidenceTarget` raises it for destructive and release work.
   */
  threshold: number
  /** where the threshold is set, in words: what the instruction and verify's summary name */
  thresholdSetting: string
  /** scaffold.yml epistemic_threshold when it applies */
  epistemic?: number
}

export interface PreflightSnapshot {
  root: string
  index: RequirementIndex
  policy: ProjectPolicy
}

/** The policy data of a loaded config (validates the preflight, verify and agent sections). */
export function policyData(config: GovConfig): PolicyData {
  const preflight = config.section('preflight', PreflightConfigSchema)
  const verify = config.section('verify', VerifyConfigSchema)
  const agent = config.section('agent', AgentSectionSchema)
  const scaffold = config.scaffold()
  const raw = (config.scaffoldFile?.data ?? {}) as Record<string, unknown>
  const recorded = scaffold !== undefined && raw.aee_phase !== undefined
  const phase: PhaseState = {
    phase: scaffold?.aee_phase ?? 'inception',
    source: recorded ? 'scaffold' : 'default',
    gated: preflight.phase_gating === 'always' || (preflight.phase_gating === 'auto' && recorded),
  }
  const epistemicApplies = scaffold !== undefined && (raw.epistemic_threshold !== undefined || scaffold.enable_epistemic)
  const data: PolicyData = {preflight, verify, permissions: resolveProfile(agent.permissions), phase, threshold_origin: thresholdOrigin(config)}
  if (epistemicApplies) data.epistemic = scaffold.epistemic_threshold
  return data
}

/** The layer whose verify section sets `threshold` (GovConfig takes a section whole from one layer). */
function thresholdOrigin(config: GovConfig): ThresholdOrigin {
  for (const [origin, layer] of [['project', config.project], ['user', config.user]] as const) {
    const data = layer?.data as Record<string, unknown> | null | undefined
    if (!data || typeof data !== 'object' || !('verify' in data)) continue
    const section = data.verify as Record<string, unknown> | null
    return section && typeof section === 'object' && 'threshold' in section ? origin : 'default'
  }
  return 'default'
}

const THRESHOLD_SETTING: Record<ThresholdOrigin, string> = {
  project: 'verify.threshold in docs/GOVTOOL.yml',
  user: 'verify.threshold in ~/.govtool/config.yml',
  default: 'the default verify.threshold; set it in docs/GOVTOOL.yml',
}

/**
 * Everything derived from the policy data: rule sets, compiled patterns, effective thresholds. The forbidden rules
 * are compiled on first use (`rules` is a getter that keeps its answer): verify and the phase gate never read them,
 * and a decision takes them from the project's rule file (rule-cache.ts, `ctx` given) when it is current.
 */
export function policyFromData(data: PolicyData, ctx?: ProjectContext): ProjectPolicy {
  const {preflight, verify, epistemic} = data
  const phaseRules = {} as Record<AeePhase, ReadonlySet<PhaseAction>>
  for (const p of AEE_PHASES) phaseRules[p] = new Set(preflight.phase_rules[p] ?? DEFAULT_PHASE_RULES[p])
  const raised = epistemic !== undefined && epistemic > verify.threshold
  let rules: ForbiddenRule[] | undefined
  return {
    preflight,
    verify,
    get rules() {
      return (rules ??= forbiddenRules(preflight, ctx?.state('cache')))
    },
    frozen: new Set(preflight.frozen_statuses.map((s) => s.trim().toLowerCase())),
    phase: data.phase,
    phaseRules,
    permissions: data.permissions,
    threshold: raised ? epistemic : verify.threshold,
    thresholdSetting: raised ? 'scaffold.yml epistemic_threshold, which raises verify.threshold' : THRESHOLD_SETTING[data.threshold_origin],
    epistemic,
  }
}

const round2 = (x: number) => Math.round(x * 100) / 100

/** Intents whose work needs the high-risk target (preflight.high_risk_confidence_target). */
const HIGH_RISK: ReadonlySet<string> = new Set(['destructive', 'release'])

/**
 * The confidence a request's work must reach, the same number preflight gives (confidence_target) and verify
 * checks for the work item: the threshold, or for destructive and release work the higher
 * preflight.high_risk_confidence_target. `setting` says where it is configured.
 */
export function confidenceTarget(policy: ProjectPolicy, intent?: string): {target: number; setting: string} {
  if (intent && HIGH_RISK.has(intent) && policy.preflight.high_risk_confidence_target > policy.threshold) {
    return {target: round2(policy.preflight.high_risk_confidence_target), setting: 'preflight.high_risk_confidence_target for destructive and release work'}
  }
  return {target: round2(policy.threshold), setting: policy.thresholdSetting}
}

/** Builds the policy from a loaded config. */
export function buildPolicy(config: GovConfig): ProjectPolicy {
  return policyFromData(policyData(config))
}

interface CacheEntry {
  paths: string[]
  sig: string
  snapshot: PreflightSnapshot
}

const snapshots = new Map<string, CacheEntry>()
const MAX_PROJECTS = 32

export interface SnapshotOptions {
  /** an already-loaded model (the dispatcher's); skips the files, the caches and the pack */
  model?: GovernanceModel
}

/**
 * The project's snapshot: from the in-process cache when its files are unchanged, else from the preflight
 * pack when it is current, else built from the files (and the pack rewritten for the next process).
 */
export async function loadSnapshot(ctx: ProjectContext, options: SnapshotOptions = {}): Promise<PreflightSnapshot> {
  if (options.model) {
    const {isDraft} = await import('@govtool/plugin-governance/trace')
    return {root: ctx.root, index: requirementIndex(options.model, isDraft), policy: buildPolicy(await GovConfig.load(ctx))}
  }
  const hit = snapshots.get(ctx.root)
  if (hit && signatureOf(hit.paths) === hit.sig) return hit.snapshot
  const file = await readPackFile<PolicyData>(ctx)
  let entry: CacheEntry
  if (file?.fresh) {
    const packed = file.pack
    entry = {paths: file.paths, sig: signatureOf(file.paths), snapshot: {root: ctx.root, index: indexFromSections(packed.sections), policy: policyFromData(packed.policy, ctx)}}
  } else {
    entry = (file && (await updateSnapshot(ctx, file).catch(() => undefined))) ?? (await buildSnapshot(ctx))
  }
  if (snapshots.size >= MAX_PROJECTS) snapshots.delete(snapshots.keys().next().value!)
  snapshots.set(ctx.root, entry)
  return entry.snapshot
}

/** How snapshots were made in this process (tests check that an edit took the incremental path). */
export const snapshotStats = {built: 0, updated: 0}

/**
 * After an edit of the requirements file alone (every other file the pack derives from unchanged): the pack
 * brought up to date section by section. The file is split at its id headings as the governance model splits
 * it; a section whose hash the pack knows gives the records it gave before (from the pack), and only the
 * others are parsed; the index is then updated for the records that came and went (updateSections). The
 * policy is the pack's, as no config file changed. `undefined` when the edit is not of that kind, or the
 * result might differ from a full build's (a parse problem or a repeated id): the caller builds it all.
 */
async function updateSnapshot(ctx: ProjectContext, file: PackFile<PolicyData>): Promise<CacheEntry | undefined> {
  const {pack, paths, changed} = file
  const reqPath = pack.sources.requirements
  const old = pack.reqSections
  // (a requirements file that is also the tests file would change the tests too: built whole)
  if (!old || paths.some((p, i) => changed[i] && p !== reqPath) || pack.sources.tests === reqPath || ctx.file('tests') === reqPath) return undefined
  const sections = await import('@govtool/plugin-governance/sections')
  // signed before reading: an edit made while this process reads makes the next one update again
  const sig = signatureOf(paths)
  // read synchronously, as the pack is (readPackFile): no thread pool, no node:fs/promises to load
  const st = statSync(reqPath, {throwIfNoEntry: false})
  if (!st || st.size > sections.GOVERNANCE_FILE_MAX_BYTES) return undefined
  const text = readFileSync(reqPath, 'utf8')
  const match = matchSections(text, old, sections)
  if (!match) return undefined
  const {prefix, suffix} = match
  // where old sections' records start in the old index
  let prefixRecords = 0
  for (let k = 0; k < prefix; k++) prefixRecords += old.counts[k]
  let suffixRecords = 0
  for (let k = suffix; k < old.counts.length; k++) suffixRecords += old.counts[k]
  // the old sections between the runs, by hash: a middle section finds its own (unchanged, moved) there
  const known = new Map<string, {old: number; count: number}[]>()
  for (let k = prefix, at = prefixRecords; k < suffix; at += old.counts[k], k++) {
    const hash = hashAt(old, k)
    const list = known.get(hash)
    const entry = {old: at, count: old.counts[k]}
    if (list) list.push(entry)
    else known.set(hash, [entry])
  }
  const rel = ctx.relative(reqPath)
  const segments: IndexSegment[] = prefixRecords > 0 ? [{old: 0, count: prefixRecords}] : []
  const counts: number[] = []
  for (const section of match.middle) {
    const reuse = known.get(section.hash)?.shift()
    if (reuse) {
      if (reuse.count > 0) segments.push(reuse)
      counts.push(reuse.count)
      continue
    }
    const parsed = await sections.requirementSection(section.text, section.line, rel)
    if (parsed.problems > 0) return undefined
    segments.push({records: parsed.items})
    counts.push(parsed.items.length)
  }
  if (suffixRecords > 0) segments.push({old: pack.sections.n - suffixRecords, count: suffixRecords})
  // drafts as the model's isDraft tells them (govtool/core's isDraftStatus, updateSections' default)
  const index = updateSections(pack.sections, segments)
  if (!index) return undefined
  await writePack(ctx, paths, sig, pack.sources, pack.policy, index, reqSectionsAfter(text, old, match, counts, sections))
  snapshotStats.updated++
  return {paths, sig, snapshot: {root: ctx.root, index: indexFromSections(index), policy: policyFromData(pack.policy, ctx)}}
}

/**
 * The sections of the requirements file and how many of the model's requirements each gave, when every
 * record of the file is in the model (no parse problem, no duplicate) and the file is still what was signed.
 */
async function requirementSections(reqPath: string, model: GovernanceModel, paths: readonly string[], sig: string): Promise<ReqSections | undefined> {
  if (model.problems.length > 0) return undefined
  let text: string
  try {
    text = readFileSync(reqPath, 'utf8')
  } catch {
    return undefined
  }
  const sections = await import('@govtool/plugin-governance/sections')
  const {lines} = sections.sectionOffsets(text)
  const counts: number[] = lines.map(() => 0)
  let k = 0
  for (const r of model.requirements) {
    while (k + 1 < lines.length && lines[k + 1] <= r.line) k++
    counts[k]++
  }
  return signatureOf(paths) === sig ? reqSectionsOf(text, counts, sections) : undefined
}

async function buildSnapshot(ctx: ProjectContext): Promise<CacheEntry> {
  const {governanceSources, isDraft, loadGovernanceModel} = await import('@govtool/plugin-governance/trace')
  const sources: PackSources = await governanceSources(ctx)
  // signed before reading: an edit made while this process reads makes the next one rebuild
  const paths = watchedPaths(ctx, sources)
  const sig = signatureOf(paths)
  const [config, model] = await Promise.all([GovConfig.load(ctx), loadGovernanceModel(ctx)])
  const data = policyData(config)
  const sections = buildSections(model, isDraft)
  await writePack(ctx, paths, sig, sources, data, sections, await requirementSections(sources.requirements, model, paths, sig))
  snapshotStats.built++
  // the pack replaces the index file earlier versions wrote beside it
  await removePath(ctx.state('cache', 'preflight-index.json')).catch(() => {})
  return {paths, sig, snapshot: {root: ctx.root, index: indexFromSections(sections), policy: policyFromData(data, ctx)}}
}

/** Drops cached snapshots (tests; a server reloading on demand). */
export function clearSnapshotCache(): void {
  snapshots.clear()
}
