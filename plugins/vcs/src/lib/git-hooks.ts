/**
 * The governance checks of the git hooks `integrate git-hooks` installs. They judge what is being committed
 * or pushed, not the working tree: pre-commit scans the staged diff for secrets (the kernel scanner, the same
 * as `commit`) and audits the index (only when it stages a governance file), pre-push audits and checks the ledger chain of each commit pushed. The tree is checked out into a
 * temporary directory (through a private index file, so the user's index and work tree are never touched),
 * with this working copy's ledger witness (`.govtool/ledger-chain.txt`), so an entry rewritten and re-hashed
 * is still caught.
 */
import {copyFile, mkdir, mkdtemp, rm} from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import {checkLedgerChain} from '@govtool/plugin-governance/trace'
import {gitOutput, ProjectContext, runGit, scanDiff, SECRET_KINDS, type ProjectTypeRegistry, type SecretFinding} from 'govtool/core'

import {requireRepo} from './git.js'
import {auditProject, isGovernanceFile, type AuditSummary} from './governance.js'

export const GIT_HOOKS = ['pre-commit', 'pre-push'] as const
export type GitHookName = (typeof GIT_HOOKS)[number]

export interface GitHookCheck {
  name: 'audit' | 'ledger-chain' | 'secrets'
  /** what was checked: `index`, or a commit id */
  subject: string
  ok: boolean
  message: string
  issues: AuditSummary['issues']
}

export interface GitHookResult {
  hook: GitHookName
  /** false when a check failed: git refuses the commit or the push */
  ok: boolean
  /** nothing to check (no governance file staged, nothing pushed) */
  skipped: boolean
  summary: string
  /** governance files the commit stages (pre-commit) */
  governance_files: string[]
  /** secrets in the staged diff (pre-commit): where and what kind, never the value */
  secrets: SecretFinding[]
  checks: GitHookCheck[]
}

const ZERO = /^0+$/

/** The commits a push sends, from the lines git gives pre-push on stdin (`<local ref> <sha> <remote ref> <sha>`). */
export function pushedCommits(refs: string): string[] {
  const out: string[] = []
  for (const line of refs.split('\n')) {
    const [, localSha] = line.trim().split(/\s+/)
    if (localSha && /^[0-9a-f]{7,64}$/i.test(localSha) && !ZERO.test(localSha) && !out.includes(localSha)) out.push(localSha)
  }
  return out
}

/** Checks a tree out into a temporary directory; returns the project's root inside it. */
async function materialise(ctx: ProjectContext, toplevel: string, tree: 'index' | string): Promise<{dir: string; root: string}> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'govtool-hook-'))
  const prefix = `${dir}${path.sep}`
  if (tree === 'index') {
    await runGit(toplevel, ['checkout-index', '--all', '--force', `--prefix=${prefix}`])
  } else {
    const env = {...process.env, GIT_INDEX_FILE: path.join(dir, '.govtool-index')}
    await runGit(toplevel, ['read-tree', tree], {env})
    await runGit(toplevel, ['checkout-index', '--all', '--force', `--prefix=${prefix}`], {env})
    await rm(env.GIT_INDEX_FILE, {force: true})
  }
  const root = path.join(dir, path.relative(toplevel, ctx.root))
  // this working copy's witness of the ledger: digests it recorded (git-ignored, so not in the tree)
  await mkdir(path.join(root, '.govtool'), {recursive: true})
  await copyFile(ctx.state('ledger-chain.txt'), path.join(root, '.govtool', 'ledger-chain.txt')).catch(() => {})
  return {dir, root}
}

