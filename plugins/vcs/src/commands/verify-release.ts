import {Flags} from '@oclif/core'
import {GovCommand, color, mark, projectFlags} from 'govtool'

import {verifyRelease, type VerifyReleaseResult} from '../lib/verify-release.js'

export default class VerifyRelease extends GovCommand<VerifyReleaseResult> {
  static override summary = 'Check that a release is on the package index, its docs are up and its tag exists.'
  static override description = `The package index and docs host default to the ecosystem's (npm, PyPI + Read the Docs, crates.io + docs.rs) and are set with release.package_index_url / release.docs_url in scaffold.yml ({name} and {version} are filled in) or the flags. The tag (v<version>, or release.tag_prefix) is looked up locally and on the remote. Each check says whether its host answered; offline, the result says so. Exit 0 when verified, 1 otherwise.`

  static override examples = ['<%= config.bin %> verify-release', '<%= config.bin %> verify-release --version 1.4.0 --timeout 10']
  static override flags = {
    ...projectFlags,
    version: Flags.string({summary: 'Version to verify (default: the one in the project manifest).'}),
    'index-url': Flags.string({summary: 'Package index URL template, e.g. https://registry.npmjs.org/{name}/{version}.'}),
    'docs-url': Flags.string({summary: 'Docs URL template, e.g. https://{name}.readthedocs.io/en/{version}/.'}),
    timeout: Flags.integer({summary: 'Seconds to wait for each host.', default: 5, min: 1}),
  }

  async run(): Promise<VerifyReleaseResult> {
    const {flags} = await this.parse(VerifyRelease)
    const result = await verifyRelease(this.project(flags), {version: flags.version, indexUrl: flags['index-url'], docsUrl: flags['docs-url'], timeoutMs: flags.timeout * 1000})
    if (!this.jsonEnabled()) {
      for (const c of result.checks) {
        const m = c.reachable === null ? color.dim('-') : c.reachable && c.found ? mark.ok() : c.reachable ? mark.fail() : mark.warn()
        this.log(`${m} ${c.check.padEnd(13)} ${c.target ?? ''}  ${color.dim(c.detail)}`)
      }
      this.log(`\n${result.verified ? color.green(result.summary) : result.offline ? color.yellow(result.summary) : color.red(result.summary)}`)
    }
    if (!result.verified) this.setExitCode(1)
    return result
  }
}
