import {Flags} from '@oclif/core'
import {GovCommand, projectFlags} from 'govtool'

import {int} from '../../../lib/format.js'
import {DEFAULT_CONCURRENCY, DEFAULT_TARGET, PROFILES_FILE, effectiveLimits, saveProfile, validateProfileInput, type EffectiveLimits, type RateLimitProfile} from '../../../lib/limits/profiles.js'

export interface LimitsSetResult {
  file: string
  created: boolean
  profile: RateLimitProfile
  effective: EffectiveLimits
}

export default class LimitsSet extends GovCommand<LimitsSetResult> {
  static override summary = 'Create or replace the rate-limit profile of a provider/model.'
  static override description = `Use your account's real limits: the pacer admits requests while the rolling 60-second window stays under target x RPM and target x TPM, with at most --concurrency requests in flight. --model '*' covers every model of the provider that has no profile of its own.`

  static override examples = [
    '<%= config.bin %> credits limits set --provider openai --model gpt-4o --rpm 500 --tpm 30000',
    "<%= config.bin %> credits limits set --provider anthropic --model '*' --rpm 50 --tpm 40000 --target 0.8 --concurrency 2",
  ]

  static override flags = {
    ...projectFlags,
    provider: Flags.string({summary: 'Provider (openai, anthropic, google, ...).', required: true}),
    model: Flags.string({summary: "Model, or '*' for every model of the provider.", required: true}),
    rpm: Flags.integer({summary: 'Requests per minute the account allows.', required: true}),
    tpm: Flags.integer({summary: 'Tokens per minute the account allows (input + output).', required: true}),
    target: Flags.string({summary: `Utilization target, a fraction of the limits to use (default ${DEFAULT_TARGET.toFixed(2)}).`, helpValue: 'FLOAT'}),
    concurrency: Flags.integer({summary: `Requests in flight at once (default ${DEFAULT_CONCURRENCY}).`}),
  }

  async run(): Promise<LimitsSetResult> {
    const {flags} = await this.parse(LimitsSet)
    const ctx = this.project(flags)
    const profile = validateProfileInput({
      provider: flags.provider,
      model: flags.model,
      rpm: flags.rpm,
      tpm: flags.tpm,
      target: flags.target === undefined ? undefined : Number(flags.target),
      concurrency: flags.concurrency,
    })
    const {created} = await saveProfile(ctx, profile)
    const effective = effectiveLimits(profile)
    this.log(`${created ? 'Created' : 'Replaced'} ${profile.provider}/${profile.model}: paced at ${int(effective.rpm)} requests and ${int(effective.tpm)} tokens per minute, ${effective.concurrency} at a time.`)
    return {file: ctx.relative(ctx.state(PROFILES_FILE)), created, profile, effective}
  }
}
