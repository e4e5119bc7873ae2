import path from 'node:path'

import {Args, Flags} from '@oclif/core'
import {GovCommand} from 'govtool'

import {initWorkspace, type Workspace} from '../../lib/trace/workspace.js'

export interface WorkspaceInitResult {
  file: string
  workspace: Workspace
}

export default class WorkspaceInit extends GovCommand<WorkspaceInitResult> {
  static override summary = 'Create workspace.yml listing several projects.'
  static override description = `Writes <dir>/workspace.yml (default: the current directory) with the workspace name and the project
directories, relative to it. Each project directory must exist.`

  static override examples = ['<%= config.bin %> workspace init platform api web worker', '<%= config.bin %> workspace init platform ./api --dir ~/work']

  static override strict = false
  static override args = {
    name: Args.string({description: 'Workspace name.', required: true}),
    projects: Args.string({description: 'Project directories (any number).'}),
  }

  static override flags = {
    dir: Flags.string({summary: 'Directory of the workspace (default: the current directory).', helpValue: 'DIR'}),
    force: Flags.boolean({summary: 'Replace an existing workspace.yml.', default: false}),
  }

  async run(): Promise<WorkspaceInitResult> {
    const {args, argv, flags} = await this.parse(WorkspaceInit)
    const projects = (argv as string[]).slice(1)
    const {file, workspace} = await initWorkspace(path.resolve(flags.dir ?? '.'), args.name, projects, {force: flags.force})
    this.log(`Wrote ${file} (${workspace.projects.length} project(s)).`)
    return {file, workspace}
  }
}
