/**
 * The agent loop's tools. Each is confined to the project: a path must resolve inside the root, and its real
 * path (links followed) too, so neither `../` nor a symlink reaches outside. A tool never throws: a failure is
 * a result the model sees (`ok: false`). run_shell goes through the exec plugin's tracked runner (PID file,
 * deadline, tree kill); git through the kernel's runGit.
 */
import {existsSync, realpathSync} from 'node:fs'
import {readFile} from 'node:fs/promises'
import path from 'node:path'

import {runGit, writeFileAtomic, type ProjectContext} from 'govtool/core'

import type {ToolSpec} from './types.js'

export const AGENT_TOOLS = ['read_file', 'write_file', 'run_shell', 'git_status', 'git_diff', 'git_commit', 'git_push', 'git_create_pr', 'open_url'] as const
export type AgentTool = (typeof AGENT_TOOLS)[number]

/** Tools that only look: `standard` runs them without asking. */
export const READ_TOOLS: ReadonlySet<string> = new Set(['read_file', 'git_status', 'git_diff'])

const str = (description: string) => ({type: 'string', description})
export const TOOL_SPECS: Record<AgentTool, ToolSpec> = {
  read_file: {name: 'read_file', description: 'Read a text file of the project.', parameters: {type: 'object', properties: {path: str('path relative to the project root')}, required: ['path']}},
  write_file: {
    name: 'write_file',
    description: 'Write a text file of the project (the change is shown as a diff and applied only when accepted).',
    parameters: {type: 'object', properties: {path: str('path relative to the project root'), content: str('the whole new content')}, required: ['path', 'content']},
  },
  run_shell: {name: 'run_shell', description: 'Run a shell command in the project root (120 s deadline).', parameters: {type: 'object', properties: {command: str('the command line')}, required: ['command']}},
  git_status: {name: 'git_status', description: 'Show git status --short of the project.', parameters: {type: 'object', properties: {}}},
  git_diff: {name: 'git_diff', description: 'Show the uncommitted changes (git diff).', parameters: {type: 'object', properties: {path: str('optional path to limit the diff')}}},
  git_commit: {name: 'git_commit', description: 'Commit the tracked changes with a message.', parameters: {type: 'object', properties: {message: str('commit message')}, required: ['message']}},
  git_push: {name: 'git_push', description: 'Push the current branch.', parameters: {type: 'object', properties: {}}},
  git_create_pr: {name: 'git_create_pr', description: 'Open a pull request for the current branch (gh).', parameters: {type: 'object', properties: {title: str('title'), body: str('body')}, required: ['title']}},
  open_url: {name: 'open_url', description: 'Ask the client to open an http(s) URL.', parameters: {type: 'object', properties: {url: str('the URL')}, required: ['url']}},
}

export interface ToolOutcome {
  ok: boolean
  output: string
}

const MAX_READ = 100_000
const MAX_OUTPUT = 8_000

function cut(text: string, max = MAX_OUTPUT): string {
  return text.length > max ? `${text.slice(0, max)}\n[... ${text.length - max} more characters]` : text
}

/** The absolute path of `rel` inside the project, or an error text when it escapes (by `..` or by a link). */
export function confine(root: string, rel: unknown): {file: string} | {error: string} {
  if (typeof rel !== 'string' || rel.trim() === '') return {error: 'path is required'}
  if (rel.includes('\0')) return {error: 'path contains a NUL byte'}
  const realRoot = realpathSync(root)
  const file = path.resolve(realRoot, rel)
  const inside = (p: string) => p === realRoot || p.startsWith(realRoot + path.sep)
  if (!inside(file)) return {error: `${rel} is outside the project`}
  // the deepest existing ancestor (or the file itself), with links resolved, must still be inside
  let probe = file
  while (!existsSync(probe) && probe !== realRoot) probe = path.dirname(probe)
  let real: string
  try {
    real = realpathSync(probe)
  } catch {
    return {error: `${rel} cannot be resolved`}
  }
  if (!inside(real)) return {error: `${rel} leads outside the project through a symbolic link`}
  const parts = path.relative(realRoot, file).split(path.sep)
  if (parts[0] === '.git' || parts.includes('.git')) return {error: 'the .git directory is off limits'}
  return {file}
}

/** A unified diff of one file (one hunk around the changed lines). */
export function unifiedDiff(rel: string, before: string | undefined, after: string): string {
  const a = before === undefined || before === '' ? [] : before.replace(/\n$/, '').split('\n')
  const b = after === '' ? [] : after.replace(/\n$/, '').split('\n')
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let endA = a.length
  let endB = b.length
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--
    endB--
  }
  const ctx = 3
  const from = Math.max(0, start - ctx)
  const toA = Math.min(a.length, endA + ctx)
  const toB = Math.min(b.length, endB + ctx)
  const lines = [
    ...a.slice(from, start).map((l) => ` ${l}`),
    ...a.slice(start, endA).map((l) => `-${l}`),
    ...b.slice(start, endB).map((l) => `+${l}`),
    ...a.slice(endA, toA).map((l) => ` ${l}`),
  ]
  const lenA = toA - from
  const lenB = toB - from
  const head = [before === undefined ? '--- /dev/null' : `--- a/${rel}`, `+++ b/${rel}`, `@@ -${lenA === 0 ? 0 : from + 1},${lenA} +${lenB === 0 ? 0 : from + 1},${lenB} @@`]
  return [...head, ...lines].join('\n') + '\n'
}

