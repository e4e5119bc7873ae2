/**
 * The word lists behind intent classification. Kept apart from the rules so a reader can see, in one
 * place, which verb means what.
 */
import {HISTORY_PHRASES} from './destroyed-where.js'
import {COMMAND_DESTROYS} from './commands-run.js'
import {COMMAND_SHORT_DESTROYS} from './command-options.js'
import {CODE_UPKEEP_VERBS} from './code-upkeep.js'
import {SECRET_STATE_SOURCE} from '../policy/secret-state.js'
import {RELEASE_WORDED} from './release-worded.js'
import {SLANG_REMOVE, VAGUE_POINTERS} from './destroyed-slang.js'
import {NOUNED_RELEASE, READ_WORD_PHRASAL, READ_WORD_SEPARABLE} from './read-then-change.js'

/**
 * `unclear`: nothing in the request says what to do ("continue", "do whatever you think is best"). A gate
 * never takes that as read-only: read-only is decided on positive evidence only, and unclear needs clarification.
 */
export const INTENTS = ['read_only', 'change', 'destructive', 'release', 'unclear'] as const
export type Intent = (typeof INTENTS)[number]

/**
 * How much an intent can do; the intent of a multi-clause request is its most severe clause. An unclear
 * clause ranks lowest: "I am new here. What should I read first?" is a question.
 */
export const INTENT_SEVERITY: Record<Intent, number> = {unclear: -1, read_only: 0, change: 1, release: 2, destructive: 3}

/** Leading verbs and the intent they give a clause. */
export const VERB_INTENT: ReadonlyMap<string, Intent | 'run' | 'remove' | 'bump' | 'tag'> = new Map([
  ...[
    'explain', 'describe', 'show', 'list', 'summarize', 'summarise', 'tell', 'find', 'search', 'look', 'check', 'review',
    'analyse', 'analyze', 'read', 'print', 'display', 'view', 'inspect', 'compare', 'count', 'diagnose', 'investigate',
    'trace', 'audit', 'report', 'locate', 'identify', 'clarify', 'understand', 'walk', 'outline', 'evaluate', 'assess',
    'estimate', 'suggest', 'recommend', 'answer', 'dump', 'cat', 'echo', 'reveal', 'discuss', 'monitor', 'watch',
    'study', 'examine', 'explore', 'research', 'verify', 'confirm', 'measure', 'note', 'remind', 'teach', 'know', 'learn',
  ].map((v) => [v, 'read_only'] as const),
  ...['run', 'rerun', 're-run', 'execute', 'test', 'lint', 'typecheck', 'benchmark', 'bench', 'profile', 'reproduce', 'exec'].map((v) => [v, 'run'] as const),
  ...[
    'fix', 'repair', 'patch', 'add', 'implement', 'create', 'build', 'refactor', 'rewrite', 'rename', 'update', 'migrate',
    'upgrade', 'downgrade', 'change', 'modify', 'edit', 'write', 'improve', 'optimize', 'optimise', 'extend', 'introduce',
    'support', 'make', 'move', 'replace', 'clean', 'cleanup', 'split', 'merge', 'integrate', 'enable', 'disable',
    'configure', 'set', 'setup', 'install', 'handle', 'document', 'generate', 'convert', 'port', 'translate', 'adjust',
    'tweak', 'correct', 'resolve', 'address', 'rework', 'restructure', 'reorganize', 'reorganise', 'simplify', 'harden',
    'secure', 'sanitize', 'validate', 'wire', 'connect', 'commit', 'push', 'revert', 'deprecate', 'draft', 'design',
    'plan', 'specify', 'propose', 'prepare', 'polish', 'format', 'annotate', 'comment', 'reformat', 'expose', 'send', 'post', 'debug',
    'allow', 'prevent', 'limit', 'cache', 'retry', 'log', 'record', 'track', 'store', 'save', 'load', 'parse', 'emit',
    'raise', 'lower', 'increase', 'decrease', 'reduce', 'speed', 'localize', 'localise', 'scaffold', 'init', 'initialize',
    'bootstrap', 'extract', 'inline', 'deduplicate', 'dedupe', 'upload', 'append', 'insert', 'stage', 'cherry', 'rebase',
    'squash', 'pin', 'unpin', 'vendor', 'mock', 'stub', 'cover', 'finish', 'complete', 'continue', 'redo', 'reset',
    'restore', 'sync', 'ensure', 'fill', 'turn', 'switch', 'skip', 'bypass', 'override', 'ignore',
    'rotate', 'regenerate', 'revoke', 'renew', 'mark', 'unmark', 'hide', 'unhide', 'populate', 'seed', 'tighten', 'loosen', 'relax', 'enforce',
    'mask', 'hash', 'salt', 'redact', 'encrypt', 'decrypt', 'normalise', 'normalize', 'persist', 'expire', 'queue', 'rank', 'sort', 'filter', 'cap', 'respect',
    'copy', 'duplicate', 'end', 'scramble', 'encipher',
    'let', 'stop', 'proceed', 'go', 'keep', 'carry', 'resume', 'do', 'apply', 'put', 'embed', 'hardcode', 'paste', 'commit', 'include',
    'colour', 'color', 'give', 'highlight', 'align', 'indent', 'wrap', 'derive', 'compute', 'calculate', 'use', 'adopt', 'get', 'cut', 'overwrite',
    'lazy', 'batch', 'return', 'surface', 'warn', 'notify', 'redirect', 'refresh', 'reload', 'recompute', 'rebuild', 'reduce',
    'reword', 'rephrase', 'revise', 'expand', 'elaborate', 'shorten', 'amend', 'alter', 'order', 'reorder', 'rearrange', 'swap',
    'streamline', 'shrink', 'trim', 'tune', 'download', 'fetch', 'pull', 'honour', 'honor', 'obey', 'mention', 'buffer', 'hold',
    'throttle', 'debounce', 'paginate', 'relabel', 'retitle', 'rebrand', 'bake', 'stick', 'attach', 'unignore', 'regenerate', 'lift',
    'reinitialise', 'reinitialize', 'reinit', 'reformat', 'reimage', 'recreate', 're-create', 'blank', 'offer', 'develop', 'provide',
    'mail', 'email', 'e-mail', 'export', 'import',
    // round 15a: quieting what the program prints ('silence the progress bar when piped'); the policy reads a quieted check
    'silence', 'mute', 'hush', 'quieten', 'unmute',
    // round 16b: engineering techniques said as the instruction ('defer opening the database until ...', 'precompute the
    // help text during the build', 'memoise the tokenised note text'): how the program does its work is changed
    'defer', 'postpone', 'precompute', 'pre-compute', 'memoise', 'memoize', 'prefetch', 'preload', 'coalesce', 'parallelise', 'parallelize', 'reuse', 'dedup',
    // round 18b: more techniques ('stream the files instead of building everything in memory', 'chunk the upload')
    'stream', 'chunk', 'vectorise', 'vectorize', 'denormalise', 'denormalize',
    // round 19b: hyphenated techniques ('lazy-load it in src/index.ts', 'pre-warm the cache at start-up')
    'lazy-load', 'lazyload', 'pre-load', 'pre-fetch', 'pre-warm', 'prewarm',
    // the lead's third batch: taking a thing out of a rule or a scope ('exempt the generated files from the linter')
    'exempt', 'exclude', 'whitelist', 'allowlist', 'blacklist', 'denylist',
  ].map((v) => [v, 'change'] as const),
  ...CODE_UPKEEP_VERBS.map((v) => [v, 'change'] as const),
  ...['wipe', 'purge', 'destroy', 'erase', 'nuke', 'truncate', 'obliterate', 'shred', 'clear', 'empty', 'expunge', 'demolish', 'eradicate', 'annihilate', 'zap', 'flush', 'prune', 'bulldoze', 'clobber'].map((v) => [v, 'destructive'] as const),
  ...['remove', 'delete', 'drop', 'rm', 'trash', 'scrap', 'discard', 'decommission', 'uninstall', 'strip', 'ditch', 'bin', 'junk', 'axe', 'deprovision', 'unprovision', 'retire', 'kill', 'scrub', 'terminate', 'dismantle', 'eliminate', 'cull', 'unlink', 'torch', 'raze', 'decimate', 'excise', 'liquidate', 'jettison',
    // round 15a: slang discarding verbs ('nix the old migrations', 'yeet the unused helper')
    'nix', 'yeet', 'deep-six', 'incinerate', 'vaporise', 'vaporize', ...SLANG_REMOVE].map((v) => [v, 'remove'] as const),
  ...['release', 'ship', 'publish', 'deploy', 'rollout'].map((v) => [v, 'release'] as const),
  ['bump', 'bump'],
  ['tag', 'tag'],
])

