// Public library API of @govtool/plugin-exec: what the CLI, servers, dispatcher and other plugins import.
export {}
