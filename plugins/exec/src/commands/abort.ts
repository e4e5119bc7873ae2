import {Flags} from '@oclif/core'
import {GovCommand, color, projectFlags} from 'govtool'

import {abortTracked, type AbortedProcess} from '../lib/abort.js'
import {commandLine, formatRemaining, listTracked, type TrackedProcess} from '../lib/pidfile.js'
import {DEFAULT_GRACE_SECONDS} from '../lib/run.js'

export interface AbortResult {
  aborted: AbortedProcess[]
  /** the tracked processes, listed when neither --pid nor --all was given */
  processes: TrackedProcess[]
  pruned: number[]
}

export default class Abort extends GovCommand<AbortResult> {
  static override summary = 'Kill tracked process trees (--pid N or --all); with neither, list them.'
  static override description = `Stops processes started with "govtool exec": the whole process group gets SIGTERM, then SIGKILL after the grace period, and its PID file is removed. Only tracked processes can be aborted.`

  static override examples = ['<%= config.bin %> abort', '<%= config.bin %> abort --pid 4242', '<%= config.bin %> abort --all']
  static override flags = {
    ...projectFlags,
    pid: Flags.integer({summary: 'PID of the tracked process to kill (see govtool ps).', min: 1, exclusive: ['all']}),
    all: Flags.boolean({summary: 'Kill every tracked process.', default: false, exclusive: ['pid']}),
    grace: Flags.integer({summary: `Seconds between SIGTERM and SIGKILL.`, default: DEFAULT_GRACE_SECONDS, min: 0, helpValue: 'SECONDS'}),
  }

  async run(): Promise<AbortResult> {
    const {flags} = await this.parse(Abort)
    const ctx = this.project(flags)
    if (flags.pid === undefined && !flags.all) {
      const {processes, pruned} = await listTracked(ctx)
      if (!this.jsonEnabled()) {
        if (processes.length === 0) this.log('No tracked processes.')
        else {
          this.table(processes, [
            {header: 'PID', get: (p) => p.pid, align: 'right'},
            {header: 'Remaining', get: (p) => formatRemaining(p.remaining_seconds)},
            {header: 'Command', get: (p) => commandLine(p)},
          ])
        }
        this.log(`\nUsage: ${this.config.bin} abort --pid <PID>   kill one tracked process tree`)
        this.log(`       ${this.config.bin} abort --all         kill every tracked process tree`)
      }
      return {aborted: [], processes, pruned}
    }
    const target = flags.all ? {all: true as const} : {pid: flags.pid!}
    const {aborted, pruned} = await abortTracked(ctx, target, {graceSeconds: flags.grace})
    if (!this.jsonEnabled()) {
      if (aborted.length === 0) this.log('No tracked processes to abort.')
      for (const a of aborted) {
        this.log(`${color.red('killed')} ${a.pid} ${a.command}${a.signal ? ` (${a.signal})` : ' (already gone)'}`)
      }
    }
    return {aborted, processes: [], pruned}
  }
}
