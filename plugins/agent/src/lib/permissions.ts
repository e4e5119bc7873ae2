/**
 * `agent permissions` and `agent permissions-check`: the profile itself (presets, allow, deny) is the
 * preflight plugin's, because preflight checks requests against it; this module shows it and records
 * denied attempts in the ledger.
 */
import {appendLedgerEntry} from '@govtool/plugin-governance/trace'
import {
  PERMISSION_PRESETS,
  PRESET_TOOLS,
  checkTool,
  isValidToolName,
  loadPermissionProfile,
  type PermissionCheck,
  type PermissionProfile,
  type Preset,
} from '@govtool/plugin-preflight'
import {InputError, type ProjectContext} from 'govtool/core'

export interface PermissionsReport extends PermissionProfile {
  /** the tools an agent may use under this profile: preset tools plus allow, minus deny (globs kept as written) */
  effective: string[]
  /** what each preset grants */
  presets: Record<Preset, string[]>
  file: string
}

export async function describePermissions(ctx: ProjectContext): Promise<PermissionsReport> {
  const profile = await loadPermissionProfile(ctx)
  const candidates = [...new Set([...profile.preset_tools, ...profile.allow])]
  const effective = candidates.filter((t) => t.includes('*') || checkTool(profile, t).allowed)
  const presets = Object.fromEntries(PERMISSION_PRESETS.map((p) => [p, [...PRESET_TOOLS[p]]])) as Record<Preset, string[]>
  return {...profile, effective, presets, file: ctx.relative(ctx.file('config'))}
}

export interface PermissionCheckResult extends PermissionCheck {
  source: PermissionProfile['source']
  /** whether a denied attempt was appended to the ledger */
  logged: boolean
}

/** Checks one tool; a denied attempt is appended to LEDGER.md as `permission_denied` unless `log` is false. */
export async function checkPermission(ctx: ProjectContext, tool: string, options: {log?: boolean} = {}): Promise<PermissionCheckResult> {
  if (!isValidToolName(tool)) {
    throw new InputError(`Invalid tool name ${JSON.stringify(tool)}.`, {
      code: 'E_BAD_TOOL',
      hint: 'A tool name is letters, digits, _ . : - (e.g. read_file, git_push, run_shell), at most 64 characters, without wildcards.',
    })
  }
  const profile = await loadPermissionProfile(ctx)
  const check = checkTool(profile, tool)
  let logged = false
  if (!check.allowed && options.log !== false) {
    await appendLedgerEntry(ctx, {
      description: `Permission denied: ${check.canonical}`,
      type: 'permission_denied',
      status: 'denied',
      fields: {Tool: check.canonical, Preset: profile.preset, Rule: check.rule},
    })
    logged = true
  }
  return {...check, source: profile.source, logged}
}
