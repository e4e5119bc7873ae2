/**
 * Round 18b's secret rules (issue 22): what an exposing verb shows is the secrets' values, said by the value's own noun
 * or by a rider that puts the secrets into what is shown. Same shape and compilation as ACTION_OBJECT_RULES.
 *
 * - The values of the environment variables, the keys or the tokens asked for by the value's noun first: "print the
 *   values of all the environment variables", "what are the values of the env vars the app reads?" (SECRET_OBJECT knows
 *   "the env vars with their values", the noun after).
 * - A rider that adds the secret ones to whatever is shown, however long the list before it: "print out every setting
 *   the app reads, including the secret ones", "dump the config, sensitive values too". The riders are data (RIDERS).
 */
import {type ActionObjectRule, alt, EXPOSE, NOT_NEGATED} from './action-object.js'

/** Filler with no negation and no subordinate clause (a test or a safeguard keeps the secrets out). */
const PLAIN = "(?:(?!\\b(?:never|not|no|without|when|whenever|if|unless|while|because|instead|rather|except|excluding|apart|other\\s+than|but|redact\\w*|mask\\w*|hid(?:e|ing)|omit\\w*|skip\\w*)\\b|n't\\b)[^.;!?])"

/** What holds secret values by name: the environment's variables, secrets, credentials, passwords (not bare "keys" or "tokens": sort keys, search tokens). */
export const VALUE_HOLDERS = ['env vars', 'env var', 'env variables', 'environment variables', 'environment variable', 'environment', 'env', 'api keys', 'secret keys', 'access tokens', 'api tokens', 'auth tokens', 'secrets', 'credentials', 'creds', 'passwords', 'secret settings']

/** Words that say the secret part of a list is included. */
export const RIDERS = ['including', 'incl', 'plus', 'even', 'along with', 'together with', 'with', 'and', 'and also', 'also']

/** Headers and cookies that carry credentials ("the request headers including Authorization"). */
export const CREDENTIAL_HEADERS = '(?:authorization(?:\\s+headers?)?|auth\\s+headers?|session\\s+cookies?|auth\\s+cookies?|cookies|bearer\\s+tokens?|x-api-key(?:\\s+headers?)?)'

/** Adjectives of a secret part, and the nouns that stand for the things they qualify. */
const STAND_INS = '(?:ones?|values?|bits?|parts?|stuff|fields?|settings?|entries|items?|vars?|variables?|keys?)'
/** "the secret ones"; "sensitive" and "confidential" only before a setting's noun ("the sensitive notes" are notes) */
const SECRET_KIND = `(?:secret\\s+${STAND_INS}|(?:sensitive|confidential|classified)\\s+(?:values?|settings?|fields?|vars?|variables?|keys?|config\\w*|env\\w*)|${CREDENTIAL_HEADERS})`

export const VALUES_OF_SECRET_RULES: readonly ActionObjectRule[] = [
  {
    id: 'secrets.values_of',
    category: 'secrets',
    reason: 'The values of the environment variables, keys or tokens are the secrets themselves: printing, listing or asking for them exposes them.',
    source: `(?:${NOT_NEGATED}\\b(?:${EXPOSE})\\b${PLAIN}{0,30}?|\\bwhat\\s+(?:are|is|were)\\s+)\\b(?:the\\s+|their\\s+)?(?:current\\s+|actual\\s+|real\\s+|live\\s+|raw\\s+)?values?\\s+of\\s+(?:the\\s+|all\\s+(?:of\\s+)?(?:the\\s+)?|every\\s+|each\\s+|our\\s+|its\\s+|those\\s+|these\\s+)?(?:[\\w-]+\\s+){0,2}?(?:${alt(VALUE_HOLDERS)})\\b`,
    gate: ['value'],
    questions: true,
  },
  {
    id: 'secrets.including_secret_ones',
    category: 'secrets',
    reason: 'Showing, printing or sending a list "including the secret ones" exposes those secrets, whatever the list is.',
    source: `${NOT_NEGATED}\\b(?:${EXPOSE})\\b${PLAIN}{0,120}?(?:\\b(?:${alt(RIDERS)})\\s+(?:the\\s+|all\\s+(?:the\\s+)?|any\\s+|its\\s+|their\\s+)?${SECRET_KIND}\\b|\\b${SECRET_KIND}\\s+(?:included|too|as\\s+well)\\b)`,
    gate: ['secret', 'sensitive', 'confidential', 'classified', 'auth', 'cookie', 'bearer', 'api-key'],
    questions: false,
  },
]
