/**
 * Every operation of @govtool/plugin-exec. The CLI commands (commands.ts), the servers' routes and the MCP
 * tools are generated from this list; loading it is cheap (the libraries load inside each run).
 */
import type {AnyOperation} from 'govtool/core'

import {execOp} from './ops/exec.js'
import {abortOp, psOp} from './ops/processes.js'

export const operations: AnyOperation[] = [execOp, psOp, abortOp]