async function auditTree(ctx: ProjectContext, toplevel: string, tree: 'index' | string, registry: ProjectTypeRegistry | undefined, chain: boolean): Promise<GitHookCheck[]> {
  const {dir, root} = await materialise(ctx, toplevel, tree)
  try {
    const copy = new ProjectContext(root)
    const subject = tree === 'index' ? 'index' : tree.slice(0, 12)
    const audit = await auditProject(copy, registry)
    const errors = audit.issues.filter((i) => i.severity === 'error')
    const checks: GitHookCheck[] = [
      {
        name: 'audit',
        subject,
        ok: audit.healthy,
        message: audit.healthy ? `audit of ${subject === 'index' ? 'the staged tree' : subject} passed` : `audit of ${subject === 'index' ? 'the staged tree' : subject} found ${errors.length} issue(s)`,
        issues: audit.issues,
      },
    ]
    if (chain) {
      const verified = await checkLedgerChain(copy)
      checks.push({
        name: 'ledger-chain',
        subject,
        ok: verified.valid,
        message: verified.valid ? `ledger chain of ${subject} intact (${verified.entries} entries)` : `ledger chain of ${subject} broken`,
        issues: verified.problems.map((p) => ({check: 'ledger-chain', severity: 'error' as const, message: p.message, file: p.file, line: p.line})),
      })
    }
    return checks
  } finally {
    await rm(dir, {recursive: true, force: true})
  }
}

/** Runs a hook's checks. `refs`: what git gave pre-push on stdin (default: HEAD). */
export async function runGitHook(ctx: ProjectContext, hook: GitHookName, options: {refs?: string; registry?: ProjectTypeRegistry} = {}): Promise<GitHookResult> {
  await requireRepo(ctx)
  const toplevel = (await gitOutput(ctx.root, ['rev-parse', '--show-toplevel'])) ?? ctx.root
  if (hook === 'pre-commit') {
    const [staged, diff] = await Promise.all([
      runGit(ctx.root, ['diff', '--cached', '--name-only', '--no-renames', '-z', '--relative']),
      runGit(toplevel, ['-c', 'core.quotePath=false', 'diff', '--cached', '--no-color', '--no-ext-diff', '--no-textconv', '--no-renames', '--unified=0', '--src-prefix=a/', '--dst-prefix=b/']),
    ])
    const secrets = scanDiff(diff.stdout)
    const checks: GitHookCheck[] = [secretsCheck(secrets)]
    const files = staged.stdout.split('\0').filter((f) => f && isGovernanceFile(f))
    if (files.length > 0) checks.push(...(await auditTree(ctx, toplevel, 'index', options.registry, false)))
    return finish(hook, files, checks, secrets)
  }
  let commits = options.refs === undefined || options.refs.trim() === '' ? [] : pushedCommits(options.refs)
  if (options.refs === undefined || options.refs.trim() === '') {
    const head = await gitOutput(ctx.root, ['rev-parse', '--verify', '--quiet', 'HEAD'])
    commits = head ? [head] : []
  }
  if (commits.length === 0) return {hook, ok: true, skipped: true, summary: 'govtool pre-push: nothing pushed (only deletions); nothing to check.', governance_files: [], secrets: [], checks: []}
  const checks: GitHookCheck[] = []
  for (const commit of commits) checks.push(...(await auditTree(ctx, toplevel, commit, options.registry, true)))
  return finish(hook, [], checks)
}

/** The secrets check of pre-commit: one issue per finding, naming file, line and kind (never the value). */
function secretsCheck(findings: readonly SecretFinding[]): GitHookCheck {
  return {
    name: 'secrets',
    subject: 'index',
    ok: findings.length === 0,
    message: findings.length === 0 ? 'no secret in the staged changes' : `${findings.length} secret(s) in the staged changes`,
    issues: findings.map((f) => ({
      check: 'secrets',
      severity: 'error' as const,
      message: `a secret is added here: ${SECRET_KINDS[f.kind]}`,
      ...(f.file === undefined ? {} : {file: f.file}),
      line: f.line,
      hint: 'Take the secret out (read it from the environment or a secret store) and rotate it if it was ever pushed; for a deliberate one (a test key) use `govtool commit --allow-secret <path>`, which records the exception in the ledger.',
    })),
  }
}

function finish(hook: GitHookName, files: string[], checks: GitHookCheck[], secrets: SecretFinding[] = []): GitHookResult {
  const failed = checks.filter((c) => !c.ok)
  const summary =
    failed.length === 0
      ? `govtool ${hook}: ${checks.map((c) => c.message).join('; ')}.`
      : `govtool ${hook}: refused: ${failed.map((c) => c.message).join('; ')}. Fix the issues listed (or, knowingly, skip the hook with --no-verify).`
  return {hook, ok: failed.length === 0, skipped: false, summary, governance_files: files, secrets, checks}
}
