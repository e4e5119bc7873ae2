import {Args, Flags} from '@oclif/core'
import {GovCommand, projectFlags} from 'govtool'

import {addRequirement} from '../../lib/trace/requirements.js'
import type {Requirement} from '../../lib/trace/types.js'

export interface ReqAddResult {
  requirement: Requirement
}

export default class ReqAdd extends GovCommand<ReqAddResult> {
  static override summary = 'Add a requirement to docs/REQUIREMENTS.md.'
  static override description = `Appends the requirement in the standard form (a "## REQ-ID. Title" heading with ID, Description, Status,
Priority and Component bullets). Refuses a malformed id (exit 2) and an id that already exists (exit 1).
The new requirement needs a test that covers it: "govtool req gaps" lists it until one does.`

  static override examples = [
    '<%= config.bin %> req add REQ-CLI-003 --component cli --priority P1 --description "The CLI prints its version with --version."',
    '<%= config.bin %> req add REQ-007 --title "Export" --description "..." --status draft',
  ]

  static override args = {
    id: Args.string({description: 'Requirement id, e.g. REQ-001 or REQ-CLI-001.', required: true}),
  }

  static override flags = {
    ...projectFlags,
    description: Flags.string({char: 'd', summary: 'What the system must do, stated so that a test can check it.'}),
    title: Flags.string({summary: 'Short title (default: the first sentence of the description).'}),
    component: Flags.string({char: 'c', summary: 'Component the requirement belongs to.'}),
    priority: Flags.string({char: 'p', summary: 'Priority: P0, P1, P2, P3 or P4.'}),
    status: Flags.string({summary: 'Status (draft requirements are left out of coverage).', default: 'proposed'}),
  }

  async run(): Promise<ReqAddResult> {
    const {args, flags} = await this.parse(ReqAdd)
    const ctx = this.project(flags)
    const requirement = await addRequirement(ctx, {
      id: args.id,
      title: flags.title,
      description: flags.description,
      component: flags.component,
      priority: flags.priority,
      status: flags.status,
    })
    this.log(`Added ${requirement.id} to ${requirement.file}:${requirement.line}.`)
    return {requirement}
  }
}
