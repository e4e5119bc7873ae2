// SPDX-License-Identifier: AGPL-3.0-only
export {startTerminalServer, type TerminalServer, type TerminalServerOptions} from './server.js'
export {newSecret} from './security.js'
