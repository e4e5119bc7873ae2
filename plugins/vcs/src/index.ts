// Public library API of @govtool/plugin-vcs: what the CLI, servers, dispatcher and other plugins import.
export {}
