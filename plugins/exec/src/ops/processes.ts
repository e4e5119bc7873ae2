import {color, defineOperation, renderTable} from 'govtool/core'
import {z} from 'zod/v3'

import {DEFAULT_GRACE_SECONDS} from '../lib/defaults.js'
import {commandLine, formatRemaining} from '../lib/pidfile.js'
import {AbortResultSchema, PsResultSchema} from './schemas.js'

export const psOp = defineOperation({
  id: 'ps',
  summary: 'List processes started with "govtool exec": PID, time remaining, command.',
  description: `Reads .govtool/pids/*.json. PID files of processes that have ended (or whose PID now belongs to another process) are removed. A file whose running process does not verify as one govtool started (no start time recorded, or a process group that is not the live process's own) is listed under skipped with the reason, and abort never signals it.

A process marked unsupervised outlived the govtool process that started it (killed with SIGKILL), so nothing enforces its deadline: stop it with "govtool abort --pid N".`,
  examples: ['<%= config.bin %> ps', '<%= config.bin %> ps --json'],
  project: true,
  effect: 'write',
  input: z.object({}),
  result: PsResultSchema,
  async run(ctx) {
    const {listProcesses} = await import('../lib/pidfile.js')
    return listProcesses(ctx.project())
  },
  render(result) {
    const lines: string[] = []
    if (result.processes.length === 0) lines.push('No tracked processes.')
    else {
      lines.push(
        renderTable(result.processes, [
          {header: 'PID', get: (p) => p.pid, align: 'right'},
          {header: 'Remaining', get: (p) => (p.remaining_seconds !== null && p.remaining_seconds < 0 ? color.red(formatRemaining(p.remaining_seconds)) : formatRemaining(p.remaining_seconds))},
          {header: 'Command', get: (p) => commandLine(p) + (p.supervised ? '' : color.yellow(' (unsupervised)'))},
        ]),
      )
    }
    if (result.pruned.length > 0) lines.push(color.dim(`Removed ${result.pruned.length} stale PID file(s): ${result.pruned.join(', ')}`))
    lines.push(...skippedLines(result.skipped))
    return lines.join('\n')
  },
})

export const abortOp = defineOperation({
  id: 'abort',
  summary: 'Kill tracked process trees (--pid N or --all); with neither, list them.',
  description: `Stops processes started with "govtool exec": the whole process group gets SIGTERM, then SIGKILL after the grace period, and its PID file is removed. Only tracked processes can be aborted: a PID that govtool did not start is an error, never signalled. A PID file is trusted only when its running process verifies (the start time recorded in the file matches the live process, which leads the process group the file names): --pid naming one that does not is refused, and --all skips it (listed in skipped, with the reason).

With neither --pid nor --all nothing is killed; the tracked processes are listed (as by "govtool ps").`,
  examples: ['<%= config.bin %> abort', '<%= config.bin %> abort --pid 4242', '<%= config.bin %> abort --all'],
  project: true,
  effect: 'process',
  input: z.object({
    pid: z.number().int().min(1).optional().describe('PID of the tracked process to kill (see govtool ps).'),
    all: z.boolean().default(false).describe('Kill every tracked process.'),
    grace: z.number().int().min(0).default(DEFAULT_GRACE_SECONDS).describe('Seconds between SIGTERM and SIGKILL.'),
  }),
  cli: {fields: {pid: {exclusive: ['all']}, all: {exclusive: ['pid']}, grace: {helpValue: 'SECONDS'}}},
  result: AbortResultSchema,
  async run(ctx, input, io) {
    const {abortOrList} = await import('../lib/abort.js')
    const result = await abortOrList(ctx.project(), {pid: input.pid, all: input.all, graceSeconds: input.grace})
    for (const s of result.skipped) io.warn(`Not signalled: PID ${s.pid} (${s.file}) does not verify as a process govtool started: ${s.reason}.`)
    return result
  },
  render(result, view) {
    const lines: string[] = []
    if (view.input.pid === undefined && !view.input.all) {
      if (result.processes.length === 0) lines.push('No tracked processes.')
      else {
        lines.push(
          renderTable(result.processes, [
            {header: 'PID', get: (p) => p.pid, align: 'right'},
            {header: 'Remaining', get: (p) => formatRemaining(p.remaining_seconds)},
            {header: 'Command', get: (p) => commandLine(p)},
          ]),
        )
      }
      lines.push('', 'Usage: govtool abort --pid <PID>   kill one tracked process tree', '       govtool abort --all         kill every tracked process tree')
      return lines.join('\n')
    }
    if (result.aborted.length === 0) lines.push('No tracked processes to abort.')
    for (const a of result.aborted) lines.push(`${color.red('killed')} ${a.pid} ${a.command}${a.signal ? ` (${a.signal})` : ' (already gone)'}`)
    return lines.join('\n')
  },
})

/** The PID files that were not trusted, for human output. */
function skippedLines(skipped: readonly {pid: number; file: string; reason: string}[]): string[] {
  return skipped.map((s) => color.yellow(`not signalled: ${s.pid} (${s.file}): ${s.reason}`))
}
