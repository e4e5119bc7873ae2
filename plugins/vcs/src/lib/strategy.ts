import {GovConfig, type ProjectContext, type Scaffold} from 'govtool/core'

/**
 * Branching strategies of scaffold.yml: which branches are protected, how new branches are named and
 * where they start, where their pull requests go, and what role each branch plays.
 */
export type StrategyName = 'gitflow' | 'trunk-based' | 'github-flow'

export interface BranchingStrategy {
  name: StrategyName
  /** the production branch (`default_branch`, default main) */
  main: string
  /** the integration branch of gitflow (`develop_branch`, default develop) */
  develop: string
  /** branches nobody pushes to directly */
  protected: string[]
}

/** Branch kinds and the prefix each is named with. */
const GITFLOW_PREFIXES = ['feature', 'bugfix', 'release', 'hotfix', 'support'] as const
/** Conventional prefixes accepted (not required) by trunk-based and GitHub flow. */
const SHORT_LIVED_PREFIXES = ['feature', 'feat', 'fix', 'bugfix', 'hotfix', 'chore', 'docs', 'refactor', 'test', 'ci', 'perf', 'release'] as const

export async function loadStrategy(ctx: ProjectContext): Promise<BranchingStrategy & {scaffold: Scaffold | undefined}> {
  const scaffold = (await GovConfig.load(ctx)).scaffold()
  return {...strategyFrom(scaffold), scaffold}
}

export function strategyFrom(scaffold: Pick<Scaffold, 'branching_strategy' | 'default_branch' | 'develop_branch'> | undefined): BranchingStrategy {
  const name = scaffold?.branching_strategy ?? 'github-flow'
  const main = scaffold?.default_branch ?? 'main'
  const develop = scaffold?.develop_branch ?? 'develop'
  return {name, main, develop, protected: name === 'gitflow' ? [main, develop] : [main]}
}

function prefixOf(branch: string): string | undefined {
  const slash = branch.indexOf('/')
  return slash > 0 ? branch.slice(0, slash) : undefined
}

export interface BranchPlan {
  /** the full branch name to create */
  name: string
  /** the branch it starts from */
  base: string
  /** where its pull request goes */
  target: string
  role: string
}

/** Refusal reasons come back as `{error, hint}` so the caller decides how to report them. */
export type PlanResult = {ok: true; plan: BranchPlan} | {ok: false; error: string; hint: string}

/**
 * Name and base of a new branch. gitflow: `NAME` becomes `feature/NAME` unless it already has one of the
 * gitflow prefixes; features, bugfixes and releases start from develop, hotfixes and support branches from
 * main. Trunk-based and GitHub flow: short-lived branches from main, named as given.
 */
export function planBranch(strategy: BranchingStrategy, requested: string): PlanResult {
  const raw = requested.trim()
  if (strategy.protected.includes(raw)) {
    return {ok: false, error: `'${raw}' is a protected branch of this ${strategy.name} project; it already exists by design.`, hint: 'Pick a name for your work, e.g. `govtool branch create add-login`.'}
  }
  if (strategy.name === 'gitflow') {
    const prefix = prefixOf(raw)
    let name = raw
    if (prefix === undefined) name = `feature/${raw}`
    else if (!(GITFLOW_PREFIXES as readonly string[]).includes(prefix)) {
      return {
        ok: false,
        error: `'${prefix}/' is not a gitflow branch type.`,
        hint: `Use one of ${GITFLOW_PREFIXES.map((p) => `${p}/`).join(', ')}, or no prefix for a feature branch.`,
      }
    }
    const kind = prefixOf(name)!
    const fromMain = kind === 'hotfix' || kind === 'support'
    const base = fromMain ? strategy.main : strategy.develop
    const target = kind === 'release' || kind === 'hotfix' ? strategy.main : kind === 'support' ? strategy.main : strategy.develop
    return {ok: true, plan: {name, base, target, role: roleOf(strategy, name)}}
  }
  if (raw.startsWith(`${strategy.main}/`)) {
    return {ok: false, error: `A branch under '${strategy.main}/' would shadow the protected branch.`, hint: 'Choose another name.'}
  }
  return {ok: true, plan: {name: raw, base: strategy.main, target: strategy.main, role: roleOf(strategy, raw)}}
}

/** Where a pull request from `branch` goes. */
export function prTarget(strategy: BranchingStrategy, branch: string): string {
  if (strategy.name !== 'gitflow') return strategy.main
  const kind = prefixOf(branch)
  return kind === 'release' || kind === 'hotfix' || kind === 'support' ? strategy.main : strategy.develop
}

/** A short description of what `branch` is for under `strategy`. */
export function roleOf(strategy: BranchingStrategy, branch: string): string {
  if (branch === strategy.main) {
    return strategy.name === 'trunk-based' ? 'trunk (protected)' : 'production (protected)'
  }
  if (strategy.name === 'gitflow') {
    if (branch === strategy.develop) return 'integration (protected)'
    switch (prefixOf(branch)) {
      case 'feature':
        return `feature -> ${strategy.develop}`
      case 'bugfix':
        return `bugfix -> ${strategy.develop}`
      case 'release':
        return `release -> ${strategy.main} + ${strategy.develop}`
      case 'hotfix':
        return `hotfix -> ${strategy.main} + ${strategy.develop}`
      case 'support':
        return `support (long-lived, from ${strategy.main})`
      default:
        return 'not a gitflow branch'
    }
  }
  const prefix = prefixOf(branch)
  const kind = prefix && (SHORT_LIVED_PREFIXES as readonly string[]).includes(prefix) ? `${prefix} ` : ''
  if (strategy.name === 'trunk-based') return `short-lived ${kind}branch -> ${strategy.main}`
  return `${kind || 'topic '}branch -> ${strategy.main} (via PR)`
}
