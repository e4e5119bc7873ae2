// oclif's explicit command discovery: the commands of this plugin, generated from its operations.
import {commandsFor} from 'govtool'

import {operations} from './operations.js'

export const COMMANDS = commandsFor(operations)
