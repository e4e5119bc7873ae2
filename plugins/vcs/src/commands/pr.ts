import {Flags} from '@oclif/core'
import {GovCommand, color, loadProjectTypes, projectFlags} from 'govtool'

import {createPullRequest, type PrResult} from '../lib/pr.js'

export default class Pr extends GovCommand<PrResult> {
  static override summary = "Open a pull request through the hosting platform's CLI (gh, glab, az repos)."
  static override description = `The platform is vcs_platform in scaffold.yml (else guessed from the remote URL). The target branch follows the branching strategy; the title defaults to the last commit's subject; the body lists the branch's commits and the first 2000 characters of the governance export report. The branch must be pushed.`

  static override examples = ['<%= config.bin %> pr', '<%= config.bin %> pr --title "Add login form" --draft']
  static override flags = {
    ...projectFlags,
    title: Flags.string({summary: 'Pull request title (default: the last commit subject).'}),
    draft: Flags.boolean({summary: 'Open it as a draft.', default: false}),
  }

  async run(): Promise<PrResult> {
    const {flags} = await this.parse(Pr)
    const ctx = this.project(flags)
    const result = await createPullRequest(ctx, {title: flags.title, draft: flags.draft, registry: await loadProjectTypes(this.config)})
    for (const w of result.warnings) this.warnUser(w)
    if (!this.jsonEnabled()) {
      this.log(`${color.green('opened')} ${result.draft ? 'draft ' : ''}pull request ${result.branch} -> ${result.base}: ${result.title}`)
      if (result.url) this.log(result.url)
    }
    return result
  }
}
