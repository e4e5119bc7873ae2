/**
 * Every operation of @govtool/plugin-skills: `skill ...` over the built-in catalog and `skills ...` over the
 * skills installed in the project. The CLI commands (commands.ts), the servers' routes and the MCP tools are
 * generated from this list; loading it is cheap (the libraries load inside each run).
 */
import type {AnyOperation} from 'govtool/core'

import {skillInstallOp, skillListOp, skillSearchOp} from './ops/catalog.js'
import {skillsActivateOp, skillsBuildOp, skillsDeactivateOp, skillsDeleteOp, skillsListOp, skillsTestOp} from './ops/installed.js'

export const operations: AnyOperation[] = [skillListOp, skillSearchOp, skillInstallOp, skillsListOp, skillsBuildOp, skillsTestOp, skillsActivateOp, skillsDeactivateOp, skillsDeleteOp]
