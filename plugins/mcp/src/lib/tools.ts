/**
 * The governance tools `mcp serve` offers: operations of the preflight, governance, agent and esdb plugins,
 * described from their declarations (name, description, the JSON Schema of the input, hints from `effect`).
 * Loading this module costs only the operation lists; the SDK loads in serve.ts.
 */
import {GovError, toolDescription, type AnyOperation, type ToolDescription} from 'govtool/core'

/** The operation ids offered as MCP tools, in the order `tools/list` gives them. */
export const MCP_TOOL_OPERATIONS = [
  'preflight',
  'verify',
  'req.trace',
  'req.gaps',
  'ledger.add',
  'ledger.list',
  'audit',
  'checkpoint',
  'phase.show',
  'agent.permissions-check',
  'esdb.status',
] as const

export interface GovernanceTool {
  operation: AnyOperation
  description: ToolDescription
  /** the input's field names: a call naming any other field is refused, as over HTTP */
  fields: ReadonlySet<string>
}

/** The operations behind the tools, from each plugin's operation list. */
export async function governanceOperations(): Promise<AnyOperation[]> {
  const lists = await Promise.all([
    import('@govtool/plugin-preflight/operations'),
    import('@govtool/plugin-governance/operations'),
    import('@govtool/plugin-agent/operations'),
    import('@govtool/plugin-esdb/operations'),
  ])
  const all = new Map(lists.flatMap((list) => list.operations).map((op) => [op.id, op]))
  return MCP_TOOL_OPERATIONS.map((id) => {
    const op = all.get(id)
    // a renamed operation must fail the build's tests, never drop a tool silently
    if (!op) throw new GovError(`The MCP tool list names operation '${id}', which no plugin declares.`, {code: 'E_UNEXPECTED', hint: 'Update MCP_TOOL_OPERATIONS in plugins/mcp/src/lib/tools.ts.'})
    return op
  })
}

/** The tools: one per operation, keyed by tool name (`req_trace`). */
export async function governanceTools(): Promise<Map<string, GovernanceTool>> {
  const tools = new Map<string, GovernanceTool>()
  for (const operation of await governanceOperations()) {
    const description = toolDescription(operation)
    const properties = (description.inputSchema.properties ?? {}) as Record<string, unknown>
    tools.set(description.name, {operation, description, fields: new Set(Object.keys(properties))})
  }
  return tools
}
