/**
 * Every operation of @govtool/plugin-agent. The CLI commands (commands.ts), the servers' routes and the MCP
 * tools are generated from this list; loading it is cheap (the libraries load inside each run).
 */
import type {AnyOperation} from 'govtool/core'

import {agentAskOp} from './ops/ask.js'
import {agentPermissionsCheckOp, agentPermissionsOp} from './ops/permissions.js'
import {agentEndpointPresetsOp, agentSuggestProfilesOp} from './ops/presets.js'

export const operations: AnyOperation[] = [agentAskOp, agentEndpointPresetsOp, agentSuggestProfilesOp, agentPermissionsOp, agentPermissionsCheckOp]
