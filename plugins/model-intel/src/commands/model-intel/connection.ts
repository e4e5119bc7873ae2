import {GovCommand, color} from 'govtool'

import {checkConnection, type ConnectionResult} from '../../lib/intel.js'

export default class ModelIntelConnection extends GovCommand<ConnectionResult> {
  static override summary = 'Check the hub connection and validate GOVTOOL_HUB_TOKEN.'
  static override description = `Probes the hub API (validating the token with /api/whoami-v2) and the dataset server's healthcheck.
Exits 0 when the connection is usable, 1 otherwise. The token itself is never printed.`

  static override examples = ['<%= config.bin %> model-intel connection', '<%= config.bin %> model-intel connection --json']

  async run(): Promise<ConnectionResult> {
    await this.parse(ModelIntelConnection)
    const result = await checkConnection()
    this.log(`${result.valid ? color.green('✔ valid') : color.red('✖ not valid')}: ${result.message}`)
    this.log(`token set: ${result.token_set ? 'yes' : 'no'}, token valid: ${result.token_valid ? 'yes' : 'no'}, tier: ${result.rate_limit_tier}, dataset server: ${result.dataset_server_ok ? 'ok' : 'down'}`)
    if (!result.valid) this.setExitCode(1)
    return result
  }
}
