/** Operations that keep a governed project's files current: `integrate`, `upgrade`, `migrate-project`. */
import {color, defineOperation, GovConfig, GovError, loadProjectTypes} from 'govtool/core'
import {z} from 'zod/v3'

import {INTEGRATION_TARGETS, REVIEW_PLATFORMS} from '../lib/scaffold/integrations.js'
import {IntegrateResultSchema, MigrationResultSchema, UpgradeResultSchema} from './scaffold-schemas.js'

const targets = Object.entries(INTEGRATION_TARGETS)
  .map(([name, t]) => `  ${name.padEnd(12)} ${t.summary}`)
  .join('\n')

export const integrateOp = defineOperation({
  id: 'integrate',
  summary: 'Write the config files of a third-party assistant or review tool.',
  description: `Targets:
${targets}

Assistants that take MCP servers (claude-code, cursor, copilot) get \`govtool mcp serve\` registered in their project config. claude-code gets hooks in .claude/settings.json (\`govtool hook claude-code <event>\`): preflight on every prompt, the permission profile, protected paths and secrets on every tool call, verify when it stops. cursor gets hooks in .cursor/hooks.json (\`govtool hook cursor <event>\`, marked failClosed): preflight before every prompt, the same checks before every shell command and MCP call, secrets before a file read. These files are shared with the user: govtool merges its entries into them and keeps everything else; an entry of govtool's that was changed by hand is kept unless --force.

--http-hooks (claude-code) registers HTTP hooks on the governance server (http://127.0.0.1:<governance_port>/hooks/claude-code/<event>) instead of commands, so no process starts per hook. Claude Code's HTTP hooks fail open: while the server is not running, every prompt and tool call goes through unchecked. Command hooks, which fail closed, stay the default.

git-hooks installs pre-commit and pre-push hooks where git looks for them (core.hooksPath honoured) that run \`govtool git-hook pre-commit\` (the secrets scan of the staged diff, the audit of staged governance files) and \`govtool git-hook pre-push\`; a hook already there is kept as <hook>.pre-govtool and runs first.

A review-tool target writes a CI review gate for the VCS host (from --platform, else the git remote, else scaffold.yml, else the CI files present) that reads the CODITY_ACCESS_TOKEN secret, a setup checklist under docs/, and appends a TODO to LEDGER.md. The target is added to scaffold.yml integrations so that \`govtool apply\` keeps its files current. A present file that differs is kept unless --force.`,
  examples: ['<%= config.bin %> integrate claude-code', '<%= config.bin %> integrate git-hooks', '<%= config.bin %> integrate codity', '<%= config.bin %> integrate codity --platform gitlab --json'],
  project: true,
  effect: 'write',
  input: z.object({
    // a string, not an enum: an unknown target is E_UNKNOWN_TARGET naming the targets
    target: z.string().min(1).describe(`one of: ${Object.keys(INTEGRATION_TARGETS).join(', ')}`),
    platform: z.enum(REVIEW_PLATFORMS).optional().describe('VCS host for a review-tool pipeline (default: detected).'),
    force: z.boolean().default(false).describe('Replace present files that differ.'),
    http_hooks: z.boolean().default(false).describe('claude-code: register HTTP hooks on the governance server instead of command hooks (they fail open while the server is down).'),
  }),
  cli: {fields: {target: {arg: true}}},
  result: IntegrateResultSchema,
  async run(ctx, input) {
    const [{integrateTarget}, registry] = await Promise.all([import('../lib/scaffold/index.js'), loadProjectTypes(ctx.cliRoot)])
    const project = ctx.project()
    if (input.http_hooks && input.target !== 'claude-code') {
      throw new GovError(`--http-hooks is for claude-code; ${input.target} has no HTTP hooks.`, {code: 'E_INPUT', hint: 'Run `govtool integrate claude-code --http-hooks`, or drop the flag.'})
    }
    const httpHooksPort = input.http_hooks ? (await GovConfig.load(project)).userConfig().governance_port : undefined
    return integrateTarget(project, registry, input.target, {platform: input.platform, force: input.force, httpHooksPort})
  },
  render(r) {
    const lines: string[] = []
    if (r.platform) lines.push(`VCS host: ${r.platform} (from ${r.platform_source}).`)
    for (const f of r.written) lines.push(`${color.green('wrote')} ${f}`)
    for (const f of r.kept) lines.push(`${color.yellow('kept ')} ${f} (differs; --force replaces it)`)
    for (const f of r.unchanged) lines.push(`${color.dim('same ')} ${f}`)
    for (const note of r.notes) lines.push(color.dim(note))
    if (r.ledger_todo) lines.push(`Added a TODO to LEDGER.md; the checklist is in ${r.written.find((f) => f.startsWith('docs/')) ?? 'docs/'}.`)
    return lines.join('\n')
  },
})

