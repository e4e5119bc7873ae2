/**
 * The sections of docs/GOVTOOL.yml this plugin reads (`preflight`, `verify`, `agent.permissions`), declared
 * for the kernel (package.json `"govtool": {"config": ...}`): `init` and `import` write them out at their
 * defaults with these comments, and `config get|set|list` explain and check their keys. The comments are
 * built from the same constants the schemas use, so they say what is really in force.
 */
import {AEE_PHASES, defineConfigSections} from 'govtool/core'

import {
  BUILTIN_PROTECTED_PATHS,
  DEFAULT_PHASE_RULES,
  PHASE_ACTIONS,
  PreflightConfigSchema,
  VERIFY_DEFAULTS,
  VerifyConfigSchema,
} from './lib/policy/config.js'
import {DEFAULT_PRESET, PERMISSION_PRESETS, PRESET_TOOLS, PermissionsSchema} from './lib/permissions.js'

const builtinRules = AEE_PHASES.map((phase) => `${phase}: [${DEFAULT_PHASE_RULES[phase].join(', ')}]`).join('; ')
/** Each preset as what it adds to the one before: `read_only (read_file, ...); standard adds write_file, ...`. */
const presets = PERMISSION_PRESETS.map((p, i) => {
  if (PRESET_TOOLS[p].includes('*')) return `${p} grants every tool`
  if (i === 0) return `${p} (${PRESET_TOOLS[p].join(', ')})`
  const before = new Set(PRESET_TOOLS[PERMISSION_PRESETS[i - 1]])
  return `${p} adds ${PRESET_TOOLS[p].filter((t) => !before.has(t)).join(', ')}`
}).join('; ')

export default defineConfigSections([
  {
    path: 'preflight',
    order: 10,
    title: 'preflight: what the gate lets through before any change starts (`govtool preflight "<request>"`).',
    schema: PreflightConfigSchema,
    keys: {
      protected_paths: `Paths no request may destroy, added to the built-in ones, which always apply: ${BUILTIN_PROTECTED_PATHS.join(', ')}.`,
      frozen_statuses: 'Requirement statuses a change may not touch: a request scoped to such a requirement is blocked. This list replaces the default one.',
      forbidden_patterns: 'Requests refused outright, added to the built-in rules: a list of {id, pattern (a regular expression, case-insensitive), reason}.',
      phase_gating: 'Whether the AEE phase limits what a request may do. auto: only when scaffold.yml records aee_phase; always; never.',
      phase_rules: `What each AEE phase allows, by phase; a phase listed here replaces its built-in rule. Actions: ${PHASE_ACTIONS.join(', ')}. Built in: ${builtinRules}.`,
      scope: 'How a request is matched to requirements.',
      'scope.max_requirements': 'The most requirements one request may be scoped to.',
      'scope.min_score': 'The lowest match score (0 to 1) for a requirement to be in scope.',
      confidence_target: {
        text: `The confidence an ordinary request must reach. Unset, it is verify.threshold (${VERIFY_DEFAULTS.threshold}), so the gate and verify agree; scaffold.yml epistemic_threshold raises both.`,
        example: String(VERIFY_DEFAULTS.threshold),
      },
      high_risk_confidence_target: 'The confidence a destructive or release request must reach.',
    },
  },
  {
    path: 'verify',
    order: 20,
    title: 'verify: when a change counts as done (`govtool verify`): its confidence from the evidence, and the retries a work item gets.',
    schema: VerifyConfigSchema,
    keys: {
      threshold: 'The confidence a change must reach to be in equilibrium (scaffold.yml epistemic_threshold raises it).',
      retry_budget: 'How many verify retries one work item gets before it must stop and align with a human.',
      lines_per_requirement: 'Changed lines one requirement of scope is expected to need; a bigger change lowers the confidence.',
      files_per_requirement: 'Changed files one requirement of scope is expected to need.',
      weights: 'How much each kind of evidence counts in the confidence (they are normalised to sum to 1).',
      'weights.tests': 'The pass ratio of the test results.',
      'weights.linkage': "Whether the change touches the work item's requirements or their tests.",
      'weights.size': "The change's size against its scope.",
      'weights.logs': 'What the logs say (errors, rollbacks).',
    },
  },
  {
    path: 'agent.permissions',
    order: 30,
    title: `agent.permissions: the tools an agent may use. Presets: ${presets}. A project without this section gets the ${DEFAULT_PRESET} preset.`,
    schema: PermissionsSchema,
    keys: {
      preset: `The preset the profile starts from: ${PERMISSION_PRESETS.join(', ')}.`,
      allow: 'Tools added to the preset (names or globs such as git_*).',
      deny: 'Tools taken away, whatever the preset and allow say (deny wins).',
    },
  },
])
