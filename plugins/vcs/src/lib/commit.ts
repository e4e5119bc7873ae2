import {existsSync} from 'node:fs'
import {copyFile, readFile, rm} from 'node:fs/promises'
import path from 'node:path'

import {appendLedgerEntry} from '@govtool/plugin-governance/trace'
import {
  describeSecretFinding,
  GovError,
  InputError,
  scanDiff,
  scanText,
  runGit,
  type GitOptions,
  type GitResult,
  type ProjectContext,
  type ProjectTypeRegistry,
  type SecretFinding,
} from 'govtool/core'

import {git, isStaged, requireBranch, requireRepo, status, type StatusEntry} from './git.js'
import {auditProject, blockingIssues, lastLedgerHeading, type AuditSummary} from './governance.js'
import {pushBranch, type PushResult} from './push.js'

export interface CommitOptions {
  message?: string
  /** run the governance audit first and refuse on failure (default true) */
  audit?: boolean
  autoPush?: boolean
  /** project types for the audit's toolset checks */
  registry?: ProjectTypeRegistry
  /**
   * project-relative paths to stage and commit with the rest: the only way an untracked file is committed
   * (files or directories; a deletion of a tracked file counts)
   */
  include?: string[]
  /** project-relative paths (files or directories) whose secrets are a deliberate exception, recorded in the ledger */
  allowSecret?: string[]
}

export interface CommitResult {
  sha: string
  branch: string
  message: string
  /** where the message came from */
  message_source: 'flag' | 'ledger'
  files: string[]
  /** true when what was staged was committed; false when nothing was staged and every tracked change was (like `git commit -a`); the paths named with --include are committed either way */
  staged_only: boolean
  /** the paths named with --include */
  included: string[]
  /** untracked files left out of the commit (the first 50; name them with --include to commit them) */
  untracked_left: string[]
  untracked_left_count: number
  /** secrets committed as a deliberate exception (--allow-secret), recorded in LEDGER.md: where and what kind, never the value */
  secrets_allowed: SecretFinding[]
  ledger_updated: boolean
  audit: (AuditSummary & {ran: true}) | {ran: false}
  warnings: string[]
  push?: PushResult | {pushed: false; error: string; hint?: string}
}

const LEDGER = 'LEDGER.md'
const MAX_LISTED = 50

const isGovtoolState = (file: string) => file === '.govtool' || file.startsWith('.govtool/')
const isUntracked = (e: StatusEntry) => e.index === '?'

/** `a, b, c and 4 more` */
function listPaths(paths: readonly string[], max = 5): string {
  const shown = paths.slice(0, max).join(', ')
  return paths.length > max ? `${shown} and ${paths.length - max} more` : shown
}

/** A path named by the caller as a project-relative, slash-separated path; refuses paths outside the project and .govtool/. */
function projectPath(ctx: ProjectContext, file: string, option: string): string {
  const relative = ctx.relative(path.resolve(ctx.root, file))
  if (relative === '..' || relative.startsWith('../') || path.isAbsolute(relative)) {
    throw new InputError(`${option} ${file} is outside the project.`, {code: 'E_PATH_ESCAPE', hint: `Name paths inside ${ctx.root}.`})
  }
  if (isGovtoolState(relative)) {
    throw new InputError(`${option} ${file}: .govtool/ is govtool's machine state and is never committed.`, {code: 'E_INPUT', hint: 'Name the files of your change instead.'})
  }
  return relative
}

const under = (file: string, dir: string) => dir === '.' || file === dir || file.startsWith(`${dir}/`)

/**
 * A governance-aware commit: runs the audit (refusing a failing one unless `audit: false`), checks that
 * LEDGER.md changed with the work (a warning, not a refusal), takes the message from the last ledger entry
 * heading when none is given, scans what would be committed for secrets (refusing with file, line and kind;
 * `allowSecret` paths are a deliberate exception recorded in the ledger), and commits.
 *
 * What is committed: what is staged, or, when nothing is staged, every change to a tracked file (like
 * `git commit -a`); plus the `include` paths either way. An untracked file is committed only when named:
 * a stray key or notes file never slips in. `.govtool/` is never committed.
 */
