import {GovCommand, clearChannel, getChannel, userHome, type EffectiveChannel} from '../../index.js'

export default class ChannelClear extends GovCommand<EffectiveChannel & {cleared: boolean}> {
  static override summary = 'Remove your saved channel preference.'
  static override description = 'After clearing, the channel is inferred from the version string again.'
  static override examples = ['<%= config.bin %> channel clear']

  async run(): Promise<EffectiveChannel & {cleared: boolean}> {
    await this.parse(ChannelClear)
    const cleared = await clearChannel(userHome())
    const now = await getChannel(userHome(), this.config.version)
    this.log(cleared ? `Channel preference removed; now ${now.channel} (from the version).` : `No preference was saved; channel is ${now.channel}.`)
    return {...now, cleared}
  }
}