export interface WriteProposal {
  file: string
  rel: string
  content: string
  diff: string
}

export async function proposeWrite(root: string, args: Record<string, unknown>): Promise<WriteProposal | {error: string}> {
  const where = confine(root, args.path)
  if ('error' in where) return where
  if (typeof args.content !== 'string') return {error: 'content must be a string'}
  const before = existsSync(where.file) ? await readFile(where.file, 'utf8') : undefined
  const rel = path.relative(realpathSync(root), where.file).split(path.sep).join('/')
  return {file: where.file, rel, content: args.content, diff: unifiedDiff(rel, before, args.content)}
}

export async function applyWrite(proposal: WriteProposal): Promise<ToolOutcome> {
  try {
    const {ensureDir} = await import('govtool/core')
    await ensureDir(path.dirname(proposal.file))
    await writeFileAtomic(proposal.file, proposal.content)
    return {ok: true, output: `wrote ${proposal.rel} (${Buffer.byteLength(proposal.content)} bytes)`}
  } catch (error) {
    return {ok: false, output: `could not write ${proposal.rel}: ${(error as Error).message}`}
  }
}

async function git(root: string, args: string[]): Promise<ToolOutcome> {
  try {
    const r = await runGit(root, args, {allowFailure: true})
    return {ok: r.code === 0, output: cut((r.stdout + (r.stderr ? `\n${r.stderr}` : '')).trim() || '(no output)')}
  } catch (error) {
    return {ok: false, output: `git failed: ${(error as Error).message}`}
  }
}

/** Credentials govtool holds for model backends: a command the model runs never sees them. */
export const WITHHELD_VARIABLES = ['TERMINAL_AI_API_KEY', 'KAIROS_AI_API_KEY', 'OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'GEMINI_API_KEY', 'GOOGLE_API_KEY', 'GOVTOOL_HUB_TOKEN'] as const

async function tracked(ctx: ProjectContext, command: string, args: string[], signal?: AbortSignal): Promise<ToolOutcome> {
  const {runTracked} = await import('@govtool/plugin-exec')
  const env = Object.fromEntries(WITHHELD_VARIABLES.map((v) => [v, '']))
  try {
    const r = await runTracked(ctx, {command, args, env, timeoutSeconds: 120, graceSeconds: 2, stdout: null, stderr: null, stdin: 'ignore', forwardSignals: false, signal})
    const [out, err] = await Promise.all([readFile(ctx.path(r.log_stdout), 'utf8').catch(() => ''), readFile(ctx.path(r.log_stderr), 'utf8').catch(() => '')])
    const status = r.timed_out ? 'timed out after 120 s' : `exit ${r.exit_code}`
    return {ok: r.exit_code === 0, output: cut(`${status}\n${out}${err ? `\n[stderr]\n${err}` : ''}`.trim())}
  } catch (error) {
    return {ok: false, output: `could not run ${command}: ${(error as Error).message}`}
  }
}

/** Runs one tool that needs no diff review (write_file goes through proposeWrite/applyWrite). */
export async function runTool(ctx: ProjectContext, name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<ToolOutcome> {
  const root = ctx.root
  switch (name) {
    case 'read_file': {
      const where = confine(root, args.path)
      if ('error' in where) return {ok: false, output: where.error}
      try {
        const text = await readFile(where.file, 'utf8')
        return {ok: true, output: cut(text, MAX_READ)}
      } catch (error) {
        return {ok: false, output: `cannot read ${String(args.path)}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`}
      }
    }
    case 'run_shell': {
      if (typeof args.command !== 'string' || !args.command.trim()) return {ok: false, output: 'command is required'}
      return tracked(ctx, 'sh', ['-c', args.command], signal)
    }
    case 'git_status':
      return git(root, ['status', '--short'])
    case 'git_diff': {
      if (args.path !== undefined) {
        const where = confine(root, args.path)
        if ('error' in where) return {ok: false, output: where.error}
        return git(root, ['diff', '--', where.file])
      }
      return git(root, ['diff'])
    }
    case 'git_commit':
      if (typeof args.message !== 'string' || !args.message.trim()) return {ok: false, output: 'message is required'}
      // tracked changes only: the agent never commits untracked files (as govtool commit)
      return git(root, ['commit', '-a', '-m', args.message])
    case 'git_push':
      return git(root, ['push'])
    case 'git_create_pr': {
      if (typeof args.title !== 'string' || !args.title.trim()) return {ok: false, output: 'title is required'}
      return tracked(ctx, 'gh', ['pr', 'create', '--title', args.title, '--body', typeof args.body === 'string' ? args.body : ''], signal)
    }
    case 'open_url': {
      const url = typeof args.url === 'string' ? args.url : ''
      if (!/^https?:\/\/[^\s]+$/i.test(url)) return {ok: false, output: 'url must be an http(s) URL'}
      return {ok: true, output: `the client was asked to open ${url}`}
    }
    default:
      return {ok: false, output: `unknown tool ${name}`}
  }
}
