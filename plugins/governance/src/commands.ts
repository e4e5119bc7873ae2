// oclif's explicit command discovery: the commands of this plugin, generated from its operations, plus the
// command classes not yet migrated to operations (keyed by oclif command id), until they are.
import type {Command} from '@oclif/core'
import {commandsFor} from 'govtool'

import Export from './commands/export.js'
import Import from './commands/import.js'
import Init from './commands/init.js'
import Integrate from './commands/integrate.js'
import MigrateProject from './commands/migrate-project.js'
import Upgrade from './commands/upgrade.js'
import WorkspaceAudit from './commands/workspace/audit.js'
import WorkspaceExport from './commands/workspace/export.js'
import WorkspaceInit from './commands/workspace/init.js'
import {operations} from './operations.js'

const legacy: Record<string, Command.Class> = {
  export: Export,
  import: Import,
  init: Init,
  integrate: Integrate,
  'migrate-project': MigrateProject,
  upgrade: Upgrade,
  'workspace:audit': WorkspaceAudit,
  'workspace:export': WorkspaceExport,
  'workspace:init': WorkspaceInit,
}

// Object.assign keeps commandsFor's lazy getters (a spread would build every class now)
export const COMMANDS: Record<string, Command.Class> = Object.assign(commandsFor(operations), legacy)
