import {color, defineOperation} from 'govtool/core'
import {z} from 'zod/v3'

import {VerifyReportSchema} from './schemas.js'

export const esdbReplayOp = defineOperation({
  id: 'esdb.replay',
  summary: 'Verify the whole WAL hash chain; exit 1 naming the first bad seq.',
  description: `Re-reads every WAL entry and checks its hash (sha256 of its canonical form), that seq runs contiguously from genesis (or from the compaction anchor, whose snapshot must match the sha256 chained in the WAL), that each prev_hash is the previous entry's hash, and that the WAL reaches the last acknowledged batch.

Modified, deleted, reordered or truncated entries fail with the first bad seq. A line cut short by a crash (never acknowledged) is reported but is not a failure. Read-only.`,
  examples: ['<%= config.bin %> esdb replay', '<%= config.bin %> esdb replay --json'],
  project: true,
  effect: 'read',
  input: z.object({}),
  result: VerifyReportSchema,
  async run(ctx, _input, io) {
    const [{esdbPaths}, {verifyChain}] = await Promise.all([import('../lib/paths.js'), import('../lib/verify.js')])
    const report = await verifyChain(esdbPaths(ctx.project()))
    if (report.torn_tail) io.warn('The WAL ends in a line cut short by a crash (never acknowledged); it is set aside before the next append.')
    return report
  },
  exitCode: (report) => (report.ok ? 0 : 1),
  render(report) {
    const rate = report.ms > 0 ? Math.round((report.entries / report.ms) * 1000) : 0
    const range = report.entries === 0 ? 'no entries' : `${report.entries} entries, seq ${report.first_seq}-${report.last_seq}`
    const anchor = report.anchor ? `, continuing from the compaction anchor at seq ${report.anchor.seq}` : ''
    if (report.ok) return `${color.green('Chain valid')}: ${range}${anchor} (${report.ms.toFixed(0)} ms${report.entries >= 1000 ? `, ${rate} entries/s` : ''}).`
    return [
      `${color.red('Chain broken')}${report.first_bad_seq === null ? '' : ` at seq ${report.first_bad_seq}`}: ${report.problem}`,
      `Verified before it: ${range}${anchor}.`,
    ].join('\n')
  },
})
