/**
 * The tools a request implies, for the permission profile (split from intent.ts): reading, writing, deleting,
 * tagging and pushing by intent; the project's checks need run_tests, any other command a shell; destructive
 * phrases and tool cues add theirs.
 */
import {DESTRUCTIVE_PHRASES, TOOL_CUES, VERB_INTENT, type Intent} from './lexicon.js'
import type {ClauseAnalysis} from './intent.js'

const BASE_TOOLS: Record<Intent, string[]> = {
  unclear: ['read_file'],
  read_only: ['read_file'],
  change: ['write_file'],
  destructive: ['delete_file'],
  release: ['git_tag', 'git_push'],
}

/** The project's own checks (tests, linter, type checker) need run_tests; any other command needs a shell. */
const CHECK_VERBS = new Set(['test', 'lint', 'typecheck'])
const CHECK_OBJECT = /^(?:the |all |our |my |every |each )?(?:[\w./-]+ )*?(?:tests?|test suite|test cases?|unit tests?|integration tests?|e2e(?: tests)?|specs?|linters?|lint|type ?checks?|type ?checker|checks)\b|^(?:npm|yarn|pnpm) (?:run )?(?:test|lint|typecheck)\b|^(?:pytest|mocha|jest|vitest|cargo test|go test|tox|ruff|eslint|mypy|tsc)\b/
const SHELL_HINTS = /[|;&`$>]|\b(?:install|deploy|publish|push|curl|wget|rm|sudo|docker)\b/

/**
 * A git word in the program's own sense: "sync should push local changes to the server", "commit each edit to the
 * local queue", "commit the transaction": what the program sends to a server, queue or store, not the doer's git
 * push or commit (a git remote, "origin" or "production" keeps the cue: "push the fix to the remote server").
 */
export const PROGRAM_SENSE = /\b(?:push|pull|commit|merge|fetch)(?:es|ed|ing|s)?\b(?:\s+(?!(?:to|into|onto|from)\b)[\w'-]+){0,6}?\s+(?:to|into|onto|from|with|in)\s+(?:the\s+|a\s+|our\s+|its\s+|their\s+|each\s+|every\s+|the user's\s+)?(?:(?!(?:git|remote|origin|production|prod|upstream)\b)[\w-]+\s+)?(?:servers?|cloud|backend|back end|api|endpoint|queue|database|db|store|storage|devices?|clients?|phone|browser|users?|inbox|disk|cache|index|sqlite|keychain)\b|\bcommit(?:s|ted|ting)?\s+(?:the\s+|a\s+|each\s+|every\s+)?(?:db\s+|database\s+|sql\s+)?transactions?\b/g

function runsChecks(c: ClauseAnalysis): boolean {
  const object = c.object.trim()
  if (SHELL_HINTS.test(object)) return false
  return CHECK_VERBS.has(c.cue ?? '') || CHECK_OBJECT.test(object)
}

export function impliedTools(intent: Intent, clauses: ClauseAnalysis[]): string[] {
  const tools = new Set<string>(BASE_TOOLS[intent])
  if (intent !== 'read_only' && intent !== 'unclear') tools.add('read_file')
  for (const c of clauses) {
    if (c.question) continue
    if (c.cue && VERB_INTENT.get(c.cue) === 'run') tools.add(runsChecks(c) ? 'run_tests' : 'run_shell')
    const phrase = c.via === 'phrase' ? DESTRUCTIVE_PHRASES.find((p) => p.id === c.cue) : undefined
    if (phrase) tools.add(phrase.tool)
  }
  if (intent !== 'unclear' && (intent !== 'read_only' || clauses.some((c) => !c.question && c.via !== 'negated'))) {
    const statement = clauses.filter((c) => !c.question && c.intent !== 'read_only' && c.intent !== 'unclear').map((c) => c.text).join(' ; ').replaceAll(PROGRAM_SENSE, ' ')
    for (const cue of TOOL_CUES) if (cue.pattern.test(statement)) tools.add(cue.tool)
  }
  return [...tools].sort()
}
