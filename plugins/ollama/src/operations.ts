/**
 * Every operation of @govtool/plugin-ollama. The CLI commands (commands.ts), the servers' routes and the MCP
 * tools are generated from this list; loading it is cheap (the libraries load inside each run).
 */
import type {AnyOperation} from 'govtool/core'

import {ollamaListOp, ollamaPullOp} from './ops/daemon.js'
import {ollamaAvailableOp, ollamaGpuOp, ollamaSuggestOp} from './ops/local.js'

export const operations: AnyOperation[] = [ollamaGpuOp, ollamaListOp, ollamaPullOp, ollamaAvailableOp, ollamaSuggestOp]
