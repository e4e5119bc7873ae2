import {Flags} from '@oclif/core'
import {GovCommand, color, loadProjectTypes, projectFlags} from 'govtool'

import {upgradeGovernance, type UpgradeResult} from '../lib/scaffold/index.js'

export default class Upgrade extends GovCommand<UpgradeResult> {
  static override summary = 'Re-render docs/governance/*.md for a spec version and record it in scaffold.yml.'
  static override description = `Renders the modular governance rules (docs/governance/*.md) of the given spec version and sets
spec_version in scaffold.yml (its comments are kept). AGENTS.md, LEDGER.md and sources are untouched.
When the project is already at that version nothing is written. An older version is refused unless --force.`

  static override examples = ['<%= config.bin %> upgrade --spec-version 0.2.0']

  static override flags = {
    ...projectFlags,
    'spec-version': Flags.string({summary: 'Governance spec version to upgrade to.', required: true, helpValue: 'VERSION'}),
    force: Flags.boolean({summary: 'Allow moving to an older spec version.', default: false}),
  }

  async run(): Promise<UpgradeResult> {
    const {flags} = await this.parse(Upgrade)
    const ctx = this.project(flags)
    const result = await upgradeGovernance(ctx, await loadProjectTypes(this.config), {specVersion: flags['spec-version'], force: flags.force})
    if (!this.jsonEnabled()) {
      if (result.already) this.log(`Already at spec version ${result.to}; nothing to do.`)
      else {
        for (const f of result.written) this.log(`${color.green('wrote')} ${f}`)
        this.log(`Upgraded from spec version ${result.from} to ${result.to} (${result.written.length} re-rendered, ${result.unchanged.length} unchanged).`)
      }
    }
    return result
  }
}
