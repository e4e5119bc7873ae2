/**
 * What a project never allows (decision `rejected`): exfiltrating secrets, disabling or bypassing
 * governance, destroying protected paths. Built-in rules are always on; docs/GOVTOOL.yml adds patterns
 * and protected paths.
 */
import {BUILTIN_PROTECTED_PATHS, type PreflightConfig} from './config.js'

export type ForbiddenCategory = 'secrets' | 'governance' | 'protected_path' | 'custom'

export interface ForbiddenRule {
  id: string
  category: ForbiddenCategory
  reason: string
  pattern: RegExp
  /**
   * Words of which the lower-cased request must contain at least one for the pattern to be able to match
   * (none: always tried). Checking them first spares a request compiling and running patterns that cannot
   * fire, which is most of the cost of a fresh process's first decision.
   */
  gate: readonly string[]
  /** also applies to questions ("what is the api key?") */
  questions: boolean
}

export interface ForbiddenHit {
  id: string
  category: ForbiddenCategory
  reason: string
  /** the text that matched */
  match: string
}

/**
 * A secret noun counts only as the object of the sentence: followed by the end, punctuation, a preposition
 * or "value"/"contents"; so "show the password reset flow" and "when the access token expires" pass.
 */
const AS_OBJECT =
  "(?=\\s*(?:$|[.,;:!?)\"'`]|(?:from|in|of|to|into|for|on|at|onto|over|via|with|here|there|value|values|contents?|file|files|string|strings|variables?|env vars?|so|and|or|please|now|as|that|which|we|you|i|used|stored|inside|out|back|publicly|verbatim|plain ?text|plaintext|somewhere|anywhere)\\b))"
const SECRET_NOUN =
  `(?:\\.env\\b(?!\\.(?:example|sample|template|dist))|\\b(?:api|access|secret|private|ssh|signing|deploy)[ _-]?keys?\\b${AS_OBJECT}|\\b(?:auth|access|bearer|api|github|gh|gitlab|npm|pypi|oauth|refresh|session|personal access|slack|aws|jwt|model provider)[ _-]?tokens?\\b${AS_OBJECT}|\\bsecrets?\\b${AS_OBJECT}|\\bpasswords?\\b${AS_OBJECT}|\\bcredentials?\\b${AS_OBJECT}|\\bid_(?:rsa|ed25519|ecdsa)\\b|\\b[\\w-]+\\.pem\\b|\\baws_secret_access_key\\b|\\bkeychain\\b|~\\/\\.ssh\\b|\\.npmrc\\b|\\.netrc\\b)`
const REVEAL_VERB =
  '\\b(?:print|printf|show|display|cat|less|more|head|tail|echo|dump|reveal|expose|leak|output|paste|send|upload|post|email|mail|share|exfiltrate|copy|tell me|give me|read out|log|write out|what(?:\'s| is| are))\\b'

interface BuiltinRule {
  id: string
  category: ForbiddenCategory
  reason: string
  source: string
  /** each alternative of `source` contains one of these literally (see ForbiddenRule.gate; a test checks) */
  gate: readonly string[]
  questions: boolean
}

