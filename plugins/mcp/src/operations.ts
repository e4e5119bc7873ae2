/**
 * Every operation of @govtool/plugin-mcp. The CLI commands (commands.ts), the servers' routes and the MCP
 * tools are generated from this list; loading it is cheap (the libraries load inside each run).
 */
import type {AnyOperation} from 'govtool/core'

import {mcpGenerateOp} from './ops/generate.js'
import {mcpServeOp} from './ops/serve.js'

export const operations: AnyOperation[] = [mcpGenerateOp, mcpServeOp]
