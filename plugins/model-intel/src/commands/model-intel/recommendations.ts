import {Flags} from '@oclif/core'
import {GovCommand, projectFlags} from 'govtool'

import {BUCKETS} from '../../lib/buckets.js'
import {recommend, type RecommendationsResult} from '../../lib/intel.js'

export default class ModelIntelRecommendations extends GovCommand<RecommendationsResult> {
  static override summary = 'Recommend the top models for a bucket.'
  static override description = 'The top-k models by the bucket score, best first (default bucket reasoning, default top-k 10).'
  static override examples = [
    '<%= config.bin %> model-intel recommendations',
    '<%= config.bin %> model-intel recommendations --bucket conversational --top-k 3 --json',
  ]

  static override flags = {
    ...projectFlags,
    bucket: Flags.string({summary: `Bucket: ${BUCKETS.join(', ')}.`, default: 'reasoning', helpValue: 'B'}),
    'top-k': Flags.integer({summary: 'How many models to return.', default: 10, min: 1, max: 1000, helpValue: 'N'}),
  }

  async run(): Promise<RecommendationsResult> {
    const {flags} = await this.parse(ModelIntelRecommendations)
    const ctx = this.project(flags)
    const {warning, ...result} = await recommend(ctx, {bucket: flags.bucket, topK: flags['top-k']})
    if (warning) this.warnUser(warning)
    this.log(`Top ${result.recommendations.length} for ${result.bucket}:`)
    this.table(result.recommendations.map((r, i) => ({...r, rank: i + 1})), [
      {header: '#', get: (r) => r.rank, align: 'right'},
      {header: 'MODEL', get: (r) => r.model},
      {header: 'SCORE', get: (r) => r.score, align: 'right'},
      {header: 'R', get: (r) => r.reasoning, align: 'right'},
      {header: 'C', get: (r) => r.conversational, align: 'right'},
      {header: 'L', get: (r) => r.longform, align: 'right'},
    ])
    return result
  }
}
