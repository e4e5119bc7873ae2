/**
 * The word lists behind scope resolution (kept as data, like lexicon.ts): common English words, which never
 * make scope on their own, the verbs whose object is something new, and the words that end an object.
 */
import {MORE_CONCEPTS} from './concept-synonyms.js'
import {TALK_WORDS} from './talk-words.js'
import {VERB_INTENT} from './lexicon.js'

/**
 * Frequent English words (and words every software requirement uses) that say nothing specific about a
 * project: they count towards a match, but a match needs at least one word that is not one of these.
 */
export const COMMON_ENGLISH: readonly string[] = (
  'add added adding make made fix fixed change changed changes update updated updates create created build built implement ' +
  'support remove removed delete set get put run running use used user users show keep kept let give take go come see look find ' +
  'work works call try ask feel leave mean begin help talk turn start started stop end open close move live write read ' +
  'say tell know think want need seem become bring hold happen provide include continue learn lead stand lose pay meet ' +
  'time times year years day days week weeks minute minutes hour hours second seconds moment today now people person ' +
  'way ways thing things part parts place case cases point number numbers group problem fact hand home side kind sort ' +
  'type types form forms line lines name names word words item items list lists page pages area level order state ' +
  'value values result results option options flag flags setting settings feature features function functions button ' +
  'command commands tool tools file files data information info detail details message messages text texts view views ' +
  'field fields mode modes screen window box link links image images app apps application program code version ' +
  'system service process step steps action actions event events check checks test tests error errors issue issues bug bugs ' +
  'good new first last long great little own other old right big high different small large next early young important ' +
  'few public bad same able main sure clear full free simple easy hard real whole best better quick quickly fast slow ' +
  'more most less least many much lot lots also always never often again back well even only still ' +
  'plus sign signs after before instead every each all any some both half top bottom left own empty ' +
  'again better current default custom extra whole single multiple another other others certain possible available ' +
  'local global general basic special common normal standard simple main total ' +
  // comparatives and judgements say how it should be, not which feature: "show a clearer error when signing in fails"
  'clearer clearest nicer friendlier shorter longer simpler cleaner safer smoother neater tidier prettier ' +
  'helpful unhelpful confusing readable understandable friendly nice ugly messy cryptic vague ' +
  // round 10b: adjectives and adverbs of manner say how, not which thing ("use a fresh nonce", "fail loudly")
  'fresh random exact exactly loud loudly lazily lazy quietly properly correctly gracefully instantly immediately ' +
  'distinct unique separate entire proper wrongly interactively ' +
  // when work is done says how it is made faster, not which feature ("by deferring the plugin loading")
  'defer defers deferred deferring load loads loaded loading ' +
  // how a test behaves ("the search tests are flaky; make them deterministic")
  'flaky flakey deterministic nondeterministic intermittent intermittently brittle ' +
  // the parts every document has ("the note titles", "their bodies") say which part, not which feature
  'title titles body bodies content contents heading headings ' +
  // number words say how many, not which feature
  'one two three four five six seven eight nine ten eleven twelve twenty thirty fifty hundred thousand dozen several couple pair ' +
  'thirteen fourteen fifteen sixteen seventeen eighteen nineteen forty sixty seventy eighty ninety million once twice thrice quarter ' +
  // words that name no thing: indefinite pronouns, everyday verbs and irregular participles ("show an error if
  // someone tries", "so every note is written")
  'someone somebody anyone anybody everyone everybody nobody something anything everything ' +
  'try tries tried trying wait waits waited waiting happen happens happened written done gone given taken seen shown known ' +
  'chosen begun id ids whenever wherever whatever however ' +
  // what documentation and tests are made of: "add a FAQ entry about X", "add a test that X"
  'doc docs documentation readme faq guide section entry entries paragraph explanation chapter example examples ' +
  'troubleshooting tutorial wiki changelog test tests testing unit regression e2e integration spec specs case coverage assertion ' +
  // round 12b: the machine a user runs the tool on is where, not which feature ("the laptop's copy", "the
  // computer it runs on"); a round trip is how many, "whichever" names no thing
  'laptop laptops computer computers round trip trips whichever whoever break breaks broken ' +
  // what tests do to behaviour ("then add tests covering both")
  'cover covers covered covering ' +
  // round 13b: a bound and an outcome say how much and whether, not which feature ("a test for the 20-label limit:
  // adding a 21st label should fail"); sizes in bytes say how much, like numbers
  'limit limits cap caps capped maximum max minimum min fail fails failed failing failure failures ' +
  'byte bytes kilobyte kilobytes megabyte megabytes kb mb gb ' +
  // round 14b: what is left of a contraction ("doesn't" -> doesn) and function words that name no thing ("notes
  // whose hash is the same", "is ever left behind")
  'doesn isn aren wasn weren didn don won wouldn shouldn couldn hasn haven hadn mustn needn ain whose ever behind ' +
  // a judgement of what is there now, and what is absent, say why, not which feature ("the current cipher is too
  // weak", "add the missing ones")
  'weak weaker strong stronger outdated missing ' +
  // the register of a ticket or a chat says how urgent or polite, not which feature ("fix asap pls", "kindly do the needful")
  'asap pls plz thx fyi urgent urgently kindly needful ' +
  // an outcome the program gives ("the server should refuse it", "never silently skip a note") says how, like fail
  'refuse refuses refused refusing reject rejects rejected deny denies denied decline declines skip skips skipped skipping'
).split(/\s+/).filter(Boolean).concat(TALK_WORDS)