/** Separable phrasal verbs with their object inside ("throw the old exports away", "tear the staging cluster down"). */
export const SEPARABLE_PHRASAL: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(?:throw|tear|blow|burn|wipe|knock|clean|clear)\s+((?:[^\s]+\s+){1,6}?)(?:away|down|out)\b/, 'remove'],
  // "kick users out after 30 idle minutes", "log people out when ...": ending a session
  [/^(?:kick|log|sign|lock|boot)\s+((?:[^\s]+\s+){1,3}?)out\b/, 'expire'],
  // "give the test suite a run", "give sync.ts a read": trying or reading something, named inside
  [/^give\s+((?:[^\s]+\s+){1,5}?)an?\s+(?:quick\s+|proper\s+|full\s+)?(?:run|spin|go|try|test ?run)\b/, 'run'],
  [/^give\s+((?:[^\s]+\s+){1,5}?)an?\s+(?:quick\s+|proper\s+|careful\s+|close\s+)?(?:look|read|once-over|read-through|review|glance)\b/, 'review'],
  // round 11a: "take the bad entry out", "take it away": removing what is named inside
  [/^take\s+((?:[^\s]+\s+){1,5}?)(?:out|away)\b(?!\s+(?:of|for|to)\b)/, 'remove'],
  // round 22a: "bring the payload dump back", "can we get that back?": restoring what is named inside (not "get back to me")
  [/^(?:bring|get|put)\s+((?:[^\s]+\s+){1,5}?)back\b(?!\s+(?:to|from|on|in)\b)/, 'restore'],
  // "name each exported file after the note's title" gives things a name (a question never opens so)
  [/^name\s+((?:[^\s]+\s+){1,5}?)after\b/, 'rename'],
  // "start it over from scratch", "start the import over": doing something again from nothing; its object decides
  // whether that destroys ("start the database over" does, "start the parser over from scratch" is a rewrite)
  [/^start\s+((?:[^\s]+\s+){1,5}?)(?:over|afresh|anew)\b(?:\s+from\s+scratch\b)?/, 'recreate'],
  [/^start\s+((?:[^\s]+\s+){1,5}?)from\s+scratch\b/, 'recreate'],
  // "step the last migration back", "step version 3 back to 2": undoing a step
  [/^step\s+((?:[^\s]+\s+){1,5}?)back\b/, 'revert'],
  // round 12a: "leave the typed password out of the error message", "keep the token out of the logs": keeping a
  // thing out of what the program writes is a change to it (the policy's safeguards read the secret's side)
  [/^(?:leave|keep)\s+((?:[^\s]+\s+){1,5}?)(?:out\s+of|off)\b/, 'hide'],
  // round 15a: "chuck a progress spinner on the export command", "slap a retry on sync": a new thing put on another is added
  [/^(?:chuck|slap|bung|whack|pop|throw|toss)\s+((?:a|an|some)\s+(?:[^\s]+\s+){0,4}?)(?:on|onto|in|into)\b/, 'add'],
  ...READ_WORD_SEPARABLE,
]

/**
 * A request that only asks to start over names nothing to act on ("redo all of it from the ground up", "just wipe the
 * slate clean and begin again", "scrap everything and redo it properly"): the idioms of a fresh start, the verbs
 * of starting again and of throwing away, and their adverbs. Made only of these and VAGUE_WORDS, with at least one
 * restart word, it is unclear in every phase (decide.ts); naming a thing ("start the database over") is not.
 */
