// Public library API of @govtool/plugin-esdb: what the CLI, servers, dispatcher and other plugins import.
export {}
