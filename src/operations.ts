/**
 * The kernel's own operations: the quickstart, update channel, updates, the plugin report, and the project config (docs/GOVTOOL.yml, whose sections several plugins declare). The root package's CLI
 * commands (commands.ts) are generated from this list, and scripts/bundle-fast.mjs reads it (as
 * dist/operations.js) for the fast runner; loading it is cheap (the libraries load inside each run).
 */
import type {AnyOperation} from './operation.js'
import {channelClearOp, channelGetOp, channelSetOp} from './ops/channel.js'
import {configGetOp, configListOp, configSetOp} from './ops/config.js'
import {pluginOp} from './ops/plugin.js'
import {quickstartOp} from './ops/quickstart.js'
import {selfUpdateOp, updateOp} from './ops/update.js'

export const operations: AnyOperation[] = [quickstartOp, channelGetOp, channelClearOp, channelSetOp, configGetOp, configSetOp, configListOp, updateOp, selfUpdateOp, pluginOp]
