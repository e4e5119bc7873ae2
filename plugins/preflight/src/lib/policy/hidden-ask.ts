/**
 * Round 21a's rules (issue 22): must-reject asks hidden in realistic agent prompts, where the object is named by a
 * path, an environment variable or a config key and the verb is inflected, passive or a wish. Same shape and
 * compilation as ACTION_OBJECT_RULES (forbidden.ts runs them); the word lists are data.
 *
 * - A protected path destroyed with an inflected verb ("would you mind wiping .govtool/") or in the passive
 *   (".govtool ought to be emptied out", "the .git folder should get wiped").
 * - A credentials file attached to or pasted into a report, an issue or a chat ("attaching ~/.aws/credentials to the bug report").
 * - A secret named by its environment variable written into source ("the NOTES_API_TOKEN value written into src/sync/client.ts").
 * - Secrets listed with their values ("every API key the app reads, with the current values").
 * - A governance check made to report success ("the audit step just returned success").
 * - A governance check wished off in the passive ("so that preflight is turned off", "the chain check should be disabled").
 * - The govtool call taken out of a hook file ("take out the line in .git/hooks/pre-commit that calls govtool").
 */
import {alt, IN_SENTENCE as IN} from './action-object.js'

/** Protected paths and their plain names (the built-in ones; configured paths keep forbidden.ts's own rule). */
export const PROTECTED_NAMES = ['.git', '.govtool', 'docs/requirements.md', 'requirements.md', 'ledger.md', 'docs/tests.md', 'tests.md', 'the git folder', 'the git directory', 'the requirements file', 'the requirements doc', 'the ledger file', 'the event store'] as const

/** Destroying verbs as gerunds ("would you mind wiping"), which DESTROY_PREFIX's base forms miss; never a past tense, often a report ("I deleted .govtool by accident"). */
export const DESTROYING_INFLECTED = ['wiping', 'deleting', 'removing', 'erasing', 'nuking', 'purging', 'trashing', 'emptying', 'destroying', 'scrapping', 'clearing', 'shredding', 'binning', 'dropping', 'rm-ing', 'blowing away', 'getting rid of', 'throwing away', 'cleaning out', 'clearing out'] as const

/** Participles after "be"/"get" ("ought to be emptied out"). */
export const DESTROYED = ['emptied', 'wiped', 'deleted', 'removed', 'erased', 'purged', 'cleared', 'nuked', 'destroyed', 'trashed', 'scrapped', 'cleaned', 'shredded', 'binned', 'dropped', 'blown away', 'thrown away', 'gotten rid of', 'got rid of', 'rm-ed', 'rm -rf\'d', 'zapped'] as const

/** Modal lead-ins of a passive wish. */
export const MODALS = ['should', 'ought to', 'must', 'needs to', 'need to', 'has to', 'have to', 'is to', 'are to', 'can', 'could', 'will', 'shall', 'would', 'may', 'might as well'] as const

/** Files that hold credentials, named by their path. */
export const CREDENTIAL_FILES = ['~/.aws/credentials', '.aws/credentials', '.git-credentials', '.netrc', '.pypirc', '.npmrc', '~/.ssh/id_rsa', '.ssh/id_rsa', 'id_rsa', 'id_ed25519', 'id_ecdsa', '.docker/config.json', 'kubeconfig', '.kube/config', 'credentials.json', 'secrets.json', 'secrets.yml', 'secrets.yaml', '.env', '.env.local', '.env.production', '.env.prod', 'service-account.json'] as const

/** Where an attached file is seen by others. */
export const SHARED_PLACES = ['bug report', 'report', 'issue', 'ticket', 'email', 'e-mail', 'chat', 'slack', 'thread', 'pr', 'pull request', 'comment', 'gist', 'pastebin', 'wiki', 'readme', 'discussion', 'forum', 'support case', 'jira'] as const

/** Verbs that attach or hand over a file. */
export const ATTACHING = ['attach', 'attaching', 'attached', 'upload', 'uploading', 'uploaded', 'paste', 'pasting', 'pasted', 'include', 'including', 'included', 'add', 'adding', 'added', 'copy', 'copying', 'copied', 'forward', 'forwarding', 'post', 'posting', 'send', 'sending', 'share', 'sharing', 'drop', 'dropping'] as const

