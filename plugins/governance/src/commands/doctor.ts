import {Flags} from '@oclif/core'
import {GovCommand, color, loadProjectTypes, projectFlags, requireProjectType} from 'govtool'

import {guessTypeFromManifests, readProjectScaffold, runDoctor, type DoctorResult} from '../lib/scaffold/index.js'

export default class Doctor extends GovCommand<DoctorResult> {
  static override summary = "Check that the project type's tools are installed, in the 7 categories, with their versions."
  static override description = `For each tool of the project type's toolset (lint, typecheck, test, security, build, format,
compliance) runs its version probe and reports it installed with its version, or missing with how to install
it. The type comes from --type, else scaffold.yml, else the manifests at the project root. Exits 1 when a
tool is missing.`

  static override examples = ['<%= config.bin %> doctor', '<%= config.bin %> doctor --json', '<%= config.bin %> doctor --type rust']

  static override flags = {
    ...projectFlags,
    type: Flags.string({summary: 'Project type to check (default: from scaffold.yml).', helpValue: 'TYPE'}),
  }

  async run(): Promise<DoctorResult> {
    const {flags} = await this.parse(Doctor)
    const ctx = this.project(flags)
    const registry = await loadProjectTypes(this.config)
    const name = flags.type ?? (await readProjectScaffold(ctx))?.scaffold.type ?? guessTypeFromManifests(ctx.root)
    const spinner = this.spin('Checking tools')
    const result = await runDoctor(requireProjectType(registry, name), {cwd: ctx.root})
    spinner.stop()
    this.table(result.tools, [
      {header: 'Category', get: (t) => t.category},
      {header: 'Tool', get: (t) => t.name},
      {header: 'Status', get: (t) => (t.status === 'installed' ? color.green('installed') : color.red('missing'))},
      {header: 'Version / install', get: (t) => (t.status === 'installed' ? (t.version ?? '') : (t.install_hint ?? t.note ?? ''))},
    ])
    if (!this.jsonEnabled()) this.log(`\n${result.type}: ${result.installed} installed, ${result.missing} missing.`)
    if (!result.healthy) this.setExitCode(1)
    return result
  }
}
