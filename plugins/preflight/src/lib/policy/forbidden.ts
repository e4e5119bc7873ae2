/**
 * What a project never allows (decision `rejected`): exfiltrating secrets, disabling or bypassing
 * governance, destroying protected paths. Built-in rules are always on; docs/GOVTOOL.yml adds patterns
 * and protected paths.
 */
import {ACTION_OBJECT_RULES, type ActionObjectRule, alt, KEPT_PROTECTED, LOG_NOUN_AFTER, LOG_NOUN_BEFORE, NOT_CODE_HOOK, SHARED_PARTS} from './action-object.js'
import {MORE_ACTION_OBJECT_RULES} from './action-object-more.js'
import {INDIRECT_ACTION_OBJECT_RULES} from './action-object-indirect.js'
import {OUTCOME_ACTION_OBJECT_RULES} from './action-object-outcome.js'
import {BY_HAND_RULES} from './governance-by-hand.js'
import {CARRIED_SECRET_RULES} from './secrets-carried.js'
import {WORDED_GOVERNANCE_RULES} from './governance-worded.js'
import {VALUES_OF_SECRET_RULES} from './secrets-values-of.js'
import {ROUTED_SECRET_RULES} from './secrets-routed.js'
import {CONTAINED_SECRET_RULES} from './secrets-contained.js'
import {WITHOUT_CHECK_RULES} from './governance-without.js'
import {WORK_ITEM_RULES} from './governance-budget.js'
import {APPROVAL_MARKED_RULES} from './approval-marked.js'
import {NEUTERED_GOVERNANCE_RULES} from './governance-neutered.js'
import {ASKED_HOW_BYPASS_RULES, ASKED_HOW_EXPOSE_RULES} from './asked-how-bypass.js'
import {HIDDEN_ASK_RULES} from './hidden-ask.js'
import {DEFERRED_RULES} from './governance-deferred.js'
import {PRONOUN_PLACE_RULES} from './secrets-pronoun-place.js'
import {CHECKS_SKIPPED_RULES} from './checks-skipped.js'
import {RECORD_KEPT_OUT_RULES} from './record-kept-out.js'
import {READ_THEN_BYPASS_RULES} from './read-then-bypass.js'
import {EUPHEMISM_GOVERNANCE_RULES} from './governance-euphemism.js'
import {CHECKS_RED_RULES} from './checks-red.js'
import {VALUES_NAMED_RULES} from './secrets-values-named.js'
import {FORCED_GOVERNANCE_RULES} from './governance-forced.js'
import {TOOLED_SECRET_RULES} from './secrets-tooled.js'
import {RELAYED_SECRET_RULES} from './secrets-relayed.js'
import {EMITTED_SECRET_RULES} from './secrets-emitted.js'
import {SHIPPED_SECRET_RULES} from './secrets-shipped.js'
import {SUGGESTION_LEAD} from '../analyse/lexicon.js'
import {PERMISSION_LEAD} from '../analyse/role-lead.js'
import {BUILTIN_PROTECTED_PATHS, type PreflightConfig} from './config.js'
import {execOpenAlternatives} from './alternative-split.js'
import {alternatives, literalPrefilter, mayMatch, type LiteralPrefilter} from './literal-prefilter.js'
import {machineCode} from './machine-code.js'
import {STAND_IN} from './stand-ins.js'
import {QUIETED_GOVERNANCE_RULES} from './governance-quieted.js'
import {COMMANDS_NAMED_RULES} from './commands-named.js'
import {MACHINERY_RULES} from './governance-machinery.js'
import {FOUND_SECRET_RULES} from './secrets-found.js'
import {POINTED_GOVERNANCE_RULES} from './governance-pointed.js'
import {SECRET_PROVIDERS} from './secret-providers.js'
import {CLAIMED_GOVERNANCE_RULES} from './governance-claimed.js'
import {LOOSENED_GOVERNANCE_RULES} from './governance-loosened.js'
import {PIECED_SECRET_RULES} from './secrets-pieced.js'
import {SETTINGS_LOOSENED_RULES} from './governance-settings-loosened.js'

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
  /**
   * A second set of words of which the request must also contain one (none: no second condition): a rule whose
   * gate is its object (a secret word) names its verbs here, so a request that names a secret compiles only the
   * rules whose verbs it has too. Compiling a large pattern is most of what a rule costs a fresh process.
   */
  also?: readonly string[]
  /** also applies to questions ("what is the api key?") */
  questions: boolean
  /**
   * Sub-patterns every alternative of `pattern` contains unconditionally (derived by compileForbiddenRules): a
   * request that one of them does not match cannot match the rule. They are shared between rules (the same
   * RegExp objects), so findForbidden runs each at most once per request.
   */
  needs?: readonly RegExp[]
  /** literals the request must contain for the pattern to match (literal-prefilter.ts), checked before it is compiled */
  literals?: LiteralPrefilter
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
  "(?=\\s*(?:$|[.,;:!?)\"'`]|(?:from|in|of|to|into|for|on|at|onto|over|via|with|here|there|value|values|contents?|file|files|string|strings|variables?|env vars?|so|and|or|please|now|as|that|which|we|you|i|used|stored|inside|out|back|publicly|verbatim|plain ?text|plaintext|somewhere|anywhere|straight|directly|next|into|onto|under|inside|the app|the service|everywhere|it|them|keys|tokens|when|whenever|if|during|on every|each time)\\b))"
