import {GovCommand, getChannel, userHome, type EffectiveChannel} from '../../index.js'

export default class ChannelGet extends GovCommand<EffectiveChannel> {
  static override summary = 'Print the effective update channel and where it comes from.'
  static override description = `The channel is your saved preference in ~/.govtool/channel (source "user"), else it is inferred from
the version string (source "version"): a dev suffix means dev, anything else stable.`

  static override examples = ['<%= config.bin %> channel get', '<%= config.bin %> channel get --json']

  async run(): Promise<EffectiveChannel> {
    await this.parse(ChannelGet)
    const result = await getChannel(userHome(), this.config.version)
    this.log(`${result.channel} (source: ${result.source})`)
    return result
  }
}
