// Public library API of @govtool/plugin-agent: what the CLI, servers, dispatcher and other plugins import.
export {}