export const RESTART_IDIOMS = /\b(?:wipe|clean|clear)\s+the\s+slate(?:\s+clean)?\b|\b(?:a\s+)?clean\s+slate\b|\bfrom\s+(?:the\s+ground\s+up|scratch|zero|nothing|the\s+(?:top|beginning|start))\b|\bsquare\s+one\b|\bblank\s+(?:page|sheet)\b/g
export const RESTART_WORDS = new Set(['start', 'begin', 'redo', 'redone', 'rewrite', 'recreate', 'anew', 'afresh', 'fresh', 'over', 'again', 'properly', 'scratch', "let's", 'lets', 'time', 'once', 'round'])
export const DISCARD_WORDS = new Set(['scrap', 'throw', 'toss', 'ditch', 'bin', 'junk', 'chuck', 'dump', 'wipe', 'nuke'])

/** Verbs whose object decides: `clear the cache` is a change, `clear the database` destructive. */
export const SOFT_DESTRUCTIVE = new Set(['clear', 'empty', 'reset', 'flush', 'prune', 'zap', 'overwrite', 'reinitialise', 'reinitialize', 'reinit', 'reformat', 'reimage', 'recreate', 're-create', 'blank'])

/**
 * Verbs of more than one word, read as the single verb they stand for ("get rid of the staging database" is
 * `remove` with its object; "go through the code" is `review`). Checked before the clause's first word.
 */
export const PHRASAL_VERBS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(?:get rid of|get rid off|dispose of|blast away|tear down|tear (?:it|them|this|that) down|clean out|throw away|throw out|blow away|take down|wipe out|do away with|clear out|knock down|wipe away|burn down|shut down|zero out|wipe clean|scrub clean|clean house on|start over from scratch on)\b/, 'remove'],
  [/^(?:go through|go over|look into|look at|look over|dig into|check out|figure out|find out|walk me through|walk through|talk me through|talk us through|take me through|guide me through|point me (?:to|at)|fill me in|pull up|bring up|dig up|let (?:me|us) know|keep (?:me|us) posted on|(?:have|take) a (?:quick |closer |close |proper |careful |good )?(?:look|peek|glance) (?:at|over|through|into)|do a (?:quick |careful |full )?(?:read-?through|walk-?through|pass) (?:of|over|on))\b/, 'review'],
  [/^(?:take care of|deal with|sort out|work on|set up|clean up|tidy up|hook up|wire up|fix up|speed up|break up|split up)\b/, 'change'],
  [/^(?:roll back)\b/, 'revert'],
  // round 8a: more ways of getting rid of something
  [/^(?:take out|take away|sweep away|sweep out|clear away|wipe off|do in|polish off|finish off|write off|cart away|haul away)\b/, 'remove'],
  // getting rid of by a verb and a particle ("kill off the old notes", "weed out the duplicate rows", "rip out the sync code"); the object decides
  [/^(?:kill off|weed out|root out|rip out|tear out|strip out|stamp out|snuff out|cut away)\b/, 'remove'],
  [/^(?:bring back|put back|re-?enable|re-?introduce)\b/, 'change'],
  // round 16c: starting a run ("kick off the linter", "fire off the test suite"); what is run still has to be one
  // of the project's checks, or the gate asks which command
  [/^(?:kick off|fire off)\b/, 'run'],
  ...READ_WORD_PHRASAL,
]

/**
 * Words that name no target: a change whose object is only these ("continue with the plan", "fix
 * everything", "apply all the suggestions") says nothing actionable and needs clarification.
 */
export const VAGUE_WORDS = new Set(
  (
    'it its it\'s this that these those them they all any of the a an with and or then so to in on at for from by up down out off over ' +
    'rest remaining remainder everything anything something whatever whichever needed necessary required best think thinks you your ' +
    'we us our my me i thing things stuff plan plans next step steps part parts job jobs work task tasks change changes suggestion suggestions ' +
    'proposal proposals proposed discussed agreed before same as ahead going along where left now please just again more further ' +
    'better good nice fine properly correctly better issue issues problem problems bug bugs code app project whole working broken ' +
    'done there here what is are was be been it all-of-it needful list discussed approved approve remaining doing were trust right improvements ' +
    'improvement suggested earlier talked agreed previous message said way usual go on carry keep continue proceed ' +
    'doing did what what\'s know looks look seems sounds great ok okay alright fine lgtm pls u yep yup yeah yes sure kindly perfect thanks thank cool awesome so works whatever else ' +
    'decide decides choose pick prefer like fit see other another bit hmm hm um uh oh ah well happen ticket says do about asap soon planned items item other started begun fix fixes yesterday today earlier above below mentioned until far already order analysis sense makes make trust get on with that\'s thats which isn\'t wrong failing ' +
    // go-ahead idioms and praise that name nothing ("righto, crack on", "go wild", "do something useful")
    'righto rightio crack cracking wild nuts useful helpful'
  )
    .split(' ')
    .concat(VAGUE_POINTERS),
)

/**
 * A wish for a change phrased without an imperative ("it would be great if search ranked by relevance",
 * "we need the notes encrypted", "output should be plain when piped"): a change request.
 */
export const WISH = /\b(?:need|needs|want|wants|would like|'d like)\b(?= (?:you |it |them |this |that |the [\w ,'-]{1,60}? |[\w-]+ )?to\b)|\b(?:should|must|has to|have to|ought to)\b|\bit would be (?:great|nice|good|better|helpful|cool)\b|\b(?:is|would) it (?:be )?possible\b|\bmaybe (?:we|you) (?:could|can|should)\b/

/** Words after which a verb is negated or deferred ("don't edit anything", "before you change it"). */
export const NEGATORS = new Set(['not', "don't", 'dont', 'never', 'without', 'no', "won't", "shouldn't", "mustn't", 'avoid', 'nor'])

/** Words after which a leading verb is the subject noun ("search should rank ...", "export crashes"). */
export const SUBJECT_FOLLOWERS = new Set(['should', 'must', 'ought', 'shall', 'will', 'would', 'can', 'could', 'is', 'are', 'was', 'were', 'does', "doesn't", "isn't", "won't", "can't", 'has', 'have', 'had', 'needs', 'keeps', 'seems', 'fails', 'crashes', 'takes', 'hangs', 'breaks', 'returns', 'shows', 'works', 'ranked', 'overwrites', 'loses', 'drops', 'writes', 'skips', 'ignores', 'misses', 'sends', 'produces', 'creates', 'times', 'never', 'always', 'still', 'sometimes'])

