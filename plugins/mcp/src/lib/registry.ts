import {GovError, readTextIfExists, userHome, withLock, writeJsonAtomic} from 'govtool/core'
import path from 'node:path'
import {z} from 'zod/v3'

import type {McpServer} from './stub.js'

/** The per-user tool-server registry, in the `mcpServers` layout MCP clients read. */
export const MCP_FILE = 'mcp.json'

const EntrySchema = z
  .object({
    command: z.string(),
    args: z.array(z.string()).optional(),
    env: z.record(z.string(), z.string()).optional(),
  })
  .passthrough()

const RegistrySchema = z
  .object({
    mcpServers: z.record(z.string(), EntrySchema).default({}),
  })
  .passthrough()

export function registryPath(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(userHome(env), MCP_FILE)
}

export interface AppendResult {
  /** false when a server with this id was already registered (nothing written) */
  appended: boolean
  file: string
}

/**
 * Adds `server` to `~/.govtool/mcp.json` under `mcpServers.<id>`, under a lock and atomically. An entry with
 * the same id is left as it is (no duplicates); other entries and keys are kept. A malformed file is an
 * error, never overwritten.
 */
export async function appendServer(server: McpServer, env: NodeJS.ProcessEnv = process.env): Promise<AppendResult> {
  const file = registryPath(env)
  return withLock(file, async () => {
    const text = await readTextIfExists(file)
    let data: unknown = {}
    if (text !== undefined && text.trim() !== '') {
      try {
        data = JSON.parse(text)
      } catch (error) {
        throw invalid(file, `not valid JSON (${(error as Error).message})`)
      }
    }
    const parsed = RegistrySchema.safeParse(data)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw invalid(file, `field '${issue?.path.join('.') || '(top level)'}': ${issue?.message}`)
    }
    const registry = parsed.data
    if (Object.hasOwn(registry.mcpServers, server.id)) return {appended: false, file}
    const {id, ...entry} = server
    registry.mcpServers[id] = entry
    await writeJsonAtomic(file, registry)
    return {appended: true, file}
  })
}

function invalid(file: string, why: string): GovError {
  return new GovError(`${file} is ${why}.`, {code: 'E_BAD_MCP_REGISTRY', file, hint: `Fix ${file} by hand (it holds {"mcpServers": {...}}); govtool never overwrites a file it cannot read.`})
}
