/**
 * Every operation of @govtool/plugin-dispatch. The CLI commands (commands.ts), the servers' routes and the MCP
 * tools are generated from this list; loading it is cheap (the libraries load inside each run).
 */
import type {AnyOperation} from 'govtool/core'

export const operations: AnyOperation[] = []
