import {color, defineOperation, loadProjectTypes} from 'govtool/core'
import {z} from 'zod/v3'

import {PrResultSchema} from './schemas.js'

export const prOp = defineOperation({
  id: 'pr',
  summary: "Open a pull request through the hosting platform's CLI (gh, glab, az repos).",
  description: `The platform is vcs_platform in scaffold.yml (else guessed from the remote URL). The target branch follows the branching strategy (gitflow features and bugfixes go to develop, everything else to main); the title defaults to the last commit's subject; the body lists the branch's commits and the first 2000 characters of the governance export report.

The branch must be pushed, and must not be a protected branch; local commits not yet pushed are left out, with a warning.`,
  examples: ['<%= config.bin %> pr', '<%= config.bin %> pr --title "Add login form" --draft'],
  project: true,
  effect: 'write',
  input: z.object({
    title: z.string().optional().describe('Pull request title (default: the last commit subject).'),
    draft: z.boolean().default(false).describe('Open it as a draft.'),
  }),
  result: PrResultSchema,
  async run(ctx, input, io) {
    const {createPullRequest} = await import('../lib/pr.js')
    const result = await createPullRequest(ctx.project(), {title: input.title, draft: input.draft, registry: await loadProjectTypes(ctx.cliRoot)})
    for (const warning of result.warnings) io.warn(warning)
    return result
  },
  render(result) {
    const lines = [`${color.green('opened')} ${result.draft ? 'draft ' : ''}pull request ${result.branch} -> ${result.base}: ${result.title}`]
    if (result.url) lines.push(result.url)
    return lines.join('\n')
  },
})