/**
 * Round 14b: implementation techniques that say how the program does what it already does, not what it does
 * ("memoise the parsed config so ...", "lazy-load the export module so ...", "precompute the index so ..."): an
 * instruction led by one of them (or by making one of their devices: "build an inverted index so ...") for a purpose is scoped by its purpose when its own words meet nothing or only thinly.
 */
export const TECHNIQUE = /^\s*(?:(?:please|pls|plz|just|kindly|can you|could you)\s+)*(?:memoi[sz]e|memoi[sz]ing|cache|caching|precompute|pre-compute|prefetch|pre-fetch|preload|pre-load|lazy[- ]?load|lazily load|defer|debounce|throttle|batch|parallel[iy][sz]e|warm up|inline|pool|reuse|(?:add|build|use|introduce|keep|create|maintain)\s+(?:an?|the|some)\s+(?:[a-z-]+\s+){0,2}?(?:cache|index|memo|lookup table|pool))\b(?<means>.*?)(?:,\s*|\s)(?:so that|so|in order to|to make|to speed up|to get)\s(?<goal>.+)$/is

/** Verbs whose object is something to bring into being: a new thing named there needs a requirement that covers it. */
export const CREATING_VERBS: ReadonlySet<string> = new Set(['add', 'implement', 'support', 'introduce', 'create', 'build', 'integrate', 'enable', 'develop', 'offer', 'provide', 'allow', 'let'])

/**
 * Verbs that, as a change, put something new in front of the user or produce a new artefact ("show a history
 * page with ...", "export notes to an EPUB ebook"): their object is judged like a created one.
 */
export const PRODUCING_VERBS: ReadonlySet<string> = new Set(['show', 'display', 'render', 'draw', 'present', 'offer', 'export', 'import'])

/** Where a role the object is to play begins ("add Dropbox as a second sync server"): the object is what is new. */
export const AS_ROLE = /\s(?:as|acting as|serving as)\s/

/** Where an object ends and the place it is attached to begins ("add X to the export command"). */
export const ATTACH = /\s(?:to|into|in|inside|on|onto|for|under|within|next to|beside)\s/g

/**
 * Verbs after "to" that make it an infinitive, not a place ("an option to export the notes to Google Docs": the
 * option is to export, and the place is Google Docs); the intent lexicon's verbs count too.
 */
export const INFINITIVE_VERBS: ReadonlySet<string> = new Set(['export', 'import', 'share', 'open', 'select', 'choose', 'pick', 'toggle', 'switch', 'view', 'see', 'print', 'send', 'save', 'sort', 'search', 'find', 'tag', 'label', 'sync', 'upload', 'download', 'encrypt', 'decrypt', 'reset', 'log', 'sign', 'pin', 'star', 'archive'])

