import {GovCommand, ProjectContext, loadProjectTypes, projectFlags} from 'govtool'

import {buildCheckpoint, renderCheckpoint, type CheckpointPayload} from '../lib/trace/checkpoint.js'

export default class Checkpoint extends GovCommand<CheckpointPayload> {
  static override summary = 'Print the governance anchor block (re-read it every 8-10 turns).'
  static override description = `Project, AEE phase and readiness, audit health, requirement/test/ESDB counts with chain validity, the
recent work items and the last preflight, under a GOVTOOL-ANCHOR line. Never fails: without scaffold.yml,
ledger, ESDB or .govtool/ it reports defaults. --json prints the payload (ts, project, phase, phase_label,
phase_pct, health, audit_failed, req_count, test_count, esdb_records, esdb_chain_valid, recent_wis,
last_preflight, anchor).`

  static override examples = ['<%= config.bin %> checkpoint', '<%= config.bin %> checkpoint --json']
  static override flags = {...projectFlags}

  async run(): Promise<CheckpointPayload> {
    let dir: string | undefined
    try {
      dir = (await this.parse(Checkpoint)).flags['project-dir']
    } catch {
      dir = undefined
    }
    const ctx = new ProjectContext(dir ?? process.cwd())
    const registry = await loadProjectTypes(this.config).catch(() => undefined)
    const payload = await buildCheckpoint(ctx, {registry})
    this.log(renderCheckpoint(payload))
    return payload
  }
}
