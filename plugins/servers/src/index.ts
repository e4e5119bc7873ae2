// Public library API of @govtool/plugin-servers: what the terminal client, tests and other plugins import.
export {createGovernanceApp, type GovernanceApp, type GovernanceAppOptions} from './lib/governance/app.js'
export {startGovernanceServer, type GovernanceServer, type GovernanceServerOptions} from './lib/governance/start.js'
export {upstreamFromEnv, providerOf, type UpstreamConfig} from './lib/governance/upstream.js'
export {ChatRequestSchema, lastUserText, parseChatRequest} from './lib/governance/chat.js'
export {listen, LOOPBACK_HOSTS, type LoopbackHost, type RunningServer} from './lib/listen.js'
