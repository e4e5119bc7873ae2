import {existsSync} from 'node:fs'
import path from 'node:path'

import {Flags} from '@oclif/core'
import {execFile} from 'node:child_process'
import {promisify} from 'node:util'

import {GovCommand, ProjectContext, confirm, getChannel, isInteractive, projectFlags, userHome} from '../index.js'
import {checkForUpdate, clientLauncher, installUpdate, type UpdateCheck} from '../update.js'

export interface UpdateResult extends UpdateCheck {
  updated: boolean
  migrated: boolean
  migrate_output?: string
}

export default class Update extends GovCommand<UpdateResult> {
  static override summary = 'Check for a newer govtool on your channel, install it, and migrate the project.'
  static override description = `--check only reports whether a newer version exists on the effective channel (govtool channel get).
--yes installs it (as self-update does) and then runs the new version's migrate-project on the project
when it has a scaffold.yml, so the project's layout follows the tool. Without either flag, it checks and
asks on a terminal. npm installs are told the npm command to run instead.`

  static override examples = ['<%= config.bin %> update --check', '<%= config.bin %> update --yes', '<%= config.bin %> update --check --json']

  static override flags = {
    ...projectFlags,
    check: Flags.boolean({summary: 'Only report whether an update is available.', exclusive: ['yes']}),
    yes: Flags.boolean({char: 'y', summary: 'Install the update and migrate the project without asking.'}),
  }

  async run(): Promise<UpdateResult> {
    const {flags} = await this.parse(Update)
    const {channel} = await getChannel(userHome(), this.config.version)
    const check = await checkForUpdate(this.config, channel)
    const result: UpdateResult = {...check, updated: false, migrated: false}
    this.log(check.message)
    if (flags.check || !check.update_available) return result
    if (!flags.yes) {
      if (!isInteractive()) {
        this.log("Run 'govtool update --yes' to install it.")
        return result
      }
      if (!(await confirm(`Install govtool ${check.latest}?`))) return result
    }
    await installUpdate(this.config, {channel})
    result.updated = true
    const ctx = ProjectContext.resolve(flags['project-dir'])
    const launcher = clientLauncher(this.config)
    if (existsSync(ctx.file('scaffold')) && existsSync(launcher)) {
      const {stdout} = await promisify(execFile)(launcher, ['migrate-project', '--project-dir', ctx.root], {cwd: path.dirname(launcher)})
      result.migrated = true
      result.migrate_output = stdout.trim()
      this.log(result.migrate_output)
    }
    return result
  }
}
