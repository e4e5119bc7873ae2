import {Flags} from '@oclif/core'

import {CHANNELS, GovCommand, assertChannel, getChannel, userHome} from '../index.js'
import {installMethod, installUpdate} from '../update.js'

export interface SelfUpdateResult {
  updated: boolean
  channel: string
  version: string | null
  install_method: string
}

export default class SelfUpdate extends GovCommand<SelfUpdateResult> {
  static override summary = 'Update govtool itself from the update host.'
  static override description = `Downloads the newest build on your channel (or the pinned --version), checks its sha256, installs it beside
the current one and switches to it. The channel defaults to your saved preference (govtool channel get).
Only tarball installs can replace themselves; an npm install is told the npm command to run instead.
The update host is oclif.update.s3.host in package.json, or GOVTOOL_UPDATE_HOST.`

  static override examples = [
    '<%= config.bin %> self-update',
    '<%= config.bin %> self-update --channel dev',
    '<%= config.bin %> self-update --version 0.3.1',
  ]

  static override flags = {
    channel: Flags.string({summary: 'Channel to update from (default: your saved channel).', options: [...CHANNELS]}),
    version: Flags.string({summary: 'Install exactly this version.', helpValue: 'VERSION'}),
  }

  async run(): Promise<SelfUpdateResult> {
    const {flags} = await this.parse(SelfUpdate)
    const channel = flags.channel ? assertChannel(flags.channel) : (await getChannel(userHome(), this.config.version)).channel
    await installUpdate(this.config, {channel, version: flags.version})
    return {updated: true, channel, version: flags.version ?? null, install_method: installMethod(this.config)}
  }
}
