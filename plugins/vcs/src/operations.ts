/**
 * Every operation of @govtool/plugin-vcs. The CLI commands (commands.ts), the servers' routes and the MCP
 * tools are generated from this list; loading it is cheap (the libraries load inside each run).
 */
import type {AnyOperation} from 'govtool/core'

import {branchCreateOp, branchListOp} from './ops/branch.js'
import {gitHookOp} from './ops/git-hook.js'
import {prOp} from './ops/pr.js'
import {releaseOp, verifyReleaseOp} from './ops/release.js'
import {sessionEndOp, statusOp} from './ops/session.js'
import {commitOp, pullOp, pushOp} from './ops/workflow.js'

export const operations: AnyOperation[] = [commitOp, pushOp, pullOp, branchListOp, branchCreateOp, prOp, statusOp, sessionEndOp, releaseOp, verifyReleaseOp, gitHookOp]
