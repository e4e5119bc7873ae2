import {Flags} from '@oclif/core'
import {GovCommand, color, loadProjectTypes, projectFlags} from 'govtool'

import {importProject, type ImportResult} from '../lib/scaffold/index.js'

export default class Import extends GovCommand<ImportResult> {
  static override summary = 'Adopt an existing repository: detect what it is and add the governance files it lacks.'
  static override description = `Scans the repository for its language, build system, test framework, CI platform, VCS remote,
modules, entry points, tests and existing governance, writes scaffold.yml from that when there is none, and
generates only the missing governance, CI, script and integration files. Existing files are kept.

--force regenerates the files govtool owns (AGENTS.md, docs/governance/*.md, its own CI config and scripts,
integration files). LEDGER.md entries, requirements, tests, the architecture document and scaffold.yml are
never replaced, and a CI config you wrote yourself is kept.`

  static override examples = ['<%= config.bin %> import', '<%= config.bin %> import --project-dir ../legacy-app --guided', '<%= config.bin %> import --force --json']

  static override flags = {
    ...projectFlags,
    force: Flags.boolean({summary: 'Regenerate the files govtool owns even when present (never ledger entries or requirements).', default: false}),
    guided: Flags.boolean({summary: 'Also add REQ stubs, covering tests and docs/architecture.md where missing.', default: false}),
  }

  async run(): Promise<ImportResult> {
    const {flags} = await this.parse(Import)
    const ctx = this.project(flags)
    const registry = await loadProjectTypes(this.config)
    const spinner = this.spin('Scanning the repository')
    const result = await importProject(ctx, {registry, force: flags.force, guided: flags.guided})
    spinner.stop('done')
    if (!this.jsonEnabled()) {
      const d = result.detected
      const languages = d.languages.slice(0, 3).map((l) => `${l.language} ${l.files}`).join(', ')
      this.log(color.bold('Detected'))
      this.table(
        [
          ['language', `${d.language ?? 'none'}${languages ? ` (${languages})` : ''}`],
          ['project type', `${result.type}${result.scaffold_created ? '' : ' (from scaffold.yml)'}`],
          ['build system', d.build_system ?? 'none'],
          ['test framework', d.test_framework ?? 'none'],
          ['tests', `${d.tests.files} files${d.tests.dirs.length > 0 ? ` in ${d.tests.dirs.join(', ')}` : ''}`],
          ['CI', d.ci_platform ? `${d.ci_platform} (${d.ci_files.join(', ')})` : 'none'],
          ['VCS remote', d.vcs.url ? `${d.vcs.url} (${d.vcs.host_platform ?? 'unknown host'})` : d.vcs.is_repository ? 'no remote' : 'not a git repository'],
          ['modules', d.modules.join(', ') || 'none'],
          ['entry points', d.entry_points.join(', ') || 'none'],
          ['governance', [...d.governance.present, ...d.governance.legacy.map((l) => `${l} (legacy)`)].join(', ') || 'none'],
        ],
        [
          {header: 'What', get: (r) => r[0]},
          {header: 'Found', get: (r) => r[1]},
        ],
      )
      this.log('')
      for (const f of result.written) this.log(`${color.green('wrote')} ${f}`)
      for (const f of result.kept) this.log(`${color.dim('kept ')} ${f}`)
      this.log(`${result.written.length} written, ${result.kept.length + result.unchanged.length} already present.`)
      if (d.governance.legacy.length > 0) this.log(`Older layout found (${d.governance.legacy.join(', ')}): run \`govtool migrate-project\`.`)
    }
    return result
  }
}
