// Public library API of @govtool/plugin-agent.
export * from './lib/agent.js'
export * from './lib/profiles/index.js'
