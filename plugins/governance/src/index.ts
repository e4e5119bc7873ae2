// Public library API of @govtool/plugin-governance: what the CLI, servers, dispatcher and other plugins import.
export {}