/**
 * Verbs of how a thing behaves, not of a thing it makes (round 12b): what a causative makes a project thing do
 * ("let syncing wait and retry ...", "let the server's copy win") is its action, never a new thing the change names.
 */
export const BEHAVIOUR_VERBS: ReadonlySet<string> = new Set(
  'wait waits pause pauses resume resumes win wins prevail prevails lose loses survive survives persist persists remain remains stay stays retry retries fail fails succeed succeeds'.split(' '),
)

/** Where an object's head ends and a clause describing it begins ("a command that counts words"). */
// (round 18b: or a colon after a test's noun, "add an integration test: a command run 31 minutes after ... exits 4")
export const RELATIVE = /\s(?:that|which|who|whose|where|so that|so|when|whenever|instead of|rather than|like)\s|(?<=\b(?:tests?|test cases?|checks?)):\s/

/**
 * Nouns of a small addition to an existing feature: "add a --limit flag to search", "add a strength check to
 * login" refine the requirement of the place they are attached to; "add passkeys to login" does not.
 */
export const REFINEMENT_HEADS: ReadonlySet<string> = new Set(
  ('flag flags option options switch switches argument arguments parameter parameters check checks validation prompt prompts ' +
    'confirmation warning warnings message messages line lines bar indicator column columns field fields filter filters limit ' +
    'timeout retry retries button buttons hint hints test tests section entry paragraph explanation example examples migration')
    .split(' '),
)

/**
 * Words that name one concept in everyday and in technical English. A request word the project does not use is
 * read as a word of its group the project does use ("idle" meets "inactivity", "keyring" meets "keychain",
 * "boot" meets "startup"); a word the project uses is always itself. Phrases are written with a space and
 * matched on two adjacent request words ("sign in", "hard drive"). Both the request's and the project's
 * spellings go through the same stemming, so a group needs one form of each word.
 */
