/**
 * The secret nouns the secrets rules read, with the typos and shorthands requests use ("tokn", "pasword",
 * "credentails"), kept once so that a word or a typo is added for every rule at the same time. Each rule adds only
 * what its own reading allows and says why: secrets-tooled.ts and secrets-relayed.ts also read a bare "key", "cred"
 * and "auth" (they need a config file, a tool or a built thing beside it), secrets-emitted.ts does not ("the cache
 * key" of an emitted thing is no secret) and adds the headers and cookies a request or a recording carries.
 * The words are data; multi-word entries match across any run of spaces.
 */
export const SECRET_NOUNS: readonly string[] = ['token', 'tokens', 'tokn', 'tokns', 'tokan', 'api key', 'api keys', 'apikey', 'password', 'passwords', 'passwd', 'pasword', 'pwd', 'secret', 'secrets',
  'secret key', 'creds', 'credential', 'credentials', 'credentails', 'credenitals', 'connection string', 'connection strings', 'private key', 'signing key', 'deploy key', 'access key']

/**
 * Literal pieces at least one of which every entry of SECRET_NOUNS contains (lower case): the gate words a rule
 * reading them checks before its pattern runs. `secret-nouns.test.ts` keeps the two lists in step.
 */
export const SECRET_NOUN_LITERALS: readonly string[] = ['token', 'tokn', 'tokan', 'key', 'passw', 'pasword', 'pwd', 'secret', 'cred', 'connection string']
