/**
 * Every operation of @govtool/plugin-dispatch. The CLI commands (commands.ts), the servers' routes and the MCP
 * tools are generated from this list; loading it is cheap (the libraries load inside each run).
 */
import type {AnyOperation} from 'govtool/core'

import {dispatchAbortOp, dispatchResumeOp, dispatchRetryOp} from './ops/control.js'
import {dispatchRunOp} from './ops/run.js'
import {dispatchListOp, dispatchStatusOp} from './ops/status.js'

export const operations: AnyOperation[] = [dispatchRunOp, dispatchStatusOp, dispatchListOp, dispatchRetryOp, dispatchAbortOp, dispatchResumeOp]