export const CONCEPTS: readonly (readonly string[])[] = [
  ['inactivity', 'inactive', 'idle', 'idling', 'idleness', 'untouched', 'without activity', 'no activity', 'idle time'],
  ['login', 'log in', 'sign in', 'signing in', 'logon', 'authenticate', 'authentication'],
  ['expire', 'expiry', 'expiration', 'lapse', 'timeout', 'time out', 'kick out', 'log out', 'logout', 'sign out'],
  ['startup', 'start up', 'boot', 'launch', 'cold start', 'start time'],
  ['fast', 'quick', 'quicker', 'speedy', 'snappy', 'sluggish'],
  ['offline', 'unreachable', 'disconnected', 'no network', 'no connection', 'no internet', 'back online', 'network drops', 'connectivity'],
  ['keychain', 'keyring', 'credential store', 'secret store', 'credential manager'],
  ['encrypt', 'encryption', 'cipher', 'encipher', 'authenticated encryption'],
  ['search', 'lookup', 'look up', 'looking up', 'find notes', 'full-text', 'grep', 'grepping', 'search hits', 'search hit'],
  ['relevance', 'relevant', 'best match', 'best matches', 'ranking'],
  ['plaintext', 'unencrypted', 'plain text', 'cleartext', 'clear text'],
  ['disk', 'hard drive', 'on-disk'],
  ['password', 'passphrase', 'passcode'],
  ['sync', 'synchronise', 'synchronize', 'synchroniser', 'synchronizer', 'synchronisation', 'synchronization', 'syncing'],
  ['server', 'backend', 'back end'],
  ['overwrite', 'clobber', 'clobbers', 'overwritten'],
  ['reversible', 'rollback', 'roll back', 'reverse', 'down migration'],
  ['migration', 'schema change', 'database upgrade', 'db upgrade', 'schema upgrade'],
  ['label', 'tag', 'tagging', 'tagged'],
  ['color', 'ansi', 'escape codes', 'colorise', 'colorize', 'colourise', 'colourize'],
  ['pipe', 'piped', 'redirected', 'not a tty', 'non-interactive'],
  ['queue', 'queued', 'buffer', 'pending edits', 'outbox'],
  ['upload', 'push local', 'pushing local', 'send local'],
  ['download', 'pull remote', 'pulling remote', 'fetch remote'],
  ['conflict', 'collision', 'collide', 'clash', 'disagree'],
  ['reset', 'forgot', 'forgotten', 'forgets'],
  ['export', 'save as'],
  // round 21c: what a command sends, worded by direction ('outgoing notes', 'what goes over the wire')
  ['send', 'outgoing', 'over the wire', 'on the wire'],
  ['plaintext', 'readable copy', 'readable copies', 'in the clear', 'clear-text'],
  // round 4: everyday wordings of the same concepts (thesaurus groups, not request sentences)
  // (phrases are read on two adjacent words, so a member has at most two)
  ['inactivity', 'no input', 'unattended', 'left alone', 'afk'],
  ['expire', 'expired', 'stale', 'timed out', 'auto logout', 'log off', 'logoff', 'sign off', 'time limit', 'stops working', 'stop working', 'invalidate', 'invalidated'],
  ['startup', 'start-up', 'launch time', 'load time', 'boot time', 'come up', 'comes up', 'spin up'],
  ['offline', 'no wifi', 'no signal', 'airplane mode', 'flight mode', 'without network', 'without internet', 'lost connection', 'connection drops', 'no network', 'loses connectivity'],
  ['encrypt', 'encrypted', 'aes', 'aes-256', 'aes-256-gcm', 'at rest'],
  ['search', 'look for', 'looking for', 'query', 'querying', 'finding notes'],
  ['relevance', 'best first', 'most relevant', 'ranked', 'rank', 'ranks', 'result order', 'come first'],
  ['disk', 'hard disk', 'on disk', 'ssd', 'file system', 'filesystem'],
  ['migration', 'database structure', 'db structure', 'database layout', 'table layout', 'schema version'],
  ['color', 'colour', 'colours', 'colors', 'coloured', 'colored', 'escape sequences', 'ansi codes', 'highlighting'],
  ['pipe', 'piping', 'another program', 'other program', 'other tools', 'non-tty', 'redirect', 'redirecting'],
  ['queue', 'keep locally', 'store locally', 'kept locally', 'pending changes', 'backlog', 'retry later', 'send later', 'push later'],
  ['conflict', 'clashing', 'clashes', 'collisions', 'competing edits', 'concurrent edits', 'simultaneous edits'],
  ['reset', 'recover', 'recovery', 'lost password', 'regain access', 'locked out', 'new password'],
  ['email', 'e-mail', 'mail', 'mailed', 'emailed', 'inbox'],
  // round 7: a state or an outcome worded as what happens ("when the server can't be reached", "choose between
  // two versions of a note")
  ['offline', 'be reached', 'not reachable', 'unavailable', 'cannot connect', 'goes down', 'is down', 'without connection'],
  ['conflict', 'two versions', 'both versions', 'both copies', 'keep both', 'edited twice', 'same note'],
  // round 8b: coming back online, scrambling
  ['offline', 'reconnect', 'reconnects', 'reconnected', 'reconnecting', 'in flight'],
  ['encrypt', 'scramble', 'scrambled', 'scrambling'],
  // round 10b: paraphrases of a requirement's key notion (undo is a reversal, a link that stays valid has not
  // expired, decrypting is the other half of encrypting, edits not yet sent are queued)
  ['reversible', 'undone', 'undoable', 'step back', 'downgrade', 'downgrades'],
  ['expire', 'stays valid', 'stay valid', 'remains valid', 'valid for', 'lifetime', 'validity'],
  ['encrypt', 'decrypt', 'decrypted', 'decryption', 'decrypting'],
  ['schema', 'table', 'tables', 'column', 'columns'],
  ['pick', 'picks', 'choose', 'chooses', 'chose', 'choosing'],
  ['queue', 'unsent', 'not yet sent', 'not sent', 'not uploaded', 'waiting edits', 'waiting changes'],
  // nominalisations the stemmer does not bring together
  ['resolution', 'resolve', 'resolving', 'resolved', 'resolves'],
  ['deletion', 'delete', 'deleting', 'deleted'],
  // round 12b: the same notions in words nobody used yet (a link that dies has expired, what is pulled down is
  // downloaded, a note changed in two places conflicts, a copy of a note is one of its versions, being on a plane is
  // being offline)
  ['expire', 'dies after', 'die after', 'dead after', 'goes stale'],
  ['download', 'pull down', 'pulls down', 'pulling down', 'fetch down'],
  ['conflict', 'two places', 'both places', 'two devices', 'both devices', 'two machines', 'both machines', 'both sides'],
  ['version', 'copy', 'copies'],
  ['login', 'sign on', 'signs on', 'signing on', 'log on', 'logs on'],
  ['upload', 'flush', 'flushes', 'flushed', 'flushing'],
  ['conflict', 'both changed', 'both edited', 'both modified', 'both updated', 'changed twice', 'edited concurrently'],
  ['offline', 'plane', 'airplane', 'aeroplane', 'no reception', 'no coverage', 'dead zone'],
  ...MORE_CONCEPTS,
]

