import {appendServer, type AppendResult} from './registry.js'
import {generateStub, type McpStub} from './stub.js'

/** What `mcp generate` answers: the stub, plus the registry outcome with `append`. */
export type GenerateResult = McpStub & Partial<AppendResult>

/** The stub for `description`; with `append`, also registered in ~/.govtool/mcp.json (never twice). */
export async function generateServer(description: string, options: {append?: boolean; env?: NodeJS.ProcessEnv} = {}): Promise<GenerateResult> {
  const stub = generateStub(description)
  if (!options.append) return stub
  return {...stub, ...(await appendServer(stub.server, options.env))}
}
