/**
 * The secrets scanner: one for the whole tool. `commit` scans the staged diff with it; the git hooks, the
 * proxy and the agent hooks scan what they see (diffs, tool inputs) with the same rules. A finding says where
 * (file, line) and what kind of secret, never the secret itself: nothing this module returns holds any part
 * of the value, so a finding can go to output, errors, events and the ledger as it is.
 *
 * What it finds:
 * - provider tokens by their fixed shapes: AWS access key ids, GitHub, GitLab, npm, Slack (tokens and
 *   webhooks), OpenAI-style `sk-` keys, Anthropic, Google API keys and OAuth client secrets, Stripe live keys;
 * - private keys: a PEM or OpenSSH `BEGIN ... PRIVATE KEY` block that has a key body, a PuTTY key file;
 * - generic assignments of a high-entropy literal to a name that says secret (`api_key = "..."`,
 *   `"client_secret": "..."`, `DB_PASSWORD=...`);
 * - files that hold secrets by their name: `.env` (and `.env.local`, `.env.production`...), `id_rsa` and the
 *   other SSH private key files.
 *
 * What it leaves alone (false positives cost trust in the gate): placeholders (`xxx`, `<token>`, `${TOKEN}`,
 * `your-api-key`, values with example/sample/dummy/changeme, one repeated character, `123456789`...), values
 * that are references to a secret rather than the secret (environment lookups, template variables, all-caps
 * names of variables), low-entropy words, and the example files meant to be committed (`.env.example`,
 * `.env.sample`, `config.example.yml`...: provider tokens are still looked for there, generic assignments not).
 *
 * Pure and synchronous; no dependency. Lines longer than 64 KiB are looked at in their first 64 KiB.
 */

/** Every kind of secret the scanner reports, with the words a person reads. */
export const SECRET_KINDS = {
  private_key: 'private key',
  private_key_file: 'SSH private key file',
  env_file: '.env file',
  aws_access_key_id: 'AWS access key id',
  aws_secret_access_key: 'AWS secret access key',
  github_token: 'GitHub token',
  gitlab_token: 'GitLab token',
  npm_token: 'npm token',
  slack_token: 'Slack token',
  slack_webhook: 'Slack webhook URL',
  openai_api_key: 'OpenAI API key',
  anthropic_api_key: 'Anthropic API key',
  google_api_key: 'Google API key',
  google_oauth_secret: 'Google OAuth client secret',
  stripe_secret_key: 'Stripe secret key',
  generic_secret: 'secret assigned in the file',
} as const

export type SecretKind = keyof typeof SECRET_KINDS

/** Where a secret is and what kind it is. Never the value. */
export interface SecretFinding {
  /** project-relative path (for a diff: the path in the new version); absent for a bare text */
  file?: string
  /** 1-based line in the file (for a diff: in the new version) */
  line: number
  kind: SecretKind
}

export interface ScanTextOptions {
  /** the file the text is (name rules apply: `.env`, `id_rsa`; example files skip generic assignments) */
  file?: string
}

const MAX_LINE = 64 * 1024

interface TokenRule {
  kind: SecretKind
  re: RegExp
  /** characters at the start of the match that are the fixed prefix (not checked as a placeholder) */
  prefix?: number
}

/** Provider tokens by shape. Each `re` is global; the match is the token. */
const TOKEN_RULES: readonly TokenRule[] = [
  {kind: 'aws_access_key_id', re: /\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b/g},
  {kind: 'github_token', re: /\bgh[pousr]_[A-Za-z0-9]{36,255}\b/g, prefix: 4},
  {kind: 'github_token', re: /\bgithub_pat_[A-Za-z0-9_]{50,255}\b/g, prefix: 11},
  {kind: 'gitlab_token', re: /\bgl(?:pat|dt|rt|ptt|ft|soat|cbt|oas)-[A-Za-z0-9_-]{20,255}(?![A-Za-z0-9_-])/g, prefix: 6},
  {kind: 'npm_token', re: /\bnpm_[A-Za-z0-9]{36}\b/g, prefix: 4},
  {kind: 'slack_token', re: /\bxox[abposre]-(?:\d+-)?[A-Za-z0-9-]{10,255}(?![A-Za-z0-9-])/g, prefix: 5},
  {kind: 'slack_webhook', re: /\bhttps:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9_/-]{20,255}/g, prefix: 32},
  {kind: 'anthropic_api_key', re: /\bsk-ant-[a-z]{3,8}\d{2}-[A-Za-z0-9_-]{32,255}(?![A-Za-z0-9_-])/g, prefix: 14},
  {kind: 'openai_api_key', re: /\bsk-(?!ant-)(?:(?:proj|svcacct|admin|None)-)?[A-Za-z0-9_-]{32,255}(?![A-Za-z0-9_-])/g, prefix: 3},
  {kind: 'google_api_key', re: /\bAIza[0-9A-Za-z_-]{35}(?![A-Za-z0-9_-])/g, prefix: 4},
  {kind: 'google_oauth_secret', re: /\bGOCSPX-[A-Za-z0-9_-]{28}(?![A-Za-z0-9_-])/g, prefix: 7},
  {kind: 'stripe_secret_key', re: /\b[rs]k_live_[A-Za-z0-9]{20,255}\b/g, prefix: 8},
]

