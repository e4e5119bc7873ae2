/**
 * Every operation of @govtool/plugin-governance. The CLI commands (commands.ts), the servers' routes and the
 * MCP tools are generated from this list; loading it is cheap (the libraries load inside each run).
 */
import type {AnyOperation} from 'govtool/core'

import {auditOp, checkpointOp, compressOp, syncOp, validateOp} from './ops/health.js'
import {ledgerAddOp, ledgerCorrectOp, ledgerListOp, ledgerStatsOp} from './ops/ledger.js'
import {phaseListOp, phaseNextOp, phaseOp, phaseSetOp, phaseShowOp, phaseStatusOp} from './ops/phase.js'
import {reqAddOp, reqEditOp, reqGapsOp, reqListOp, reqOrphansOp, reqRemoveOp, reqTraceOp} from './ops/req.js'
import {scaffoldOperations} from './ops/scaffold-ops.js'
import {testAddOp, testEditOp, testRemoveOp} from './ops/tests.js'
import {applyOp, architectOp, diffOp, doctorOp} from './ops/upkeep.js'

export const operations: AnyOperation[] = [
  ledgerAddOp,
  ledgerListOp,
  ledgerStatsOp,
  ledgerCorrectOp,
  reqAddOp,
  reqEditOp,
  reqRemoveOp,
  reqListOp,
  reqGapsOp,
  reqTraceOp,
  reqOrphansOp,
  testAddOp,
  testEditOp,
  testRemoveOp,
  phaseOp,
  phaseListOp,
  phaseNextOp,
  phaseShowOp,
  phaseStatusOp,
  phaseSetOp,
  auditOp,
  checkpointOp,
  validateOp,
  syncOp,
  compressOp,
  diffOp,
  doctorOp,
  applyOp,
  architectOp,
  ...scaffoldOperations,
]
