import {defineOperation, renderTable} from 'govtool/core'
import {z} from 'zod/v3'

import {BUCKETS} from '../lib/buckets.js'
import {RecommendationsResultSchema, ScoresOutputSchema} from './schemas.js'

export const modelIntelScoresOp = defineOperation({
  id: 'model-intel.scores',
  summary: 'Show model bucket scores (reasoning, conversational, longform).',
  description: `Without --model: every scored model ("scores"), sorted by --bucket when given (best first), else by name. With --model: that model's "score" object; the name matches exactly (any case), then as the same model under another naming style (meta-llama/Llama-3.3-70B-Instruct ~ llama-3.3-70b-instruct), then as a unique part of a name. A part that matches several models is an error listing them.

Scores are 0-100. They come from the last \`model-intel sync\` (source hub), merged over the built-in table (source static); without a sync the built-in table is used alone.`,
  examples: ['<%= config.bin %> model-intel scores --bucket longform', '<%= config.bin %> model-intel scores --model gpt-4o --json'],
  project: true,
  effect: 'read',
  input: z.object({
    model: z.string().optional().describe('Show one model (exact name, or a unique part of it).'),
    bucket: z.string().optional().describe(`Sort by this bucket: ${BUCKETS.join(', ')}.`),
  }),
  cli: {fields: {model: {helpValue: 'M'}, bucket: {helpValue: 'B'}}},
  result: ScoresOutputSchema,
  async run(ctx, input, io) {
    const {showScores} = await import('../lib/intel.js')
    const {warning, ...result} = await showScores(ctx.project(), {bucket: input.bucket, model: input.model})
    if (warning) io.warn(warning)
    return result
  },
  render(result) {
    if ('score' in result) {
      const s = result.score
      return `${s.model_name} (${s.source}): reasoning ${s.reasoning_score}, conversational ${s.conversational_score}, longform ${s.longform_score}`
    }
    return [
      renderTable(result.scores, [
        {header: 'MODEL', get: (s) => s.model_name},
        {header: 'R', get: (s) => s.reasoning_score, align: 'right'},
        {header: 'C', get: (s) => s.conversational_score, align: 'right'},
        {header: 'L', get: (s) => s.longform_score, align: 'right'},
        {header: 'SOURCE', get: (s) => s.source},
      ]),
      `${result.scores.length} models (${result.source === 'static' ? 'built-in scores; run `govtool model-intel sync` for leaderboard data' : `synced ${result.synced_at}`}).`,
    ].join('\n')
  },
})

export const modelIntelRecommendationsOp = defineOperation({
  id: 'model-intel.recommendations',
  summary: 'Recommend the top models for a bucket.',
  description: `The top-k models by the bucket's score, best first (ties by name); default bucket reasoning, default top-k 10. Each recommendation carries its score in the bucket and all three bucket scores.

Scores come from the last \`model-intel sync\` merged over the built-in table, as in \`model-intel scores\`.`,
  examples: ['<%= config.bin %> model-intel recommendations', '<%= config.bin %> model-intel recommendations --bucket conversational --top-k 3 --json'],
  project: true,
  effect: 'read',
  input: z.object({
    bucket: z.string().default('reasoning').describe(`Bucket: ${BUCKETS.join(', ')}.`),
    top_k: z.number().int().min(1).max(1000).default(10).describe('How many models to return.'),
  }),
  cli: {fields: {bucket: {helpValue: 'B'}, top_k: {helpValue: 'N'}}},
  result: RecommendationsResultSchema,
  async run(ctx, input, io) {
    const {recommend} = await import('../lib/intel.js')
    const {warning, ...result} = await recommend(ctx.project(), {bucket: input.bucket, topK: input.top_k})
    if (warning) io.warn(warning)
    return result
  },
  render: (result) =>
    [
      `Top ${result.recommendations.length} for ${result.bucket}:`,
      renderTable(result.recommendations.map((r, i) => ({...r, rank: i + 1})), [
        {header: '#', get: (r) => r.rank, align: 'right'},
        {header: 'MODEL', get: (r) => r.model},
        {header: 'SCORE', get: (r) => r.score, align: 'right'},
        {header: 'R', get: (r) => r.reasoning, align: 'right'},
        {header: 'C', get: (r) => r.conversational, align: 'right'},
        {header: 'L', get: (r) => r.longform, align: 'right'},
      ]),
    ].join('\n'),
})