export const upgradeOp = defineOperation({
  id: 'upgrade',
  summary: 'Re-render docs/governance/*.md for a spec version and record it in scaffold.yml.',
  description: `Renders the modular governance rules (docs/governance/*.md) of the given spec version and sets spec_version in scaffold.yml (its comments are kept). AGENTS.md, LEDGER.md and sources are untouched.

When the project is already at that version nothing is written. An older version is refused (exit 2) unless --force. \`govtool diff\` shows what an upgrade or \`apply\` would change first.`,
  examples: ['<%= config.bin %> upgrade --spec-version 0.2.0', '<%= config.bin %> upgrade --spec-version 0.2.0 --json'],
  project: true,
  effect: 'write',
  input: z.object({
    spec_version: z.string().describe('Governance spec version to upgrade to.'),
    force: z.boolean().default(false).describe('Allow moving to an older spec version.'),
  }),
  cli: {fields: {spec_version: {helpValue: 'VERSION'}}},
  result: UpgradeResultSchema,
  async run(ctx, input) {
    const [{upgradeGovernance}, registry] = await Promise.all([import('../lib/scaffold/index.js'), loadProjectTypes(ctx.cliRoot)])
    return upgradeGovernance(ctx.project(), registry, {specVersion: input.spec_version, force: input.force})
  },
  render(r) {
    if (r.already) return `Already at spec version ${r.to}; nothing to do.`
    return [
      ...r.written.map((f) => `${color.green('wrote')} ${f}`),
      `Upgraded from spec version ${r.from} to ${r.to} (${r.written.length} re-rendered, ${r.unchanged.length} unchanged).`,
    ].join('\n')
  },
})

export const migrateProjectOp = defineOperation({
  id: 'migrate-project',
  summary: 'Bring an older scaffold to the current layout (including projects of the older Python tool).',
  description: `Moves root-level REQUIREMENTS.md / TESTS.md into docs/ and docs/LEDGER.md to LEDGER.md, moves the older tool's .specsmith/ state into .govtool/, creates or completes scaffold.yml (spec_version, aee_phase), creates missing governance files and records the migration in the ledger.

Nothing is overwritten: a conflict is listed as a skipped step. --dry-run lists every step and writes nothing. \`govtool update\` runs it after installing a new version.`,
  examples: ['<%= config.bin %> migrate-project --dry-run', '<%= config.bin %> migrate-project', '<%= config.bin %> migrate-project --json'],
  project: true,
  effect: 'write',
  input: z.object({
    dry_run: z.boolean().default(false).describe('List the steps without changing anything.'),
  }),
  result: MigrationResultSchema,
  async run(ctx, input) {
    const [{migrateProject}, registry] = await Promise.all([import('../lib/scaffold/index.js'), loadProjectTypes(ctx.cliRoot)])
    return migrateProject(ctx.project(), {dryRun: input.dry_run, registry})
  },
  render(r, view) {
    const lines: string[] = []
    if (r.up_to_date && r.steps.length === 0) lines.push('The project already has the current layout; nothing to migrate.')
    for (const step of r.steps) {
      const mark = step.status === 'done' ? color.green('done   ') : step.status === 'skipped' ? color.yellow('skipped') : color.cyan('pending')
      lines.push(`${mark} ${step.description}${step.reason ? ` (${step.reason})` : ''}`)
    }
    if (view.input.dry_run && !r.up_to_date) lines.push('\nDry run: nothing was changed. Run without --dry-run to apply these steps.')
    return lines.join('\n')
  },
})
