// Public library API of @govtool/plugin-mcp: what the CLI, servers, dispatcher and other plugins import.
export {MCP_FILE, appendServer, registryPath, type AppendResult} from './lib/registry.js'
export {generateStub, normalizeDescription, type McpServer, type McpStub} from './lib/stub.js'
export {generateServer, type GenerateResult} from './lib/generate.js'
