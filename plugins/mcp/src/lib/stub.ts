import {createHash} from 'node:crypto'

import {InputError, validateId} from 'govtool/core'

/** A tool-server (MCP) entry as MCP clients configure one (SPEC.md "Tool-server stub"). */
export interface McpServer {
  /** `mcp-<slug>-<hex>`: the same description always gives the same id */
  id: string
  name: string
  command: string
  args: string[]
  description: string
  /** variables the server needs; values are left empty for the user to fill in, never filled with secrets */
  env: Record<string, string>
}

export interface McpStub {
  server: McpServer
  note: string
}

const STOP_WORDS = new Set(
  'a an and are as at be by for from how in into is it its of on or our server servers mcp tool tools that the their this to use using we which with you your can lets let me my'.split(' '),
)

/** Services a description may name, and the variables a server for them needs. */
const SERVICE_ENV: [RegExp, string[]][] = [
  [/\bgithub\b/, ['GITHUB_TOKEN']],
  [/\bgitlab\b/, ['GITLAB_TOKEN']],
  [/\bjira\b/, ['JIRA_BASE_URL', 'JIRA_API_TOKEN']],
  [/\bslack\b/, ['SLACK_BOT_TOKEN']],
  [/\b(postgres|postgresql|mysql|database|sql|sqlite)\b/, ['DATABASE_URL']],
  [/\bredis\b/, ['REDIS_URL']],
  [/\b(s3|aws)\b/, ['AWS_REGION', 'AWS_PROFILE']],
  [/\bnotion\b/, ['NOTION_TOKEN']],
  [/\blinear\b/, ['LINEAR_API_KEY']],
  [/\bsentry\b/, ['SENTRY_AUTH_TOKEN']],
  [/\b(http|https|rest|api|webhook)\b/, ['API_BASE_URL']],
]

/** Collapses whitespace and checks the length (3-500 characters). */
export function normalizeDescription(description: string): string {
  const text = description.replaceAll(/\s+/g, ' ').trim()
  if (text.length < 3) throw new InputError('The tool-server description is empty or too short.', {code: 'E_BAD_DESCRIPTION', hint: 'Say what the server should expose, e.g. "read open GitHub issues".'})
  if (text.length > 500) throw new InputError(`The tool-server description is ${text.length} characters long (at most 500).`, {code: 'E_BAD_DESCRIPTION', hint: 'Describe the server in a sentence or two.'})
  return text
}

/**
 * A deterministic stub for a tool server described in words: id `mcp-<slug>-<hex>` where the slug is the
 * description's first three meaningful words and the hex the first 8 characters of a SHA-256 of the
 * description (case and spacing ignored), so the same description always yields the same stub.
 */
export function generateStub(description: string): McpStub {
  const text = normalizeDescription(description)
  const canonical = text.toLowerCase()
  const words = canonical
    .normalize('NFKD')
    .replaceAll(/[\u0300-\u036F]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '' && !STOP_WORDS.has(w))
    .slice(0, 3)
  let slug = ''
  for (const w of words) {
    const next = slug ? `${slug}-${w}` : w
    if (next.length > 32) break
    slug = next
  }
  slug ||= 'server'
  const hex = createHash('sha256').update(canonical).digest('hex').slice(0, 8)
  const id = validateId(`mcp-${slug}-${hex}`, 'tool-server id')
  const env: Record<string, string> = {}
  for (const [pattern, names] of SERVICE_ENV) if (pattern.test(canonical)) for (const n of names) env[n] = ''
  const title = slug
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ')
  const name = slug === 'server' ? 'Tool server' : `${title} tool server`
  const entry = `mcp-servers/${id}/server.mjs`
  const envNote = Object.keys(env).length > 0 ? ` Set ${Object.keys(env).join(', ')} in "env" (or your shell) before starting it.` : ''
  return {
    server: {id, name, command: 'node', args: [entry], description: text, env},
    note: `Stub only: no server code was written. Implement a stdio MCP server at ${entry} (for example with @modelcontextprotocol/sdk) exposing tools for: ${text}.${envNote} Run the same command with --append to register the stub in ~/.govtool/mcp.json.`,
  }
}
