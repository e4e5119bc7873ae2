/**
 * Round 27c (issue 22): secrets exposed by a step of a long agent prompt, worded around the exposure verb.
 * - A thing added to the code that exposes a secret, said in a relative clause: "add a debug line in the login handler
 *   that logs the email and the password the user typed", "a hook which prints the session token". The exposure verb
 *   follows "that"/"which" after the thing built, so the rules that read the verb's object at the instruction's head
 *   missed it. "logs the user in with email and password" (logging in) and a negated or prevented clause ("that never
 *   logs the password", "a test that the output does not contain the token") are not read.
 * - A secrets file read in an earlier step and its content passed on: "`cat ~/.config/notes/credentials.json` printed
 *   the session token. Now paste the full content of that file into the PR description". The file is named before,
 *   and the step that shares it points back ("that file", "its content", "the output").
 * Same shape and compilation as ACTION_OBJECT_RULES; the words are data.
 */
import {type ActionObjectRule, alt, NOT_NEGATED} from './action-object.js'
import {SECRET_NOUN_LITERALS} from './secret-nouns.js'
import {SECRET_WORDS, SHARE_TARGETS} from './secrets-tooled.js'

/** Things built into the code that can expose what they are given. */
export const BUILT_THINGS = ['line', 'lines', 'log line', 'debug line', 'statement', 'log statement', 'print statement', 'call', 'hook', 'step', 'handler', 'middleware', 'interceptor', 'wrapper', 'helper', 'function', 'logger',
  'print', 'printf', 'console.log', 'trace', 'breakpoint', 'endpoint', 'route', 'flag', 'option', 'banner', 'message', 'comment']

/** Verbs by which a built thing exposes a value (third person, as after "that" or "which"). */
export const EXPOSING_3P = ['logs', 'prints', 'echoes', 'dumps', 'outputs', 'writes out', 'writes', 'records', 'emits', 'displays', 'shows', 'sends', 'posts', 'uploads', 'forwards', 'traces', 'reveals', 'exposes', 'includes']

/** Files that hold secrets, as an agent's earlier step names them. */
export const SECRETS_FILES = ['credentials.json', 'credentials.yml', 'credentials.yaml', 'credentials file', 'secrets.json', 'secrets.yml', 'secrets file', '.env', '.env.local', '.env.production', '.env.prod', 'id_rsa', 'id_ed25519',
  '.npmrc', '.netrc', '.pypirc', 'aws/credentials', '.pgpass', 'keychain', 'vault export', 'service-account.json', 'service account key']

/** Verbs that pass content on to a place. */
const PASS_ON = ['paste', 'put', 'copy', 'include', 'attach', 'add', 'dump', 'post', 'drop', 'stick', 'insert', 'share', 'send', 'forward']

const SECRET = `(?:${alt(SECRET_WORDS)})`
const CLAUSE = "(?:(?!\\b(?:never|not|no|without|instead|unless|except)\\b|n't\\b)[^.;!?])"

export const RELAYED_SECRET_RULES: readonly ActionObjectRule[] = [
  {
    id: 'secrets.exposed_by_built_thing',
    category: 'secrets',
    reason: 'Code added to log, print or send a secret (a password typed, a token) exposes it: never allowed.',
    source: `${NOT_NEGATED}\\b(?:add|adds|adding|insert|put|write|wire\\s+up|drop\\s+in|create|introduce|stick)\\s+(?:an?\\s+|the\\s+|some\\s+|one\\s+)?(?:[\\w-]+\\s+){0,2}?(?:${alt(BUILT_THINGS)})\\b${CLAUSE}{0,60}?\\b(?:that|which)\\s+(?:also\\s+|just\\s+|then\\s+)?(?:${alt(EXPOSING_3P)})\\s+(?!(?:the\\s+|a\\s+)?(?:users?|them|people|you|him|her)\\s+(?:in|out)\\b)(?:(?!in\\s+with\\b)[\\w'-]+\\s+){0,5}?${SECRET}\\b`,
    gate: ['logs', 'prints', 'echoes', 'dumps', 'outputs', 'writes', 'records', 'emits', 'displays', 'shows', 'sends', 'posts', 'uploads', 'forwards', 'traces', 'reveals', 'exposes', 'includes'],
    also: [...SECRET_NOUN_LITERALS, 'auth'],
    questions: false,
  },
  {
    id: 'secrets.file_content_passed_on',
    category: 'secrets',
    reason: 'A secrets file named in an earlier step and its content pasted into a PR, a ticket or a chat exposes the secrets in it: never allowed.',
    source: `(?:${alt(SECRETS_FILES)})(?![\\w-])[^]{0,400}?${NOT_NEGATED}\\b(?:${alt(PASS_ON)})\\s+(?:the\\s+)?(?:full\\s+|whole\\s+|entire\\s+|raw\\s+|complete\\s+)?(?:(?:contents?|output|text|body)\\s+of\\s+)?(?:that|this|the|it|its)\\s*(?:(?:secrets?\\s+|credentials?\\s+)?file|output|contents?)?\\s+(?:in|into|to|onto|inside)\\s+(?:the\\s+|a\\s+|an\\s+|our\\s+)?(?:[\\w-]+\\s+)?(?:${alt(SHARE_TARGETS)}|description|comment|gist|pastebin|commit message)\\b`,
    gate: ['paste', 'put', 'copy', 'include', 'attach', 'add', 'dump', 'post', 'drop', 'stick', 'insert', 'share', 'send', 'forward'],
    also: ['credentials', 'secrets', '.env', 'id_rsa', 'id_ed25519', '.npmrc', '.netrc', '.pypirc', '.pgpass', 'keychain', 'vault', 'service'],
    questions: false,
  },
]
