import {Flags} from '@oclif/core'
import {GovCommand, color, projectFlags} from 'govtool'

import {promptArchitecture, renderArchitecture, scanArchitecture, writeArchitecture, type ArchitectureModel} from '../lib/scaffold/index.js'

export interface ArchitectResult extends ArchitectureModel {
  /** project-relative path written */
  file: string
}

export default class Architect extends GovCommand<ArchitectResult> {
  static override summary = 'Scan the project and write its architecture document (components, interfaces, data flow, requirements).'
  static override description = `Detects the components (modules), their interface files, the imports between them, the entry points
and the requirements attributed to each component (docs/REQUIREMENTS.md "Component"), and writes
docs/ARCHITECTURE.md (or the existing docs/architecture.md). On a terminal it first asks for component names,
purposes, interfaces, data flow and deployment notes; --non-interactive writes the scan as it is. An existing
document is replaced only with --force.`

  static override examples = ['<%= config.bin %> architect', '<%= config.bin %> architect --non-interactive --force']

  static override flags = {
    ...projectFlags,
    'non-interactive': Flags.boolean({summary: 'Do not ask; write what the scan found.', default: false}),
    force: Flags.boolean({summary: 'Replace an existing architecture document.', default: false}),
  }

  async run(): Promise<ArchitectResult> {
    const {flags} = await this.parse(Architect)
    const ctx = this.project(flags)
    let model = await scanArchitecture(ctx)
    if (!flags['non-interactive']) model = await promptArchitecture(model)
    const file = await writeArchitecture(ctx, renderArchitecture(model), {force: flags.force})
    if (!this.jsonEnabled()) {
      this.log(`${color.green('wrote')} ${file}: ${model.components.length} components, ${model.data_flow.length} flows, ${model.requirements.length} requirements referenced.`)
    }
    return {...model, file}
  }
}