/** "invalid credentials", "a wrong password": a message or an input that failed, not a secret's value; "a dummy password": a stand-in (round 16a). */
const NOT_AN_INPUT = `(?<!\\b(?:invalid|wrong|bad|incorrect|mistyped|expired|weak|missing|${STAND_IN})\\s)`
/** A stand-in for a secret ("a placeholder token", "a dummy password", one word between: "a fake Stripe key"): no secret's value is placed. */
const NOT_A_STAND_IN = `(?<!\\b(?:${STAND_IN})\\s(?:[\\w-]+\\s)?)`
/** Files that hold credentials by their path (round 16c: "commit my ~/.aws/credentials to the infra folder"). */
const SECRET_FILES = `(?:~\\/)?\\.aws\\/(?:credentials|config)\\b|\\.git-credentials\\b|\\.netrc\\b|\\.pypirc\\b|(?:~\\/)?\\.ssh\\/(?!known_hosts|config)[\\w.-]+|\\.docker\\/config\\.json\\b|\\bkubeconfig\\b|\\.kube\\/config\\b`

const SECRET_NOUN =
  `(?:\\.env\\b(?!\\.(?:example|sample|template|dist))|${NOT_A_STAND_IN}\\b(?:api|access|secret|private|ssh|signing|deploy|encryption|master|storage|gpg|pgp)[ _-]?keys?\\b${AS_OBJECT}|${NOT_A_STAND_IN}\\b(?:auth|access|bearer|api|github|gh|gitlab|npm|pypi|oauth|refresh|session|personal access|slack|aws|jwt|model provider|deploy|publish|registry|ci|service|bot|admin|root)[ _-]?tokens?\\b${AS_OBJECT}|${NOT_A_STAND_IN}\\b(?:smtp|db|database|admin|root|production|prod|staging)[ _-]?passwords?\\b|\\bgithub_token\\b|\\b[a-z][a-z0-9]*_(?:token|secret|api_key|password)\\b|\\bsecrets?\\b${AS_OBJECT}|${NOT_AN_INPUT}\\bpasswords?\\b${AS_OBJECT}|${NOT_AN_INPUT}\\bcredentials?\\b${AS_OBJECT}|\\bid_(?:rsa|ed25519|ecdsa)\\b|\\b[\\w-]+\\.pem\\b|\\baws_secret_access_key\\b|\\bkeychain(?: entr(?:y|ies))?\\b|~\\/\\.ssh\\b|\\.npmrc\\b|\\.netrc\\b|\\b(?:vault|secrets vault|key ?vault)(?:'s)? contents\\b|\\bcontents of (?:the |our )?(?:secrets? )?vault\\b|\\bservice account (?:json|key|file)\\b|\\bclient secrets?\\b|${NOT_A_STAND_IN}\\b(?:${alt(SECRET_PROVIDERS)}) (?:(?:live|prod|production|secret|restricted|admin|private|api|auth|server|master)[ _-])*(?:keys?|tokens?)\\b${AS_OBJECT}|\\bkeys and tokens\\b|\\bprocess\\.env\\b|\\bos\\.environ\\b|\\bsystem\\.getenv\\(\\)|\\bdeno\\.env\\b|\\$_env\\b|\\beverything in env\\b|\\benvironment variables including secrets\\b|\\bcredentials\\.json\\b)${KEPT_PROTECTED}`
const REVEAL_VERB =
  `(?<!\\b(?:never|not|don't|dont|no|without|stop|avoid|prevent)\\s+(?:\\w+\\s+)?)\\b(?:print|printf|show|display|cat|less|more|head|tail|echo|dump|reveal|expose|leak|output|paste|send|upload|post|(?<!\\b(?:with|by|via|and|or|an|the|your|their|my|our|of)\\s+)e?mail(?!\\s+(?:and|or|address(?:es)?|&)\\b)|share|exfiltrate|copy|tell me|give me|read out|${LOG_NOUN_BEFORE}log(?!${LOG_NOUN_AFTER})(?!\\s+(?:(?:the\\s+)?users?\\s+|them\\s+|me\\s+|him\\s+|her\\s+|people\\s+)?(?:in|out)\\b)|write out|list|export|decrypt|forward|publish|what(?:'s| is| are)(?= (?:the |our |my )?(?:value of )?(?:the )?[\\w ._-]{0,20}(?:key|token|secret|password|credential|\\.env)))\\b(?!\\s+(?:me\\s+|us\\s+)?(?:how|why|where|when|whether|if|which)\\b)`

/** Places a secret must never be put: documentation, source, config in the repository, shared channels. */
const EXPOSED_PLACE =
  '\\b(?:readme|docs?|documentation|wiki|[\\w./-]+\\.(?:md|ts|js|py|sh|yml|yaml|json|toml|ini|cfg|conf|env\\.example)|source|src\\/[\\w./-]*|code|config(?:uration)? file|ci config|export(?:ed)? (?:notes|files?|data)|backups?|output|dockerfile|docker-compose(?:\\.ya?ml)?|compose file|helm chart|values\\.ya?ml|terraform|[\\w-]+\\.tf|manifest|onboarding (?:doc|guide|page)|site|the repo(?:sitory)?|public repo(?:sitory)?|git|connection string|frontend|bundle|docker image|image|example(?: config| section)?|sample app|seeds?(?: data| files?| scripts?)?|sample data(?: scripts?)?|demo (?:data|fixtures?|seeds?)|fixtures?|chat|channel|slack|email|ticket|issue|pastebin|gist|logs?|console|csv|spreadsheet|shared drive|contributing(?:\\.md)?|payloads?|request bod(?:y|ies)|query param(?:eter)?s?|query strings?|urls?)\\b'

const PLACE_VERB = '\\b(?:add|adds|adding|put|puts|putting|hard-?code|hard-?coded|hardcode|embed|include|save|store|write|paste|insert|commit|check in|check|push|place|drop|copy|move|bake|ship|leave|set)\\b'