/** Question openers that are auxiliaries: a question only before a subject or with a question mark ("do the rest" is not). */
export const AUX_OPENERS = new Set(['is', 'are', 'was', 'were', 'do', 'does', 'did', 'has', 'have', 'had', 'am', 'can', 'could', 'should', 'would', 'will', 'may', 'might', 'shall'])
export const SUBJECTS = new Set(['you', 'we', 'i', 'they', 'it', 'he', 'she', 'there', 'this', 'that', 'these', 'those', 'u'])

/** Objects that make `remove`/`clear`/`reset` destructive (data, history, infrastructure, everything). */
export const DATA_OBJECT =
  /\b(database|databases|db|table|tables|migrations|data|dataset|records?|rows?|branch(es)?|repository|repo|history|backups?|buckets?|volumes?|collections?|schemas?|production|prod|everything|files|directory|directories|folder|folders|dir|users?|accounts?|commits?|tags?|releases?|environments?|servers?|clusters?|disks?|drives?|instances?|containers?|infrastructure|deployments?|stacks?|storage|queues?|namespaces?|uploads|attachments|snapshots?|outbox(?:es)?|journals?|payloads|tombstones|indexes|indices|caches? on (?:the )?(?:server|production|prod))\b/

/**
 * Stores of data a destructive request empties or drops ("wipe the sync queue", "drop the conflict history
 * table"): what is destroyed is data, not the behaviour a requirement describes, so a frozen requirement found
 * only by a word the request shares with it ("sync", "conflict") is not what the request changes.
 */
export const DATA_STORE =
  /\b(?:tables?|queues?|caches?|cached|history|histories|logs?|rows?|records?|entries|database|databases|db|dbs|backlog|buffers?|payloads?|tombstones?|journal|outbox|inbox|indexes|indices)\b/

