/**
 * `integrate git-hooks`: pre-commit and pre-push hooks that run `govtool git-hook <name>` (the secrets scan and audit of what
 * is committed, the audit and ledger chain of what is pushed). They go where git looks for hooks
 * (`git rev-parse --git-path hooks`, so core.hooksPath and worktrees are honoured). A hook already there is
 * chained, not replaced: it is renamed `<hook>.pre-govtool` and runs first, with the same arguments and
 * stdin, and its failure stops git as before.
 */
import {existsSync} from 'node:fs'
import {readFile, rename} from 'node:fs/promises'
import path from 'node:path'

import {GovError, gitOutput, writeFileAtomic, type ProjectContext} from 'govtool/core'

import type {ConfigMergeReport} from './integrations-config.js'
import {GENERATED_MARKER} from './write.js'

export const GIT_HOOK_NAMES = ['pre-commit', 'pre-push'] as const

const CHAINED = '.pre-govtool'

/** The hook script. `projectArg` points govtool at the project when it is not the repository's top level. */
export function gitHookScript(hook: (typeof GIT_HOOK_NAMES)[number], projectArg: string): string {
  const what = hook === 'pre-commit' ? 'the secrets scan of the staged diff and the audit of the staged governance files' : 'the audit and the ledger chain of each commit pushed'
  const lines = [
    '#!/bin/sh',
    `# ${GENERATED_MARKER} (govtool integrate git-hooks): ${what}.`,
    `# A ${hook} hook that was here before is kept as ${hook}${CHAINED} and runs first.`,
    'hooks_dir=$(dirname "$0")',
  ]
  if (hook === 'pre-push') {
    lines.push(
      'refs=$(cat)',
      `if [ -x "$hooks_dir/${hook}${CHAINED}" ]; then`,
      `  printf '%s\\n' "$refs" | "$hooks_dir/${hook}${CHAINED}" "$@" || exit $?`,
      'fi',
    )
  } else {
    lines.push(`if [ -x "$hooks_dir/${hook}${CHAINED}" ]; then`, `  "$hooks_dir/${hook}${CHAINED}" "$@" || exit $?`, 'fi')
  }
  lines.push(
    'if ! command -v govtool >/dev/null 2>&1; then',
    `  echo "govtool ${hook}: govtool is not on PATH, so the governance checks cannot run. Install it, or skip the hook knowingly with --no-verify." >&2`,
    '  exit 1',
    'fi',
    hook === 'pre-push' ? `printf '%s\\n' "$refs" | govtool git-hook pre-push${projectArg}` : `exec govtool git-hook pre-commit${projectArg}`,
    '',
  )
  return lines.join('\n')
}

/** Installs the hooks (a hook of govtool's is rewritten, never a user's); paths in the report are project-relative when inside the project. */
export async function installGitHooks(ctx: ProjectContext): Promise<ConfigMergeReport> {
  const hooksPath = await gitOutput(ctx.root, ['rev-parse', '--git-path', 'hooks'])
  const toplevel = await gitOutput(ctx.root, ['rev-parse', '--show-toplevel'])
  if (hooksPath === undefined || toplevel === undefined) {
    throw new GovError(`${ctx.root} is not a git repository, so there is nowhere to install git hooks.`, {code: 'E_NOT_A_REPO', hint: 'Run `git init` first (govtool init creates the repository).'})
  }
  const dir = path.resolve(ctx.root, hooksPath)
  const prefix = path.relative(toplevel, ctx.root).split(path.sep).join('/')
  const projectArg = prefix ? ` --project-dir "$(git rev-parse --show-toplevel)/${prefix}"` : ''
  const shown = (file: string) => {
    const rel = path.relative(ctx.root, file)
    return rel.startsWith('..') || path.isAbsolute(rel) ? file : rel.split(path.sep).join('/')
  }
  const report: ConfigMergeReport = {written: [], unchanged: [], kept: [], notes: []}
  for (const hook of GIT_HOOK_NAMES) {
    const file = path.join(dir, hook)
    const script = gitHookScript(hook, projectArg)
    const current = existsSync(file) ? await readFile(file, 'utf8') : undefined
    if (current === script) {
      report.unchanged.push(shown(file))
      continue
    }
    if (current !== undefined && !current.split('\n', 4).join('\n').includes(GENERATED_MARKER)) {
      const chained = `${file}${CHAINED}`
      if (existsSync(chained)) {
        // two hooks of the user's: neither is ever dropped, so this one needs a person
        report.kept.push(shown(file))
        report.notes.push(`${shown(file)} is not govtool's, and ${shown(chained)} exists already: kept both. Merge them into ${shown(chained)}, remove ${shown(file)}, and run integrate again.`)
        continue
      }
      await rename(file, chained)
      report.notes.push(`Your ${hook} hook is kept as ${shown(chained)} and runs before govtool's checks.`)
    }
    await writeFileAtomic(file, script, {mode: 0o755})
    report.written.push(shown(file))
  }
  report.notes.push('The hooks run `govtool git-hook pre-commit` (secrets scan of the staged diff; audit, when governance files are staged) and `govtool git-hook pre-push` (audit and ledger chain of each pushed commit); `--no-verify` skips them.')
  return report
}
