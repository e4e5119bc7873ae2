import type {ProjectType, Scaffold} from 'govtool/core'

import {shellQuote, yamlFlowList, yamlScalar} from './format.js'
import {checkSteps, complianceSteps, installCommands, installPlan, toolsetEntries, probeCommand, type CheckStep} from './toolset.js'

export type VcsPlatform = Scaffold['vcs_platform']

/** Where each VCS platform's CI config lives (bitbucket and none get no generated CI). */
export const CI_CONFIG_PATHS: Partial<Record<VcsPlatform, string>> = {
  github: '.github/workflows/govtool.yml',
  gitlab: '.gitlab-ci.yml',
  'azure-devops': 'azure-pipelines.yml',
}

/** Dependency-update config per platform: Dependabot on GitHub, Renovate elsewhere. */
export const DEPENDENCY_UPDATE_PATHS: Partial<Record<VcsPlatform, string>> = {
  github: '.github/dependabot.yml',
  gitlab: 'renovate.json',
  'azure-devops': 'renovate.json',
  bitbucket: 'renovate.json',
}

type Family = 'python' | 'node' | 'rust' | 'c' | 'hdl' | 'other'

function familyOf(type: Pick<ProjectType, 'language' | 'name'>): Family {
  const lang = (type.language ?? '').toLowerCase()
  if (lang === 'python') return 'python'
  if (lang === 'typescript' || lang === 'javascript') return 'node'
  if (lang === 'rust') return 'rust'
  if (lang === 'c' || lang === 'cpp' || lang === 'c++') return 'c'
  if (lang === 'vhdl' || lang === 'verilog' || lang === 'systemverilog') return 'hdl'
  return 'other'
}

const GITLAB_IMAGES: Record<Family, string> = {
  python: 'python:3.12',
  node: 'node:20',
  rust: 'rust:1',
  c: 'python:3.12',
  hdl: 'python:3.12',
  other: 'debian:bookworm-slim',
}

const NPM_INSTALL = 'if [ -f package-lock.json ]; then npm ci; else npm install; fi'

function ghRun(name: string, run: string): string {
  return `- name: ${yamlScalar(name)}\n  run: ${yamlScalar(run)}`
}

function azScript(name: string, run: string): string {
  return `- script: ${yamlScalar(run)}\n  displayName: ${yamlScalar(name)}`
}

/** Setup steps (after the language toolchain is in place) of the check job. */
function setupSteps(type: ProjectType, family: Family, checks: readonly CheckStep[], options: {sudo: boolean}): CheckStep[] {
  const plan = installPlan(type, ['lint', 'typecheck', 'test', 'security', 'build', 'format'])
  plan.npmGlobal = []
  if (checks.some((c) => /^python3? -m build\b/.test(c.run)) && !plan.pip.includes('build')) plan.pip.push('build')
  const steps: CheckStep[] = []
  if (family === 'node') steps.push({name: 'Install dependencies', run: NPM_INSTALL, category: 'build'})
  for (const run of installCommands(plan, options)) steps.push({name: 'Install tools', run, category: 'build'})
  if (family === 'python' && type.dependency_file === 'pyproject.toml') steps.push({name: 'Install the project', run: 'python3 -m pip install -e .', category: 'build'})
  return steps
}

function needsPython(type: ProjectType, family: Family): boolean {
  return family === 'python' || installPlan(type, ['lint', 'typecheck', 'test', 'security', 'build', 'format']).pip.length > 0
}

function governanceInstall(type: ProjectType): string[] {
  const plan = installPlan(type, ['compliance'])
  if (!plan.npmGlobal.includes('govtool')) plan.npmGlobal.push('govtool')
  return installCommands({pip: [], apt: [], cargo: [], rustup: [], npmGlobal: plan.npmGlobal})
}