export async function commitWork(ctx: ProjectContext, options: CommitOptions = {}): Promise<CommitResult> {
  await requireRepo(ctx)
  const branch = await requireBranch(ctx)
  // git names paths from the top of the work tree, and the project may be a folder inside it: every path
  // below is top-relative, and every git command that takes paths runs at the top
  const prefix = (await git(ctx, ['rev-parse', '--show-prefix'])).stdout.trim()
  const top = path.resolve(ctx.root, (await git(ctx, ['rev-parse', '--show-cdup'])).stdout.trim() || '.')
  const atTop = (args: readonly string[], gitOptions?: GitOptions) => runGit(top, args, gitOptions)
  const fromProject = (p: string) => (prefix === '' ? p : p === '.' ? prefix.replace(/\/$/, '') : `${prefix}${p}`)
  const stateDir = fromProject('.govtool')
  // .govtool/ is machine state: never committed by govtool, even where .gitignore does not list it
  const isState = (file: string) => file === stateDir || file.startsWith(`${stateDir}/`)
  const include = [...new Set((options.include ?? []).map((p) => projectPath(ctx, p, '--include')))]
  const includeTop = include.map((p) => fromProject(p))
  const allowed = [...new Set((options.allowSecret ?? []).map((p) => fromProject(projectPath(ctx, p, '--allow-secret'))))]
  const entries = (await status(ctx)).filter((e) => !isState(e.path))
  const untracked = entries.filter((e) => isUntracked(e)).map((e) => e.path)
  for (const [i, p] of include.entries()) {
    const t = includeTop[i]
    const known = entries.some((e) => under(e.path, t) || e.from === t) || (await atTop(['--literal-pathspecs', 'ls-files', '--error-unmatch', '--', t], {allowFailure: true})).code === 0
    if (known) continue
    if (existsSync(path.join(ctx.root, p))) {
      throw new InputError(`--include ${p}: git ignores it (.gitignore), so it is not committed.`, {
        code: 'E_INPUT',
        hint: `If it belongs in the repository, take it out of .gitignore or stage it deliberately with \`git add -f ${p}\`.`,
      })
    }
    throw new InputError(`--include ${p}: no such file or directory.`, {
      code: 'E_NO_INPUT_FILE',
      hint: '`git status` lists what changed; name paths relative to the working directory (over HTTP: to the project).',
    })
  }
  const stagedOnly = entries.some((e) => isStaged(e))
  // nothing staged: the tracked changes, like `git commit -a` (plus the named paths)
  const trackedChanges = stagedOnly ? [] : entries.filter((e) => !isUntracked(e) && e.index !== '!').map((e) => e.path)
  if (!stagedOnly && trackedChanges.length === 0 && include.length === 0) {
    if (untracked.length > 0) {
      throw new GovError(`Nothing to commit: nothing is staged and no tracked file changed. ${untracked.length} untracked file(s) are not committed unless named: ${listPaths(untracked)}.`, {
        code: 'E_NOTHING_TO_COMMIT',
        hint: 'Name the files to commit: `govtool commit --include <path>` (repeatable), or stage them with `git add <path>`.',
      })
    }
    throw new GovError('Nothing to commit: the work tree is clean.', {code: 'E_NOTHING_TO_COMMIT', hint: 'Make your change first; `git status` shows what changed.'})
  }

  let message = options.message?.trim()
  let source: CommitResult['message_source'] = 'flag'
  if (!message) {
    message = await lastLedgerHeading(ctx)
    source = 'ledger'
    if (!message) {
      throw new GovError('No commit message: none given and LEDGER.md has no entry to take one from.', {
        code: 'E_NO_MESSAGE',
        hint: 'Pass -m "<message>", or record the work first with `govtool ledger add "<what changed>"`.',
      })
    }
  }

  const warnings: string[] = []
  let audit: CommitResult['audit'] = {ran: false}
  if (options.audit ?? true) {
    const report = await auditProject(ctx, options.registry)
    audit = {ran: true, ...report}
    if (!report.healthy) {
      const errors = blockingIssues(report)
      const list = errors.slice(0, 10).map((i) => `  - ${i.message}${i.file ? ` (${i.file}${i.line ? `:${i.line}` : ''})` : ''}`).join('\n')
      throw new GovError(`The governance audit fails, so nothing was committed:\n${list}${errors.length > 10 ? `\n  ... and ${errors.length - 10} more` : ''}`, {
        code: 'E_AUDIT_FAILED',
        hint: 'Fix the issues (`govtool audit`, `govtool audit --fix`), or commit anyway with --no-audit.',
      })
    }
  } else {
    warnings.push('The governance audit was skipped (--no-audit).')
  }

  // naming the project root never brings .govtool/ along (git refuses an exclusion it already ignores)
  const includeSpecs = includeTop.map((p) => `:(literal)${p}`)
  // (asked as a directory, `.govtool/`, so that the answer does not depend on whether it exists yet)
  if (include.includes('.') && (await atTop(['check-ignore', '--quiet', `${stateDir}/`], {allowFailure: true})).code !== 0) includeSpecs.push(`:(exclude,literal)${stateDir}`)
  // what would be committed, staged in a copy of the index first: a refusal leaves the real index as it was
  const stage = async (env?: NodeJS.ProcessEnv) => {
    if (include.length > 0) await atTop(['add', '--all', '--pathspec-from-file=-', '--pathspec-file-nul'], {input: includeSpecs.join('\0'), env})
    if (trackedChanges.length > 0) await atTop(['--literal-pathspecs', 'add', '--all', '--pathspec-from-file=-', '--pathspec-file-nul'], {input: trackedChanges.join('\0'), env})
  }
  const {files, findings} = await withScratchIndex(ctx, include.length > 0 || trackedChanges.length > 0, async (env) => {
    await stage(env)
    return {files: (await stagedFiles(ctx, env)).filter((f) => !isState(f)), findings: scanDiff(await stagedDiff(ctx, env))}
  })
  if (files.length === 0) {
    throw new GovError(`Nothing to commit: ${listPaths(include)} ${include.length === 1 ? 'has' : 'have'} no changes.`, {code: 'E_NOTHING_TO_COMMIT', hint: '`git status` shows what changed.'})
  }
  const isAllowed = (f: SecretFinding) => allowed.some((a) => f.file !== undefined && under(f.file, a))
  const blocking = findings.filter((f) => !isAllowed(f))
  if (blocking.length > 0) throw secretError(blocking)
  const secretsAllowed = findings.filter((f) => isAllowed(f))
  for (const a of allowed) if (!secretsAllowed.some((f) => f.file !== undefined && under(f.file, a))) warnings.push(`--allow-secret ${a}: no secret found there in this commit; nothing was excepted.`)

  const ledgerFile = fromProject(ctx.relative(ctx.file('ledger')))
  const ledgerUpdated = files.includes(LEDGER) || files.includes(ledgerFile)
  if (!ledgerUpdated) warnings.push(`${LEDGER} was not updated with this change: record the work with \`govtool ledger add "<what changed>"\`.`)
  const leftOut = untracked.filter((f) => !files.includes(f))
  if (!stagedOnly) {
    const left = leftOut.length > 0 ? ` ${leftOut.length} untracked file(s) left out: ${listPaths(leftOut)}; name them with --include <path> to commit them.` : ''
    warnings.push(`Nothing was staged, so every change to a tracked file was committed (like \`git commit -a\`).${left}`)
  }

  if (secretsAllowed.length > 0) await recordAllowedSecrets(ctx, atTop, ledgerFile, allowed, secretsAllowed, message)
  await stage()
  if (secretsAllowed.length > 0) await atTop(['--literal-pathspecs', 'add', '--', ledgerFile])
  const committed = secretsAllowed.length > 0 ? (await stagedFiles(ctx)).filter((f) => !isState(f)) : files
  // the project's own commit hooks run as usual
  await git(ctx, ['commit', '--quiet', '-m', message])
  const sha = (await git(ctx, ['rev-parse', 'HEAD'])).stdout.trim()
  const left = leftOut.filter((f) => !committed.includes(f))
  const result: CommitResult = {
    sha,
    branch,
    message,
    message_source: source,
    files: committed,
    staged_only: stagedOnly,
    included: include,
    untracked_left: left.slice(0, MAX_LISTED),
    untracked_left_count: left.length,
    secrets_allowed: secretsAllowed,
    ledger_updated: ledgerUpdated,
    audit,
    warnings,
  }
  if (options.autoPush) {
    try {
      result.push = await pushBranch(ctx, {registry: options.registry, audit: audit.ran ? audit : undefined})
    } catch (error) {
      const gov = error as GovError
      result.push = {pushed: false, error: gov.message, hint: gov.hint}
    }
  }
  return result
}