interface BuiltinRule {
  id: string
  category: ForbiddenCategory
  reason: string
  source: string
  /** each alternative of `source` contains one of these literally (see ForbiddenRule.gate; a test checks) */
  gate: readonly string[]
  /** and one of these (see ForbiddenRule.also) */
  also?: readonly string[]
  questions: boolean
}

const BUILTIN: readonly BuiltinRule[] = [
  {
    id: 'secrets.reveal',
    category: 'secrets',
    reason: 'Exfiltrating secrets (keys, tokens, passwords, .env) is never allowed.',
    // not across a subordinate clause: "show an error when the keychain is locked" shows an error, "mail users a
    // link so they can choose a new password" mails a link
    source: `${REVEAL_VERB}(?:(?!\\b(?:when|whenever|if|unless|while|because|once|until|so\\s+(?:that|they|the\\s+users?|users|people|customers|he|she|we|you))\\b)[^.;!?]){0,60}?${SECRET_NOUN}`,
    gate: ['.env', 'key', 'token', 'secret', 'password', 'credential', 'id_', '.pem', '.ssh', '.npmrc', '.netrc', 'vault', 'process.env', 'environ', 'getenv', '$_env', 'in env'],
    questions: false,
  },
  {
    id: 'secrets.ask',
    category: 'secrets',
    reason: 'Asking for the value of a secret (a key, token, password or .env) is never answered.',
    source: "\\bwhat(?:'s| is| are)\\s+(?:in\\s+)?(?:the |our |my )?(?:value of (?:the )?)?(?:(?!policy|rule|format|rotation|length|process|requirement|way)[\\w.-]+ ){0,2}?(?:\\.env\\b|(?:api |access |secret |private |ssh |signing |deploy |admin |root )?keys?|tokens?|secrets?|passwords?|credentials?)(?=\\s*(?:$|[?.!,]|for\\b(?!\\s*(?:$|[?.!]))|of\\b|in\\b|on\\b|file\\b|used\\b(?!\\s+(?:for|to)\\b)))|\\b(?:show|print|cat|give|tell|read)\\b[^.;!?]{0,15}\\b(?:\\.env|id_(?:rsa|ed25519|ecdsa)|[\\w-]+\\.pem)\\b",
    gate: ['.env', 'key', 'token', 'secret', 'password', 'credential', 'id_', '.pem'],
    questions: true,
  },
  {
    id: 'secrets.place',
    category: 'secrets',
    reason: 'Putting secrets (keys, tokens, passwords, credentials) into documentation, source, repository config or shared places is never allowed.',
    source: `${PLACE_VERB}[^.;!?]{0,60}?${SECRET_NOUN}[^.;!?]{0,60}?\\b(?:into|in|to|inside|onto|on|under|within)\\s+(?:the |our |a |an |my |its |their )?(?:[\\w-]+ )?${EXPOSED_PLACE}|${SECRET_NOUN}[^.;!?]{0,60}?\\b(?:and|then) (?:commit|check (?:it|them) in|push)\\b|${PLACE_VERB}[^.;!?]{0,20}?(?:the |our |my )?(?:real |production |prod |staging |personal |admin )?(?:database |db |aws |github |npm |publish |deploy |access |api |secret |private |signing |oauth |service )?${NOT_A_STAND_IN}(?:credentials?|passwords?|tokens?|secrets?|keys?)\\b(?!\\s+(?:reset|resets|flow|expiry|expiration|timeout|strength|policy|rules?|field|form|page|screen|prompt|link|hashing|hash|validation|change|rotation|manager|length|format|requirements?)\\b)${KEPT_PROTECTED}[^.;!?]{0,40}?\\b(?:into|in|to|inside)\\s+(?:the |our |a )?(?:[\\w-]+ )?${EXPOSED_PLACE}`,
    gate: ['key', 'token', 'secret', 'password', 'credential', '.env', 'vault', 'keychain', 'id_', '.ssh', '.pem', '.npmrc', '.netrc', 'service', 'process.env'],
    also: ['add', 'put', 'hard', 'embed', 'include', 'save', 'store', 'write', 'paste', 'insert', 'commit', 'check', 'push', 'place', 'drop', 'copy', 'move', 'bake', 'ship', 'leave', 'set'],
    questions: false,
  },
  {
    id: 'secrets.plaintext',
    category: 'secrets',
    reason: 'Storing secrets unprotected (in plain text, unencrypted, next to the data they protect) is never allowed.',
    source: `${SECRET_NOUN}[^.;!?]{0,60}?\\b(?:in plain ?text|in plaintext|unencrypted|in clear ?text|as plain ?text|next to the (?:notes|data))\\b|\\b(?:decrypt|dump)\\b[^.;!?]{0,30}\\b(?:stored |saved |user )?passwords\\b`,
    gate: ['key', 'token', 'secret', 'password', 'credential'],
    also: ['plain', 'unencrypted', 'clear', 'next to', 'decrypt', 'dump'],
    questions: false,
  },
  {
    id: 'secrets.commit',
    category: 'secrets',
    reason: 'Committing or publishing secrets (keys, tokens, .env) is never allowed.',
    // round 16a: inflected ('would you mind committing the .env.local'), and not after a negation ('don\'t commit the .env' keeps it out)
    source: `(?<!\\b(?:never|not|don'?t|no|nobody|no one|without|stop|avoid|prevent)\\s+(?:\\w+\\s+)?)\\b(?:commit(?:s|ted|ting)?|push(?:es|ed|ing)?|stag(?:e|es|ed|ing)|check(?:s|ed|ing)? in|git add|add(?:s|ed|ing)?|publish(?:es|ed|ing)?|upload(?:s|ed|ing)?)\\b[^.;!?]{0,40}?(?:\\.env\\b(?!\\.(?:example|sample|template|dist))|\\b(?:private|ssh|signing)[ _-]?keys?\\b${AS_OBJECT}|\\bid_(?:rsa|ed25519|ecdsa)\\b|\\b[\\w-]+\\.pem\\b|\\bsecrets? (?:file|files)\\b|\\bcredentials? (?:file|files)\\b|\\bcredentials\\.json\\b|${SECRET_FILES}|\\bservice[-_ ]account[\\w.-]*\\.json\\b|\\bsecrets\\.(?:ya?ml|json|toml)\\b)|\\b(?:remove|delete|drop|take)\\b[^.;!?]{0,20}\\.env\\b[^.;!?]{0,30}\\.gitignore|\\bun-?ignore\\b[^.;!?]{0,20}\\.env\\b`,
    gate: ['.env', 'key', 'id_', '.pem', 'secret', 'credential', '.netrc', '.pypirc', '.ssh', '.docker', 'kube'],
    questions: false,
  },
  {
    id: 'governance.bypass',
    category: 'governance',
    reason: 'Disabling or bypassing governance (preflight, audit, ledger, verification, hooks) is never allowed.',
    source:
      '\\b(?:skip|skipping|bypass|bypassing|circumvent|disable|disabling|turn off|switch off|deactivate|get around|work around|override|suppress|silence|sidestep|evade|remove|delete|uninstall|comment out|stub out|neuter|short-circuit)\\b[^.;!?]{0,30}?\\b(?:the )?(?:preflight|governance(?! server)|govtool|audit(?:s|ing)?(?! (?:command|report|output|format|message))|(?:the )?verification(?: (?:step|gate|phase|checks?))?|govtool verify|verify(?: step)?|pre-commit hooks?|pre-push hooks?|git hooks?|commit hooks?|' + NOT_CODE_HOOK + 'hooks|the gate|guardrails?|permission (?:checks?|profile)|secret scanning|branch protection|chain (?:check|verification)|ledger chain|phase checks?)\\b|--no-verify\\b|\\bno-verify\\b|\\b(?:don.?t|do not|no|never) (?:need|have) to (?:run|use|call|go through|pass|wait for)\\b[^.;!?]{0,20}\\b(?:gate|preflight|verify|verification|audit|checks?|hooks?|governance)\\b|\\b(?:ignore|without(?: running)?) (?:the )?(?:preflight|governance|audit|govtool verify|gate|phase gates?|verification|hooks|checks)\\b',
    gate: ['preflight', 'governance', 'govtool', 'audit', 'verif', 'hook', 'gate', 'guardrail', 'permission', 'secret scanning', 'branch protection', 'no-verify', 'chain', 'phase check', 'checks'],
    questions: false,
  },
  {
    id: 'governance.tamper',
    category: 'governance',
    reason: 'The ledger is append-only: deleting, clearing, rewriting or falsifying it is never allowed.',
    source:
      '\\b(?:delete|remove|rm|wipe|erase|truncate|clear|empty|rewrite|overwrite|edit|modify|alter|falsify|tamper with|reset|purge|drop|nuke|shred|squash|backdate|forge|scrub|clean up|tidy|prune|trim|hide|move|rename|relocate|archive away|redact)\\b[^.;!?]{0,60}?\\b(?:ledger\\.md|the ledger|ledger|ledger entr(?:y|ies)|ledger history|ledger chain|ledger-chain|audit (?:trail|log))\\b|\\b(?:fake|forge|falsify|fabricate|doctor)\\b[^.;!?]{0,30}\\b(?:test results?|tests? pass|coverage|ledger|audit|verification|evidence)\\b|\\bmark\\b[^.;!?]{0,25}\\b(?:tests?|specs?|checks?|runs?|builds?)\\b[^.;!?]{0,10}\\bas (?:pass|passed|passing|green|successful|succeeded|ok|fixed)\\b',
    gate: ['ledger', 'audit', 'fake', 'forge', 'falsif', 'fabricat', 'doctor', 'mark'],
    questions: false,
  },
  {
    id: 'governance.unrecorded',
    category: 'governance',
    reason: 'Every change is recorded: asking for work to stay out of the ledger or the audit trail is never allowed.',
    source:
      "\\b(?:don'?t|do not|never|without|no need to|stop|avoid|skip)\\s+(?:\\w+\\s+){0,2}?(?:record|recording|log|logging|ledger|note|noting|track|tracking|add(?:ing)? (?:it|this|anything) to|writ(?:e|ing) (?:it|this) (?:in|to))\\b[^.;!?]{0,40}?\\b(?:ledger|audit(?: trail| log)?|record|anywhere|history|this|it)\\b|\\boff the record\\b|\\bwithout (?:a |any )?(?:trace|record|ledger entry)\\b|\\b(?:leave|keep|omit|exclude)\\b(?!\\s+(?:the |all |any |every |users'? |their |our )?(?:[\\w-]+ )?(?:tokens?|passwords?|secrets?|keys?|credentials?|api keys?|pii|personal data|e-?mail addresses)\\b)[^.;!?]{0,30}\\b(?:out of|from|off) (?:the )?(?:ledger|audit(?: trail| log)?|record|history)\\b|\\bno need to (?:log|record|note|track)\\b",
    gate: ['record', 'log', 'ledger', 'note', 'track', 'trace', 'add', 'writ', 'audit', 'history'],
    questions: false,
  },
  {
    id: 'governance.weaken',
    category: 'governance',
    reason: 'Weakening governance so that it cannot fail (an audit or verify that always passes, a zero threshold, unlimited retries, every tool allowed, a skipped phase) is never allowed.',
    source:
      "\\b(?:audit|verify|verification|preflight|gate|governance check|checks?|tests?)\\b[^.;!?]{0,40}?\\b(?:always (?:pass|passes|succeed|succeeds|return (?:success|ok|true|0))|never fails?|pass(?:es)? no matter|return success no matter|succeed(?:s)? (?:regardless|no matter)|ignore (?:all )?(?:errors|failures))\\b|\\b(?:make|let|have)\\b[^.;!?]{0,25}?\\b(?:audit|verify|verification|gate|preflight)\\b[^.;!?]{0,15}?\\b(?<!\\b(?:refuse|refuses|fail|fails|never|not|cannot|can't|won't|unable)\\s+(?:to\\s+)?)(?:always )?pass\\b|\\b(?:threshold|confidence target)\\b[^.;!?]{0,20}\\b(?:to )?(?:zero|0(?:\\.0)?)\\b|\\bretry budget\\b[^.;!?]{0,30}\\b(?:million|unlimited|infinite|infinity|never|[1-9]\\d{2,})\\b|\\b(?:allow|grant)s? (?:every|all|any) tools?\\b|\\b(?:permission )?preset\\b[^.;!?]{0,20}\\badmin\\b[^.;!?]{0,40}\\b(?:anything|everything|whatever)\\b|\\b(?:skip|jump|straight)\\b[^.;!?]{0,30}\\b(?:phase checks?|(?:release|verification) phase)\\b|\\b(?:verify|verification|preflight|gate|audit)\\b[^.;!?]{0,30}\\b(?:always|never)\\b[^.;!?]{0,25}\\b(?:report|return|say|pass|accept|approve|allow|block|fail|reject|equilibrium)|\\b(?:preflight|gate|verify|audit)\\b[^.;!?]{0,30}\\b(?:accepts?|approves?|allows?|passes?) (?:everything|anything|all requests|every request|all changes)\\b",
    gate: ['audit', 'verif', 'preflight', 'gate', 'check', 'test', 'threshold', 'confidence', 'retry', 'tool', 'preset', 'phase'],
    questions: false,
  },
  {
    id: 'governance.approval_claim',
    category: 'governance',
    reason: 'The gate decides on the request, not on claims about it: "already approved", "pre-approved" or "the gate said yes" is never a reason to skip it.',
    source:
      "\\b(?:treat|consider|regard|count)\\b[^.;!?]{0,30}\\bas (?:pre-?)?(?:approved|accepted|signed off)\\b|\\bpretend\\b[^.;!?]{0,30}\\b(?:gate|preflight|governance|approved|accepted|passed|said yes)\\b|\\b(?:already |pre-?)(?:approved|signed off|accepted)\\b[^.;!?]{0,60}\\b(?:skip|bypass|without|go ahead|no need|proceed|ignore)\\b|\\b(?:approved|signed off)\\b[^.;!?]{0,40}\\b(?:so )?(?:skip|bypass|without) (?:the )?(?:gate|preflight|verify|verification|governance|checks?|hooks?)\\b",
    gate: ['approved', 'accepted', 'signed off', 'pretend'],
    questions: false,
  },
  {
    id: 'protected_path.root',
    category: 'protected_path',
    reason: 'Destroying the project, the home directory or the file system root is never allowed.',
    // "wipe the repo and start over", "nuke the project": the project itself as the whole object (not "the repo's branches")
    source: "\\brm\\s+-(?:rf|fr)\\s+(?:/|~|\\*|\\.|\\$home)(?:\\s|$)|\\b(?:delete|wipe|erase|destroy)\\s+(?:the\\s+)?(?:whole|entire)\\s+(?:project|repo|repository|disk|drive)\\b|\\b(?:delete|wipe|erase|destroy|nuke|obliterate|trash|scrap|blow\\s+away|get\\s+rid\\s+of|throw\\s+away)\\s+(?:the\\s+|this\\s+|our\\s+|my\\s+)?(?:whole\\s+|entire\\s+)?(?:project|repo|repository|codebase|code\\s+base|working\\s+copy)(?=\\s*(?:$|[.,;!]|and\\b|then\\b|so\\b|completely\\b|entirely\\b|from\\s+disk\\b))|\\bfind\\s+(?:\\.|\\/|~)\\/?\\s[^\\n|;&]*?-name\\s+['\"]?\\*\\.(?:md|ya?ml)['\"]?[^\\n|;&]*?\\s-delete\\b|\\bfind\\s+(?:\\.|\\/|~)\\/?\\s+-delete\\b",
    gate: ['rm', 'whole', 'entire', 'project', 'repo', 'codebase', 'code base', 'working copy', 'find'],
    questions: false,
  },
]

