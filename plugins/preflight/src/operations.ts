/**
 * Every operation of @govtool/plugin-preflight: the gate. The CLI commands (commands.ts), POST /preflight and
 * /verify of the governance server and the MCP tools are generated from this list.
 */
import type {AnyOperation} from 'govtool/core'

import {hookOp} from './ops/hook.js'
import {preflightOp} from './ops/preflight.js'
import {verifyOp} from './ops/verify.js'

export const operations: AnyOperation[] = [preflightOp, verifyOp, hookOp]
