/** Operations that create or adopt a governed project: `init` and `import`. */
import path from 'node:path'

import {GovError, color, defineOperation, loadConfigSections, loadProjectTypes, renderConfigFile, renderTable, type ConfigRegistry} from 'govtool/core'
import {z} from 'zod/v3'

import {ImportResultSchema, InitResultSchema} from './scaffold-schemas.js'

/**
 * docs/GOVTOOL.yml generated from the installed plugins' config sections (every default, commented); a plugin
 * whose sections failed to load is a warning, and with no section at all no file is written.
 */
function policyFile(registry: ConfigRegistry, io: {warn(message: string): void}): string | undefined {
  for (const p of registry.plugins.filter((x) => x.status === 'failed')) io.warn(`${p.plugin}: its config sections were not loaded (${p.error}); docs/GOVTOOL.yml lacks them.`)
  return registry.sections.length > 0 ? renderConfigFile(registry) : undefined
}

export const initOp = defineOperation({
  id: 'init',
  summary: 'Create a governed project from a scaffold.yml: governance files, CI, type directories, git.',
  description: `Creates <output-dir>/<name>/ (name from scaffold.yml) with AGENTS.md, LEDGER.md, docs/REQUIREMENTS.md, docs/TESTS.md, docs/governance/*.md, scaffold.yml, the CI config of vcs_platform running the project type's tools, dependency-update config, scripts/, agent integration files and the type's directories and starter files, then a git repository with a first commit (unless --no-git).

Without --config the fields are asked for on a terminal; with --json, or without a terminal, --config is required. Nothing is written, and the exit code is 1, when the project directory exists and is not empty. Files are rendered in memory, written into a temporary sibling directory and renamed into place, so an interrupted init leaves no half-written project.

scaffold.yml needs name and type (\`govtool plugin\` lists the installed types); everything else has a default: description, vcs_platform (github, gitlab, azure-devops, bitbucket, none), branching_strategy, default_branch, integrations, license, spec_version, aee_phase. Its comments are kept in the project's copy.`,
  examples: [
    '<%= config.bin %> init --config scaffold.yml --output-dir projects',
    '<%= config.bin %> init --config scaffold.yml --guided --no-git',
    '<%= config.bin %> init --config scaffold.yml --output-dir ~/src',
    '<%= config.bin %> init',
  ],
  effect: 'write',
  input: z.object({
    config: z.string().min(1).optional().describe('scaffold.yml to create the project from (else interactive prompts).'),
    output_dir: z.string().min(1).default('.').describe('Directory to create the project directory in.'),
    git: z.boolean().default(true).describe('Initialise a git repository with a first commit (--no-git to skip).'),
    guided: z.boolean().default(false).describe('Add REQ-{COMPONENT}-001/002 stubs, tests covering them and docs/architecture.md.'),
  }),
  cli: {fields: {config: {helpValue: 'PATH'}, output_dir: {helpValue: 'PATH'}, git: {allowNo: true}}},
  result: InitResultSchema,
  async run(ctx, input, io) {
    if (!input.config && !(ctx.transport === 'cli' && io.interactive)) {
      throw new GovError('govtool init needs answers, and there is no terminal to ask on.', {
        code: 'E_NOT_INTERACTIVE',
        hint: 'Pass --config scaffold.yml (see `govtool init --help` for its fields).',
      })
    }
    const [{initProject, loadScaffoldConfig, promptScaffold}, registry, sections] = await Promise.all([
      import('../lib/scaffold/index.js'),
      loadProjectTypes(ctx.cliRoot),
      loadConfigSections(ctx.cliRoot),
    ])
    let guided = input.guided
    let source: {scaffold: Awaited<ReturnType<typeof promptScaffold>>['scaffold']; scaffoldText?: string}
    if (input.config) {
      const loaded = await loadScaffoldConfig(ctx.resolvePath(input.config))
      source = {scaffold: loaded.scaffold, scaffoldText: loaded.text}
    } else {
      const answers = await promptScaffold(registry)
      source = {scaffold: answers.scaffold}
      guided ||= answers.guided
    }
    io.progress({message: `Creating ${source.scaffold.name}`})
    const result = await initProject({...source, outputDir: ctx.resolvePath(input.output_dir), registry, git: input.git, guided, config: policyFile(sections, io)})
    if (result.git && !result.git.committed) io.warn(result.git.warning ?? 'no git commit was made')
    return result
  },
  render(r) {
    const lines = [`${color.green('Created')} ${r.project_dir} (type ${r.type}${r.guided ? ', guided' : ''}): ${r.files.length} files.`]
    if (r.git?.committed) lines.push(`git: first commit ${r.git.commit?.slice(0, 12)} on ${r.git.branch}.`)
    lines.push(`Next: cd ${path.relative(process.cwd(), r.project_dir) || '.'} && govtool doctor && govtool audit`)
    return lines.join('\n')
  },
})

