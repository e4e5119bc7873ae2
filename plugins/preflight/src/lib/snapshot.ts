/**
 * Everything a decision reads from a project, loaded once and cached in-process: the governance model and
 * its requirement index, the preflight/verify config, the AEE phase, the permission profile. The cache
 * entry is reused while the files it came from are unchanged (compared by mtime, size and inode), so a
 * server or the dispatcher deciding many requests pays for the parse once.
 */
import {statSync} from 'node:fs'
import {readFile} from 'node:fs/promises'

import {governanceSources, isDraft, loadGovernanceModel, type GovernanceModel} from '@govtool/plugin-governance/trace'
import {AEE_PHASES, GovConfig, writeFileAtomic, type AeePhase, type ProjectContext} from 'govtool/core'

import type {PhaseAction} from './analyse/intent.js'
import {DEFAULT_PHASE_RULES, PreflightConfigSchema, VerifyConfigSchema, type PreflightConfig, type VerifyConfig} from './policy/config.js'
import {compileForbiddenRules, type ForbiddenRule} from './policy/forbidden.js'
import {AgentSectionSchema, resolveProfile, type PermissionProfile} from './permissions.js'
import {cachedIndex, indexFromSerialized, indexKey, requirementIndex, serializeIndex, type RequirementIndex} from './scope-index.js'

export interface PhaseState {
  phase: AeePhase
  /** `scaffold` when scaffold.yml records aee_phase; `default` otherwise (inception) */
  source: 'scaffold' | 'default'
  /** whether the phase rules apply (preflight.phase_gating: auto applies them only to a recorded phase) */
  gated: boolean
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
  model: GovernanceModel
  index: RequirementIndex
  policy: ProjectPolicy
}

/** Builds the policy from a loaded config (pure apart from reading the already-parsed YAML). */
export function buildPolicy(config: GovConfig): ProjectPolicy {
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
  const phaseRules = {} as Record<AeePhase, ReadonlySet<PhaseAction>>
  for (const p of AEE_PHASES) phaseRules[p] = new Set(preflight.phase_rules[p] ?? DEFAULT_PHASE_RULES[p])
  const epistemicApplies = scaffold !== undefined && (raw.epistemic_threshold !== undefined || scaffold.enable_epistemic)
  const epistemic = epistemicApplies ? scaffold.epistemic_threshold : undefined
  const raise = (x: number) => (epistemic === undefined ? x : Math.max(x, epistemic))
  return {
    preflight,
    verify,
    rules: compileForbiddenRules(preflight),
    frozen: new Set(preflight.frozen_statuses.map((s) => s.trim().toLowerCase())),
    phase,
    phaseRules,
    permissions: resolveProfile(agent.permissions),
    confidenceBase: raise(preflight.confidence_target ?? verify.threshold),
    verifyThreshold: raise(verify.threshold),
    epistemic,
  }
}

function statSig(file: string): string {
  const st = statSync(file, {bigint: true, throwIfNoEntry: false})
  return st ? `${st.mtimeNs}:${st.size}:${st.ino}` : '-'
}

interface CacheEntry {
  sig: string
  sources: {requirements: string; tests: string}
  snapshot: PreflightSnapshot
}

const snapshots = new Map<string, CacheEntry>()
const MAX_PROJECTS = 32

function signature(ctx: ProjectContext, sources: {requirements: string; tests: string}): string {
  return [ctx.file('scaffold'), ctx.file('config'), ctx.user('config.yml'), sources.requirements, sources.tests].map(statSig).join('|')
}

export interface SnapshotOptions {
  /** an already-loaded model (the dispatcher's); skips loading and caching the files */
  model?: GovernanceModel
}

/** Projects smaller than this build their index faster than they would read it back. */
const PERSIST_MIN_REQUIREMENTS = 300
export const INDEX_CACHE_FILE = 'preflight-index.json'

/**
 * The requirement index of `model`: in-process cache, else `.govtool/cache/preflight-index.json` when it
 * was built from the same requirements, else built now (and persisted for the next process, best effort).
 */
export async function loadRequirementIndex(ctx: ProjectContext, model: GovernanceModel): Promise<RequirementIndex> {
  const known = cachedIndex(model)
  if (known) return known
  if (model.requirements.length < PERSIST_MIN_REQUIREMENTS) return requirementIndex(model, isDraft)
  const file = ctx.state('cache', INDEX_CACHE_FILE)
  const key = indexKey(model)
  try {
    const loaded = indexFromSerialized(model, JSON.parse(await readFile(file, 'utf8')), key, isDraft)
    if (loaded) return loaded
  } catch {
    // missing or unreadable: a derived cache, rebuilt below
  }
  const built = requirementIndex(model, isDraft)
  await writeFileAtomic(file, JSON.stringify(serializeIndex(built, key))).catch(() => {})
  return built
}

/** The project's snapshot, from the in-process cache when its files are unchanged. */
export async function loadSnapshot(ctx: ProjectContext, options: SnapshotOptions = {}): Promise<PreflightSnapshot> {
  if (options.model) {
    const policy = buildPolicy(await GovConfig.load(ctx))
    return {root: ctx.root, model: options.model, index: await loadRequirementIndex(ctx, options.model), policy}
  }
  const hit = snapshots.get(ctx.root)
  if (hit && signature(ctx, hit.sources) === hit.sig) return hit.snapshot
  const sources = await governanceSources(ctx)
  const sig = signature(ctx, sources)
  const [config, model] = await Promise.all([GovConfig.load(ctx), loadGovernanceModel(ctx)])
  const snapshot: PreflightSnapshot = {root: ctx.root, model, index: await loadRequirementIndex(ctx, model), policy: buildPolicy(config)}
  if (snapshots.size >= MAX_PROJECTS) snapshots.delete(snapshots.keys().next().value!)
  snapshots.set(ctx.root, {sig, sources, snapshot})
  return snapshot
}

/** Drops cached snapshots (tests; a server reloading on demand). */
export function clearSnapshotCache(): void {
  snapshots.clear()
}
