import {redactSecrets} from 'govtool/core'

import {appendServer, type AppendResult} from './registry.js'
import {generateStub, type McpStub} from './stub.js'

/** What `mcp generate` answers: the stub, plus the registry outcome with `append`. */
export type GenerateResult = McpStub & Partial<AppendResult>

/** The stub for `description`; with `append`, also registered in ~/.govtool/mcp.json (never twice). */
export async function generateServer(description: string, options: {append?: boolean; env?: NodeJS.ProcessEnv} = {}): Promise<GenerateResult> {
  // the description becomes the stub's names and text, printed and stored in ~/.govtool/mcp.json: no key in it
  const stub = generateStub(redactSecrets(description))
  if (!options.append) return stub
  return {...stub, ...(await appendServer(stub.server, options.env))}
}
