/**
 * The agent permission profile (`agent.permissions` in docs/GOVTOOL.yml): a preset, plus `allow` and `deny`
 * lists of tool names or globs (`git_*`). `deny` always wins; `allow` adds to the preset. Preflight checks
 * the tools a request implies against it; `agent permissions-check` checks one tool.
 */
import {GovConfig, type ProjectContext} from 'govtool/core'
import {z} from 'zod/v3'

/** From the narrowest to the widest: each grants everything the one before it does. */
export const PERMISSION_PRESETS = ['read_only', 'workspace', 'standard', 'extended', 'admin'] as const
export type Preset = (typeof PERMISSION_PRESETS)[number]

const READ_ONLY_TOOLS = ['read_file', 'list_files', 'search_files', 'git_status', 'git_diff', 'git_log']
/**
 * Reads, writes in the project, and running the project's tests. No shell: a tool name cannot be limited to
 * test commands, so `run_shell` would grant any command; `run_tests` is the project's own checks. No delete,
 * no commit, push, tag, publish or deploy.
 */
const WORKSPACE_TOOLS = [...READ_ONLY_TOOLS, 'write_file', 'run_tests']
const STANDARD_TOOLS = [...WORKSPACE_TOOLS, 'delete_file', 'run_shell', 'git_commit', 'git_branch', 'git_pull', 'git_push', 'git_tag']
const EXTENDED_TOOLS = [...STANDARD_TOOLS, 'git_create_pr', 'open_url', 'install_package', 'publish', 'deploy']

/** The tools each preset grants; `admin` grants every tool (`*`). */
export const PRESET_TOOLS: Record<Preset, readonly string[]> = {
  read_only: READ_ONLY_TOOLS,
  workspace: WORKSPACE_TOOLS,
  standard: STANDARD_TOOLS,
  extended: EXTENDED_TOOLS,
  admin: ['*'],
}

/**
 * The preset a project gets when docs/GOVTOOL.yml has no `agent.permissions`: the least privileged one an
 * agent can work under. Anything wider is a maintainer's deliberate choice in docs/GOVTOOL.yml.
 */
export const DEFAULT_PRESET: Preset = 'workspace'

/** Names other agents use for the same tools (Claude Code, shell phrasing). */
const ALIASES: Record<string, string> = {
  read: 'read_file', cat: 'read_file', view: 'read_file', glob: 'list_files', ls: 'list_files', list: 'list_files',
  grep: 'search_files', search: 'search_files', write: 'write_file', edit: 'write_file', multiedit: 'write_file',
  notebookedit: 'write_file', create_file: 'write_file', edit_file: 'write_file', delete: 'delete_file', rm: 'delete_file',
  remove_file: 'delete_file', bash: 'run_shell', shell: 'run_shell', exec: 'run_shell', run_command: 'run_shell',
  terminal: 'run_shell', test: 'run_tests', commit: 'git_commit', push: 'git_push', pull: 'git_pull', branch: 'git_branch',
  tag: 'git_tag', status: 'git_status', diff: 'git_diff', log: 'git_log', pr: 'git_create_pr', create_pr: 'git_create_pr',
  pull_request: 'git_create_pr', webfetch: 'open_url', fetch: 'open_url', browse: 'open_url', web_fetch: 'open_url',
  install: 'install_package', npm_install: 'install_package', pip_install: 'install_package',
}

const TOOL_PATTERN = /^[A-Za-z0-9*][A-Za-z0-9_.:* -]{0,63}$/

/** Canonical tool name: lower case, spaces/dashes to `_`, `git push` -> git_push, known aliases folded. */
export function canonicalTool(name: string): string {
  const t = name.trim().toLowerCase().replaceAll(/[\s-]+/g, '_')
  return ALIASES[t] ?? t
}

const ToolListSchema = z
  .array(z.string().regex(TOOL_PATTERN, 'a tool name: letters, digits, _ . : - or * (for globs), at most 64 characters'))
  .default([])

export const PermissionsSchema = z
  .object({
    preset: z.enum(PERMISSION_PRESETS).default(DEFAULT_PRESET),
    allow: ToolListSchema,
    deny: ToolListSchema,
  })
  .strict()

