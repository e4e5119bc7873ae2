import {color, confirm, defineOperation, GovError, InputError, loadProjectTypes} from 'govtool/core'
import {z} from 'zod/v3'

import {CommitResultSchema, PullResultSchema, PushResultSchema} from './schemas.js'

export const commitOp = defineOperation({
  id: 'commit',
  summary: 'Commit with governance checks: audit first, ledger check, message from the ledger.',
  description: `Runs the governance audit and refuses to commit while it fails (--no-audit skips it), warns when LEDGER.md did not change with the work, and takes the message from the last ledger entry's heading unless -m is given.

Commits what is staged; when nothing is staged, every change (untracked files included, .gitignore honoured; .govtool/ is never committed). The project's git hooks run as usual.

--auto-push pushes afterwards with push's safety checks; when that push is refused, the commit stays, the reason is a warning, and the exit code is 1.`,
  examples: [
    '<%= config.bin %> commit',
    '<%= config.bin %> commit -m "Add login form (REQ-AUTH-001)"',
    '<%= config.bin %> commit --no-audit --auto-push',
  ],
  project: true,
  effect: 'write',
  input: z.object({
    message: z.string().optional().describe('Commit message (default: the heading of the last LEDGER.md entry).'),
    audit: z.boolean().default(true).describe('Run the governance audit first and refuse on failure (--no-audit skips it).'),
    auto_push: z.boolean().default(false).describe('Push after committing (with the safety checks of push).'),
  }),
  cli: {fields: {message: {char: 'm'}, audit: {allowNo: true}}},
  result: CommitResultSchema,
  async run(ctx, input, io) {
    const {commitWork, commitWarnings} = await import('../lib/commit.js')
    const registry = input.audit || input.auto_push ? await loadProjectTypes(ctx.cliRoot) : undefined
    const result = await commitWork(ctx.project(), {message: input.message, audit: input.audit, autoPush: input.auto_push, registry})
    for (const warning of commitWarnings(result)) io.warn(warning)
    return result
  },
  exitCode: (result) => (result.push && !result.push.pushed ? 1 : 0),
  render(result) {
    const lines = [
      `${color.green('committed')} ${result.sha.slice(0, 10)} on ${result.branch}: ${result.message}`,
      color.dim(`${result.files.length} file(s)${result.staged_only ? ' (staged)' : ''}; audit ${result.audit.ran ? (result.audit.healthy ? 'passed' : 'failed') : 'skipped'}`),
    ]
    if (result.push && result.push.pushed) lines.push(`${color.green('pushed')} to ${result.push.upstream}`)
    return lines.join('\n')
  },
})

export const pushOp = defineOperation({
  id: 'push',
  summary: 'Push the current branch with safety checks from the branching strategy.',
  description: `Refuses a direct push to a protected branch (default_branch; also develop_branch under gitflow, from scaffold.yml) and a push while the governance audit fails. A branch without an upstream gets one (the first push sets it).

--force skips the protected-branch and audit checks and says so; it never rewrites remote history (it is not git push --force). A push the remote rejects (it has commits the branch lacks) says to run \`govtool pull\` first.`,
  examples: ['<%= config.bin %> push', '<%= config.bin %> push --force'],
  project: true,
  effect: 'write',
  input: z.object({
    force: z.boolean().default(false).describe('Skip the branch-protection and audit checks (not a git force-push).'),
  }),
  result: PushResultSchema,
  async run(ctx, input, io) {
    const {pushBranch, pushWarnings} = await import('../lib/push.js')
    const registry = input.force ? undefined : await loadProjectTypes(ctx.cliRoot)
    const result = await pushBranch(ctx.project(), {force: input.force, registry})
    for (const warning of pushWarnings(result)) io.warn(warning)
    return result
  },
  render: (result) =>
    `${color.green('pushed')} ${result.branch} to ${result.upstream} (${result.commits} new commit(s))${result.set_upstream ? '; upstream set' : ''}`,
})

export const pullOp = defineOperation({
  id: 'pull',
  summary: 'Pull from the remote; warn on conflicts in governance files; or discard local work.',
  description: `Without options: git pull (merge), then lists conflicts, calling out governance files (LEDGER.md, AGENTS.md, docs/REQUIREMENTS.md, ...) and how to resolve them; exit 1 while conflicts remain.

--discard fetches and hard-resets the branch to its remote copy; --clean also removes untracked files (ignored files and .govtool/ stay). Both list what would be lost and ask first; --yes skips the question, and without a terminal (or with --json) it is required.`,
  examples: ['<%= config.bin %> pull', '<%= config.bin %> pull --discard', '<%= config.bin %> pull --clean --yes'],
  project: true,
  effect: 'write',
  input: z.object({
    discard: z.boolean().default(false).describe('Fetch and hard-reset to the remote branch (local commits and changes are lost).'),
    clean: z.boolean().default(false).describe('Like --discard, and also remove untracked files.'),
    yes: z.boolean().default(false).describe('Do not ask for confirmation.'),
  }),
  cli: {fields: {discard: {exclusive: ['clean']}, clean: {exclusive: ['discard']}, yes: {char: 'y'}}},
  result: PullResultSchema,
  async run(ctx, input, io) {
    const {formatDiscardFiles, pull} = await import('../lib/pull.js')
    if (input.discard && input.clean) {
      throw new InputError('Give either discard or clean, not both.', {code: 'E_USAGE', hint: 'clean already discards; it also removes untracked files.'})
    }
    const mode = input.clean ? 'clean' : input.discard ? 'discard' : 'merge'
    const cli = ctx.transport === 'cli'
    const result = await pull(ctx.project(), mode, input.yes ? undefined : async ({question, files}) => {
      if (cli && !io.json) {
        if (files.length > 0) io.stdout?.write(`${formatDiscardFiles(files)}\n`)
        // asks on a terminal; refuses without one, naming --yes
        return confirm(question, {flag: '--yes'})
      }
      throw new GovError(`${question} needs confirmation, and ${cli ? 'with --json no question is asked' : 'no question can be asked here'}.`, {
        code: 'E_NEEDS_CONFIRMATION',
        hint: cli ? 'Pass --yes to confirm without a prompt.' : 'Send "yes": true to confirm.',
      })
    })
    for (const warning of result.warnings) io.warn(warning)
    return result
  },
  exitCode: (result) => (result.conflicts.length > 0 ? 1 : 0),
  render(result) {
    if (result.conflicts.length > 0) return `${color.red('conflicts')} in ${result.conflicts.length} file(s); resolve them, then \`govtool commit\`.`
    if (result.mode === 'merge') return result.updated ? `${color.green('updated')} ${result.branch} from ${result.source}` : `${result.branch} is up to date with ${result.source}`
    const d = result.discarded
    return `${color.yellow('reset')} ${result.branch} to ${result.source}: discarded ${d.commits} commit(s), ${d.files.length} changed file(s)${result.mode === 'clean' ? `, removed ${d.untracked_removed.length} untracked` : ''}`
  },
})
