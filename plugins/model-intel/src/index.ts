// Public library API of @govtool/plugin-model-intel: what the CLI, servers, dispatcher and other plugins import.
export {}
