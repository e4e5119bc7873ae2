import {GovCommand, color, projectFlags, type Column} from 'govtool'

import {int} from '../../../lib/format.js'
import {PROFILE_COLUMNS, PROFILES_FILE, effectiveLimits, loadProfiles, type EffectiveLimits, type RateLimitProfile} from '../../../lib/limits/profiles.js'

export interface LimitsListResult {
  file: string
  profiles: (RateLimitProfile & {effective: EffectiveLimits})[]
}

export default class LimitsList extends GovCommand<LimitsListResult> {
  static override summary = 'List the rate-limit profiles saved in .govtool/model-rate-limits.json.'
  static override description = `Saved profiles win over the built-in ones (govtool credits limits defaults). The effective limits are the profile's RPM and TPM times its utilization target; the pacer keeps every 60-second window under them.`

  static override examples = ['<%= config.bin %> credits limits list', '<%= config.bin %> credits limits list --json']
  static override flags = {...projectFlags}

  async run(): Promise<LimitsListResult> {
    const {flags} = await this.parse(LimitsList)
    const ctx = this.project(flags)
    const profiles = (await loadProfiles(ctx)).map((p) => ({...p, effective: effectiveLimits(p)}))
    const file = ctx.relative(ctx.state(PROFILES_FILE))
    if (!this.jsonEnabled()) {
      if (profiles.length === 0) {
        this.log(`No saved profiles in ${file}; the built-in ones apply (govtool credits limits defaults).`)
      } else {
        this.table(profiles, [
          ...(PROFILE_COLUMNS as Column<(typeof profiles)[number]>[]),
          {header: 'Paced at', get: (p) => `${int(p.effective.rpm)} rpm, ${int(p.effective.tpm)} tpm`},
          {header: 'Source', get: (p) => p.source},
        ])
        this.log(color.dim(file))
      }
    }
    return {file, profiles}
  }
}
