/**
 * What the hooks remember about an agent session (`.govtool/hooks/<client>/<session>.json`): the commit the
 * session started from and the preflight decision of its latest prompt. Stop verifies the changes since that
 * commit; PreToolUse keeps write tools closed while the latest prompt waits for clarification.
 */
import {createHash} from 'node:crypto'

import {gitOutput, readJsonIfExists, runGit, SAFE_ID, writeJsonAtomic, type ProjectContext} from 'govtool/core'

import type {Decision} from '../types.js'

export interface SessionState {
  session_id: string
  /** HEAD when the session's first prompt was checked (null: no commit yet, or not a repository) */
  base: string | null
  decision: Decision
  work_item_id: string
  requirement_ids: string[]
  intent: string
  instruction: string
  updated_at: string
}

/** The state file of a session: the id itself when it is a safe file name, else a hash of it. */
export function sessionFile(ctx: ProjectContext, client: string, sessionId: string): string {
  const name = SAFE_ID.test(sessionId) && !sessionId.includes('..') ? sessionId : createHash('sha256').update(sessionId).digest('hex').slice(0, 32)
  return ctx.state('hooks', client, `${name}.json`)
}

export async function readSession(ctx: ProjectContext, client: string, sessionId: string | undefined): Promise<SessionState | undefined> {
  if (!sessionId) return undefined
  return readJsonIfExists<SessionState>(sessionFile(ctx, client, sessionId))
}

export async function writeSession(ctx: ProjectContext, client: string, state: SessionState): Promise<void> {
  await writeJsonAtomic(sessionFile(ctx, client, state.session_id), state)
}

/** git's empty tree: the base of a repository without commits */
const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904'

/** The current commit, or null (no commit yet); undefined when the project is not in a git work tree. */
export async function headCommit(root: string): Promise<string | null | undefined> {
  if ((await gitOutput(root, ['rev-parse', '--is-inside-work-tree'])) !== 'true') return undefined
  return (await gitOutput(root, ['rev-parse', '--verify', '--quiet', 'HEAD'])) ?? null
}

export interface SessionChanges {
  base: string
  /** the diff of the work tree (commits, staged and unstaged changes) against the base */
  diff: string
  /** tracked paths changed, and untracked files (not ignored) */
  files: string[]
}

/** The changes since `base` (default HEAD), untracked files included; undefined outside a git work tree. */
export async function sessionChanges(root: string, base: string | null | undefined): Promise<SessionChanges | undefined> {
  const head = await headCommit(root)
  if (head === undefined) return undefined
  let from = base ?? head ?? EMPTY_TREE
  // a base that no longer exists (history rewritten) falls back to HEAD
  if (from !== EMPTY_TREE && (await gitOutput(root, ['cat-file', '-e', `${from}^{commit}`])) === undefined) from = head ?? EMPTY_TREE
  const [diff, names, untracked] = await Promise.all([
    runGit(root, ['diff', '--no-color', '--no-ext-diff', '--no-renames', from, '--']),
    runGit(root, ['diff', '--name-only', '--no-renames', '-z', from, '--']),
    runGit(root, ['ls-files', '--others', '--exclude-standard', '-z']),
  ])
  const files = [...new Set([...names.stdout.split('\0'), ...untracked.stdout.split('\0')].filter(Boolean))].sort()
  return {base: from, diff: diff.stdout, files}
}
