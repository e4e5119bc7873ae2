import {GovError, type Scaffold} from 'govtool/core'

/** What `integrate <target>` can write. Assistants get config files; review tools a CI gate per VCS host. */
export interface IntegrationTarget {
  kind: 'assistant' | 'review' | 'git-hooks'
  summary: string
}

export const INTEGRATION_TARGETS: Readonly<Record<string, IntegrationTarget>> = {
  'agent-skill': {kind: 'assistant', summary: 'A SKILL.md (.agents/skills/govtool-governance/) for agents that load skills.'},
  'claude-code': {
    kind: 'assistant',
    summary: 'CLAUDE.md pointing Claude Code at AGENTS.md; the govtool MCP server in .mcp.json; hooks in .claude/settings.json that preflight each prompt, check each tool call and verify at the end.',
  },
  cursor: {kind: 'assistant', summary: 'An always-applied Cursor rule (.cursor/rules/govtool-governance.mdc) and the govtool MCP server in .cursor/mcp.json.'},
  copilot: {kind: 'assistant', summary: 'GitHub Copilot instructions (.github/copilot-instructions.md) and the govtool MCP server in .vscode/mcp.json.'},
  aider: {kind: 'assistant', summary: '.aider.conf.yml loading AGENTS.md and the rules read-only, with scripts/check.sh as lint command.'},
  windsurf: {kind: 'assistant', summary: '.windsurfrules with the governance rules.'},
  'git-hooks': {
    kind: 'git-hooks',
    summary: 'pre-commit (secrets scan of the staged diff, audit of the staged governance files) and pre-push (audit and ledger chain of each pushed commit) git hooks calling govtool; hooks already there are chained.',
  },
  codity: {kind: 'review', summary: 'Codity review: a CI review gate for the VCS host reading an access-token secret, docs/codity-setup.md, a TODO in LEDGER.md.'},
}

/** VCS hosts a review-tool target can write a pipeline for. */
export const REVIEW_PLATFORMS = ['github', 'gitlab', 'azure-devops'] as const
export type ReviewPlatform = (typeof REVIEW_PLATFORMS)[number]

export function isIntegrationTarget(name: string): boolean {
  return Object.hasOwn(INTEGRATION_TARGETS, name)
}

export function requireIntegrationTarget(name: string): IntegrationTarget {
  if (isIntegrationTarget(name)) return INTEGRATION_TARGETS[name]
  throw new GovError(`Unknown integration target '${name}'.`, {
    code: 'E_UNKNOWN_TARGET',
    hint: `Use one of: ${Object.keys(INTEGRATION_TARGETS).join(', ')}.`,
  })
}

/** Template directories (relative to the templates root) of a target for a VCS platform. */
export function integrationTemplateDirs(name: string, platform: Scaffold['vcs_platform']): string[] {
  const target = requireIntegrationTarget(name)
  if (target.kind === 'git-hooks') return []
  if (target.kind === 'assistant') return [`integrations/${name}`]
  if (!(REVIEW_PLATFORMS as readonly string[]).includes(platform)) {
    throw new GovError(`The ${name} review integration needs a GitHub, GitLab or Azure DevOps host; this project's is '${platform}'.`, {
      code: 'E_UNSUPPORTED_PLATFORM',
      hint: 'Set vcs_platform in scaffold.yml, or pass --platform github|gitlab|azure-devops.',
    })
  }
  return [`integrations/${name}/common`, `integrations/${name}/${platform}`]
}