/** Runs `fn` against a copy of the index (GIT_INDEX_FILE) when `scratch`, else against the real one. */
async function withScratchIndex<T>(ctx: ProjectContext, scratch: boolean, fn: (env?: NodeJS.ProcessEnv) => Promise<T>): Promise<T> {
  if (!scratch) return fn()
  const index = path.resolve(ctx.root, (await git(ctx, ['rev-parse', '--git-path', 'index'])).stdout.trim())
  const copy = `${index}.govtool-${process.pid}-${Date.now().toString(36)}`
  try {
    await copyFile(index, copy)
  } catch (error) {
    // a repository with nothing staged yet has no index file: the copy starts empty too
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  try {
    return await fn({...process.env, GIT_INDEX_FILE: copy})
  } finally {
    await rm(copy, {force: true})
  }
}

/** The paths the index changes against HEAD (every path of the index before the first commit). */
async function stagedFiles(ctx: ProjectContext, env?: NodeJS.ProcessEnv): Promise<string[]> {
  const r = await git(ctx, ['-c', 'core.quotePath=false', 'diff', '--cached', '--name-only', '--no-renames', '-z'], {env})
  return r.stdout.split('\0').filter(Boolean)
}

/** The staged diff, in a fixed shape whatever the user's diff settings (prefixes, renames, external tools). */
async function stagedDiff(ctx: ProjectContext, env?: NodeJS.ProcessEnv): Promise<string> {
  const args = ['-c', 'core.quotePath=false', 'diff', '--cached', '--no-color', '--no-ext-diff', '--no-textconv', '--no-renames', '--unified=0', '--src-prefix=a/', '--dst-prefix=b/']
  return (await git(ctx, args, {env})).stdout
}

function secretError(findings: readonly SecretFinding[]): GovError {
  const list = findings.slice(0, 10).map((f) => `  - ${describeSecretFinding(f)}`).join('\n')
  const more = findings.length > 10 ? `\n  ... and ${findings.length - 10} more` : ''
  const files = [...new Set(findings.map((f) => f.file ?? ''))].filter(Boolean)
  return new GovError(`A secret is in what would be committed, so nothing was committed:\n${list}${more}`, {
    code: 'E_SECRET_FOUND',
    file: findings[0].file,
    line: findings[0].line,
    hint: `Take the secret out (read it from the environment or a secret store; add the file to .gitignore if it should never be committed, and rotate a secret that was ever pushed). If it is deliberate (a test key, a fixture), commit with --allow-secret ${files.length === 1 ? files[0] : '<path>'}: the exception is recorded in LEDGER.md.`,
  })
}

/** One ledger entry for the exceptions of this commit: the paths, and where and what kind each secret is. */
async function recordAllowedSecrets(
  ctx: ProjectContext,
  atTop: (args: readonly string[], options?: GitOptions) => Promise<GitResult>,
  ledgerFile: string,
  allowed: readonly string[],
  findings: readonly SecretFinding[],
  message: string,
): Promise<void> {
  // the ledger joins the commit, so what it holds beside the new entry is scanned like the rest
  const tracked = (await atTop(['--literal-pathspecs', 'ls-files', '--error-unmatch', '--', ledgerFile], {allowFailure: true})).code === 0
  const pending = tracked
    ? scanDiff((await atTop(['-c', 'core.quotePath=false', '--literal-pathspecs', 'diff', '--no-color', '--no-ext-diff', '--no-textconv', '--unified=0', '--src-prefix=a/', '--dst-prefix=b/', '--', ledgerFile])).stdout)
    : scanText((await readFile(ctx.file('ledger'), 'utf8').catch(() => '')), {file: ledgerFile})
  if (pending.length > 0) throw secretError(pending)
  const paths = allowed.filter((a) => findings.some((f) => f.file !== undefined && under(f.file, a)))
  await appendLedgerEntry(ctx, {
    description: `Secret scan exception: ${paths.join(', ')} committed with --allow-secret`,
    type: 'secret_allowed',
    status: 'allowed',
    fields: {
      Paths: paths.join(', '),
      Findings: findings.map((f) => describeSecretFinding(f)).join('; '),
      Commit: message,
    },
  })
}

/** Everything a commit run warns about: its own warnings, and a requested push that did not happen. */
export function commitWarnings(result: CommitResult): string[] {
  const warnings = [...result.warnings]
  if (result.push && !result.push.pushed) warnings.push(`committed, but not pushed: ${result.push.error}${result.push.hint ? `\n  ${result.push.hint}` : ''}`)
  return warnings
}
