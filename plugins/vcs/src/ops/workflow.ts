import {color, confirm, defineOperation, GovError, InputError, loadProjectTypes} from 'govtool/core'
import {z} from 'zod/v3'

import {CommitResultSchema, PullResultSchema, PushResultSchema} from './schemas.js'

export const commitOp = defineOperation({
  id: 'commit',
  summary: 'Commit with governance checks: audit, secrets scan, ledger check, message from the ledger.',
  description: `Runs the governance audit and refuses to commit while it fails (--no-audit skips it), warns when LEDGER.md did not change with the work, and takes the message from the last ledger entry's heading unless -m is given.

What is committed: what is staged; when nothing is staged, every change to a tracked file, like git commit -a (the output says so and lists the untracked files it left out). Untracked files are committed only when named with --include PATH (repeatable; a file or a directory), which adds them either way. .govtool/ is never committed. The project's git hooks run as usual.

Before committing, the staged diff is scanned for secrets (private keys and id_rsa files, .env files, AWS, GitHub, GitLab, npm, Slack, OpenAI, Anthropic, Google and Stripe keys, and high-entropy values assigned to names such as api_key or password). A finding refuses the commit (exit 3, E_SECRET_FOUND) naming the file, line and kind of secret, never the secret itself, and leaves the index as it was. --allow-secret PATH (repeatable; a file or a directory) lets the secrets under PATH through as a deliberate exception, recorded in LEDGER.md (which path, and where and what kind each secret is, never the value) and committed with the work.

--auto-push pushes afterwards with push's safety checks; when that push is refused, the commit stays, the reason is a warning, and the exit code is 1.`,
  examples: [
    '<%= config.bin %> commit',
    '<%= config.bin %> commit -m "Add login form (REQ-AUTH-001)"',
    '<%= config.bin %> commit -m "Add the notes" --include docs/notes.md',
    '<%= config.bin %> commit --allow-secret test/fixtures/test-key.pem',
    '<%= config.bin %> commit --no-audit --auto-push',
  ],
  project: true,
  effect: 'write',
  input: z.object({
    message: z.string().optional().describe('Commit message (default: the heading of the last LEDGER.md entry).'),
    include: z.array(z.string().min(1)).optional().describe('A path to stage and commit too (repeatable): untracked files are committed only when named.'),
    allow_secret: z.array(z.string().min(1)).optional().describe('A path (file or directory) whose secrets are a deliberate exception, recorded in LEDGER.md (repeatable).'),
    audit: z.boolean().default(true).describe('Run the governance audit first and refuse on failure (--no-audit skips it).'),
    auto_push: z.boolean().default(false).describe('Push after committing (with the safety checks of push).'),
  }),
  cli: {fields: {message: {char: 'm'}, include: {char: 'i', helpValue: '<path>'}, allow_secret: {helpValue: '<path>'}, audit: {allowNo: true}}},
  result: CommitResultSchema,
  async run(ctx, input, io) {
    const {commitWork, commitWarnings} = await import('../lib/commit.js')
    const registry = input.audit || input.auto_push ? await loadProjectTypes(ctx.cliRoot) : undefined
    const project = ctx.project()
    // paths as the caller named them: relative to the working directory on the CLI, to the project over HTTP
    const named = (paths: string[] = []) => paths.map((p) => project.relative(ctx.resolvePath(p)))
    const result = await commitWork(project, {
      message: input.message,
      audit: input.audit,
      autoPush: input.auto_push,
      registry,
      include: named(input.include),
      allowSecret: named(input.allow_secret),
    })
    for (const warning of commitWarnings(result)) io.warn(warning)
    return result
  },
  exitCode: (result) => (result.push && !result.push.pushed ? 1 : 0),
  render(result) {
    const what = `${result.staged_only ? ' (staged' : ' (tracked changes, like git commit -a'}${result.included.length > 0 ? ', and the named paths)' : ')'}`
    const lines = [
      `${color.green('committed')} ${result.sha.slice(0, 10)} on ${result.branch}: ${result.message}`,
      color.dim(`${result.files.length} file(s)${what}; audit ${result.audit.ran ? (result.audit.healthy ? 'passed' : 'failed') : 'skipped'}; secrets scan ${result.secrets_allowed.length > 0 ? `passed with ${result.secrets_allowed.length} allowed exception(s), recorded in LEDGER.md` : 'passed'}`),
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