/** The `{{...}}` variables the CI, dependency-update and script templates use. */
export function ciVariables(scaffold: Scaffold, type: ProjectType, options: {integrations?: readonly string[]} = {}): Record<string, string> {
  const family = familyOf(type)
  const checks: CheckStep[] = checkSteps(type)
  const compliance = complianceSteps(type)
  const branches = scaffold.branching_strategy === 'gitflow' ? [scaffold.default_branch, scaffold.develop_branch] : [scaffold.default_branch]

  // GitHub Actions
  const gh: string[] = []
  if (needsPython(type, family)) gh.push(`- uses: actions/setup-python@v5\n  with:\n    python-version: '3.12'`)
  if (family === 'node') gh.push(`- uses: actions/setup-node@v4\n  with:\n    node-version: 20`)
  for (const step of setupSteps(type, family, checks, {sudo: true})) gh.push(ghRun(step.name, step.run))
  for (const step of checks) gh.push(ghRun(step.name, step.run))
  const ghGov = [...governanceInstall(type).map((cmd) => ghRun('Install govtool', cmd)), ...compliance.map((s) => ghRun(s.name, s.run))]

  // GitLab CI
  const glScript = [...setupSteps(type, family, checks, {sudo: false}), ...checks].map((s) => s.run)
  if (glScript.length === 0) glScript.push(`echo "No checks are configured for project type ${type.name}."`)
  const glGov = [...governanceInstall(type), ...compliance.map((s) => s.run)]
  const integrations = options.integrations ?? scaffold.integrations
  const glInclude = integrations.includes('codity') ? 'include:\n  - local: .gitlab/ci/codity-review.yml\n' : ''

  // Azure Pipelines
  const az: string[] = []
  if (needsPython(type, family)) az.push(`- task: UsePythonVersion@0\n  inputs:\n    versionSpec: '3.12'`)
  if (family === 'node') az.push(`- task: NodeTool@0\n  inputs:\n    versionSpec: '20.x'`)
  for (const step of setupSteps(type, family, checks, {sudo: true})) az.push(azScript(step.name, step.run))
  for (const step of checks) az.push(azScript(step.name, step.run))
  if (az.length === 0) az.push(azScript('No checks', `echo "No checks are configured for project type ${type.name}."`))
  const azGov = [...governanceInstall(type).map((cmd) => azScript('Install govtool', cmd)), ...compliance.map((s) => azScript(s.name, s.run))]

  return {
    ci_branches: yamlFlowList(branches).slice(1, -1),
    github_check_steps: gh.join('\n'),
    github_governance_steps: ghGov.join('\n'),
    gitlab_image: GITLAB_IMAGES[family],
    gitlab_check_script: glScript.map((c) => `- ${yamlScalar(c)}`).join('\n'),
    gitlab_governance_script: glGov.map((c) => `- ${yamlScalar(c)}`).join('\n'),
    gitlab_include: glInclude,
    azure_check_steps: az.join('\n'),
    azure_governance_steps: azGov.join('\n'),
    dependabot_updates: dependabotUpdates(family),
    check_script_lines: [...checks, ...compliance].map((s) => `run ${shellQuote(s.run)}`).join('\n'),
    install_script_lines: installScriptLines(type),
  }
}

function dependabotUpdates(family: Family): string {
  const ecosystems = [...(family === 'python' ? ['pip'] : family === 'node' ? ['npm'] : family === 'rust' ? ['cargo'] : []), 'github-actions']
  return ecosystems.map((e) => `- package-ecosystem: ${e}\n  directory: /\n  schedule:\n    interval: weekly`).join('\n')
}

/** One line per tool: install it unless its probe command already succeeds; hints that are prose are echoed. */
function installScriptLines(type: ProjectType): string {
  const lines: string[] = []
  for (const {tool} of toolsetEntries(type)) {
    const hint = tool.install_hint?.trim()
    const probe = probeCommand(tool).map((a) => shellQuote(a)).join(' ')
    if (!hint) {
      lines.push(`${probe} >/dev/null 2>&1 || echo ${shellQuote(`${tool.name}: not installed (no install hint)`)}`)
    } else if (/^(pip3? |python3? -m pip |cargo |rustup |npm |apt-get |apt |brew )/.test(hint)) {
      const cmd = hint.replace(/^(?:sudo )?apt(?:-get)? install (?:-y )?/, 'sudo apt-get install -y ')
      lines.push(`${probe} >/dev/null 2>&1 || ${cmd}`)
    } else {
      lines.push(`${probe} >/dev/null 2>&1 || echo ${shellQuote(`${tool.name}: ${hint}`)}`)
    }
  }
  return lines.join('\n')
}