export const importOp = defineOperation({
  id: 'import',
  summary: 'Adopt an existing repository: detect what it is and add the governance files it lacks.',
  description: `Scans the repository for its language, build system, test framework, CI platform, VCS remote, modules, entry points, tests and existing governance, writes scaffold.yml from that when there is none, and generates only the missing governance, CI, script and integration files. Existing files are kept.

--force regenerates the files govtool owns (AGENTS.md, docs/governance/*.md, its own CI config and scripts, integration files). LEDGER.md entries, requirements, tests, the architecture document and scaffold.yml are never replaced, and a CI config you wrote yourself is kept.

The AEE phase (aee_phase in the scaffold.yml it writes) follows the evidence: source code and tests start at implementation, where code changes are allowed; source code without tests starts at test_spec, where tests and documents may change, so the first governed change adds tests; no source code starts at inception. A scaffold.yml that is already there keeps its phase. The output says which phase and why (phase in --json), and ends with the commands of a first governed change (next_steps).

--guided adds REQ-<COMPONENT>-001/002 stubs for the modules found (or scaffold.yml's components), tests covering them and docs/architecture.md; on a project whose requirements file has no entry yet, it adds them to the existing files.

A project laid out by the older tool (root-level REQUIREMENTS.md, docs/LEDGER.md, .specsmith/) is reported; \`govtool migrate-project\` moves it to the current layout.`,
  examples: ['<%= config.bin %> import', '<%= config.bin %> import --guided', '<%= config.bin %> import --force --json'],
  project: true,
  effect: 'write',
  input: z.object({
    force: z.boolean().default(false).describe('Regenerate the files govtool owns even when present (never ledger entries or requirements).'),
    guided: z.boolean().default(false).describe('Also add REQ stubs, covering tests and docs/architecture.md where missing.'),
  }),
  result: ImportResultSchema,
  async run(ctx, input, io) {
    const [{importProject}, registry, sections] = await Promise.all([import('../lib/scaffold/index.js'), loadProjectTypes(ctx.cliRoot), loadConfigSections(ctx.cliRoot)])
    io.progress({message: 'Scanning the repository'})
    return importProject(ctx.project(), {registry, force: input.force, guided: input.guided, config: policyFile(sections, io)})
  },
  render(r) {
    const d = r.detected
    const languages = d.languages.slice(0, 3).map((l) => `${l.language} ${l.files}`).join(', ')
    const rows: [string, string][] = [
      ['language', `${d.language ?? 'none'}${languages ? ` (${languages})` : ''}`],
      ['project type', `${r.type}${r.scaffold_created ? '' : ' (from scaffold.yml)'}`],
      ['build system', d.build_system ?? 'none'],
      ['test framework', d.test_framework ?? 'none'],
      ['tests', `${d.tests.files} files${d.tests.dirs.length > 0 ? ` in ${d.tests.dirs.join(', ')}` : ''}`],
      ['CI', d.ci_platform ? `${d.ci_platform} (${d.ci_files.join(', ')})` : 'none'],
      ['VCS remote', d.vcs.url ? `${d.vcs.url} (${d.vcs.host_platform ?? 'unknown host'})` : d.vcs.is_repository ? 'no remote' : 'not a git repository'],
      ['modules', d.modules.join(', ') || 'none'],
      ['entry points', d.entry_points.join(', ') || 'none'],
      ['governance', [...d.governance.present, ...d.governance.legacy.map((l) => `${l} (legacy)`)].join(', ') || 'none'],
    ]
    const lines = [
      color.bold('Detected'),
      renderTable(rows, [
        {header: 'What', get: (row) => row[0]},
        {header: 'Found', get: (row) => row[1]},
      ]),
      '',
      ...r.written.map((f) => `${color.green('wrote')} ${f}`),
      ...r.kept.map((f) => `${color.dim('kept ')} ${f}`),
      `${r.written.length} written, ${r.kept.length + r.unchanged.length} already present.`,
    ]
    if (d.governance.legacy.length > 0) lines.push(`Older layout found (${d.governance.legacy.join(', ')}): run \`govtool migrate-project\`.`)
    const p = r.phase
    lines.push('', p.phase ? `${color.bold('Phase:')} ${p.phase} (${p.label}${p.source === 'scaffold' ? ', from scaffold.yml' : ''}). ${p.reason}` : `${color.bold('Phase:')} none recorded. ${p.reason}`)
    const where = path.relative(process.cwd(), r.project_dir)
    lines.push('', color.bold('Next:'), ...(where ? [`  cd ${/^[\w./-]+$/.test(where) ? where : JSON.stringify(where)}`] : []), ...r.next_steps.map((s) => `  ${s}`))
    return lines.join('\n')
  },
})