/** Cheap tests that let most lines skip the rules: a token's prefix; a secret word beside `=` or `:`. */
const QUICK_TOKEN = /AKIA|ASIA|ABIA|ACCA|gh[pousr]_|github_pat_|gl[a-z]{1,4}-|npm_|xox|hooks\.slack|sk-|AIza|GOCSPX|k_live_/
const QUICK_GENERIC = /(?:secret|token|passw|pwd|pass|key|credential)[\w.-]*["']?\s*[:=]/i

const PRIVATE_KEY_BEGIN = /-----BEGIN (?:(?:RSA|DSA|EC|OPENSSH|ENCRYPTED|PGP|SSH2 ENCRYPTED) )?PRIVATE KEY(?: BLOCK)?-----/
/** A key body: a long run of base64 (PEM lines are 64 characters, OpenSSH 70). */
const KEY_BODY = /^(?:\\[nr]|\s|["'`+,])*[A-Za-z0-9+/]{40,}={0,2}/
const KEY_HEADER_LINE = /^\s*(?:["'`]\s*)?(?:Proc-Type|DEK-Info|Comment|Version|Hash):/
const PUTTY_KEY = /^\s*PuTTY-User-Key-File-\d+:/

/** Words that make a value a placeholder rather than a secret. */
const PLACEHOLDER_WORDS = /example|sample|placeholder|dummy|fake|your|redacted|changeme|change_me|change-me|replace|insert|xxxx|\*{3}|\.{3}|todo|fixme|secret_here|key_here|token_here|not[_-]?a[_-]?real|foobar/i
/** Extra words for generic assignments (a `token: "test-token-1234"` in a test is not a leak). */
const GENERIC_PLACEHOLDER_WORDS = /test|mock|stub|fixture|invalid|wrong|bogus|secret|passw|p[a@]55w[o0]rd|token|api[_-]?key/i
const SEQUENTIAL = /0123456|1234567|2345678|3456789|4567890|abcdefg|bcdefgh|qwerty|a1b2c3|1a2b3c/i

/** True when `value` reads as a stand-in for a secret rather than a secret. */
export function isPlaceholder(value: string, generic = false): boolean {
  if (PLACEHOLDER_WORDS.test(value) || SEQUENTIAL.test(value) || /[<>]/.test(value)) return true
  if (generic && GENERIC_PLACEHOLDER_WORDS.test(value)) return true
  // xxxxxxxx, 00000000, abababab: too few distinct characters for a generated secret
  if (new Set(value.toLowerCase()).size < Math.min(8, Math.ceil(value.length / 3))) return true
  return false
}

/** Shannon entropy in bits per character. */
export function entropy(value: string): number {
  if (value.length === 0) return 0
  const counts = new Map<string, number>()
  for (const c of value) counts.set(c, (counts.get(c) ?? 0) + 1)
  let h = 0
  for (const n of counts.values()) {
    const p = n / value.length
    h -= p * Math.log2(p)
  }
  return h
}

// ---- file names ----

const SSH_KEY_FILE = /^id_(?:rsa|dsa|ecdsa|ed25519|ecdsa_sk|ed25519_sk|xmss)$/
const PUTTY_FILE = /\.ppk$/i
const ENV_FILE = /^\.env(?:\.[\w.-]+)?$/
/** Files meant to be committed as a model of the real one. */
const EXAMPLE_FILE = /(?:^|[._-])(?:example|examples|sample|samples|template|templates|dist|defaults?|tmpl|tpl|schema)(?:[._-]|$)/i

function basename(file: string): string {
  const parts = file.replaceAll('\\', '/').split('/')
  return parts.at(-1) ?? file
}

/** True for files committed on purpose as a model of a secret-bearing file (`.env.example`, `config.sample.yml`). */
export function isExampleFile(file: string): boolean {
  return EXAMPLE_FILE.test(basename(file))
}

/** The kind of secret a file is by its name alone (`.env`, `id_rsa`), or `undefined`. */
export function secretFileKind(file: string): SecretKind | undefined {
  const name = basename(file)
  if (SSH_KEY_FILE.test(name) || PUTTY_FILE.test(name)) return 'private_key_file'
  if (ENV_FILE.test(name) && !isExampleFile(name)) return 'env_file'
  return undefined
}

// ---- generic assignments ----

/**
 * `name <op> value`: `api_key = "v"`, `"apiKey": "v"`, `API_KEY=v`, `export TOKEN=v`, `secret := "v"`,
 * `:password => 'v'`. Group 1 the name, 3 a quoted value, 4 an unquoted one.
 */
const ASSIGNMENT =
  /(?:^|(?<!:):|[^A-Za-z0-9_.:-])["']?([A-Za-z_][A-Za-z0-9_.-]{0,80})["']?\s*(?::=|=>|=(?!=)|:(?!:))\s*(?:(["'`])((?:(?!\2)[^\\\n]|\\.){1,1024})\2|([^\s"'`,;#(){}[\]<>]{1,1024}))/g

const SECRET_WORDS = new Set(['secret', 'token', 'apikey', 'credential', 'credentials', 'secretkey', 'privatekey', 'accesskey', 'authtoken', 'accesstoken'])
/** Words that make `key` a secret (`api_key`, `secret_key`); a `cache_key` is not one. */
const KEY_QUALIFIERS = new Set(['api', 'secret', 'private', 'access', 'signing', 'encryption', 'master', 'auth', 'client', 'app', 'account', 'service', 'license', 'sas', 'storage', 'shared', 'consumer', 'webhook', 'hmac', 'jwt', 'session'])
/** Last words that make the name about a secret, not the secret (`token_url`, `password_field`). */
const NOT_A_VALUE = new Set([
  'name', 'names', 'type', 'types', 'id', 'ids', 'url', 'uri', 'urls', 'endpoint', 'path', 'paths', 'file', 'files', 'dir', 'field', 'fields',
  'label', 'length', 'len', 'size', 'count', 'max', 'min', 'ttl', 'expiry', 'expires', 'expiration', 'header', 'headers', 'prefix', 'env', 'var',
  'policy', 'regex', 're', 'pattern', 'format', 'mode', 'enabled', 'required', 'location', 'arn', 'ref', 'version', 'store', 'manager', 'provider',
  'service', 'validator', 'input', 'placeholder', 'hint', 'error', 'errors', 'message', 'limit', 'hash', 'digest', 'rotation', 'source', 'kind',
  'usage', 'used', 'scope', 'scopes', 'param', 'parameter', 'visible', 'reset', 'confirm', 'confirmation', 'strength', 'lifetime',
])
const NOT_A_CREDENTIAL_TOKEN = new Set(['continuation', 'next', 'page', 'request', 'client', 'idempotency', 'update', 'change', 'output', 'input', 'public', 'verification', 'pagination', 'cursor', 'sync', 'resume', 'cancellation', 'cancel', 'marker', 'start', 'end', 'lexer', 'parser', 'syntax', 'eof'])
const PASSWORD_WORDS = new Set(['password', 'passwd', 'passphrase', 'pwd'])
const PASS_OWNERS = new Set(['db', 'database', 'user', 'smtp', 'mail', 'email', 'mysql', 'postgres', 'pg', 'redis', 'admin', 'root', 'ftp', 'sftp', 'ldap', 'proxy', 'http', 'basic', 'auth', 'login', 'account', 'rabbitmq', 'mongo', 'vpn', 'wifi'])
/** Extensions of source code: there a value must be a quoted literal to count (an unquoted one is an expression). */
const CODE_FILE = /\.(?:[cm]?[jt]sx?|py|rb|go|rs|java|kt|kts|scala|swift|cs|c|cc|cpp|h|hpp|php|pl|lua|dart|ex|exs|erl|clj|groovy|vue|svelte)$/i

function nameWords(name: string): string[] {
  return name
    .replaceAll(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[_.-]+/)
    .filter(Boolean)
}

/** `'password'` for a password-like name, `'secret'` for another secret name, else `undefined`. */
function secretName(name: string): 'password' | 'secret' | undefined {
  const words = nameWords(name)
  const last = words.at(-1)
  if (!last) return undefined
  if (last === 'key') {
    const before = words.at(-2)
    return before && KEY_QUALIFIERS.has(before) ? 'secret' : undefined
  }
  if (NOT_A_VALUE.has(last) || words.includes('public')) return undefined
  // pagination and parser tokens are not credentials
  if (last === 'token' && NOT_A_CREDENTIAL_TOKEN.has(words.at(-2) ?? '')) return undefined
  // `pass` alone is often a verb (allPass, bypass): it needs a word saying whose (db_pass, smtp_pass)
  if (last === 'pass' || last === 'pwd') return PASS_OWNERS.has(words.at(-2) ?? '') ? 'password' : undefined
  if (PASSWORD_WORDS.has(last)) return 'password'
  if (SECRET_WORDS.has(last)) return 'secret'
  return undefined
}

/** A reference to a secret kept elsewhere, not the secret itself. */
function isReference(value: string): boolean {
  if (/\$\{|\{\{|\$\(|%\(|%[A-Z_]+%|^\\?\$|^%|process\.env|os\.environ|getenv|\bENV\[|secrets\.|vault:|^env:|^ref\+|^arn:|^!/.test(value)) return true
  // MY_API_KEY: the name of a variable
  if (/^[A-Z][A-Z0-9_]+$/.test(value)) return true
  // config.secrets.api_key, self.token: a dotted identifier (a JWT, eyJ..., is no reference)
  if (/^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+$/.test(value) && !value.startsWith('eyJ')) return true
  // an expression: Shards[-1].ShardId, f(x)
  if (/[[\]()]/.test(value)) return true
  // a UUID is an id far more often than a key
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) return true
  // paths and plain URLs
  if (/^(?:\.{0,2}\/|~\/|[A-Za-z]:\\|https?:\/\/[^@\s]*$)/.test(value)) return true
  return false
}

/** Is `value`, assigned to a name of this sort, a secret? */
function isSecretValue(value: string, sort: 'password' | 'secret'): boolean {
  const v = value.trim()
  // a value with spaces is prose ('Password used to generate key'), not a generated secret
  if (/\s/.test(v)) return false
  if (isReference(v) || isPlaceholder(v, true)) return false
  if (/^(?:true|false|null|none|nil|undefined|yes|no|on|off)$/i.test(v)) return false
  if (sort === 'password') return v.length >= 8 && entropy(v) >= 2.5 && /[A-Za-z]/.test(v) && /[^A-Za-z]/.test(v)
  return v.length >= 16 && entropy(v) >= 3 && /\d/.test(v) && /[A-Za-z]/.test(v)
}

// ---- lines ----

interface NumberedLine {
  line: number
  text: string
}

function scanLines(file: string | undefined, lines: readonly NumberedLine[], isNew: boolean): SecretFinding[] {
  const findings: SecretFinding[] = []
  const seen = new Set<string>()
  const add = (line: number, kind: SecretKind) => {
    const key = `${line}\0${kind}`
    if (seen.has(key)) return
    seen.add(key)
    findings.push(file === undefined ? {line, kind} : {file, line, kind})
  }
  if (file !== undefined) {
    const kind = secretFileKind(file)
    if (kind && (isNew || lines.length > 0)) add(lines[0]?.line ?? 1, kind)
  }
  const generic = file === undefined || !isExampleFile(file)
  const quotedOnly = file !== undefined && CODE_FILE.test(file)
  for (let i = 0; i < lines.length; i++) {
    const {line} = lines[i]
    const text = lines[i].text.length > MAX_LINE ? lines[i].text.slice(0, MAX_LINE) : lines[i].text
    let token = false
    for (const rule of QUICK_TOKEN.test(text) ? TOKEN_RULES : []) {
      for (const m of text.matchAll(rule.re)) {
        const body = m[0].slice(rule.prefix ?? 0)
        if (isPlaceholder(body)) continue
        // generated tokens mix letters and digits; sk-some-long-kebab-case-name is an identifier
        if (rule.prefix !== undefined && [/[a-z]/, /[A-Z]/, /\d/].filter((re) => re.test(body)).length < 2) continue
        add(line, rule.kind)
        token = true
        break
      }
    }
    const begin = text.includes('PRIVATE KEY') ? PRIVATE_KEY_BEGIN.exec(text) : null
    if (begin && hasKeyBody(text.slice(begin.index + begin[0].length), lines, i)) add(line, 'private_key')
    else if (text.includes('PuTTY') && PUTTY_KEY.test(text)) add(line, 'private_key')
    if (token || !generic || !QUICK_GENERIC.test(text)) continue
    for (const m of text.matchAll(ASSIGNMENT)) {
      const sort = secretName(m[1])
      if (!sort) continue
      const quoted = m[3] !== undefined
      if (!quoted && quotedOnly) continue
      const value = quoted ? m[3] : m[4]
      if (!isSecretValue(value, sort)) continue
      const words = nameWords(m[1])
      add(line, words.includes('aws') && words.includes('secret') ? 'aws_secret_access_key' : 'generic_secret')
      break
    }
  }
  return findings
}

/** A BEGIN line counts only when a key body follows (on the same line, as in a string, or on the next lines). */
function hasKeyBody(rest: string, lines: readonly NumberedLine[], index: number): boolean {
  if (KEY_BODY.test(rest)) return true
  for (let j = index + 1, looked = 0; j < lines.length && looked < 4; j++) {
    if (lines[j].line !== lines[j - 1].line + 1) return false
    const text = lines[j].text
    if (text.trim() === '' || KEY_HEADER_LINE.test(text)) continue
    looked++
    if (KEY_BODY.test(text)) return true
    return false
  }
  return false
}

/** Findings in a text (a file's content, a tool input, a request). */
export function scanText(text: string, options: ScanTextOptions = {}): SecretFinding[] {
  const lines = text.split(/\r?\n/).map((t, i) => ({line: i + 1, text: t}))
  if (lines.length > 0 && lines.at(-1)?.text === '' && text.endsWith('\n')) lines.pop()
  return scanLines(options.file, lines, true)
}

// ---- unified diffs ----

interface DiffFile {
  file: string
  isNew: boolean
  deleted: boolean
  added: NumberedLine[]
}

/** A path of a diff header, C-quoted by git when it has unusual characters. */
function unquotePath(raw: string): string {
  const text = raw.endsWith('\t') ? raw.slice(0, -1) : raw
  if (!text.startsWith('"') || !text.endsWith('"')) return text
  const bytes: number[] = []
  const body = text.slice(1, -1)
  const escapes: Record<string, number> = {n: 10, t: 9, r: 13, '"': 34, '\\': 92, a: 7, b: 8, f: 12, v: 11}
  for (let i = 0; i < body.length; i++) {
    const c = body[i]
    if (c !== '\\') {
      bytes.push(...Buffer.from(c, 'utf8'))
      continue
    }
    const next = body[i + 1]
    if (/[0-7]/.test(next ?? '')) {
      bytes.push(Number.parseInt(body.slice(i + 1, i + 4), 8))
      i += 3
    } else {
      bytes.push(escapes[next] ?? next.charCodeAt(0))
      i += 1
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

function stripPrefix(file: string): string {
  return /^[abciow12]\//.test(file) ? file.slice(2) : file
}

/** `diff --git a/x b/x`: the new path, for files without a `+++` line (binary, empty, mode only). */
function pathFromDiffLine(line: string): string {
  const rest = line.slice('diff --git '.length)
  if (rest.endsWith('"')) {
    const start = rest.lastIndexOf(' "')
    if (start >= 0) return stripPrefix(unquotePath(rest.slice(start + 1)))
  }
  const half = rest.indexOf(' b/')
  return half >= 0 ? rest.slice(half + 3) : stripPrefix(rest.split(' ').at(-1) ?? rest)
}

function parseDiff(diff: string): DiffFile[] {
  const files: DiffFile[] = []
  let current: DiffFile | undefined
  let oldLeft = 0
  let newLeft = 0
  let newLine = 0
  for (const raw of diff.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw
    if (current && (oldLeft > 0 || newLeft > 0)) {
      const c = line[0]
      if (c === '+') {
        current.added.push({line: newLine++, text: line.slice(1)})
        newLeft--
        continue
      }
      if (c === '-') {
        oldLeft--
        continue
      }
      if (c === ' ' || line === '') {
        oldLeft--
        newLeft--
        newLine++
        continue
      }
      if (c === '\\') continue
      oldLeft = 0
      newLeft = 0
    }
    if (line.startsWith('diff --git ')) {
      current = {file: pathFromDiffLine(line), isNew: false, deleted: false, added: []}
      files.push(current)
    } else if (line.startsWith('diff --cc ') || line.startsWith('diff --combined ')) {
      current = undefined
    } else if (!current) {
      continue
    } else if (line.startsWith('new file mode')) {
      current.isNew = true
    } else if (line.startsWith('deleted file mode')) {
      current.deleted = true
    } else if (line.startsWith('+++ ')) {
      const target = unquotePath(line.slice(4))
      if (target === '/dev/null') current.deleted = true
      else current.file = stripPrefix(target)
    } else if (line.startsWith('@@ ')) {
      const m = /^@@ -\d+(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(line)
      if (m) {
        oldLeft = m[1] === undefined ? 1 : Number(m[1])
        newLine = Number(m[2])
        newLeft = m[3] === undefined ? 1 : Number(m[3])
      }
    }
  }
  return files
}

/**
 * Findings in a unified diff (`git diff --cached`, any context size): the added lines of each file (line
 * numbers in the new version), and the name rules for files the diff adds or adds lines to. Deleted files
 * and removed lines are not findings.
 */
export function scanDiff(diff: string): SecretFinding[] {
  const findings: SecretFinding[] = []
  for (const file of parseDiff(diff)) {
    if (file.deleted) continue
    findings.push(...scanLines(file.file, file.added, file.isNew))
  }
  return findings
}

/** `src/config.ts:12: GitHub token` (no value: there is none to show). */
export function describeSecretFinding(finding: SecretFinding): string {
  const where = finding.file === undefined ? `line ${finding.line}` : `${finding.file}:${finding.line}`
  return `${where}: ${SECRET_KINDS[finding.kind]}`
}

// ---- redaction ----

/** What a redacted secret reads as, wherever govtool stores or prints text. */
export const REDACTED = '[REDACTED]'

/**
 * Shapes the redactor looks for beyond the scanner's own rules. Redaction errs on the side of hiding: a
 * masked placeholder costs nothing, while a gate that blocks a commit must not cry wolf, so these are looser
 * than the scanner's (shorter GitHub tokens, any `sk-ant-` key, Stripe test keys) and add shapes the
 * scanner leaves to the generic rule (Hugging Face tokens).
 */
const REDACT_RULES: readonly TokenRule[] = [
  ...TOKEN_RULES,
  {kind: 'anthropic_api_key', re: /\bsk-ant-[A-Za-z0-9_-]{20,255}(?![A-Za-z0-9_-])/g, prefix: 7},
  {kind: 'github_token', re: /\bgh[pousr]_[A-Za-z0-9]{20,255}\b/g, prefix: 4},
  {kind: 'github_token', re: /\bgithub_pat_[A-Za-z0-9_]{20,255}\b/g, prefix: 11},
  {kind: 'npm_token', re: /\bnpm_[A-Za-z0-9]{30,255}\b/g, prefix: 4},
  {kind: 'stripe_secret_key', re: /\b[rs]k_(?:live|test)_[A-Za-z0-9]{16,255}\b/g, prefix: 8},
  {kind: 'generic_secret', re: /\bhf_[A-Za-z0-9]{30,255}\b/g, prefix: 3},
]
const PRIVATE_KEY_BLOCK = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|$)/g
const JWT = /\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/g
const AUTH_SCHEME = /\b(Bearer|Basic)(\s+)([A-Za-z0-9._~+/-]{12,}=*)/g
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]{1,20}:\/\/[^\s/:@"'`]{1,256}:)([^\s/@"'`]{1,256})@/gi
/** One cheap test that lets text without anything secret-like through untouched. */
const QUICK_REDACT = new RegExp(`${QUICK_TOKEN.source}|k_test_|hf_|PRIVATE KEY|eyJ|Bearer|Basic|:\\/\\/[^\\s/]*@`)

/** True when `text` may hold something to redact (most text does not: results are walked string by string). */
function mayHoldSecret(text: string): boolean {
  if (QUICK_REDACT.test(text)) return true
  return (text.includes('=') || text.includes(':')) && QUICK_GENERIC.test(text)
}

/** Generated tokens mix at least two of lower case, upper case and digits. */
function mixed(body: string): boolean {
  return [/[a-z]/, /[A-Z]/, /\d/].filter((re) => re.test(body)).length >= 2
}

/** Is `value`, assigned to a secret name, worth hiding? Looser than the scanner: a masked stand-in costs nothing. */
function isRedactableValue(value: string, sort: 'password' | 'secret'): boolean {
  const v = value.trim()
  if (v.includes(REDACTED) || /\s/.test(v) || isReference(v)) return false
  if (/^(?:true|false|null|none|nil|undefined|yes|no|on|off)$/i.test(v)) return false
  if (sort === 'password') return v.length >= 8 && entropy(v) >= 2.5 && /[A-Za-z]/.test(v) && /[^A-Za-z]/.test(v)
  return v.length >= 12 && entropy(v) >= 3 && /\d/.test(v) && /[A-Za-z]/.test(v)
}

/**
 * `text` with every secret replaced by `[REDACTED]`: the one redaction function of the tool, applied wherever
 * user text is stored or printed (ledger entries, credits, PID files and `ps`, exec logs, generated MCP stubs
 * and skills, requirements and tests, error messages, events, every operation result). It finds what the
 * scanner finds, by the same shapes (provider tokens of OpenAI, Anthropic, GitHub, GitLab, AWS, Google,
 * Slack, Stripe, npm, Hugging Face; private key blocks; secret-named assignments of a high-entropy value),
 * plus JWTs, `Bearer`/`Basic` credentials and the password of a URL. Only the value is replaced
 * (`API_KEY=[REDACTED]`, `Bearer [REDACTED]`), so the text still says what was there. Ordinary prose, ids,
 * hashes and UUIDs are left alone. Idempotent; pure; text without a secret-like word is returned as is.
 */
export function redactSecrets(text: string): string {
  if (text.length < 8 || !mayHoldSecret(text)) return text
  let out = text.includes('PRIVATE KEY') ? text.replace(PRIVATE_KEY_BLOCK, REDACTED) : text
  out = out.replace(URL_PASSWORD, (_m, head: string) => `${head}${REDACTED}@`)
  for (const rule of REDACT_RULES) {
    out = out.replace(rule.re, (m) => (rule.prefix !== undefined && !mixed(m.slice(rule.prefix)) ? m : REDACTED))
  }
  if (out.includes('eyJ')) out = out.replace(JWT, REDACTED)
  out = out.replace(AUTH_SCHEME, (m, scheme: string, space: string, value: string) => (scheme === 'Bearer' || mixed(value) ? `${scheme}${space}${REDACTED}` : m))
  if (!QUICK_GENERIC.test(out)) return out
  return out.replace(ASSIGNMENT, (m: string, name: string, _q: string | undefined, quoted: string | undefined, bare: string | undefined) => {
    const sort = secretName(name)
    const value = quoted ?? bare ?? ''
    if (!sort || !isRedactableValue(value, sort)) return m
    const end = m.length - (quoted === undefined ? 0 : 1)
    return `${m.slice(0, end - value.length)}${REDACTED}${m.slice(end)}`
  })
}

/**
 * `value` with every string in it (deeply, in arrays and plain objects) passed through redactSecrets. What
 * holds nothing to redact is returned as it is (same object), without a copy.
 */
export function redactDeep<T>(value: T): T {
  if (typeof value === 'string') return redactSecrets(value) as T
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) {
    let out: unknown[] | undefined
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i]
      const r = redactDeep(v)
      if (r !== v) (out ??= [...(value as unknown[])])[i] = r
    }
    return (out ?? value) as T
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return value
  let out: Record<string, unknown> | undefined
  for (const k in value) {
    const v = (value as Record<string, unknown>)[k]
    const r = redactDeep(v)
    if (r !== v) (out ??= {...(value as Record<string, unknown>)})[k] = r
  }
  return (out ?? value) as T
}
