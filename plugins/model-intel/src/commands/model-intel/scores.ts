import {Flags} from '@oclif/core'
import {GovCommand, projectFlags} from 'govtool'

import {BUCKETS, type ModelScore} from '../../lib/buckets.js'
import {findScore, listScores, type ScoresResult} from '../../lib/intel.js'

export type ScoresOutput = ScoresResult | {score: ModelScore}

export default class ModelIntelScores extends GovCommand<ScoresOutput> {
  static override summary = 'Show model bucket scores (reasoning, conversational, longform).'
  static override description = `Without --model: every scored model ("scores"), sorted by --bucket when given, else by name. With
--model: that model's "score" object. Scores come from the last sync, merged over the built-in table.`

  static override examples = [
    '<%= config.bin %> model-intel scores --bucket longform',
    '<%= config.bin %> model-intel scores --model gpt-4o --json',
  ]

  static override flags = {
    ...projectFlags,
    model: Flags.string({summary: 'Show one model (exact name, or a unique part of it).', helpValue: 'M'}),
    bucket: Flags.string({summary: `Sort by this bucket: ${BUCKETS.join(', ')}.`, helpValue: 'B'}),
  }

  async run(): Promise<ScoresOutput> {
    const {flags} = await this.parse(ModelIntelScores)
    const ctx = this.project(flags)
    const all = await listScores(ctx, flags.bucket)
    if (all.warning) this.warnUser(all.warning)
    const {warning: _warning, ...result} = all
    if (flags.model !== undefined) {
      const score = findScore(result.scores, flags.model)
      this.log(`${score.model_name} (${score.source}): reasoning ${score.reasoning_score}, conversational ${score.conversational_score}, longform ${score.longform_score}`)
      return {score}
    }
    this.table(result.scores, [
      {header: 'MODEL', get: (s) => s.model_name},
      {header: 'R', get: (s) => s.reasoning_score, align: 'right'},
      {header: 'C', get: (s) => s.conversational_score, align: 'right'},
      {header: 'L', get: (s) => s.longform_score, align: 'right'},
      {header: 'SOURCE', get: (s) => s.source},
    ])
    this.log(`${result.scores.length} models (${result.source === 'static' ? 'built-in scores; run `govtool model-intel sync` for leaderboard data' : `synced ${result.synced_at}`}).`)
    return result
  }
}
