/**
 * Every operation of @govtool/plugin-models. The CLI commands (commands.ts), the servers' routes and the MCP
 * tools are generated from this list; loading it is cheap (the libraries load inside each run).
 */
import type {AnyOperation} from 'govtool/core'

import {chatOp} from './ops/chat.js'
import {runOp} from './ops/run.js'

export const operations: AnyOperation[] = [chatOp, runOp]
