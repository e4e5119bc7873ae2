/**
 * The section of docs/GOVTOOL.yml this plugin reads (`audit`), declared for the kernel (package.json
 * `"govtool": {"config": ...}`): `init` and `import` write it out at its defaults with these comments, and
 * `config get|set|list` explain and check its keys.
 */
import {defineConfigSections} from 'govtool/core'

import {AuditThresholdsSchema} from './lib/trace/audit.js'

export default defineConfigSections([
  {
    path: 'audit',
    order: 40,
    title: 'audit: the size limits `govtool audit` checks the governance files against.',
    schema: AuditThresholdsSchema,
    keys: {
      agents_max_lines: 'AGENTS.md longer than this needs the modular docs/governance/*.md beside it.',
      agents_hard_max_lines: 'AGENTS.md longer than this is an error in any case.',
      governance_file_max_lines: 'The most lines one docs/governance/*.md file may have.',
      ledger_max_lines: 'LEDGER.md with this many lines or more is an error: `govtool compress` moves old entries to docs/ledger-archive.md.',
      max_open_todos: 'LEDGER.md with this many open TODOs or more is an error.',
    },
  },
])