const BUILTIN: readonly BuiltinRule[] = [
  {
    id: 'secrets.reveal',
    category: 'secrets',
    reason: 'Exfiltrating secrets (keys, tokens, passwords, .env) is never allowed.',
    source: `${REVEAL_VERB}[^.;!?]{0,60}?${SECRET_NOUN}`,
    gate: ['.env', 'key', 'token', 'secret', 'password', 'credential', 'id_', '.pem', '.ssh', '.npmrc', '.netrc'],
    questions: true,
  },
  {
    id: 'secrets.commit',
    category: 'secrets',
    reason: 'Committing or publishing secrets (keys, tokens, .env) is never allowed.',
    source: `\\b(?:commit|push|stage|check in|git add|add|publish|upload)\\b[^.;!?]{0,40}?(?:\\.env\\b(?!\\.(?:example|sample|template|dist))|\\b(?:private|ssh|signing)[ _-]?keys?\\b${AS_OBJECT}|\\bid_(?:rsa|ed25519|ecdsa)\\b|\\b[\\w-]+\\.pem\\b|\\bsecrets? (?:file|files)\\b|\\bcredentials? (?:file|files)\\b)|\\b(?:remove|delete|drop|take)\\b[^.;!?]{0,20}\\.env\\b[^.;!?]{0,30}\\.gitignore|\\bun-?ignore\\b[^.;!?]{0,20}\\.env\\b`,
    gate: ['.env', 'key', 'id_', '.pem', 'secret', 'credential'],
    questions: false,
  },
  {
    id: 'governance.bypass',
    category: 'governance',
    reason: 'Disabling or bypassing governance (preflight, audit, ledger, verification, hooks) is never allowed.',
    source:
      '\\b(?:skip|skipping|bypass|bypassing|circumvent|disable|disabling|turn off|switch off|deactivate|get around|work around|override|suppress|silence|sidestep|evade|remove|delete|uninstall)\\b[^.;!?]{0,30}?\\b(?:the )?(?:preflight|governance(?! server)|govtool|audit(?:s|ing)?(?! (?:command|report|output|format|message))|(?:the )?verification (?:step|gate|phase|checks?)|govtool verify|verify step|pre-commit hooks?|git hooks?|commit hooks?|the gate|guardrails?|permission (?:checks?|profile)|secret scanning|branch protection)\\b|--no-verify\\b|\\bno-verify\\b|\\b(?:ignore|without(?: running)?) (?:the )?(?:preflight|governance|audit|govtool verify)\\b',
    gate: ['preflight', 'governance', 'govtool', 'audit', 'verif', 'hook', 'gate', 'guardrail', 'permission', 'secret scanning', 'branch protection', 'no-verify'],
    questions: false,
  },
  {
    id: 'governance.tamper',
    category: 'governance',
    reason: 'The ledger is append-only: deleting, clearing, rewriting or falsifying it is never allowed.',
    source:
      '\\b(?:delete|remove|rm|wipe|erase|truncate|clear|empty|rewrite|overwrite|edit|modify|alter|falsify|tamper with|reset|purge|drop|nuke|shred|squash|backdate|forge)\\b[^.;!?]{0,30}?\\b(?:ledger\\.md|the ledger|ledger entr(?:y|ies)|ledger history|ledger chain|ledger-chain|audit (?:trail|log))\\b|\\b(?:fake|forge|falsify|fabricate|doctor)\\b[^.;!?]{0,30}\\b(?:test results?|tests? pass|coverage|ledger|audit|verification|evidence)\\b|\\bmark\\b[^.;!?]{0,25}\\b(?:failing|broken|red) tests? as (?:pass|passed|passing|green)\\b',
    gate: ['ledger', 'audit', 'fake', 'forge', 'falsif', 'fabricat', 'doctor', 'mark'],
    questions: false,
  },
  {
    id: 'protected_path.root',
    category: 'protected_path',
    reason: 'Destroying the project, the home directory or the file system root is never allowed.',
    source: '\\brm\\s+-(?:rf|fr)\\s+(?:/|~|\\*|\\.|\\$home)(?:\\s|$)|\\b(?:delete|wipe|erase|destroy)\\s+(?:the\\s+)?(?:whole|entire)\\s+(?:project|repo|repository|disk|drive)\\b',
    gate: ['rm', 'whole', 'entire'],
    questions: false,
  },
]

/** A destroying verb whose object is the path itself (not "remove REQ-3 from docs/REQUIREMENTS.md"). */
const DESTROY_PREFIX =
  "\\b(?:delete|remove|rm|git rm|wipe|erase|destroy|truncate|overwrite|nuke|purge|shred|drop|clear|empty|trash|unlink)\\b(?:\\s+(?:-[a-z]+|--[a-z-]+|the|this|that|our|my|your|whole|entire|old|existing|current|file|directory|folder|dir|contents of|everything in|all of|all files in|all of the files in|out))*\\s+"