/**
 * Fixed phrases of everyday technical English whose words, read one by one, would meet a project word or count as
 * something new (round 13b: "a table of contents" is no database table, "the NO_COLOR environment variable" and "a
 * stack trace" name no feature): scope reads past them.
 */
export const COMMON_PHRASES = /\b(?:tables? of contents?|environment variables?|env vars?|stack ?traces?|tracebacks?)\b/gi

/**
 * Words of the development workflow, not of the product ("open a pull request for the export fix", "a test for
 * the flaky sync"): a request naming them names no new thing a requirement would lack.
 */
export const WORKFLOW_WORDS: ReadonlySet<string> = new Set(['pull', 'request', 'requests', 'pr', 'prs', 'branch', 'commit', 'merge', 'fix', 'fixes', 'bug', 'bugs', 'issue', 'ticket', 'test', 'tests', 'refactor', 'cleanup', 'review', 'patch', 'change', 'changes', 'code'])

/**
 * Spelling variants and derived forms a request may use for a project word, tried in order when the word itself
 * is not the project's: British -ise/-iser/-isation read as -ize ("colouriser" meets "color", "prioritisation"
 * "prioritization"), -yse as -yze, and an agent noun with a doubled consonant read as its verb ("tagger" meets
 * "tag", "planner" "plan"; other agent nouns, "syncer", "exporter", "encryptor", lose their -er/-or in scope.ts).
 */
export const VARIANT_FORMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/is(e|es|ed|er|ers|ing|ation|ations)$/, 'iz$1'],
  [/ys(e|es|ed|er|ers|ing)$/, 'yz$1'],
  [/([bdglmnprt])\1(?:er|ers|or|ors)$/, '$1'],
  // round 18b: the negated participle of a project word ("unchanged notes", "untagged notes") is about that word
  [/^un([a-z]{4,}(?:ed|ing))$/, '$1'],
]

/**
 * Derivational morphology as data (round 10b): an agent noun names the doer of a verb ("the syncer", "the
 * exporter", "the encryptor", "the synchroniser", "the tagger", "the migrator"). Each ending is stripped (the
 * replacement put back) to reach the verb, tried in order; a word is an agent noun only when the verb reached is a
 * specific word of the project (so "user", "server", "timer", "faster" are not: no project verb, or common English).
 */
export const AGENT_FORMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/([bdglmnprt])\1(?:er|or)s?$/, '$1'],
  [/([iy])[sz]ers?$/, '$1ze'],
  [/ators?$/, 'ate'],
  [/(?:er|or)s?$/, ''],
  [/rs?$/, ''],
]

/**
 * Words that say a feature is to do something more than it does ("the downloader should also fetch podcasts",
 * "let the uploader also send the user's photos"): what follows is new, so naming the doer is no anchor for it.
 */
