import {Args, Flags} from '@oclif/core'
import {GovCommand, color, loadProjectTypes, projectFlags} from 'govtool'

import {INTEGRATION_TARGETS, REVIEW_PLATFORMS, integrateTarget, type IntegrateResult} from '../lib/scaffold/index.js'

export default class Integrate extends GovCommand<IntegrateResult> {
  static override summary = 'Write the config files of a third-party assistant or review tool.'
  static override description = `Targets:
${Object.entries(INTEGRATION_TARGETS)
  .map(([name, t]) => `  ${name.padEnd(12)} ${t.summary}`)
  .join('\n')}

A review-tool target writes a CI review gate for the VCS host (from --platform, else the git remote, else
scaffold.yml, else the CI files present) that reads the CODITY_ACCESS_TOKEN secret, a setup checklist under
docs/, and appends a TODO to LEDGER.md. The target is added to scaffold.yml integrations so that
\`govtool apply\` keeps its files current. A present file that differs is kept unless --force.`

  static override examples = ['<%= config.bin %> integrate claude-code', '<%= config.bin %> integrate codity', '<%= config.bin %> integrate codity --platform gitlab --json']

  static override args = {
    target: Args.string({description: `one of: ${Object.keys(INTEGRATION_TARGETS).join(', ')}`, required: true}),
  }

  static override flags = {
    ...projectFlags,
    platform: Flags.string({summary: 'VCS host for a review-tool pipeline (default: detected).', options: [...REVIEW_PLATFORMS]}),
    force: Flags.boolean({summary: 'Replace present files that differ.', default: false}),
  }

  async run(): Promise<IntegrateResult> {
    const {args, flags} = await this.parse(Integrate)
    const ctx = this.project(flags)
    const result = await integrateTarget(ctx, await loadProjectTypes(this.config), args.target, {platform: flags.platform, force: flags.force})
    if (!this.jsonEnabled()) {
      if (result.platform) this.log(`VCS host: ${result.platform} (from ${result.platform_source}).`)
      for (const f of result.written) this.log(`${color.green('wrote')} ${f}`)
      for (const f of result.kept) this.log(`${color.yellow('kept ')} ${f} (differs; --force replaces it)`)
      for (const f of result.unchanged) this.log(`${color.dim('same ')} ${f}`)
      if (result.ledger_todo) this.log(`Added a TODO to LEDGER.md; the checklist is in ${result.written.find((f) => f.startsWith('docs/')) ?? 'docs/'}.`)
    }
    return result
  }
}
