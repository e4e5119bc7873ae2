/**
 * Every operation of @govtool/plugin-esdb. The CLI commands (commands.ts), the servers' routes and the MCP
 * tools are generated from this list; loading it is cheap (the libraries load inside each run).
 */
import type {AnyOperation} from 'govtool/core'

import {esdbReplayOp} from './ops/replay.js'
import {esdbStatusOp} from './ops/status.js'
import {esdbBackupOp, esdbCompactOp, esdbExportOp, esdbImportOp, esdbMigrateOp, esdbRollbackOp} from './ops/store-ops.js'

export const operations: AnyOperation[] = [esdbStatusOp, esdbReplayOp, esdbMigrateOp, esdbExportOp, esdbImportOp, esdbBackupOp, esdbRollbackOp, esdbCompactOp]