// (round 18b: "too" before the word it grades, "too slow", "too many notes", is a degree, not an addition)
export const EXTENDING = /\b(?:also|too(?!\s+(?:[a-z]+ly\s+)?(?:slow|fast|long|short|big|small|large|many|much|few|little|high|low|late|early|often|old|new|heavy|hard|easy|strict|loose|wide|narrow|noisy|verbose|quiet|bright|dark|aggressive|eager|sensitive|complex|complicated|expensive|cheap|frequent|rare|generic|vague|specific|close|far|quick|quickly|slowly|soon)\b)|as well|additionally|in addition|on top of that|besides)\b/i

/** A number word, a digit, or "a"/"an"/"half a" before a unit ("300", "thirty", "half an", "a fifth of a"). */
const AMOUNT = String.raw`(?:\d+(?:[.,]\d+)?|an?|half\s+an?|an?\s+(?:fifth|tenth|quarter|third)\s+of\s+an?|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|thirty|forty|fifty|sixty|ninety|hundred)`

/** A short span of time: what a performance budget is measured in ("under half a second", "300 ms"). */
const SHORT_TIME = new RegExp(String.raw`\b${AMOUNT}[\s-]*(?:ms|s|secs?|seconds?|milliseconds?)\b`, 'i')

/** A longer span of time: what a session or a link lasts ("after half an hour", "30 minutes"). */
const LONG_TIME = new RegExp(String.raw`\b${AMOUNT}[\s-]*(?:mins?|minutes?|hours?|hrs?)\b`, 'i')

/**
 * Kinds of requirement, as data: a request that puts a measure next to a quantity of the right kind is about the
 * requirement of that kind even when it uses none of its words. "the app must start in under half a second" is a
 * start-up budget (a measure of starting or launching with a short time); "when someone walks away for half an
 * hour, end their session" is the session timeout (session words with a limit of time). The term is added to the
 * request's scope terms only when the project has it, and it is narrated (`kind: ...`) with the words that made it.
 */
export interface RequirementKind {
  name: string
  /** what is measured or limited */
  measure: RegExp
  /** the quantity that makes it this kind */
  quantity: RegExp
  /** the project words standing for the kind, the first the project has is used */
  terms: readonly string[]
}

/**
 * A comparative of speed, or a complaint of slowness ("faster", "quicker", "speed it up", "sluggish"): with a measure
 * of starting it is the start-up budget as a short time is (round 10b: "make the CLI quicker to start").
 */
const SPEED_COMPARATIVE = /\b(?:faster|quicker|sooner|snappier|speedier|speed(?:s|ed|ing)?\s+(?:\w+\s+)?up|sluggish|slow(?:er|ly|ness)?|lag(?:gy|s)?|takes? (?:too |so )?long)\b/i

