/**
 * Secrets in what a tool call carries (issue 22): the content a Write/Edit puts into a file and the command
 * line a shell runs go through the kernel's scanner (src/secrets.ts, the one `commit` and the git hooks use).
 * A finding names where (the file and line of the new text, or the command's line) and what kind, never the
 * value, so the refusal can be shown to the agent and the user as it is.
 */
import path from 'node:path'

import {scanText, SECRET_KINDS, type SecretFinding} from 'govtool/core'

/** Findings a file's name alone makes (`.env`, `id_rsa`): writing such a file is not carrying a secret. */
const NAME_ONLY = new Set<SecretFinding['kind']>(['env_file', 'private_key_file'])

export interface CarriedSecret {
  /** what carries it: a project-relative file, or "the command" */
  where: string
  line: number
  kind: SecretFinding['kind']
}

/** The path shown for a file a tool writes: project-relative when inside the project. */
export function shownPath(root: string, cwd: string, file: string): string {
  const absolute = path.resolve(cwd, file)
  const rel = path.relative(root, absolute)
  return rel === '' || rel.startsWith('..') || path.isAbsolute(rel) ? file : rel.split(path.sep).join('/')
}

/** Secrets in text a tool writes to `file` (content rules only; the file's name is judged elsewhere). */
export function secretsInContent(text: string, file: string): CarriedSecret[] {
  return scanText(text, {file})
    .filter((f) => !NAME_ONLY.has(f.kind))
    .map((f) => ({where: file, line: f.line, kind: f.kind}))
}

/** Secrets in a command line (no file, so every rule but the name rules applies). */
export function secretsInCommand(command: string, label = 'the command'): CarriedSecret[] {
  return scanText(command).map((f) => ({where: label, line: f.line, kind: f.kind}))
}

/** `src/config.ts line 2: GitHub token` (never the value). */
export function describeCarried(s: CarriedSecret): string {
  return `${s.where} line ${s.line}: ${SECRET_KINDS[s.kind]}`
}

/** The refusal shown to the agent: where and what kind, and what to do instead. */
export function secretsReason(found: readonly CarriedSecret[], action: string): string {
  const list = found.slice(0, 5).map((s) => describeCarried(s)).join('; ')
  const more = found.length > 5 ? `; and ${found.length - 5} more` : ''
  return `Blocked by govtool: ${action} carries a secret (${list}${more}). Do not put keys into files, commands or messages: read them from the environment or a secret store, and ask the user to rotate a key that was exposed.`
}
