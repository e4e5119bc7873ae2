import {REQUIREMENT_PRIORITY_MEANINGS, REQUIREMENT_STATUS_MEANINGS, TOOL_CATEGORIES, type ProjectType, type Scaffold} from 'govtool/core'

import {ciVariables} from './ci.js'
import {componentIdOf, identifierOf, jsonStringBody, npmNameOf, yamlFlowList, yamlScalar} from './format.js'

/** Extra content a render may carry: guided requirement stubs and the architecture sections. */
export interface RenderExtras {
  requirements_entries?: string
  test_entries?: string
  architecture_components?: string
  architecture_requirements?: string
}

const BRANCH_RULES: Record<Scaffold['branching_strategy'], (s: Scaffold) => string> = {
  gitflow: (s) =>
    [
      `- \`${s.default_branch}\` holds released code only; \`${s.develop_branch}\` is the integration branch.`,
      `- Work on \`feature/<name>\` branched from \`${s.develop_branch}\`; merge back through a pull request.`,
      `- Releases go through \`release/<version>\`, urgent fixes through \`hotfix/<name>\` from \`${s.default_branch}\`.`,
      '- Create branches with `govtool branch create <name>` so the names follow this strategy.',
    ].join('\n'),
  'trunk-based': (s) =>
    [
      `- Everyone integrates into \`${s.default_branch}\` at least daily; branches live hours, not weeks.`,
      '- Unfinished work hides behind flags instead of long-lived branches.',
      `- \`${s.default_branch}\` is always releasable: CI must pass before every merge.`,
    ].join('\n'),
  'github-flow': (s) =>
    [
      `- \`${s.default_branch}\` is always deployable.`,
      `- Branch from \`${s.default_branch}\` with a descriptive name, open a pull request early, merge after review and green CI.`,
      '- Create branches with `govtool branch create <name>`.',
    ].join('\n'),
}

const GITIGNORE_BY_LANGUAGE: Record<string, string> = {
  python: ['__pycache__/', '*.py[cod]', '.venv/', 'venv/', 'build/', 'dist/', '*.egg-info/', '.pytest_cache/', '.mypy_cache/', '.ruff_cache/'].join('\n'),
  typescript: ['node_modules/', 'dist/', 'coverage/', '*.tsbuildinfo'].join('\n'),
  javascript: ['node_modules/', 'dist/', 'coverage/'].join('\n'),
  rust: ['target/'].join('\n'),
  c: ['build/', '*.o', '*.elf', '*.bin', '*.hex', '*.map'].join('\n'),
  vhdl: ['vunit_out/', '*.cf', '*.o', 'work/'].join('\n'),
}

/** A markdown list of the toolset by category. */
function toolsMarkdown(type: ProjectType): string {
  const lines: string[] = []
  for (const category of TOOL_CATEGORIES) {
    const tools = type.toolset?.[category] ?? []
    if (tools.length === 0) continue
    lines.push(`- ${category}: ${tools.map((t) => (t.run ? `${t.name} (\`${t.run}\`)` : t.name)).join(', ')}`)
  }
  if (lines.length === 0) lines.push(`- (the ${type.name} type declares no tools; \`govtool doctor\` has nothing to check)`)
  lines.push('', 'Check what is installed with `govtool doctor`; install the rest with `scripts/install-tools.sh`.')
  return lines.join('\n')
}

function reviewVariables(scaffold: Scaffold): Record<string, string> {
  switch (scaffold.vcs_platform) {
    case 'gitlab': {
      return {
        review_workflow: '`.gitlab/ci/codity-review.yml` (included from `.gitlab-ci.yml`)',
        platform_label: 'GitLab',
        pr_word: 'merge request',
        platform_connect: 'give Codity a GitLab access token in its settings, then enable the repository on the dashboard',
        secret_location: 'Settings > CI/CD > Variables, masked and protected',
      }
    }
    case 'azure-devops': {
      return {
        review_workflow: '`.azure-pipelines/codity-review.yml` (create a pipeline from it in Azure DevOps)',
        platform_label: 'Azure DevOps',
        pr_word: 'pull request',
        platform_connect: 'give Codity an Azure DevOps personal access token, then enable the repository',
        secret_location: 'Pipelines > the pipeline > Variables, marked secret',
      }
    }
    default: {
      return {
        review_workflow: '`.github/workflows/codity-review.yml`',
        platform_label: 'GitHub',
        pr_word: 'pull request',
        platform_connect: 'install the Codity GitHub App on this repository',
        secret_location: 'Settings > Secrets and variables > Actions',
      }
    }
  }
}

