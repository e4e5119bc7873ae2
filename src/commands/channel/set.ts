import {Args} from '@oclif/core'

import {CHANNELS, GovCommand, setChannel, userHome, type EffectiveChannel} from '../../index.js'

export default class ChannelSet extends GovCommand<EffectiveChannel> {
  static override summary = 'Save your update channel preference (stable or dev).'
  static override description = 'Persists the channel to ~/.govtool/channel; self-update and update follow it.'
  static override examples = ['<%= config.bin %> channel set dev', '<%= config.bin %> channel set stable']
  static override args = {
    channel: Args.string({description: `one of: ${CHANNELS.join(', ')}`, required: true}),
  }

  async run(): Promise<EffectiveChannel> {
    const {args} = await this.parse(ChannelSet)
    const channel = await setChannel(userHome(), args.channel)
    this.log(`Channel set to ${channel}.`)
    return {channel, source: 'user'}
  }
}
