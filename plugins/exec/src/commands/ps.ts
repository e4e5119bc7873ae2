import {GovCommand, color, projectFlags} from 'govtool'

import {commandLine, formatRemaining, listTracked, type TrackedProcess} from '../lib/pidfile.js'
import {isProcessAlive} from '../lib/process.js'

export interface PsProcess extends TrackedProcess {
  /** false when the govtool process that started it is gone (no one enforces its deadline) */
  supervised: boolean
}

export interface PsResult {
  processes: PsProcess[]
  /** PIDs whose stale PID files were removed */
  pruned: number[]
}

export default class Ps extends GovCommand<PsResult> {
  static override summary = 'List processes started with "govtool exec": PID, time remaining, command.'
  static override description = `Reads .govtool/pids/*.json. PID files of processes that have ended (or whose PID now belongs to another process) are removed. A process marked unsupervised outlived the govtool process that started it (killed with SIGKILL), so nothing enforces its deadline: stop it with "govtool abort --pid N".`

  static override examples = ['<%= config.bin %> ps', '<%= config.bin %> ps --json']
  static override flags = {...projectFlags}

  async run(): Promise<PsResult> {
    const {flags} = await this.parse(Ps)
    const ctx = this.project(flags)
    const {processes, pruned} = await listTracked(ctx)
    const rows: PsProcess[] = processes.map((p) => ({...p, supervised: p.supervisor_pid === undefined || isProcessAlive(p.supervisor_pid)}))
    if (!this.jsonEnabled()) {
      if (rows.length === 0) this.log('No tracked processes.')
      else {
        this.table(rows, [
          {header: 'PID', get: (p) => p.pid, align: 'right'},
          {header: 'Remaining', get: (p) => (p.remaining_seconds !== null && p.remaining_seconds < 0 ? color.red(formatRemaining(p.remaining_seconds)) : formatRemaining(p.remaining_seconds))},
          {header: 'Command', get: (p) => commandLine(p) + (p.supervised ? '' : color.yellow(' (unsupervised)'))},
        ])
      }
      if (pruned.length > 0) this.log(color.dim(`Removed ${pruned.length} stale PID file(s): ${pruned.join(', ')}`))
    }
    return {processes: rows, pruned}
  }
}