/** Every variable a built-in template may use, from scaffold.yml and the project type. */
export function templateVariables(scaffold: Scaffold, type: ProjectType, extras: RenderExtras = {}, options: {integrations?: readonly string[]} = {}): Record<string, string> {
  const language = scaffold.language ?? type.language ?? 'unspecified'
  const tools = [...new Set(TOOL_CATEGORIES.flatMap((c) => (type.toolset?.[c] ?? []).map((t) => t.name)))]
  const integrations = options.integrations ?? scaffold.integrations
  const description = scaffold.description.replaceAll(/\s+/g, ' ').trim()
  return {
    name: scaffold.name,
    description: description || `The ${scaffold.name} project.`,
    type: type.name,
    type_description: type.description,
    language,
    build_system: type.build_system ?? 'unspecified',
    test_framework: type.test_framework ?? 'unspecified',
    dependency_file_text: type.dependency_file ? `\`${type.dependency_file}\`` : "the project's dependency manifest",
    spec_version: scaffold.spec_version,
    aee_phase: scaffold.aee_phase,
    vcs_platform: scaffold.vcs_platform,
    branching_strategy: scaffold.branching_strategy,
    default_branch: scaffold.default_branch,
    develop_branch: scaffold.develop_branch,
    license: scaffold.license,
    enable_epistemic: String(scaffold.enable_epistemic),
    epistemic_threshold: String(scaffold.epistemic_threshold),
    name_yaml: yamlScalar(scaffold.name),
    description_yaml: yamlScalar(description),
    language_line: (scaffold.language ?? type.language) ? `language: ${yamlScalar(language)}` : '',
    platforms_yaml: yamlFlowList(scaffold.platforms),
    spec_version_yaml: yamlScalar(scaffold.spec_version),
    default_branch_yaml: yamlScalar(scaffold.default_branch),
    develop_branch_yaml: yamlScalar(scaffold.develop_branch),
    integrations_yaml: yamlFlowList(integrations),
    license_yaml: yamlScalar(scaffold.license),
    description_toml: jsonStringBody(description),
    description_json: jsonStringBody(description),
    npm_name: npmNameOf(scaffold.name),
    package: identifierOf(scaffold.name),
    crate: identifierOf(scaffold.name),
    crate_upper: identifierOf(scaffold.name).toUpperCase(),
    component: componentIdOf(scaffold.name),
    tools_markdown: toolsMarkdown(type),
    tool_names: tools.length > 0 ? tools.join(', ') : 'none declared',
    branch_rules: BRANCH_RULES[scaffold.branching_strategy](scaffold),
    gitignore_type: GITIGNORE_BY_LANGUAGE[language.toLowerCase()] ?? '',
    requirement_statuses: Object.keys(REQUIREMENT_STATUS_MEANINGS).join(' | '),
    requirement_priorities: Object.keys(REQUIREMENT_PRIORITY_MEANINGS).join(' | '),
    requirement_status_meanings: Object.entries(REQUIREMENT_STATUS_MEANINGS)
      .map(([status, meaning]) => `${status} (${meaning})`)
      .join(', '),
    requirement_priority_meanings: Object.entries(REQUIREMENT_PRIORITY_MEANINGS)
      .map(([priority, meaning]) => `${priority} ${meaning}`)
      .join('; '),
    requirements_entries: extras.requirements_entries ?? '',
    test_entries: extras.test_entries ?? '',
    architecture_components: extras.architecture_components ?? 'List the components of the system, one paragraph each: what it owns and what it must not do.',
    architecture_requirements: extras.architecture_requirements ?? 'Name the requirements (REQ ids from docs/REQUIREMENTS.md) each component implements.',
    ...reviewVariables(scaffold),
    ...ciVariables(scaffold, type, {integrations}),
  }
}
