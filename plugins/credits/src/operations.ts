/**
 * Every operation of @govtool/plugin-credits. The CLI commands (commands.ts), the servers' routes and the MCP
 * tools are generated from this list; loading it is cheap (the libraries load inside each run).
 */
import type {AnyOperation} from 'govtool/core'

import {limitsDefaultsOp, limitsListOp, limitsSetOp, limitsStatusOp} from './ops/limits.js'
import {analyzeOp, budgetOp, recordOp, reportOp, summaryOp} from './ops/spend.js'

export const operations: AnyOperation[] = [recordOp, summaryOp, budgetOp, reportOp, analyzeOp, limitsListOp, limitsStatusOp, limitsSetOp, limitsDefaultsOp]
