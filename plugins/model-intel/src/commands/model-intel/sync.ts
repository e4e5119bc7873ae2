import {GovCommand, color, projectFlags} from 'govtool'

import {syncModelIntel, type SyncResult} from '../../lib/intel.js'

export default class ModelIntelSync extends GovCommand<SyncResult> {
  static override summary = 'Fetch leaderboard data and recompute the bucket scores.'
  static override description = `Reads the top of the Open LLM Leaderboard from the hub's dataset server (GOVTOOL_HUB_URL /
GOVTOOL_HUB_DATASETS_URL, token GOVTOOL_HUB_TOKEN), computes reasoning, conversational and longform scores
(0-100) for each model and caches them in .govtool/model-intel.json. Offline it exits 0 and keeps the
previous cache or the built-in static scores; "errors" says what failed.

Formula (weights over the leaderboard's normalised benchmarks, then a calibration factor per bucket fitted on
models that also have a built-in score): reasoning = 0.30 BBH + 0.25 MATH + 0.25 GPQA + 0.20 MuSR;
conversational = 0.50 IFEval + 0.25 BBH + 0.25 MMLU-PRO; longform = 0.40 MuSR + 0.30 IFEval + 0.30 MMLU-PRO.`

  static override examples = ['<%= config.bin %> model-intel sync', '<%= config.bin %> model-intel sync --json']
  static override flags = {...projectFlags}

  async run(): Promise<SyncResult> {
    const {flags} = await this.parse(ModelIntelSync)
    const ctx = this.project(flags)
    const spinner = this.spin('Syncing model scores from the hub')
    const result = await syncModelIntel(ctx)
    spinner.stop(result.synced ? 'done' : 'offline')
    this.log(result.synced ? `${color.green('✔')} ${result.message}` : `${color.yellow('!')} ${result.message}`)
    for (const e of result.errors) this.log(color.dim(`  ${e}`))
    return result
  }
}
