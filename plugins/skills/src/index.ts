// Public library API of @govtool/plugin-skills: what the CLI, servers, dispatcher and other plugins import.
export {}
