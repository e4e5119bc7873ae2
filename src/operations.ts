/**
 * The kernel's own operations: the quickstart, update channel, updates, and the plugin report. The root package's CLI
 * commands (commands.ts) are generated from this list, and scripts/bundle-fast.mjs reads it (as
 * dist/operations.js) for the fast runner; loading it is cheap (the libraries load inside each run).
 */
import type {AnyOperation} from './operation.js'
import {channelClearOp, channelGetOp, channelSetOp} from './ops/channel.js'
import {pluginOp} from './ops/plugin.js'
import {quickstartOp} from './ops/quickstart.js'
import {selfUpdateOp, updateOp} from './ops/update.js'

export const operations: AnyOperation[] = [quickstartOp, channelGetOp, channelClearOp, channelSetOp, updateOp, selfUpdateOp, pluginOp]
