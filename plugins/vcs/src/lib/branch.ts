import {GovError, InputError, type ProjectContext} from 'govtool/core'

import {aheadBehind, currentBranch, defaultRemote, git, isValidBranchName, refExists, requireRepo} from './git.js'
import {loadStrategy, planBranch, prTarget, roleOf, type StrategyName} from './strategy.js'

export interface CreatedBranch {
  branch: string
  base: string
  /** the ref the branch was created from (the base, or its remote-tracking copy) */
  from: string
  pr_target: string
  role: string
  strategy: StrategyName
  switched: boolean
}

/** Creates a branch named and based as the branching strategy of scaffold.yml says. */
export async function createBranch(ctx: ProjectContext, requested: string, options: {switchTo?: boolean} = {}): Promise<CreatedBranch> {
  await requireRepo(ctx)
  const strategy = await loadStrategy(ctx)
  const planned = planBranch(strategy, requested)
  if (!planned.ok) throw new InputError(planned.error, {code: 'E_BRANCH_NAME', hint: planned.hint})
  const {plan} = planned
  if (!(await isValidBranchName(ctx, plan.name))) {
    throw new InputError(`'${plan.name}' is not a valid git branch name.`, {code: 'E_BRANCH_NAME', hint: 'Use letters, digits, -, _ , / and . (no spaces, no "..", no trailing ".lock").'})
  }
  if (await refExists(ctx, `refs/heads/${plan.name}`)) {
    throw new GovError(`Branch '${plan.name}' already exists.`, {code: 'E_BRANCH_EXISTS', hint: `Switch to it with \`git switch ${plan.name}\`, or choose another name.`})
  }
  let from = plan.base
  if (!(await refExists(ctx, `refs/heads/${plan.base}`))) {
    const remote = await defaultRemote(ctx)
    if (remote && (await refExists(ctx, `refs/remotes/${remote}/${plan.base}`))) from = `${remote}/${plan.base}`
    else {
      const hint =
        plan.base === strategy.develop && strategy.name === 'gitflow'
          ? `Create the integration branch once: \`git branch ${strategy.develop} ${strategy.main}\` (then push it).`
          : `Create '${plan.base}' (the default_branch in scaffold.yml) or fix default_branch/develop_branch in scaffold.yml.`
      throw new GovError(`The base branch '${plan.base}' of a ${strategy.name} ${plan.name.split('/')[0]} branch does not exist.`, {code: 'E_NO_BASE_BRANCH', hint})
    }
  }
  const switchTo = options.switchTo ?? true
  if (switchTo) await git(ctx, ['switch', '--no-track', '-c', plan.name, from])
  else await git(ctx, ['branch', '--no-track', plan.name, from])
  return {branch: plan.name, base: plan.base, from, pr_target: plan.target, role: plan.role, strategy: strategy.name, switched: switchTo}
}

export interface BranchInfo {
  name: string
  current: boolean
  role: string
  protected: boolean
  upstream: string | null
  /** commits ahead of / behind where its PR goes (null for protected branches or when unknown) */
  ahead: number | null
  behind: number | null
  last_commit: string
}

export interface BranchList {
  strategy: StrategyName
  main: string
  develop: string | null
  branches: BranchInfo[]
}

/** Local branches with the role each plays under the strategy, and how far each is from its PR target. */
export async function listBranches(ctx: ProjectContext): Promise<BranchList> {
  await requireRepo(ctx)
  const strategy = await loadStrategy(ctx)
  const current = await currentBranch(ctx)
  const r = await git(ctx, ['for-each-ref', '--format=%(refname:short)%1f%(upstream:short)%1f%(committerdate:iso-strict)', 'refs/heads/'])
  const branches: BranchInfo[] = []
  for (const line of r.stdout.split('\n').filter(Boolean)) {
    const [name, upstream, date] = line.split('\x1F')
    const isProtected = strategy.protected.includes(name)
    const target = prTarget(strategy, name)
    const counts = isProtected || !(await refExists(ctx, `refs/heads/${target}`)) ? undefined : await aheadBehind(ctx, target, name)
    branches.push({
      name,
      current: name === current,
      role: roleOf(strategy, name),
      protected: isProtected,
      upstream: upstream || null,
      ahead: counts?.ahead ?? null,
      behind: counts?.behind ?? null,
      last_commit: date,
    })
  }
  const rank = (b: BranchInfo) => (b.name === strategy.main ? 0 : b.name === strategy.develop && strategy.name === 'gitflow' ? 1 : 2)
  branches.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name))
  return {strategy: strategy.name, main: strategy.main, develop: strategy.name === 'gitflow' ? strategy.develop : null, branches}
}
