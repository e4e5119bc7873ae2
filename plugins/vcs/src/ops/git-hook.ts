import {color, defineOperation, loadProjectTypes} from 'govtool/core'
import {z} from 'zod/v3'

import {GitHookResultSchema} from './schemas.js'

/** The hooks `integrate git-hooks` installs (spelled out so that loading the list loads no library). */
const HOOKS = ['pre-commit', 'pre-push'] as const

export const gitHookOp = defineOperation({
  id: 'git-hook',
  summary: 'Run the governance checks of a git hook (pre-commit, pre-push) on what is committed or pushed.',
  description: `The hooks \`govtool integrate git-hooks\` installs call this; it can also be run by hand. It judges what git is about to record, not the working tree: the tree is checked out into a temporary directory through a private index, so the user's index and files are never touched.

pre-commit: the staged diff is scanned for secrets with the scanner \`govtool commit\` uses (provider tokens, private keys, secrets assigned in code, .env and SSH key files); a secret refuses the commit, naming file, line and kind, never the value. When the commit stages a governance file (AGENTS.md, LEDGER.md, docs/REQUIREMENTS.md, docs/TESTS.md, docs/governance/, scaffold.yml, docs/GOVTOOL.yml), the governance audit also runs on the staged tree.

pre-push: the audit and the ledger hash chain of each commit pushed (the lines git gives the hook on stdin; by hand, HEAD). This working copy's ledger witness is used, so a ledger entry rewritten and re-hashed is still caught.

Exit codes: 0 when the checks pass or there is nothing to check, 1 when one fails (git then refuses the commit or push; \`git commit --no-verify\` skips the hook knowingly).`,
  examples: ['<%= config.bin %> git-hook pre-commit', '<%= config.bin %> git-hook pre-push --json'],
  project: true,
  effect: 'read',
  input: z.object({
    hook: z.enum(HOOKS).describe('The git hook whose checks to run.'),
    refs: z.string().max(1024 * 1024).optional().describe("pre-push: the lines git gives the hook on stdin (default: read from stdin when piped, else HEAD)."),
  }),
  cli: {fields: {hook: {arg: true}, refs: {helpValue: 'LINES'}}},
  result: GitHookResultSchema,
  async run(ctx, input) {
    const [{runGitHook}, registry] = await Promise.all([import('../lib/git-hooks.js'), loadProjectTypes(ctx.cliRoot)])
    const refs = input.refs ?? (input.hook === 'pre-push' && ctx.transport === 'cli' && !process.stdin.isTTY ? await readStdin() : undefined)
    return runGitHook(ctx.project(), input.hook, {refs, registry})
  },
  exitCode: (result) => (result.ok ? 0 : 1),
  render(result) {
    const lines: string[] = []
    for (const check of result.checks.filter((c) => !c.ok)) {
      for (const i of check.issues.filter((x) => x.severity === 'error')) lines.push(`${color.red('✖')} ${i.file ? `${i.file}${i.line ? `:${i.line}` : ''}: ` : ''}${i.message} [${i.check}]${i.hint ? `\n    ${color.dim(i.hint)}` : ''}`)
    }
    lines.push(result.ok ? color.dim(result.summary) : result.summary)
    return lines.join('\n')
  },
})

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}