export const REQUIREMENT_KINDS: readonly RequirementKind[] = [
  {
    // round 10b: edits waiting to be sent that survive the app going away ("pending edits should still be there after
    // the app restarts") are the offline queue's: kept locally until the next sync
    name: 'kept queue',
    measure: /\b(?:(?:queued|pending|unsent|unsynced|offline|waiting)\s+(?:edits?|changes?)|(?:edits?|changes?)\s+(?:made\s+)?(?:while\s+)?offline)\b/i,
    quantity: /\b(?:(?:still (?:be )?there|survives?|surviving|persist(?:s|ed)?|(?:not|never) (?:be )?lost)(?: (?:after|across) (?:the app |the cli |a |an |the )?(?:restarts?|reboots?|relaunch(?:es)?|crash(?:es)?))?|(?:after|across) (?:the app |the cli |a |an |the )?(?:restarts?|reboots?|relaunch(?:es)?|crash(?:es)?))\b/i,
    terms: ['queued', 'queue'],
  },
  {
    // round 10b: a lookup's speed (a short time, a comparative, "make it quick") is search's budget ("make looking
    // things up in ten thousand notes come back in under a fifth of a second")
    name: 'search speed',
    measure: /\b(?:search(?:es|ed|ing)?|look(?:s|ing|ed)?\s+(?:\w+\s+){0,2}?up|lookups?|find(?:s|ing)?\s+(?:a\s+|the\s+)?notes?)\b/i,
    quantity: new RegExp(`${SHORT_TIME.source}|${SPEED_COMPARATIVE.source}|\\b(?:quick|fast|instant|instantly)\\b`, 'i'),
    terms: ['search'],
  },
  {
    name: 'start-up speed',
    measure: /\b(?:start(?:s|ed|ing)?|start-?up|launch(?:es|ed|ing)?|boot(?:s|ed|ing)?|cold start|load time|be ready|is ready)\b/i,
    quantity: SPEED_COMPARATIVE,
    terms: ['startup'],
  },
  {
    name: 'start-up time',
    measure: /\b(?:start(?:s|ed|ing)?|launch(?:es|ed|ing)?|boot(?:s|ed|ing)?|be ready|is ready|opening the (?:app|cli|program|tool)|open(?:s)? the (?:app|cli|program|tool)|(?:app|cli|program|tool) (?:to )?opens?)\b/i,
    quantity: SHORT_TIME,
    terms: ['startup'],
  },
  {
    name: 'session timeout',
    measure: /\b(?:sessions?|signed in|logged in|(?:log|sign)(?:s|ged|ed)?\s+(?:\w+\s+)?in again|(?:log|sign)(?:s|ged|ed)?\s+(?:\w+\s+){0,2}?(?:out|off)|walks? away|idle|idling|inactiv\w*|(?:after|since)\s+(?:the\s+|their\s+|its\s+)?last\s+(?:activity|command|use|action|interaction)|no\s+activity)\b/i,
    quantity: LONG_TIME,
    terms: ['timeout'],
  },
]

/**
 * Round 14b: words that say a frozen rule should work otherwise (which copy wins, doing it without the user, fewer or
 * more versions, stopping what it does, always one way, a new surface). A request naming only a frozen requirement's words and none of these
 * outside a negation restates the rule ("when two edits collide, keep both copies") rather than changing it.
 */
export const DEVIATING: ReadonlySet<string> = new Set(
  ('only just automatically automatic auto merge merged merges merging newest newer latest last older oldest earliest ' +
    'win wins winning prevail prevails drop drops dropping discard discards hide hides stop stops skip skips remove ' +
    'removes delete deletes silently quietly timestamp timestamps three four five several multiple whichever ' +
    'instead rather never no not without longer always resolve resolves resolving take takes taking ' +
    // a new surface shows the rule otherwise ("in a side-by-side view")
    'view views screen screens dialog dialogs page pages window windows popup popups').split(' '),
)

/** What negates the words after it ("instead of silently picking one", "shouldn't ever clobber", "never overwrite"). */
export const NEGATOR = /^(?:not|never|no|without|cannot|[a-z]+n't|[a-z]+nt)$/

/** Words read past between a negation and what it negates ("never has to pick", "shouldn't ever clobber"). */
export const NEGATED_SKIP: ReadonlySet<string> = new Set(['ever', 'have', 'has', 'had', 'to', 'be', 'been', 'the', 'a', 'an', 'of', 'user', 'users', 'anyone', 'someone', 'them', 'it', 'just', 'really', 'need', 'needs', 'again', 'any', 'longer', 'more'])

/** The first "to/in/on ..." of an object that is a place, not an infinitive ("an option to export ..."). */
export function attachment(object: string): RegExpExecArray | undefined {
  ATTACH.lastIndex = 0
  for (let m = ATTACH.exec(object); m !== null; m = ATTACH.exec(object)) {
    const after = object.slice(m.index + m[0].length)
    const next = /^[a-z'-]+/.exec(after)?.[0] ?? ''
    // "an option to export the notes" is an infinitive; "a --dry-run option to sync" ends in the command it goes on
    if (m[0].trim() === 'to' && (INFINITIVE_VERBS.has(next) || VERB_INTENT.has(next)) && after.slice(next.length).trim() !== '') continue
    ATTACH.lastIndex = 0
    return m
  }
  ATTACH.lastIndex = 0
  return undefined
}
