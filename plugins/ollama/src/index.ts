// Public library API of @govtool/plugin-ollama: what the CLI, servers, dispatcher and other plugins import.
export {}
