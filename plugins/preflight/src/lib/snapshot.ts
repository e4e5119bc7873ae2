/**
 * Everything a decision reads from a project: the resolved policy (preflight/verify config, AEE phase,
 * permission profile) and the requirement index. Loaded once and cached in-process while the files it came
 * from are unchanged (mtime, size and inode), so a server or the dispatcher deciding many requests pays
 * once; a fresh process reads it from the preflight pack (pack.ts) and only parses YAML and Markdown when
 * the pack is missing or stale.
 */

import type {GovernanceModel} from '@govtool/plugin-governance/trace'
import {AEE_PHASES, GovConfig, removePath, type AeePhase, type ProjectContext} from 'govtool/core'

import type {PhaseAction} from './analyse/intent.js'
import {readPack, signatureOf, watchedPaths, writePack, type PackSources} from './pack.js'
import {DEFAULT_PHASE_RULES, PreflightConfigSchema, VerifyConfigSchema, type PreflightConfig, type VerifyConfig} from './policy/config.js'
import {compileForbiddenRules, type ForbiddenRule} from './policy/forbidden.js'
import {AgentSectionSchema, resolveProfile, type PermissionProfile} from './permissions.js'
import {buildSections, indexFromSections, requirementIndex, type RequirementIndex} from './scope-index.js'

export interface PhaseState {
  phase: AeePhase
  /** `scaffold` when scaffold.yml records aee_phase; `default` otherwise (inception) */
  source: 'scaffold' | 'default'
  /** whether the phase rules apply (preflight.phase_gating: auto applies them only to a recorded phase) */
  gated: boolean
}

/** The policy as plain data: what the pack stores, and what everything in ProjectPolicy is derived from. */
export interface PolicyData {
  preflight: PreflightConfig
  verify: VerifyConfig
  permissions: PermissionProfile
  phase: PhaseState
  /** scaffold.yml epistemic_threshold when it applies */
  epistemic?: number
}

export interface ProjectPolicy {
  preflight: PreflightConfig
  verify: VerifyConfig
  rules: ForbiddenRule[]
  frozen: ReadonlySet<string>
  phase: PhaseState
  phaseRules: Record<AeePhase, ReadonlySet<PhaseAction>>
  permissions: PermissionProfile
  /** confidence target of an ordinary request: preflight.confidence_target ?? verify.threshold, raised by the epistemic threshold */
  confidenceBase: number
  /** verify threshold after the epistemic raise */
  verifyThreshold: number
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
  const data: PolicyData = {preflight, verify, permissions: resolveProfile(agent.permissions), phase}
  if (epistemicApplies) data.epistemic = scaffold.epistemic_threshold
  return data
}

/** Everything derived from the policy data: rule sets, compiled patterns, effective thresholds. */
export function policyFromData(data: PolicyData): ProjectPolicy {
  const {preflight, verify, epistemic} = data
  const phaseRules = {} as Record<AeePhase, ReadonlySet<PhaseAction>>
  for (const p of AEE_PHASES) phaseRules[p] = new Set(preflight.phase_rules[p] ?? DEFAULT_PHASE_RULES[p])
  const raise = (x: number) => (epistemic === undefined ? x : Math.max(x, epistemic))
  return {
    preflight,
    verify,
    rules: compileForbiddenRules(preflight),
    frozen: new Set(preflight.frozen_statuses.map((s) => s.trim().toLowerCase())),
    phase: data.phase,
    phaseRules,
    permissions: data.permissions,
    confidenceBase: raise(preflight.confidence_target ?? verify.threshold),
    verifyThreshold: raise(verify.threshold),
    epistemic,
  }
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
  const packed = await readPack<PolicyData>(ctx)
  let entry: CacheEntry
  if (packed) {
    const paths = watchedPaths(ctx, packed.sources)
    entry = {paths, sig: signatureOf(paths), snapshot: {root: ctx.root, index: indexFromSections(packed.sections), policy: policyFromData(packed.policy)}}
  } else {
    entry = await buildSnapshot(ctx)
  }
  if (snapshots.size >= MAX_PROJECTS) snapshots.delete(snapshots.keys().next().value!)
  snapshots.set(ctx.root, entry)
  return entry.snapshot
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
  await writePack(ctx, paths, sig, sources, data, sections)
  // the pack replaces the index file earlier versions wrote beside it
  await removePath(ctx.state('cache', 'preflight-index.json')).catch(() => {})
  return {paths, sig, snapshot: {root: ctx.root, index: indexFromSections(sections), policy: policyFromData(data)}}
}

/** Drops cached snapshots (tests; a server reloading on demand). */
export function clearSnapshotCache(): void {
  snapshots.clear()
}