export type PermissionsConfig = z.infer<typeof PermissionsSchema>

/** The `agent` section: this plugin reads `permissions`; other keys belong to other features. */
export const AgentSectionSchema = z.object({permissions: PermissionsSchema.optional()}).passthrough()

export interface PermissionProfile {
  preset: Preset
  allow: string[]
  deny: string[]
  /** `config` when docs/GOVTOOL.yml (or the user config) sets `agent.permissions`, else `default` */
  source: 'config' | 'default'
  /** the tools the preset grants before allow/deny */
  preset_tools: string[]
}

export interface PermissionCheck {
  tool: string
  /** canonical name the rules were applied to */
  canonical: string
  allowed: boolean
  preset: Preset
  /** which rule decided: `deny:<pattern>`, `allow:<pattern>`, `preset:<name>` or `not_in_preset:<name>` */
  rule: string
  reason: string
}

function globToRegExp(glob: string): RegExp {
  const escaped = canonicalTool(glob)
    .split('*')
    .map((part) => part.replaceAll(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*')
  return new RegExp(`^${escaped}$`)
}

const globCache = new Map<string, RegExp>()
function matches(pattern: string, tool: string): boolean {
  let re = globCache.get(pattern)
  if (!re) {
    re = globToRegExp(pattern)
    globCache.set(pattern, re)
  }
  return re.test(tool)
}

/** The profile from validated config (`undefined` = not configured). */
export function resolveProfile(config: PermissionsConfig | undefined): PermissionProfile {
  const cfg = config ?? PermissionsSchema.parse({})
  return {
    preset: cfg.preset,
    allow: cfg.allow,
    deny: cfg.deny,
    source: config ? 'config' : 'default',
    preset_tools: [...PRESET_TOOLS[cfg.preset]],
  }
}

/** Reads `agent.permissions` through the layered config (validated; a bad value is a clear error). */
export async function loadPermissionProfile(ctx: ProjectContext, config?: GovConfig): Promise<PermissionProfile> {
  const cfg = config ?? (await GovConfig.load(ctx))
  return resolveProfile(cfg.section('agent', AgentSectionSchema).permissions)
}

/** Is `tool` allowed by `profile`? Deny beats allow beats the preset. */
export function checkTool(profile: PermissionProfile, tool: string): PermissionCheck {
  const canonical = canonicalTool(tool)
  const base = {tool, canonical, preset: profile.preset}
  const denied = profile.deny.find((p) => matches(p, canonical))
  if (denied) return {...base, allowed: false, rule: `deny:${denied}`, reason: `'${canonical}' is on the deny list (${denied}).`}
  const allowed = profile.allow.find((p) => matches(p, canonical))
  if (allowed) return {...base, allowed: true, rule: `allow:${allowed}`, reason: `'${canonical}' is on the allow list (${allowed}).`}
  if (profile.preset_tools.some((p) => matches(p, canonical))) {
    return {...base, allowed: true, rule: `preset:${profile.preset}`, reason: `The ${profile.preset} preset grants '${canonical}'.`}
  }
  return {
    ...base,
    allowed: false,
    rule: `not_in_preset:${profile.preset}`,
    reason: `The ${profile.preset} preset${profile.source === 'default' ? ' (the default: docs/GOVTOOL.yml sets no agent.permissions)' : ''} does not grant '${canonical}'; ${widenFor(canonical)}.`,
  }
}

/** How to get `tool` granted: the smallest preset that grants it, or an allow entry. */
function widenFor(tool: string): string {
  return `a maintainer grants it with agent.permissions.preset: ${presetGranting(tool)} (or allow: [${tool}]) in docs/GOVTOOL.yml`
}

/** The smallest preset that grants `tool`, for "what unblocks it" hints. */
export function presetGranting(tool: string): Preset {
  const canonical = canonicalTool(tool)
  return PERMISSION_PRESETS.find((p) => PRESET_TOOLS[p].some((pattern) => matches(pattern, canonical))) ?? 'admin'
}

/** Validates a tool name given on the command line. */
export function isValidToolName(name: string): boolean {
  return TOOL_PATTERN.test(name.trim()) && !name.includes('*')
}
