import {Flags} from '@oclif/core'
import {GovCommand, projectFlags} from 'govtool'

import {BUILTIN_PROFILES, PROFILE_COLUMNS, PROFILES_FILE, installDefaults, type RateLimitProfile} from '../../../lib/limits/profiles.js'

export interface LimitsDefaultsResult {
  profiles: RateLimitProfile[]
  installed: boolean
  file?: string
  added?: string[]
  kept?: string[]
}

export default class LimitsDefaults extends GovCommand<LimitsDefaultsResult> {
  static override summary = 'List the built-in rate-limit profiles; --install merges them into the project.'
  static override description = `Built-in profiles are conservative first-paid-tier limits of OpenAI, Anthropic, Google, Mistral, Groq and a local Ollama (which is paced by concurrency). They apply without installing; --install copies them into .govtool/model-rate-limits.json so they can be edited, keeping every profile already saved there.`

  static override examples = ['<%= config.bin %> credits limits defaults', '<%= config.bin %> credits limits defaults --install']

  static override flags = {
    ...projectFlags,
    install: Flags.boolean({summary: 'Merge the built-in profiles into the project, keeping existing overrides.', default: false}),
  }

  async run(): Promise<LimitsDefaultsResult> {
    const {flags} = await this.parse(LimitsDefaults)
    const profiles = BUILTIN_PROFILES.map((p) => ({...p}))
    if (!flags.install) {
      this.table(profiles, PROFILE_COLUMNS)
      return {profiles, installed: false}
    }
    const ctx = this.project(flags)
    const {added, kept} = await installDefaults(ctx)
    const file = ctx.relative(ctx.state(PROFILES_FILE))
    const key = (p: RateLimitProfile) => `${p.provider}/${p.model}`
    this.log(`Installed ${added.length} built-in profile(s) into ${file}; kept ${kept.length} existing override(s)${kept.length ? `: ${kept.map(key).join(', ')}` : ''}.`)
    return {profiles, installed: true, file, added: added.map(key), kept: kept.map(key)}
  }
}
