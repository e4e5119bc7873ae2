// Public library API of @govtool/plugin-mcp: what the CLI, servers, dispatcher and other plugins import.
export {}