function escape(text: string): string {
  return text.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** How a protected path can be named in a request: its path, its file name, and plain-English aliases. */
function pathMentions(protectedPath: string): string[] {
  const p = protectedPath.replace(/^\.\//, '').replace(/\/+$/, '')
  const names = new Set<string>([escape(p.toLowerCase())])
  const base = p.split('/').pop()!.toLowerCase()
  if (base.includes('.')) names.add(escape(base))
  if (base === '.git') names.add('(?:the )?git (?:directory|folder|dir|history|repository|repo|objects)')
  if (base === 'ledger.md') names.add('(?:the )?ledger(?: file)?')
  if (base === 'requirements.md') names.add('(?:the )?requirements (?:file|doc|document|spec)')
  if (base === 'tests.md') names.add('(?:the )?test spec(?:ification)?(?: file)?')
  if (base === '.govtool') names.add('(?:the )?govtool state')
  return [...names]
}

/** A word each mention of a protected path contains (its gate): the path, its file name, the alias's noun. */
function pathGate(protectedPath: string): string[] {
  const p = protectedPath.replace(/^\.\//, '').replace(/\/+$/, '').toLowerCase()
  const base = p.split('/').pop()!
  const alias: Record<string, string> = {'.git': 'git', 'ledger.md': 'ledger', 'requirements.md': 'requirements', 'tests.md': 'test spec', '.govtool': 'govtool'}
  return [...new Set([p, base, ...(alias[base] ? [alias[base]] : [])])]
}

function protectedPathRule(protectedPath: string, builtin: boolean): ForbiddenRule {
  const mentions = pathMentions(protectedPath).join('|')
  return {
    id: `protected_path:${protectedPath}`,
    category: 'protected_path',
    reason: `${protectedPath} is a protected path${builtin ? '' : ' (preflight.protected_paths in docs/GOVTOOL.yml)'}: destroying it is never allowed.`,
    pattern: new RegExp(`${DESTROY_PREFIX}['"\`(]?(?:\\./)?(?:${mentions})(?=$|[\\s'"\`),;:!?/]|\\.(?:\\s|$))`, 'i'),
    gate: pathGate(protectedPath),
    questions: false,
  }
}

/** All rules of a project: built-ins, protected paths (built-in plus configured), configured patterns. */
export function compileForbiddenRules(config: PreflightConfig): ForbiddenRule[] {
  const rules: ForbiddenRule[] = BUILTIN.map((r) => ({id: r.id, category: r.category, reason: r.reason, questions: r.questions, gate: r.gate, pattern: new RegExp(r.source, 'i')}))
  const builtinPaths = new Set<string>(BUILTIN_PROTECTED_PATHS)
  for (const p of new Set([...BUILTIN_PROTECTED_PATHS, ...config.protected_paths])) rules.push(protectedPathRule(p, builtinPaths.has(p)))
  config.forbidden_patterns.forEach((f, i) => {
    rules.push({id: f.id ?? `custom.${i + 1}`, category: 'custom', reason: f.reason, pattern: new RegExp(f.pattern, 'i'), gate: [], questions: false})
  })
  return rules
}

/**
 * Every rule that fires on `lower` (the lower-cased request). Questions only meet rules marked `questions`.
 * A rule whose gate words are all absent cannot match (its patterns are case-insensitive and the request is
 * lower-cased, so each literal in a pattern appears lower-cased in any text it matches), and is skipped.
 */
export function findForbidden(rules: readonly ForbiddenRule[], lower: string, question: boolean): ForbiddenHit[] {
  const hits: ForbiddenHit[] = []
  for (const rule of rules) {
    if (question && !rule.questions) continue
    if (rule.gate.length > 0 && !rule.gate.some((word) => lower.includes(word))) continue
    const m = rule.pattern.exec(lower)
    if (m) hits.push({id: rule.id, category: rule.category, reason: rule.reason, match: m[0].trim()})
  }
  return hits
}