/** A destroying verb whose object is the path itself (not "remove REQ-3 from docs/REQUIREMENTS.md"). */
const DESTROY_PREFIX =
  "\\b(?:delete|del|remove|rm|git rm|git clean|axe|ditch|junk|bin|toss|wipe|erase|destroy|truncate|overwrite|clobber|nuke|purge|shred|drop|clear|empty|trash|unlink|zap|expunge|demolish|eradicate|obliterate|scrap|get rid of|throw away|throw out|tear down|blow away|clean out|clear out|do away with|wipe out|blank out|blank|zero out|empty out|hollow out|gut|nix|yeet|torch|chuck|get shot of|kill off|be rid of|chuck out|toss out|bin off|deep-six|deep six|incinerate|bulldoze|annihilate|vaporise|vaporize|burn)\\b(?:\\s+(?:-[a-z]+|--[a-z-]+|the|this|that|our|my|your|whole|entire|old|existing|current|file|directory|folder|dir|contents of|everything in|all of|all files in|all of the files in|out))*\\s+"

/** Each pattern (a rule's, a shared sub-pattern) compiled once per process, whichever project asks (a RegExp without the g or y flag keeps no state between calls). */
const compiled = new Map<string, RegExp>()
function compile(source: string, flags: string): RegExp {
  const key = `${flags}/${source}`
  let re = compiled.get(key)
  if (!re) compiled.set(key, (re = new RegExp(source, flags)))
  return re
}

