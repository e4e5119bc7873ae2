import {Flags} from '@oclif/core'
import {GovCommand, color, projectFlags} from 'govtool'

import {int, pct} from '../../../lib/format.js'
import {limitStatus, type LimitStatus} from '../../../lib/limits/status.js'

export default class LimitsStatus extends GovCommand<LimitStatus> {
  static override summary = 'Show the rolling 60-second window of a provider/model: requests, tokens, concurrency, averages.'
  static override description = `The window every govtool process of this project shares (.govtool/ratelimit-window.json). Requests and tokens include capacity leased to running processes and not yet used. Moving averages are over the last 1, 5 and 15 minutes of settled usage.`

  static override examples = ['<%= config.bin %> credits limits status --provider openai --model gpt-4o', '<%= config.bin %> credits limits status --provider anthropic --model claude-sonnet-4-5 --json']

  static override flags = {
    ...projectFlags,
    provider: Flags.string({summary: 'Provider.', required: true}),
    model: Flags.string({summary: 'Model.', required: true}),
  }

  async run(): Promise<LimitStatus> {
    const {flags} = await this.parse(LimitsStatus)
    const ctx = this.project(flags)
    const s = await limitStatus(ctx, flags.provider, flags.model)
    if (!this.jsonEnabled()) {
      this.log(color.bold(`${s.provider}/${s.model}`))
      if (!s.profile) {
        this.log('No profile applies: requests to this model are not paced (only 429 backoff). Set one with govtool credits limits set.')
      } else {
        this.log(`  Profile:      ${s.profile.provider}/${s.profile.model} (${s.profile.source}, ${s.profile.match} match)`)
        this.log(`  Requests:     ${int(s.requests.in_window)} / ${int(s.requests.target_limit ?? 0)} in the last ${s.window_seconds}s (limit ${int(s.requests.limit ?? 0)}, ${pct(s.requests.utilization_pct)} of target)`)
        this.log(`  Tokens:       ${int(s.tokens.in_window)} / ${int(s.tokens.target_limit ?? 0)} (limit ${int(s.tokens.limit ?? 0)}, ${pct(s.tokens.utilization_pct)} of target)`)
        this.log(`  Concurrency:  ${s.concurrency.in_use} in flight, ${s.concurrency.held} slot(s) held, limit ${s.concurrency.limit}`)
      }
      if (s.waiting_processes) this.log(`  Waiting:      ${s.waiting_processes} process(es)`)
      if (s.cooldown_remaining_ms > 0) this.log(`  Cooling down: ${(s.cooldown_remaining_ms / 1000).toFixed(1)}s left after a 429`)
      const avg = s.moving_averages.map((m) => `${m.minutes}m ${m.requests_per_min} req/min, ${int(m.tokens_per_min)} tok/min`).join('; ')
      this.log(`  Averages:     ${avg}`)
    }
    return s
  }
}
