import {defineOperation, lazySchema} from 'govtool/core'
import {z} from 'zod/v3'

import type {USER_LEDGER_TYPES} from '../lib/trace/ledger-format.js'
import {plainTable, warnProblems} from '../lib/trace/present.js'
import {LedgerAddResultSchema, LedgerCorrectResultSchema, LedgerListResultSchema, LedgerStatsSchema} from './schemas.js'

/** The types a person records (the library's USER_LEDGER_TYPES, spelled out so the list loads nothing). */
const USER_TYPES = ['task', 'feature', 'fix', 'migration'] as const satisfies typeof USER_LEDGER_TYPES

export const ledgerAddOp = defineOperation({
  id: 'ledger.add',
  summary: 'Record a change in LEDGER.md.',
  description: `Appends a hash-chained entry: a "## <timestamp> — <description>" heading with Author, Type, REQs affected, Status and Chain hash bullets. Each entry's chain hash covers the entry and the hash before it, so \`govtool audit\` notices an entry that was edited, removed or reordered later.

Safe to run from several processes at once: appends are serialised by a lock and each entry chains to the one before it. Creates LEDGER.md when it does not exist.

Requirement ids that docs/REQUIREMENTS.md does not define are recorded anyway, with a warning.

Without --author the author is resolved the way it is for every entry govtool writes (preflight, init, import, permissions-check...): $GOVTOOL_AUTHOR, else git's author name for the project (GIT_AUTHOR_NAME, else git config user.name), else the operating-system user.`,
  examples: [
    '<%= config.bin %> ledger add "Add --json to export" --type feature --reqs REQ-CLI-004',
    '<%= config.bin %> ledger add "Fix crash on empty ledger" --type fix --author alice',
  ],
  project: true,
  effect: 'write',
  input: lazySchema(() => z.object({
    description: z.string().describe('What changed (one line).'),
    type: z.enum(USER_TYPES).default('task').describe('Kind of change.'),
    author: z.string().optional().describe('Who made the change (default, as for every ledger entry: $GOVTOOL_AUTHOR, else git user.name, else the OS user).'),
    reqs: z.array(z.string()).optional().describe('Requirement ids affected, comma-separated (REQ-001,REQ-002).'),
    status: z.string().default('complete').describe('Status of the change.'),
  })),
  cli: {
    fields: {
      description: {arg: true},
      type: {char: 't'},
      author: {char: 'a'},
      reqs: {char: 'r', delimiter: ','},
    },
  },
  result: LedgerAddResultSchema,
  async run(ctx, input, io) {
    const {recordLedgerChange} = await import('../lib/trace/ledger-record.js')
    const {entry, file, unknown_reqs: unknown} = await recordLedgerChange(ctx.project(), input)
    if (unknown.length > 0) io.warn(`${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not in docs/REQUIREMENTS.md (recorded anyway).`)
    return {entry, file}
  },
  render: ({entry, file}) => `Recorded in ${file}:${entry.line} (chain hash ${entry.chain_hash}).`,
})

export const ledgerCorrectOp = defineOperation({
  id: 'ledger.correct',
  summary: 'Correct a ledger entry by appending a correction that points at it.',
  description: `The ledger is append-only: an entry is never edited (its chain hash would break). A mistake is corrected by a new entry of type correction whose Corrects field names the corrected entry's chain hash (its timestamp for an entry written before hash chaining), with the reason and, when given, the corrected values (Corrected type, Corrected description, Corrected REQs, Corrected status). Its REQs affected are --reqs when given, else the corrected entry's.

ENTRY is \`last\` (the newest entry), a chain hash or a unique prefix of at least 6 of its hex characters, or the entry's timestamp; \`govtool ledger list --json\` shows them. Entries moved to docs/ledger-archive.md can be corrected too.`,
  examples: ['<%= config.bin %> ledger correct last --reason "It changed REQ-CORE-001, not nothing" --reqs REQ-CORE-001', '<%= config.bin %> ledger correct last --reason "Recorded as a task" --type feature --json'],
  project: true,
  effect: 'write',
  input: lazySchema(() => z.object({
    entry: z.string().min(1).describe('The entry to correct: last, a chain hash (or its first 6+ characters), or a timestamp.'),
    reason: z.string().min(1).describe('What was wrong.'),
    description: z.string().optional().describe('The corrected description.'),
    type: z.enum(USER_TYPES).optional().describe('The corrected type.'),
    reqs: z.array(z.string()).optional().describe('The corrected requirement ids, comma-separated.'),
    status: z.string().optional().describe('The corrected status.'),
    author: z.string().optional().describe('Who makes the correction (default: git user.name, else $GOVTOOL_AUTHOR or the login name).'),
  })),
  cli: {fields: {entry: {arg: true}, type: {char: 't'}, author: {char: 'a'}, reqs: {char: 'r', delimiter: ','}}},
  result: LedgerCorrectResultSchema,
  async run(ctx, input) {
    const {correctLedgerEntry} = await import('../lib/trace/ledger-record.js')
    return correctLedgerEntry(ctx.project(), input)
  },
  render: ({entry, corrects, file}) => `Recorded a correction of ${corrects.file}:${corrects.line} ("${corrects.description}") in ${file}:${entry.line} (chain hash ${entry.chain_hash}).`,
})

