/**
 * Every operation of @govtool/plugin-model-intel. The CLI commands (commands.ts), the servers' routes and the
 * MCP tools are generated from this list; loading it is cheap (the libraries load inside each run).
 */
import type {AnyOperation} from 'govtool/core'

import {modelIntelConnectionOp, modelIntelSyncOp} from './ops/hub.js'
import {modelIntelRecommendationsOp, modelIntelScoresOp} from './ops/scores.js'

export const operations: AnyOperation[] = [modelIntelScoresOp, modelIntelSyncOp, modelIntelConnectionOp, modelIntelRecommendationsOp]
