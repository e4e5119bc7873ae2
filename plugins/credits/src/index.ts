// Public library API of @govtool/plugin-credits: what the CLI, servers, dispatcher and other plugins import.
export {}