export const ledgerListOp = defineOperation({
  id: 'ledger.list',
  summary: 'List the entries of LEDGER.md.',
  description: `Oldest first, with timestamp, type, author, the requirements each names and its description. Entries moved to docs/ledger-archive.md by \`govtool compress\` are not listed.

An entry that cannot be read is reported with its file and line, and the command exits 1 (the readable entries are still listed).`,
  examples: ['<%= config.bin %> ledger list', '<%= config.bin %> ledger list --since 2025-06-01 --json'],
  project: true,
  effect: 'read',
  input: lazySchema(() => z.object({
    since: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD, e.g. 2025-06-01')
      .optional()
      .describe('Only entries on or after this date (YYYY-MM-DD).'),
  })),
  cli: {fields: {since: {helpValue: 'YYYY-MM-DD'}}},
  result: LedgerListResultSchema,
  async run(ctx, input, io) {
    const {listLedgerEntries} = await import('../lib/trace/ledger-record.js')
    const listing = await listLedgerEntries(ctx.project(), input.since)
    warnProblems(io, listing.problems)
    return listing
  },
  exitCode: (r) => (r.problems.length > 0 ? 1 : 0),
  render({entries}) {
    if (entries.length === 0) return 'No ledger entries.'
    // minutes are enough to read by; --json keeps the exact timestamps
    const table = plainTable(['Timestamp', 'Type', 'Author', 'REQs', 'Description'], entries.map((e) => [e.timestamp.replace('T', ' ').slice(0, 16), e.type, e.author, e.reqs.join(','), e.description]))
    return `${table}\n\n${entries.length} entr${entries.length === 1 ? 'y' : 'ies'}`
  },
})

export const ledgerStatsOp = defineOperation({
  id: 'ledger.stats',
  summary: 'Summarise LEDGER.md: entries by type and author, requirements touched, chain validity.',
  description: `Counts the entries of LEDGER.md by type and by author, the distinct requirements they name, the time span they cover and the file's length in lines, and verifies the hash chain (across docs/ledger-archive.md too). A broken chain is reported here; \`govtool audit\` names the entry where it breaks.`,
  examples: ['<%= config.bin %> ledger stats', '<%= config.bin %> ledger stats --json'],
  project: true,
  effect: 'read',
  input: lazySchema(() => z.object({})),
  result: LedgerStatsSchema,
  async run(ctx) {
    const {ledgerStats} = await import('../lib/trace/ledger.js')
    return ledgerStats(ctx.project())
  },
  render(stats) {
    const list = (m: Record<string, number>) =>
      Object.entries(m)
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => `${k} ${v}`)
        .join(', ') || 'none'
    return [
      `Entries:       ${stats.entries} (${stats.lines} lines)`,
      `By type:       ${list(stats.by_type)}`,
      `By author:     ${list(stats.by_author)}`,
      `REQs touched:  ${stats.reqs_touched}`,
      `Span:          ${stats.first ?? '-'} .. ${stats.last ?? '-'}`,
      `Chain:         ${stats.chain_valid ? 'valid' : 'BROKEN (run govtool audit)'}`,
    ].join('\n')
  },
})
