/**
 * The scaffolding, report and workspace operations of @govtool/plugin-governance: init, import, integrate,
 * upgrade, migrate-project, export, workspace init/audit/export. The plugin's operations.ts lists them
 * with the traceability operations.
 */
import type {AnyOperation} from 'govtool/core'

import {integrateOp, migrateProjectOp, upgradeOp} from './scaffold-maintain.js'
import {importOp, initOp} from './scaffold-project.js'
import {exportOp, workspaceAuditOp, workspaceExportOp, workspaceInitOp} from './scaffold-reports.js'

export const scaffoldOperations: AnyOperation[] = [
  initOp,
  importOp,
  integrateOp,
  upgradeOp,
  migrateProjectOp,
  exportOp,
  workspaceInitOp,
  workspaceAuditOp,
  workspaceExportOp,
]