/** Placing a value into a file, active or passive. */
export const WRITTEN = ['written', 'write', 'writing', 'hard-coded', 'hardcoded', 'hard coded', 'hardcode', 'hard-code', 'put', 'putting', 'pasted', 'paste', 'inlined', 'inline', 'embedded', 'embed', 'placed', 'stored', 'store', 'baked', 'bake', 'copied', 'copy', 'committed', 'added', 'add'] as const

/** Source and config files a value is written into. */
const SOURCE_PLACE = "(?:the\\s+)?(?:src\\/[\\w./-]*|[\\w./-]+\\.(?:ts|tsx|js|jsx|mjs|cjs|py|go|rs|java|kt|rb|php|cs|json|ya?ml|toml|ini|md)\\b|(?:the\\s+)?(?:source(?:\\s+code)?|code|codebase|readme|docs)\\b)"

/** A secret named as an environment variable (NOTES_API_TOKEN, $SYNC_SERVER_SECRET); lower-cased before matching. */
const ENV_SECRET = "\\$?\\b[a-z][a-z0-9]*(?:_[a-z0-9]+)*_(?:token|secret|api_key|apikey|key|password|passwd|pass|pwd|credentials?)\\b"

/** Plain secret nouns whose values must not be listed. */
const SECRET_PLURALS = "\\b(?:api keys?|access keys?|secret keys?|private keys?|signing keys?|secrets?|tokens?|passwords?|credentials?)\\b"

/** Governance checks and their steps. */
export const GOV_CHECKS = ['audit', 'govtool audit', 'govtool verify', 'verify', 'verification', 'chain check', 'chain verification', 'hash chain check', 'preflight', 'the gate', 'governance check', 'governance'] as const

/** Ways a check is switched off, in the passive. */
export const SWITCHED_OFF = ['turned off', 'switched off', 'disabled', 'skipped', 'bypassed', 'deactivated', 'commented out', 'silenced', 'muted', 'stubbed out', 'short-circuited', 'not run', 'no longer run'] as const

/** Lead-ins that make a passive state a wish ("so that ...", "until ..."), not a report of it. */
const WISH = "\\b(?:so(?:\\s+that)?|such\\s+that|and\\s+have|making\\s+sure|make\\s+sure(?:\\s+that)?|ensure(?:\\s+that)?)\\s+"

/** Hook files of git and its managers. */
export const HOOK_FILES = ['.git/hooks/pre-commit', '.git/hooks/pre-push', '.git/hooks/commit-msg', '.git/hooks', '.husky/pre-commit', '.husky/pre-push', '.husky', '.pre-commit-config.yaml', '.pre-commit-config.yml', 'pre-commit hook', 'pre-push hook', 'commit hook', 'lefthook.yml'] as const

/** What a hook line calls. */
const GOV_CALL = "\\b(?:govtool|preflight|verify|audit|governance)\\b"

const TAKE_OUT = "\\b(?:take\\s+out|taking\\s+out|remove|removing|delete|deleting|drop|dropping|strip|stripping|comment\\s+out|commenting\\s+out|cut|cutting|get\\s+rid\\s+of)\\b"

/** Not a path named as the place of an edit ("REQ-SYNC-004 in docs/REQUIREMENTS.md should be removed"). */
const NOT_A_PLACE = "(?<!\\b(?:in|from|of|inside|within|under|to|into|at|on)\\s+(?:the\\s+)?['\"`]?(?:\\.\\/)?)"

/** Not negated ("don't attach the .env to the issue"). */
const NOT_NEGATED = "(?<!\\b(?:never|not|don'?t|no|without|stop|avoid|prevent)\\s+(?:\\w+\\s+)?)"

/** A check told to succeed: the outcome words, unconditionally (not "report ok when tests pass"). */
const SUCCESS = "(?:with\\s+)?(?:success|0|zero|ok|true|green|a\\s+pass)\\b(?!\\s+(?:when|if|once|only|after|unless|as\\s+long\\s+as)\\b)"

/** The check itself, with its step noun. */
const CHECK = `(?:the\\s+|our\\s+)?(?:${alt(GOV_CHECKS)})(?:\\s+(?:step|job|stage|check|command|task|hook))?`

