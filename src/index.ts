/**
 * The govtool kernel: the public API that every plugin, first-party or third-party, imports as `govtool`.
 * Anything not exported here is private to the kernel. Library code that must not load oclif imports
 * `govtool/core`, which is everything here but the command base class and flags.
 */
export * from './core.js'
export {GovCommand} from './command.js'
export {projectFlags, yesFlag} from './flags.js'
export {commandFor, commandsFor} from './operation-command.js'
