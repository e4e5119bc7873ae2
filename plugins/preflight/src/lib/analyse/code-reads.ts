/**
 * A read verb that says what the code is to do, not what the agent is to read for the asker: "read the Stripe live key
 * from the environment in the payment client", "load the db password from the vault inside the worker", "pull the
 * token from process.env in the sync service". The value's runtime source (the environment, a vault, a secrets
 * manager) and the code that is to read it (a client, a service, a module) make the clause a change: read-only is
 * decided on positive evidence, and this is none. The agent reading a file for the asker ("read the sync module and
 * tell me what it does") names no runtime source and stays a read. The words are data.
 */
import type {ClauseAnalysis} from './intent.js'
import {alt} from '../policy/action-object.js'

/** Verbs that read a value, as a request's leading verb. */
export const READING_VERBS = ['read', 'reads', 'load', 'loads', 'pull', 'pulls', 'fetch', 'fetches', 'get', 'gets', 'grab', 'grabs', 'take', 'takes', 'source', 'sources', 'pick up', 'picks up', 'look up', 'looks up']

/** Where code finds a value at run time. */
export const RUNTIME_SOURCES = ['the environment', 'environment', 'the env', 'env', 'env vars', 'env variables', 'environment variables', 'an environment variable', 'an env var', 'process.env', 'os.environ', 'system.getenv', 'the vault', 'vault', 'the key vault', 'the secrets manager', 'secrets manager', 'secret manager', 'ssm', 'the parameter store', 'parameter store', 'the keychain', 'keychain', 'a secret', 'the secret store', 'the config service']

/** The code that is to do the reading. */
export const CODE_PARTS = ['client', 'service', 'module', 'handler', 'code', 'app', 'server', 'worker', 'class', 'function', 'component', 'job', 'script', 'middleware', 'adapter', 'provider', 'plugin', 'integration', 'library', 'sdk', 'cli', 'backend', 'api', 'config loader', 'bootstrap', 'startup']

/** "<read verb> <value> from <runtime source> <in|inside|within|for> [the] [word] <code part>", in either order of the two phrases. */
export const CODE_READ = new RegExp(
  String.raw`^(?:(?:please|pls|just|and|also|then|now)[,]?\s+)*(?:${alt(READING_VERBS)})\b(?=.*\bfrom\s+(?:${alt(RUNTIME_SOURCES)})(?![\w.-]))(?=.*\b(?:in|inside|within|for|into)\s+(?:the\s+|our\s+|its\s+)?(?:[\w'./-]+\s+){0,2}?(?:${alt(CODE_PARTS)})s?\b)`,
)

/** Rereads a read-only clause whose read is what the code is to do as a change. */
export function markCodeReads(clauses: ClauseAnalysis[]): void {
  for (const [i, c] of clauses.entries()) {
    if (c.intent !== 'read_only' || c.question || c.via !== 'leading_verb') continue
    if (!CODE_READ.test(c.text.trim().toLowerCase())) continue
    clauses[i] = {...c, intent: 'change', via: 'wish', cue: `${c.cue ?? 'read'} (what the code is to read at run time)`}
  }
}