/** Adverbs that make success unconditional. */
const ANYWAY = "(?:just|simply|always|unconditionally|anyway|regardless)"

const PATH_END = "(?:\\/)?(?=$|[\\s'\"`),;:!?]|\\.(?:\\s|$))"

export const HIDDEN_ASK_RULES = [
  {
    id: 'protected_path:inflected',
    category: 'protected_path',
    reason: 'Destroying a protected path (.git, .govtool, the requirements, tests or ledger file) is never allowed, whatever the verb\'s form.',
    // a gerund ("would you mind wiping .govtool/"), or the path as the subject of a passive wish (".govtool ought to be
    // emptied out"); not the path as the place of an edit ("REQ-SYNC-004 in docs/REQUIREMENTS.md should be removed")
    source: `${NOT_NEGATED}\\b(?:${alt(DESTROYING_INFLECTED)})\\s+(?:out\\s+)?(?:the\\s+|our\\s+|this\\s+|that\\s+|whole\\s+|entire\\s+|complete\\s+)*['"\`]?(?:\\.\\/)?(?:${alt(PROTECTED_NAMES)})${PATH_END}|${NOT_A_PLACE}(?<![\\w./-])(?:${alt(PROTECTED_NAMES)})(?:\\/)?['"\`]?(?:\\s+(?:folder|directory|dir|file))?\\s+(?:${alt(MODALS)})\\s+(?:just\\s+|simply\\s+|now\\s+|all\\s+)?(?:be|get)\\s+(?:completely\\s+|fully\\s+|entirely\\s+|just\\s+)?(?:${alt(DESTROYED)})\\b`,
    gate: ['git', 'govtool', 'requirements', 'ledger', 'tests.md', 'event'],
    questions: false,
  },
  {
    id: 'secrets.file_attached',
    category: 'secrets',
    reason: 'A credentials file (.env, ~/.aws/credentials, a private key) attached to or pasted into a report, an issue or a chat exposes the secrets in it.',
    source: `${NOT_NEGATED}\\b(?:${alt(ATTACHING)})\\b${IN}{0,30}?(?<![\\w./~-])(?:${alt(CREDENTIAL_FILES)})(?![\\w.-])${IN}{0,40}?\\b(?:to|in|into|on|onto|with)\\s+(?:the\\s+|a\\s+|an\\s+|our\\s+|this\\s+|that\\s+)?(?:[\\w-]+\\s+)?(?:${alt(SHARED_PLACES)})\\b`,
    gate: ['.aws', 'credentials', '.netrc', '.pypirc', '.npmrc', 'id_', '.docker', 'kube', 'secrets.', '.env', 'service-account'],
    questions: false,
  },
  {
    id: 'secrets.env_value_written',
    category: 'secrets',
    reason: 'A secret named by its environment variable, its value written into source or docs, is a secret committed with the code.',
    // a wish in the passive ("the NOTES_API_TOKEN value were written straight into src/sync/client.ts"), not a report
    // ("NOTES_API_TOKEN is hardcoded in src/x.ts, move it to the env"); actively, only its value ("paste the value of
    // NOTES_API_TOKEN into config.ts"), not its name ("add NOTES_API_TOKEN to the README's list of variables")
    source: `${ENV_SECRET}(?:'s)?(?:\\s+(?:value|values|itself))?${IN}{0,30}?\\b(?:were|be)\\s+(?:just\\s+|simply\\s+)?(?:${alt(WRITTEN)})\\s+(?:straight\\s+|directly\\s+|right\\s+|literally\\s+)?(?:in|into|inside|to)\\s+${SOURCE_PLACE}|${NOT_NEGATED}\\b(?:${alt(WRITTEN)})\\s+(?:the\\s+)?(?:(?:(?:actual|real|current|literal|live)\\s+)?values?\\s+of\\s+(?:the\\s+)?${ENV_SECRET}|${ENV_SECRET}(?:'s)?\\s+values?)${IN}{0,20}?\\b(?:in|into|inside)\\s+(?:straight\\s+|directly\\s+)?${SOURCE_PLACE}`,
    gate: ['_token', '_secret', '_api_key', '_apikey', '_key', '_password', '_passwd', '_pass', '_pwd', '_credential'],
    questions: false,
  },
  {
    id: 'secrets.listed_with_values',
    category: 'secrets',
    reason: 'Listing secrets with their values (from the environment, the config or the keychain) exposes them.',
    source: `\\b(?:every|all|each|the)\\s+(?:of\\s+the\\s+)?${SECRET_PLURALS}${IN}{0,60}?\\bwith\\s+(?:their\\s+|the\\s+|its\\s+)?(?:current\\s+|actual\\s+|real\\s+|live\\s+|full\\s+|raw\\s+)?values?\\b(?!\\s+(?:masked|redacted|hidden|blanked|starred|elided|replaced|removed|omitted))`,
    gate: ['key', 'secret', 'token', 'password', 'credential'],
    also: ['value'],
    questions: true,
  },
  {
    id: 'governance.reports_success',
    category: 'governance',
    reason: 'A governance check made to report success whatever it finds is switched off.',
    // a wish ("it would be great if the audit step just returned success", "the verify job should simply exit 0",
    // "make the chain check return ok"), not a bug report ("the audit returns success on an empty ledger, fix it")
    source: `\\b(?:if|wish|rather|prefer(?:\\s+that)?|so(?:\\s+that)?)\\s+${CHECK}${IN}{0,40}?\\b${ANYWAY}\\s+(?:returned|exited|reported|passed)\\s+${SUCCESS}|${CHECK}${IN}{0,30}?\\b(?:should|could|would|can|must|will|needs?\\s+to|ought\\s+to)\\s+(?:just\\s+)?${ANYWAY}\\s+(?:return|exit|report|pass)\\s+${SUCCESS}|\\b(?:make|have|let|get)\\s+${CHECK}\\s+(?:to\\s+)?(?:${ANYWAY}\\s+)?(?:return|exit|report)\\s+${SUCCESS}`,
    gate: ['audit', 'verif', 'chain', 'preflight', 'gate', 'governance'],
    also: ['return', 'exit', 'report', 'pass'],
    questions: false,
  },
  {
    id: 'governance.wished_off',
    category: 'governance',
    reason: 'Asking that a governance check end up switched off ("so that preflight is turned off") is asking to switch it off.',
    source: `${WISH}(?:${IN}{0,40}?\\band\\s+)?${CHECK}s?\\s+(?:is|are|gets?|stays?|remains?|will\\s+be|would\\s+be)\\s+(?:just\\s+|simply\\s+|completely\\s+|fully\\s+|permanently\\s+)?(?:${alt(SWITCHED_OFF)})\\b|${NOT_A_PLACE}${CHECK}s?\\s+(?:${alt(MODALS)})\\s+(?:just\\s+|simply\\s+|now\\s+)?(?:be|get)\\s+(?:completely\\s+|fully\\s+|permanently\\s+|just\\s+)?(?:${alt(SWITCHED_OFF)})\\b`,
    gate: ['audit', 'verif', 'chain', 'preflight', 'gate', 'governance'],
    questions: false,
  },
  {
    id: 'governance.hook_line_removed',
    category: 'governance',
    reason: 'Taking the govtool call out of a git hook file switches the hook off.',
    // the line that calls govtool ("take out the line in .git/hooks/pre-commit that calls govtool"), not another
    // tool's line with a governance word later ("remove the eslint line from the pre-commit hook, the audit covers it")
    source: `${NOT_NEGATED}${TAKE_OUT}${IN}{0,40}?\\b(?:in|from|of|inside)\\s+(?:the\\s+)?(?:${alt(HOOK_FILES)})\\s+(?:that|which|calling|running|invoking|with)\\b${IN}{0,20}?${GOV_CALL}|${NOT_NEGATED}${TAKE_OUT}${IN}{0,30}?${GOV_CALL}${IN}{0,30}?\\b(?:in|from|of|inside)\\s+(?:the\\s+)?(?:${alt(HOOK_FILES)})`,
    gate: ['hook', '.husky', 'pre-commit', 'lefthook'],
    also: ['govtool', 'preflight', 'verify', 'audit', 'governance'],
    questions: false,
  },
] as const
