import {readFileSync} from 'node:fs'
import path from 'node:path'

import {z} from 'zod/v3'

import {CHANNELS} from '../channel.js'
import {lazySchema} from '../lazy-schema.js'
import {defineOperation} from '../operation.js'
import {ChannelClearSchema, EffectiveChannelSchema} from './schemas.js'

/** The version of the govtool installation at `root` (its package.json), without loading oclif. */
async function installedVersion(root: string): Promise<string> {
  // read synchronously, like every small file a hot command reads: no thread pool (issue 14, start-up eighth pass)
  return (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {version: string}).version
}

async function channelLib() {
  const [channel, {userHome}] = await Promise.all([import('../channel.js'), import('../context.js')])
  return {...channel, home: userHome()}
}

export const channelGetOp = defineOperation({
  id: 'channel.get',
  summary: 'Print the effective update channel and where it comes from.',
  description: `The channel is your saved preference in ~/.govtool/channel (source "user"), else it is inferred from the version string (source "version"): a dev suffix (1.2.0-dev.3) means dev, anything else stable.

\`self-update\` and \`update\` follow it. Change it with \`govtool channel set\`, go back to the inferred one with \`govtool channel clear\`.`,
  examples: ['<%= config.bin %> channel get', '<%= config.bin %> channel get --json'],
  effect: 'read',
  input: lazySchema(() => z.object({})),
  result: EffectiveChannelSchema,
  async run(ctx) {
    const {getChannel, home} = await channelLib()
    return getChannel(home, await installedVersion(ctx.cliRoot))
  },
  render: (r) => `${r.channel} (source: ${r.source})`,
})

export const channelSetOp = defineOperation({
  id: 'channel.set',
  summary: 'Save your update channel preference (stable or dev).',
  description: 'Persists the channel to ~/.govtool/channel (GOVTOOL_HOME moves ~/.govtool); `self-update` and `update` follow it. stable gets releases only; dev also gets development builds.',
  examples: ['<%= config.bin %> channel set dev', '<%= config.bin %> channel set stable'],
  effect: 'write',
  input: lazySchema(() => z.object({
    // a string, not an enum: an unknown channel is E_BAD_CHANNEL naming the channels, as before
    channel: z.string().describe(`one of: ${CHANNELS.join(', ')}`),
  })),
  cli: {fields: {channel: {arg: true}}},
  result: EffectiveChannelSchema,
  async run(_ctx, input) {
    const {setChannel, home} = await channelLib()
    return {channel: await setChannel(home, input.channel), source: 'user' as const}
  },
  render: (r) => `Channel set to ${r.channel}.`,
})

export const channelClearOp = defineOperation({
  id: 'channel.clear',
  summary: 'Remove your saved channel preference.',
  description: 'After clearing, the channel is inferred from the version string again (see `govtool channel get`). Clearing when nothing is saved is not an error.',
  examples: ['<%= config.bin %> channel clear', '<%= config.bin %> channel clear --json'],
  effect: 'write',
  input: lazySchema(() => z.object({})),
  result: ChannelClearSchema,
  async run(ctx) {
    const {clearChannel, getChannel, home} = await channelLib()
    const cleared = await clearChannel(home)
    return {...(await getChannel(home, await installedVersion(ctx.cliRoot))), cleared}
  },
  render: (r) => (r.cleared ? `Channel preference removed; now ${r.channel} (from the version).` : `No preference was saved; channel is ${r.channel}.`),
})
