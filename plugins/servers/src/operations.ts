/**
 * Every operation of @govtool/plugin-servers. The CLI commands (commands.ts) are generated from this list.
 */
import type {AnyOperation} from 'govtool/core'

import {governanceServeOp} from './ops/governance-serve.js'
import {serveOp} from './ops/serve.js'

export const operations: AnyOperation[] = [governanceServeOp, serveOp]