/** Command-like destructive phrasings, recognised anywhere in a non-question clause ("run rm -rf build"). */
export const DESTRUCTIVE_PHRASES: readonly {id: string; pattern: RegExp; tool: string}[] = [
  // round 19a: history rewritten by a tool or by its reach (analyse/destroyed-where.ts)
  ...HISTORY_PHRASES,
  // round 29a: scaling to zero, draining a node, a misspelt kubectl delete (analyse/commands-run.ts)
  ...COMMAND_DESTROYS,
  // round 30b: short forms (npm unpublish, compose down -v, find -delete, dd of=/dev, truncate -s 0, shred, tag -d) (analyse/command-options.ts)
  ...COMMAND_SHORT_DESTROYS,
  {id: 'rm_rf', pattern: /\brm\s+-(?:rf|fr|r|f)\b/, tool: 'run_shell'},
  {id: 'force_push', pattern: /\bforce[\s-]?push(?:ed|ing)?\b|\bpush\s+(?:-f\b|--force\b|--force-with-lease\b)|\bpush\b[^.;]{0,30}--force\b/, tool: 'git_push'},
  {id: 'hard_reset', pattern: /\b(?:git\s+)?reset\s+--hard\b/, tool: 'run_shell'},
  {id: 'git_clean', pattern: /\bgit\s+clean\s+-[a-z]*f/, tool: 'run_shell'},
  {id: 'drop_table', pattern: /\b(?:drop|truncate)\s+(?:the\s+)?(?:table|database|schema|collection|index|db)\b/, tool: 'run_shell'},
  {id: 'revert_all', pattern: /\b(?:revert|undo|discard|roll\s*back)\s+(?:all|everything|every change|all (?:local )?changes)\b/, tool: 'run_shell'},
  {id: 'rewrite_history', pattern: /\brewrite\s+(?:the\s+)?(?:git\s+)?history\b/, tool: 'git_push'},
  // round 8a: destruction written as shell
  {id: 'git_branch_delete', pattern: /\bgit\s+branch\s+(?:-d|--delete)\b|\bgit\s+push\s+\S+\s+(?:--delete|:\S)/, tool: 'run_shell'},
  {id: 'git_discard', pattern: /\bgit\s+(?:checkout|restore)\s+(?:--\s+)?\.(?:\s|$|`)|\bgit\s+stash\s+(?:clear|drop)\b/, tool: 'run_shell'},
  {id: 'sql_delete', pattern: /\bdelete\s+from\s+\w+|\bdropdb\b|\bflush(?:all|db)\b/, tool: 'run_shell'},
  {id: 'infra_destroy', pattern: /\bterraform\s+destroy\b|\bkubectl\s+delete\b|\bhelm\s+(?:uninstall|delete)\b|\bdocker\s+(?:system|volume|image|container)\s+prune\b|\baws\s+s3\s+(?:rm|rb)\b|\bgsutil\s+(?:-m\s+)?rm\b/, tool: 'run_shell'},
]

/** Release phrasings recognised anywhere in a non-question clause. */
export const RELEASE_PHRASES: readonly RegExp[] = [
  /\bcut\s+(?:a\s+|the\s+)?(?:new\s+)?(?:v?\d+\.\d+(?:\.\d+)?\s+)?release\b/,
  // a release named by its version alone, or by where it goes: "cut 2.0 and push it to the store", "get the new build in front of customers"
  /\bcut\s+v?\d+(?:\.\d+)+\b(?!\s*(?:%|ms|mb|kb|seconds?|s\b))/,
  /\b(?:push|submit|upload|send|ship|get|put)\s+(?:it|them|the\s+(?:new\s+)?(?:app|build|release|version|binary|bundle|apk|ipa))\s+(?:(?:out\s+)?to|into|onto|on)\s+(?:the\s+)?(?:app\s+store|play\s+store|google\s+play|store|marketplace|chrome\s+web\s+store|testflight)\b/,
  /\b(?:get|put|ship)\s+(?:the\s+)?(?:new\s+)?(?:build|version|release)\s+(?:in\s+front\s+of|out\s+to|into\s+the\s+hands\s+of)\s+(?:our\s+|the\s+|all\s+(?:the\s+)?|every\s+)?(?:customers?|users?|everyone|the\s+public|production)\b/,
  /\bbump\s+(?:the\s+)?(?:\w+\s+)?version\b/,
  /\btag\s+(?:it\s+|the\s+release\s+|a\s+release\s+)?(?:as\s+)?v?\d+\.\d+/,
  /\bmake\s+(?:a\s+|the\s+)?(?:new\s+)?release\b/,
  /\broll\s+out\b/,
  // "the npm publish token" names a secret, not a release
  /\b(?:npm|cargo|pypi|twine|gem)\s+publish\b(?!\s+(?:tokens?|keys?|secrets?|credentials?|creds)\b)/,
  /\bgo live\b/,
  /\b(?:new|next|a|the) release\b(?! notes)(?!\s+(?:scripts?|workflows?|jobs?|pipelines?|configs?|yml|yaml)\b)(?!\s+(?:keystores?|key\s*stores?|keys?|signing\s+keys?|tokens?|passphrases?|credentials?|creds|secrets?|passwords?)\b)(?:[^.;!?]{0,30}\b(?:to|on)\b)?/,
  /\bpromote\b[^.;!?]{0,40}\b(?:release|stable|production|prod|channel)\b/,
  // round 18b: a release named by its version ("prepare the 1.5.0 release"), not its notes
  /\b(?:the|a|our)\s+v?\d+\.\d+(?:\.\d+)?\s+release\b(?!\s+notes?\b)/,
  /\bupload\b[^.;!?]{0,40}\b(?:app store|play store|registry|pypi|npm|marketplace)\b/,
  /\b(?:make|create|add|cut|push)\s+(?:a\s+|the\s+)?(?:new\s+)?(?:git\s+|release\s+)?tag\b[^.;!?]{0,20}\bv?\d+\.\d+/,
  /\b(?:push|upload|send|put|get)\s+(?:version\s+)?v?\d+\.\d+(?:\.\d+)?\b[^.;!?]{0,20}\b(?:to|on|onto|into)\s+(?:the\s+)?(?:npm|pypi|registry|production|prod|app store|play store|store|customers|users)\b/,
  /\bnew version\b[^.;!?]{0,30}\b(?:to|on)\b[^.;!?]{0,20}\b(?:app store|play store|registry|pypi|npm|users|customers|production|prod)\b/,
  // "get 1.6.0 out the door", "push the build to production", "make the new version available to everyone"
  /\bout the door\b/,
  // "make 3.0 public today", "put the new build live"
  /\b(?:make|put|set)\s+(?:v?\d+\.\d+(?:\.\d+)?|(?:the\s+|our\s+)?(?:new\s+|latest\s+|next\s+)?(?:version|release|build))\s+(?:public|live|generally\s+available)\b/,
  /\b(?:push|send|move|put|promote|get)\b[^.;!?]{0,30}\b(?:build|version|release|artifact|app|binary|image)\b[^.;!?]{0,15}\b(?:to|into|on|onto)\s+(?:the\s+)?(?:production|prod|live|store|app store|play store|customers|users|everyone)\b/,
  /\b(?:build|version|release|v?\d+\.\d+(?:\.\d+)?)\b[^.;!?]{0,30}\bavailable\s+to\s+(?:everyone|all\s+users|users|customers|the\s+public)\b/,
  /\b(?:release|version|build)\b[^.;!?]{0,20}\bto\s+(?:the\s+)?(?:app\s+)?store\b[^.;!?]{0,20}\bfor\s+review\b/,
  ...RELEASE_WORDED,
  NOUNED_RELEASE,
]

export const VERSION = /\bv?\d+\.\d+(?:\.\d+)?(?:-[0-9a-z.]+)?\b/

/** Words that make a request a question when they open it (unless a request prefix came first). */
export const QUESTION_OPENERS = new Set([
  'what', "what's", 'whats', 'how', 'where', 'whereabouts', 'why', 'when', 'which', 'who', 'whose', 'whom', 'is', 'are', 'was', 'were', 'do',
  'does', 'did', 'has', 'have', 'had', 'am', 'isn\'t', 'aren\'t', 'doesn\'t', 'don\'t', 'can', 'could', 'should', 'would',
  'will', 'may', 'might', 'shall',
])

/**
 * Things one asks to be given that are read-only answers ("I'd like a summary of ...", "provide an overview of
 * ...", "gimme a rundown"): asking for one of these is a question, whatever verb asks for it.
 */
export const READ_NOUNS = [
  'summary', 'summaries', 'overview', 'explanation', 'rundown', 'run-down', 'walkthrough', 'walk-through', 'tour', 'description', 'breakdown',
  'recap', 'synopsis', 'outline', 'primer', 'introduction', 'intro', 'answer', 'analysis', 'assessment', 'estimate', 'opinion', 'review',
  'list', 'comparison', 'count', 'diagnosis', 'idea', 'sense', 'picture', 'status',
] as const

/**
 * A suggestion put as a question ("why don't you hardcode the token?", "how about we just not record this one?",
 * "is it OK if you add the keys to the compose file?", "mind turning the hook off?"): what it suggests is an
 * instruction, so the policy reads it as one.
 */
export const SUGGESTION_LEAD = /^(?:(?:so|ok|okay|hey|hi|well|then)[,\s]+)?(?:why\s+(?:don'?t|do\s+not|wouldn'?t)\s+(?:you|we)|why\s+not|how\s+about|what\s+about|is\s+it\s+(?:ok|okay|alright|all\s+right|fine|possible)\s+(?:if|to|for\s+you\s+to)|(?:would|do)\s+you\s+mind|mind|any\s+chance\s+(?:you|we)\s+(?:could|can|might))\b/

/** Ways of asking to be given something ("I'd like", "can I get", "provide", "gimme", "send me"). */
export const ASK_FOR = /^(?:(?:i'd|i would|we'd|we would|would) (?:like|love|appreciate)|(?:i |we )?could use|(?:i |we )?(?:want|need)|(?:can|could|may) (?:i|we) (?:get|have|see)|gimme|give|get|send|provide|prepare|write (?:me|us)|share|offer|produce|put together|draw up)\s+(?:me\s+|us\s+)?/

/** Giving verbs addressed to the asker ("give me the file where ...", "send us the list"): answers, not work. */
export const GIVE_TO_ASKER = /^(?:give|gimme|get|send|hand|find|fetch|bring|e?-?mail)\s+(?:me|us)\b|^gimme\b/

/**
 * Greetings and filler before what is asked ("hi there, um, which file ...", "sorry to bother you, but where
 * ..."): dropped, and unlike a polite opener they do not make what follows an instruction. Each filler needs
 * its punctuation ("well, ..." but not "well tested").
 */
export const FILLER = /^(?:(?:(?:hi|hey|hello|hiya|howdy)(?: there| team| all| folks| everyone)?|good (?:morning|afternoon|evening))[,:!.-]?\s+(?:but\s+)?|(?:morning|um+|uh+|erm|er|hmm+|well|oh|sorry to bother you|sorry|apologies|so yeah|okay so|ok so|quick one)[,:!.-]+\s*(?:but\s+)?)+(?=\S)/

/** Polite or collaborative openers that turn what follows into a request ("can you delete ..."). */
export const REQUEST_PREFIX =
  /^(?:(?:please|pls|kindly|now|ok|okay|so|then|hey|hi|also|just|quickly|first|finally|next|carefully|simply|go ahead and|and|alright|all right|right|great|cool|thanks|sure|yes|yeah|yep|yup|lgtm|perfect)[,:!]?\s+|(?:can|could|would|will|won't) (?:you|we|u)(?: please)?(?: kindly)?\s+|(?:would|could|is|will) it be possible (?:for you )?to\s+|is it possible to\s+|would you mind\s+|maybe (?:we|you) (?:could|can|should)\s+|(?:i|we) (?:want|need|would like|'d like|wanna) (?:you )?to\s+|we (?:should|must|have to|ought to)\s+|(?:let's|lets|let us)\s+|help me(?: to)?\s+|i need you to\s+|you (?:should|must|need to)\s+|make sure (?:to|you)\s+|try to\s+|shall we\s+|should we\s+|time to\s+|i'd like you to\s+)/

/** Change targets: which AEE-phase action a change request is. */
export const DOC_WORDS =
  /\b(readme|docs?|documentation|changelog|docstrings?|requirements?|specification|architecture|adrs?|agents\.md|guide|tutorial|wiki|release notes|handbook|reference (?:page|docs?)|man ?pages?|help (?:page|text)|how-?to|[\w./-]+\.md|glossary|faq|manual|user stories|acceptance criteria|(?:usage|help|man|reference|install(?:ation)?|setup|getting[- ]started|quick[- ]?start)\s+(?:pages?|section))\b/i
/**
 * Documents written for people (not the governance files): editing one ("fix the typos in the README", "reword
 * the introduction of CONTRIBUTING.md") is documentation work that needs no requirement of its own.
 */
export const USER_DOCS = /\b(?:readme|docs?|documentation|user guide|guide|manual|faq|wiki|changelog|handbook|tutorial|how-?to|(?!(?:requirements|tests|ledger|agents)\.md\b)[\w./-]+\.md)\b/i
/**
 * The governance files and govtool's own settings: a change to them is no documentation for people, even when it names
 * a docs path ("add docs/ to the protected paths" changes GOVTOOL.yml's protected_paths).
 */
export const GOVERNANCE_DOCS = /\b(?:requirements|tests|ledger|agents)\.md\b|\bscaffold\.yml\b|\bgovtool\.yml\b|\bprotected[ _-]paths?\b|\bfrozen[ _-]statuses\b|\bpermissions?[ _-]presets?\b/i
export const TEST_WORDS = /\b(tests?|testcases?|test cases?|unit tests?|e2e|fixtures?|coverage|mocha|jest|pytest|vitest|assertions?|test suite)\b/i
export const CODE_CUES =
  /\b(bugs?|code|function|functions|method|methods|class|classes|module|modules|endpoint|endpoints|handler|implementation|feature|features|generators?|linters?|parsers?|renderers?|scripts?|plugins?|tooling|[\w/-]+\.(?:ts|js|mjs|py|rs|go|c|cpp|h|java|kt|rb|vhd|vhdl|sql|sh))\b|\b(?:implement|refactor|optimi[sz]e)\b/i

/** Explicit governance ids. */
export const REQ_ID = /\bREQ-(?:[A-Z][A-Z0-9_]*-)?\d+\b/gi
export const TEST_ID = /\bTEST-(?:[A-Z][A-Z0-9_]*-)?\d+[a-z]?\b/gi

/** Tools a request implies beyond its intent (permission profile check). */
export const TOOL_CUES: readonly {tool: string; pattern: RegExp}[] = [
  {tool: 'git_commit', pattern: /\bcommit(?:s|ted|ting)?\b(?!\s+(?:message|history|log|hash))/},
  {tool: 'git_push', pattern: /\bpush(?:es|ed|ing)?\b(?!\s+notifications?)(?!-notification)/},
  {tool: 'git_create_pr', pattern: /\b(?:open|create|raise|submit|file|make|send)\b[^.;!?]{0,12}\b(?:pull request|merge request|pr)\b/},
  // "the install section of the README", "the install guide": install as a modifier of a document or a measure
  // installs nothing
  {tool: 'install_package', pattern: /\b(?:npm|pip|cargo|yarn|pnpm|gem|go)\s+(?:install|add|i)\b|\binstall\b(?!\s+(?:sections?|docs?|documentation|guides?|instructions?|steps?|pages?|notes|size|time|times|count|counts|base|path|paths|dir|directory|location|wizard|screen)\b)|\badd\b[^.;]{0,30}\b(?:dependency|dependencies|package)\b/},
  {tool: 'open_url', pattern: /https?:\/\/|\b(?:open|browse|visit)\s+(?:the\s+)?(?:url|website|web page|link|site)\b/},
  // "after a bad deploy", "since the last deployment": a deploy named as an event is no deploy asked for; "the deploy
  // key" is a secret named by what it unlocks ("explain how to revoke a leaked deploy key" deploys nothing)
  // round 30b: "the whole deployment", "kubectl delete deploy x" (a kubectl resource name) are things, not deploying
  // round 29a: "scale the notes-api deployment to zero", "kubectl describe deployment notes-api": a Kubernetes deployment
  // named as the object an operation acts on deploys nothing (the operation decides)
  {tool: 'deploy', pattern: /(?<!\b(?:a|the|bad|failed|last|previous|each|every|our|broken|botched|after|before|since|during|next|whole|entire)\s|\bkubectl\s+[\w-]+\s)\bdeploy(?:s|ed|ing|(?<!\b(?:scale|describe|delete|get|restart|edit|kubectl\s+[\w-]+)(?:\s+down)?\s+(?:(?:the|our|a|this|that)\s+)?(?:[\w-]+\s+)?deploy)ment)?\b(?!\s+(?:keys?|tokens?|secrets?|credentials?|creds|certs?|certificates?|passwords?)\b)/},
  // "the publish token", "our npm publish workflow", "since the last publish": a publish named as a thing (a modifier
  // of a noun) or a past event is no publish asked for ("publish the package", "do the publish now" are)
  {tool: 'publish', pattern: /(?<!\b(?:bad|failed|last|previous|botched|broken)\s)\bpublish(?:es|ed|ing)?\b(?!\s+(?:tokens?|keys?|secrets?|credentials?|steps?|scripts?|workflows?|jobs?|commands?|configs?|configuration|settings?|permissions?|rights|access|pipeline|process|date|history|logs?)\b)/},
]

/** Words that alone say nothing about what to change ("make it better", "fix the issue"). */
export const GENERIC_TERMS = new Set(['better', 'good', 'nice', 'faster', 'fast', 'cleaner', 'clean', 'properly', 'correctly', 'stuff', 'everything', 'issue', 'issues', 'problem', 'problems', 'work', 'working', 'broken', 'bug', 'bugs', 'code', 'app', 'thing', 'whole', 'project'])

/** Nouns the policy rules look for, so a typo of one is read as the word ("ledgr", "pasword"). */
export const POLICY_NOUNS = [
  'ledger', 'preflight', 'governance', 'verify', 'verification', 'audit', 'password', 'passwords', 'secret', 'secrets', 'token', 'tokens',
  'credential', 'credentials', 'vault', 'keychain', 'private', 'database', 'backups', 'branch', 'branches', 'history', 'release', 'version',
  'chain',
  // round 12a: "print the api kyes" (words under four letters are never corrected)
  'keys',
]

/**
 * Common words one edit away from a lexicon word that must stay themselves ("point" is not a typo of
 * "print", "fault" not of "vault", "taken" not of "token").
 */
export const NOT_TYPOS = new Set(
  (
    'point paint pint fault taken audio hover power tower lower later score state share shore short table title model value while white ' +
    'where there these those other after water order under until their today still start stars stack notes lines times label labels level ' +
    'close clone whole would could should about above again along among being below every first given large least never often quite right ' +
    'since small think three using which world years email input login local field files front place ready reply route scope serve setup ' +
    'shape sheet shift sight slide smart space speed split stage stand stock story style terms thing tight topic total touch trace trade ' +
    'trust truth twice union upper usage users valid video visit voice waste watch width words worth young wrote write tests test text ' +
    'next post posts most past last list lost hold cold told sold mode node code data date time type form color colour match batch catch ' +
    'patch fetch sync sink link line mine fine find kind mind wind wine rate gate date hate late mate save safe same name game came fame ' +
    'note vote tone done gone none bone lone cone zone send sent seed need feed weed reed deed beer peer here hire fire wire tire dire ' +
    'ship shop skip slip step stop spot slot plot blot clot shot what when then than that this thus tags tag pages page weak ' +
    'crash remote plain path paths shared drive drives preset presets sprint preview expiry race built brace grace plane planet range lease ' +
    'blame frame flame basic stash crush fresh wiper trash shred cash case cases base bases mock lock rock sock dock pack back rack track ' +
    'tack tick pick sick lick kick nick wick rick bash dash hash mash rash wash push bush lush mush rush gush hush tush rest test best ' +
    'nest pest vest west zest lest fest jest stripe chance chances'
  ).split(' '),
)

/**
 * Secret-bearing objects named in a request ("the admin password", "the server token", ".env"). A flow or
 * feature named after one ("password reset", "token refresh", "key rotation") is no secret itself.
 */
export const SECRET_OBJECT = /(?:^|[^\w-])(?:passwords?|passphrases?|passcodes?|tokens?|api[ -]?keys?|(?:secret|private|signing|encryption|master|ssh|access) keys?|secrets?|credentials?|\.env|\.npmrc|bearer)\b(?![ -](?:reset|resets|recovery|rotation|refresh|expiry|strength|policy|field|prompt|form|manager|input|hashing|hash|change|changes|rules?|length))/

/** Governance records and checks named in a request (what a bypass acts on). */
export const GOVERNANCE_OBJECT = /\b(?:ledger|audit|gate|preflight|verify|verification|hooks?|checks?|chain|approvals?|approved|equilibrium|retry budget|requirements?\.md|tests\.md|govtool)\b/

/** Where a secret put by a change is exposed: shown, logged, committed, sent or kept in the clear. */
export const EXPOSING_DESTINATION = /\b(?:terminal|logs?(?!\s+(?:(?:the\s+)?users?\s+|them\s+|me\s+|us\s+|people\s+|someone\s+|him\s+|her\s+)?(?:in|out)\b)|logged|logging|print(?:ed|s)?|stdout|console|plain ?text|readme|commit(?:ted)?|e-?mail(?:ed)? (?:it|them|to)|url|query string|crash reports?|clipboard|public|gist|slack|pdfs?|exported (?:files?|notes?|pdfs?)|export (?:files?|output))\b/

/**
 * A secret named as an event rather than a value ("a wrong password", "an expired token", "when someone forgets their
 * password"): a change about what happens then exposes nothing.
 */
const SECRET_EVENT_NAMED = /\b(?:(?:a|an|the|their|his|her|your|my)\s+)?(?:wrong|bad|invalid|incorrect|mistyped|expired|missing|weak|empty|blank|forgotten|lost)\s+(?:passwords?|tokens?|credentials?|passphrases?|api[ -]?keys?|keys?)\b|\bforg(?:ot|ets?|etting|otten)\s+(?:my\s+|your\s+|their\s+|his\s+|her\s+|the\s+)?password\b/g
/** ... and a secret as the subject of a failed or spent state ("when the password is wrong", policy/secret-state.ts). */
export const SECRET_EVENT = new RegExp(`${SECRET_EVENT_NAMED.source}|${SECRET_STATE_SOURCE}`, 'g')

/**
 * A sentence that says what other people do ("Context: people paste passwords into bug reports."): a context, not an
 * instruction, even when it names a secret; a wish for them ("users should see ...") is not this.
 */
export const SAID_OF_OTHERS_SENTENCE = /^\s*(?:(?:context|background|problem|situation|observation|fyi)\s*:\s*)?(?:some\s+|many\s+|our\s+|the\s+|most\s+)?(?:people|users|customers|someone|somebody|folks|contributors|testers|colleagues|developers|devs|they)\s+(?:often\s+|sometimes\s+|still\s+|keep\s+|regularly\s+|always\s+|accidentally\s+|occasionally\s+|constantly\s+)?(?!(?:should|must|can|could|need|needs|will|would|shall|may|might|want|wants|ought)\b)[a-z]+(?:s|ed)?\b/

/** A secret kept safe or left out ("kept in the OS keychain", "hashed", "never printed"): no exposure. */
export const SECRET_KEPT_SAFE = /\b(?:keychain|keyring|vault|hash(?:ed|es)?|encrypt(?:ed|s)?|redact(?:ed|s)?|mask(?:ed|s)?|never|without|instead of|rather than|not|out of|away from|how (?:to|you|users?|people|we|one) (?:get|obtain|request|rotate|reset|revoke|renew|create|generate|set|change|store|keep|protect)|rotat(?:e|es|ed|ing|ion)|revok(?:e|es|ed|ing)|revocation|(?:on|about|for|covering) (?:creating|generating|obtaining|requesting|resetting|changing|managing|storing|protecting|choosing|renewing)|(?:scrub|strip|remov|omit|exclud|saniti[sz]|purg|eras|filter)\w*(?: [\w'-]+){0,5}? (?:from|out of))\b/

/**
 * Verbs that copy or move their object to another place or device ("sync", "mirror", "back up", "send ... to"), with the
 * direction they send it in: a change that moves a secret somewhere other than a secret store asks (the fail-safe
 * after the policy's `secrets.store_moved`: "push the session token to the backup server" names no place the
 * exposure lexicons know, and is no protection either).
 */
export const MOVING_VERB = /\b(?:sync(?:s|ed|ing)?|synchroni[sz]\w*|mirror\w*|replicat\w*|back(?:s|ed|ing)? up|cop(?:y|ies|ied|ying)|clon(?:e|es|ed|ing)|upload\w*|export\w*|transfer\w*|migrat\w*|mov(?:e|es|ed|ing)|push(?:es|ed|ing)?|sen[dt]|sends|sending|forward\w*|shar(?:e|es|ed|ing)|attach\w*|post(?:s|ed|ing)?|stream\w*|duplicat\w*|propagat\w*|carr(?:y|ies|ied) over|hand(?:s|ed)? over)\b/
/** A secret as the object of a moving verb: after it in the clause, with no subordinate clause or means between. */
export const MOVED_SECRET_AFTER = /^(?:(?!\b(?:when|whenever|if|unless|while|because|after|before|once|until|using|via|by|through)\b)[^.;!?]){0,40}?(?:^|[^\w-])(?:passwords?|passphrases?|passcodes?|tokens?|api[ -]?keys?|(?:secret|private|signing|encryption|master|ssh|access|deploy) keys?|secrets?|credentials?|creds|\.env|\.npmrc)\b(?![ -](?:reset|resets|recovery|rotation|refresh|expiry|strength|policy|field|prompt|form|manager|input|hashing|hash|change|changes|rules?|length))/
export const MOVED_TO = /\b(?:to|into|onto|across|up to|over to|with)\s+(?!(?:(?:the|our|a|an|my|their|each|every|another|all|other|os|system|login|new|user'?s)\s+)*(?:keychain|keyring|vault|password manager|secrets? manager|credential (?:store|manager)|memory|ram)\b)\w/

/** The secret nouns of `SECRET_OBJECT`, as the head of a phrase. */
const SECRET_HEAD = String.raw`(?:passwords?|passphrases?|passcodes?|tokens?|api[ -]?keys?|(?:secret|private|signing|encryption|master|ssh|access) keys?|secrets?|credentials?)`

/**
 * A change whose object is a secret itself ("document the production database password in the user guide",
 * "write the AWS secret access key in the FAQ"): the verb places the secret's value, not text about secrets
 * ("document how to rotate the API token", "a section on passwords" name a topic). Up to four modifiers, none a
 * function word, before the secret noun as the head of the object.
 */
export const PLACED_SECRET = new RegExp(
  String.raw`^(?:(?:the|our|my|your|its|their|a|an|every|all|each|this|that|these|those|all the|all of the)\s+)?(?:(?!(?:how|what|where|why|when|which|who|to|of|on|about|for|that|new|rotating|rotated|resetting|reset)\b)[\w.-]+\s+){0,4}?${SECRET_HEAD}(?:\s+(?:values?|strings?|itself|themselves))?(?=\s*$|\s+(?:in|into|to|on|onto|for|so|from|at|under|inside|within|and|as|where)\b|\s*[,.;:!?])`,
)

/** Verbs that place their object somewhere (where a secret as object is put in the clear). */
export const PLACING_VERBS = new Set(['write', 'put', 'paste', 'document', 'add', 'include', 'copy', 'insert', 'record', 'list', 'embed', 'hardcode', 'hard-code', 'commit', 'save', 'dump', 'publish', 'post', 'share', 'send', 'note', 'mention', 'print', 'show', 'display', 'expose', 'leave', 'keep', 'store', 'place', 'append', 'drop', 'stick', 'type', 'spell', 'attach', 'upload', 'push', 'check', 'bake', 'inline', 'output', 'echo', 'log', 'email', 'mail', 'export'])

/** An object that stands for a secret named earlier in the request ("paste its value into the README"). */
export const SECRET_VALUE_PRONOUN = /^(?:its|their|the|that|this) (?:values?|contents?|actual values?|raw values?)\b/
