// oclif's explicit command discovery: the root package's commands, generated from its operations.
import {commandsFor} from './operation-command.js'
import {operations} from './operations.js'

export const COMMANDS = commandsFor(operations)