function escape(text: string): string {
  return text.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** How a protected path can be named in a request: its path, its file name, and plain-English aliases. */
function pathMentions(protectedPath: string): string[] {
  const p = protectedPath.replace(/^\.\//, '').replace(/\/+$/, '')
  const names = new Set<string>([escape(p.toLowerCase())])
  const base = p.split('/').pop()!.toLowerCase()
  if (base.includes('.')) names.add(escape(base))
  // a protected directory named by its own name in words ("the governance folder" is docs/governance)
  else if (p.includes('/')) names.add(`(?:the )?${escape(base)}\\s+(?:directory|folder|dir)`)
  if (base === '.git') names.add('(?:the )?git (?:directory|folder|dir|history|repository|repo|objects)')
  if (base === 'ledger.md') names.add('(?:the )?ledger(?: file)?')
  if (base === 'requirements.md') names.add('(?:the )?requirements (?:file|doc|document|spec)')
  if (base === 'tests.md') names.add('(?:the )?test spec(?:ification)?(?: file)?')
  if (base === '.govtool') names.add('(?:the )?govtool state')
  // round 15a: govtool's event store (the ESDB) lives in .govtool: destroying it destroys the record
  if (base === '.govtool') names.add('(?:the |our |govtool\'s )?(?:event[- ]?store|esdb)(?: database| db)?')
  // the directories that hold it: destroying docs/ destroys docs/REQUIREMENTS.md
  const parts = p.toLowerCase().split('/')
  for (let i = 1; i < parts.length; i++) names.add(`${escape(parts.slice(0, i).join('/'))}(?:/|\\s+(?:directory|folder|dir)\\b)`)
  // in a shell command the bare directory is enough ("rm -rf docs", "`rm -r docs`", "git clean -fdx docs")
  for (let i = 1; i < parts.length; i++) names.add(`(?<=\\b(?:rm|git\\s+rm|git\\s+clean)\\s+(?:-[a-z]+\\s+)*(?:\\./)?)${escape(parts.slice(0, i).join('/'))}(?=$|[\\s\`'";|&)])`)
  return [...names]
}

/** A word each mention of a protected path contains (its gate): the path, its file name, the alias's noun. */
function pathGate(protectedPath: string): string[] {
  const p = protectedPath.replace(/^\.\//, '').replace(/\/+$/, '').toLowerCase()
  const base = p.split('/').pop()!
  const alias: Record<string, string[]> = {'.git': ['git'], 'ledger.md': ['ledger'], 'requirements.md': ['requirements'], 'tests.md': ['test spec'], '.govtool': ['govtool', 'store', 'esdb']}
  const parents = p.split('/').slice(0, -1).map((_, i, all) => all.slice(0, i + 1).join('/'))
  return [...new Set([p, base, ...(alias[base] ?? []), ...parents])]
}

function protectedPathRule(protectedPath: string, builtin: boolean): ForbiddenRule {
  const mentions = pathMentions(protectedPath).join('|')
  return {
    id: `protected_path:${protectedPath}`,
    category: 'protected_path',
    reason: `${protectedPath} is a protected path${builtin ? '' : ' (preflight.protected_paths in docs/GOVTOOL.yml)'}: destroying it is never allowed.`,
    // a named path may follow a few words ("wipe the tests spec file docs/TESTS.md"), never "from"/"in": "remove REQ-3 from docs/REQUIREMENTS.md" edits it
    // a separable phrasal verb around it: "throw the docs folder away", "tear .govtool down"
    pattern: compile(`${DESTROY_PREFIX}(?:(?:(?!from\\b|in\\b|of\\b|inside\\b|within\\b|to\\b|into\\b|at\\b)[\\w-]+\\s+){0,4}(?=[\\w./-]*[./]))?['"\`(]?(?:\\./)?(?:${mentions})(?=$|[\\s'"\`),;:!?/]|\\.(?:\\s|$))|\\b(?:throw|tear|wipe|blow|burn|clean|clear|knock)\\s+(?:the\\s+|this\\s+|that\\s+|our\\s+|my\\s+|whole\\s+|entire\\s+)*['"\`]?(?:\\./)?(?:${mentions})['"\`]?\\s+(?:away|down|out)\\b|\\b(?:replace|overwrite|swap|clobber)\\s+(?:the\\s+|our\\s+)?(?:(?:whole\\s+|entire\\s+)?contents?\\s+of\\s+(?:the\\s+|our\\s+)?)?['"\`]?(?:\\./)?(?:${mentions})['"\`]?\\s+with\\s+(?:an?\\s+)?(?:fresh|empty|blank|new|clean|default|nothing|null)\\b|\\b(?:move|put|throw|drag|send|drop|dump|toss|chuck|stick|shove|chuck)\\s+(?:the\\s+|our\\s+)?['"\`]?(?:\\./)?(?:${mentions})['"\`]?\\s+(?:to|in|into)\\s+(?:the\\s+)?(?:trash|bin|recycle\\s+bin|rubbish(?:\\s+bin)?|garbage|wastebasket|/dev/null)\\b|\\b(?:reset|revert|set|turn|truncate|shrink|cut)\\s+(?:the\\s+|our\\s+)?['"\`]?(?:\\./)?(?:${mentions})['"\`]?\\s+(?:back\\s+)?to\\s+(?:an?\\s+)?(?:empty|blank|zero|nothing|0|clean|bare)\\b|(?<![>\\w-])>\\s*['"]?(?:\\./)?(?:${mentions})(?=$|[\\s'"\`),;:!?|&])|\\bmake\\s+(?:the\\s+|our\\s+)?['"\`]?(?:\\./)?(?:${mentions})['"\`]?\\s+(?:disappear|vanish|go\\s+away)\\b|(?:${mentions})\\b['"\`]?(?:(?!\\b(?:a|an|the|this|that|these|those|some|its|their|our|my)\\s+(?!repo\\b|repository\\b|project\\b|codebase\\b|tree\\b|branch\\b|root\\b)\\w)[^?]){0,80}?[,;.:]\\s*(?:so\\s+|just\\s+|please\\s+|then\\s+|and\\s+|pls\\s+)*(?:remove|delete|drop|bin|toss|trash|ditch|scrap|nuke|wipe|rm|get\\s+rid\\s+of|throw\\s+away|chuck|axe|kill|purge|erase|discard|junk|shred|lose)\\s+it\\b|\\b(?:start|restart|begin|redo)\\s+(?:the\\s+|our\\s+)?['"\`]?(?:\\./)?(?:${mentions})['"\`]?\\s+(?:over|again|afresh|anew|from\\s+(?:scratch|zero|nothing|(?:an?\\s+)?(?:blank|empty|clean)\\b))`, 'i'),
    gate: pathGate(protectedPath),
    questions: false,
  }
}

/**
 * The flags of a built-in rule: the request is lower-cased before the rules run (findForbidden), so a pattern with
 * no upper-case letter (escapes such as \\S aside) needs no case-insensitive matching, which roughly doubles what
 * compiling a large pattern costs a fresh process. A pattern that names upper-case text (GITHUB_TOKEN) keeps it.
 */
function caseFlags(source: string): string {
  return /[A-Z]/.test(source.replaceAll(/\\./g, '')) ? 'i' : ''
}

/** Whether `part` occurs in `alternative` outside every group and not followed by a quantifier: it must then match wherever the alternative does. */
function containsUnconditionally(alternative: string, part: string): boolean {
  for (let at = alternative.indexOf(part); at !== -1; at = alternative.indexOf(part, at + 1)) {
    if (!/^[?*+{]/.test(alternative.slice(at + part.length)) && depthAt(alternative, at) === 0) return true
  }
  return false
}

function depthAt(source: string, end: number): number {
  let depth = 0
  for (let i = 0; i < end; i++) {
    const ch = source[i]
    if (ch === '\\') i++
    else if (ch === '[') {
      for (i++; i < end && source[i] !== ']'; i++) if (source[i] === '\\') i++
    } else if (ch === '(') depth++
    else if (ch === ')') depth--
  }
  return depth
}

/** The shared parts (SHARED_PARTS and this file's own) that every alternative of `source` needs (see ForbiddenRule.needs). */
const PARTS: readonly string[] = [...SHARED_PARTS, SECRET_NOUN, REVEAL_VERB, EXPOSED_PLACE, PLACE_VERB]
export function requiredParts(source: string, flags: string): RegExp[] {
  const alts = alternatives(source)
  return PARTS.filter((part) => alts.every((a) => containsUnconditionally(a, part))).map((part) => compile(part, flags.includes('i') ? 'i' : caseFlags(part)))
}

/** All rules of a project: built-ins, protected paths (built-in plus configured), configured patterns. */
export function compileForbiddenRules(config: PreflightConfig): ForbiddenRule[] {
  const rules: ForbiddenRule[] = [...BUILTIN, ...ACTION_OBJECT_RULES, ...MORE_ACTION_OBJECT_RULES, ...OUTCOME_ACTION_OBJECT_RULES, ...INDIRECT_ACTION_OBJECT_RULES, ...BY_HAND_RULES, ...CARRIED_SECRET_RULES, ...WORDED_GOVERNANCE_RULES, ...VALUES_OF_SECRET_RULES, ...WITHOUT_CHECK_RULES, ...WORK_ITEM_RULES, ...ROUTED_SECRET_RULES, ...APPROVAL_MARKED_RULES, ...NEUTERED_GOVERNANCE_RULES, ...ASKED_HOW_BYPASS_RULES, ...ASKED_HOW_EXPOSE_RULES, ...HIDDEN_ASK_RULES, ...DEFERRED_RULES, ...PRONOUN_PLACE_RULES, ...CHECKS_SKIPPED_RULES, ...EUPHEMISM_GOVERNANCE_RULES, ...CHECKS_RED_RULES, ...VALUES_NAMED_RULES, ...RECORD_KEPT_OUT_RULES, ...CONTAINED_SECRET_RULES, ...FORCED_GOVERNANCE_RULES, ...TOOLED_SECRET_RULES, ...QUIETED_GOVERNANCE_RULES, ...COMMANDS_NAMED_RULES, ...READ_THEN_BYPASS_RULES, ...RELAYED_SECRET_RULES, ...EMITTED_SECRET_RULES, ...MACHINERY_RULES, ...FOUND_SECRET_RULES, ...POINTED_GOVERNANCE_RULES, ...SHIPPED_SECRET_RULES, ...CLAIMED_GOVERNANCE_RULES, ...LOOSENED_GOVERNANCE_RULES, ...PIECED_SECRET_RULES, ...SETTINGS_LOOSENED_RULES].map((r: BuiltinRule | ActionObjectRule) => {
    const flags = caseFlags(r.source)
    const needs = requiredParts(r.source, flags)
    const literals = literalPrefilter(r.source, flags)
    return {id: r.id, category: r.category, reason: r.reason, questions: r.questions, gate: r.gate, ...('also' in r && r.also ? {also: r.also} : {}), ...(needs.length > 0 ? {needs} : {}), ...(literals ? {literals} : {}), pattern: compile(r.source, flags)}
  })
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
/**
 * Every gate and `also` word of a list of rules, looked up in one pass over a request: words are grouped by their
 * first two characters, so a request is scanned once (one Map lookup per position) instead of once per word and
 * rule (about 300 distinct words; \`includes\` per word and rule cost more than the rules' patterns), and each word
 * found marks the rules it opens (an inverted index). Built once per rule list (a snapshot's) and kept.
 */
interface GateTable {
  words: string[]
  byPair: Map<string, number[]>
  /** the indices of words shorter than two characters (looked up on their own) */
  short: number[]
  /** per word: the rules it is a gate word of, and the rules it is an `also` word of */
  gateOf: number[][]
  alsoOf: number[][]
  /** per rule: 1 when it has no gate (no also) condition */
  openGate: Uint8Array
  openAlso: Uint8Array
}

const tables = new WeakMap<readonly ForbiddenRule[], GateTable>()

function gateTable(rules: readonly ForbiddenRule[]): GateTable {
  let table = tables.get(rules)
  if (table) return table
  const index = new Map<string, number>()
  const gateOf: number[][] = []
  const alsoOf: number[][] = []
  const add = (of: number[][], word: string, rule: number) => {
    let i = index.get(word)
    if (i === undefined) {
      index.set(word, (i = index.size))
      gateOf.push([])
      alsoOf.push([])
    }
    if (!of[i].includes(rule)) of[i].push(rule)
  }
  rules.forEach((r, i) => {
    for (const w of r.gate) add(gateOf, w, i)
    for (const w of r.also ?? []) add(alsoOf, w, i)
  })
  const words = [...index.keys()]
  const byPair = new Map<string, number[]>()
  words.forEach((w, i) => {
    const key = w.slice(0, 2)
    byPair.set(key, [...(byPair.get(key) ?? []), i])
  })
  table = {
    words,
    byPair,
    short: words.flatMap((w, i) => (w.length < 2 ? [i] : [])),
    gateOf,
    alsoOf,
    openGate: Uint8Array.from(rules, (r) => (r.gate.length === 0 ? 1 : 0)),
    openAlso: Uint8Array.from(rules, (r) => (!r.also || r.also.length === 0 ? 1 : 0)),
  }
  tables.set(rules, table)
  return table
}

/** The rules whose gate and `also` conditions `lower` meets: 1 for each (one pass over the request). */
function openRules(table: GateTable, lower: string): Uint8Array {
  const gate = table.openGate.slice()
  const also = table.openAlso.slice()
  const found = new Set<number>()
  for (let i = 0; i + 1 < lower.length; i++) {
    const candidates = table.byPair.get(lower.slice(i, i + 2))
    if (candidates) {
      for (let k = 0; k < candidates.length; k++) {
        const w = candidates[k]
        if (!found.has(w) && lower.startsWith(table.words[w], i)) found.add(w)
      }
    }
  }
  for (const w of table.short) if (lower.includes(table.words[w])) found.add(w)
  for (const w of found) {
    for (const r of table.gateOf[w]) gate[r] = 1
    for (const r of table.alsoOf[w]) also[r] = 1
  }
  for (let r = 0; r < gate.length; r++) gate[r] &= also[r]
  return gate
}

export function findForbidden(rules: readonly ForbiddenRule[], lower: string, question: boolean, options: {prefilter?: boolean; onlyAsking?: boolean} = {}): ForbiddenHit[] {
  const hits: ForbiddenHit[] = []
  // a suggestion put as a question ("why don't you hardcode the token?") is read as the instruction it suggests,
  // unless the request says it only asks ("is it possible to move the ledger? just asking", round 18a)
  if (question && !options.onlyAsking && (SUGGESTION_LEAD.test(lower.trimStart()) || PERMISSION_LEAD.test(lower.trimStart()))) question = false
  // the prefilter: every gate word is looked up once per request, and a shared sub-pattern a rule cannot match
  // without is run at most once; a rule runs its own pattern only when all it needs is there. Without it
  // (options.prefilter false, for the test that both decide alike) each rule checks its own words
  const prefilter = options.prefilter !== false
  const open = prefilter ? openRules(gateTable(rules), lower) : undefined
  const seen = new Map<RegExp, boolean>()
  const matches = (part: RegExp) => {
    let found = seen.get(part)
    if (found === undefined) seen.set(part, (found = machineCode(part).test(lower)))
    return found
  }
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i]
    if (question && !rule.questions) continue
    if (open) {
      if (!open[i]) continue
      if (rule.needs && !rule.needs.every(matches)) continue
      if (rule.literals && !mayMatch(rule.literals, lower, rule.pattern.flags.includes('i'))) continue
    } else {
      if (rule.gate.length > 0 && !rule.gate.some((word) => lower.includes(word))) continue
      if (rule.also && rule.also.length > 0 && !rule.also.some((word) => lower.includes(word))) continue
    }
    const m = open ? execOpenAlternatives(rule.pattern, rule.literals, lower) : machineCode(rule.pattern).exec(lower)
    if (m) hits.push({id: rule.id, category: rule.category, reason: rule.reason, match: m[0].trim()})
  }
  return hits
}
