// Public library API of @govtool/plugin-preflight: what the CLI, servers, dispatcher and other plugins import.
export {}
