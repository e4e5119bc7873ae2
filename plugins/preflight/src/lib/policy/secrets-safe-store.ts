/**
 * A secret kept in a secure store (round 27a, issue 22): "keep the sign-in token in the macOS keychain rather than in a
 * dotfile in the home directory", "store the refresh token in the OS keyring", "move the API key into the secrets
 * manager". A placement rule matches them (a secret, a placing verb, a place), but the place is the store made to hold
 * secrets: what the request asks is the safe keeping a requirement like REQ-AUTH-001 ("keep the session token in the OS
 * keychain") describes. The hit is set aside when the first place the secret is put in is such a store and nothing
 * after it, in its clause, puts it anywhere else ("rather than in a dotfile" names what it replaces). A store named
 * as a source ("copy the token from the keychain into the README") is not a destination, and a store's contents put
 * out ("dump the vault into the wiki") is another rule's.
 *
 * The stores are data (`SAFE_STORES`); adding one is adding an alternative.
 */
import type {ForbiddenHit} from './forbidden.js'

/** Stores made to hold secrets, in their usual names. */
export const SAFE_STORES = [
  '(?:(?:os|system|macos|mac|apple|gnome|login|platform|native|user\'?s?)\\s+)?(?:keychain|keyring|key\\s+ring)',
  '(?:windows\\s+)?credential\\s+(?:manager|store|vault|locker)',
  '(?:aws\\s+|gcp\\s+|google\\s+|azure\\s+)?secrets?\\s+(?:manager|store|vault)',
  '(?:azure\\s+)?key\\s+vault',
  '(?:hashicorp\\s+)?vault',
  'secure\\s+(?:enclave|storage|store)',
  'keystore',
  'kms',
  'libsecret',
  'dpapi',
]

const SECRET = '(?:passwords?|passphrases?|tokens?|api[- ]?keys?|keys?|secrets?|credentials?|creds)'

/** The secret, then (within a few words) the first place it is put: a store made for secrets, and what follows. */
export const PUT_IN_STORE = new RegExp(
  `\\b${SECRET}\\s+(?:[\\w'-]+\\s+){0,3}?(?:in|into|inside|to|within|under)\\s+(?:the\\s+|a\\s+|an\\s+|its\\s+|their\\s+|our\\s+|your\\s+|my\\s+)?(?:${SAFE_STORES.join('|')})\\b([^.;!?]*)`,
)

/** What may follow the store in its clause: nothing, what it replaces, or why. */
const NOTHING_ELSE = /^\s*(?:,\s*)?(?:$|(?:rather\s+than|instead\s+of|and\s+not|not|and\s+(?:no\s+longer|never)|in\s+place\s+of|so\s+that|so\s+it|where\s+it\s+belongs|as\s+(?:the\s+)?requirement|like\s+the\s+requirement|per\s+req-)\b)/

/** Placement rules whose match a secure store as the destination answers. */
const PLACING = /^secrets\.(?:place|place_in|place_subject|place_in_it|placed_passive|value_placed|store_moved|hardcode|plaintext|unprotected_kept)$/

/** Why the hit keeps a secret in a secure store, or undefined. */
export function keptInSafeStore(hit: ForbiddenHit, lower: string): string | undefined {
  if (!PLACING.test(hit.id)) return undefined
  const at = lower.indexOf(hit.match)
  if (at === -1) return undefined
  const clause = lower.slice(at).split(/[.;!?](?:\s|$)|\s(?:and\s+then|then|also)\s/)[0]
  const m = PUT_IN_STORE.exec(clause)
  if (!m || !NOTHING_ELSE.test(m[1])) return undefined
  // a store named as the source: "from the keychain into the README"
  if (/\bfrom\s+(?:the\s+)?(?:[\w-]+\s+){0,2}$/.test(clause.slice(0, m.index + m[0].length - m[1].length).replace(/\S+$/, ''))) return undefined
  return 'keeps the secret in a store made to hold secrets'
}
