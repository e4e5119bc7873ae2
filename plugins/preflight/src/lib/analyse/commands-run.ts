/**
 * Round 29a (issue 22): operations done by running a tool. Read-only is decided on positive evidence, so:
 * - a command of an operations tool is read-only only when its subcommand is one that reads (`kubectl get`,
 *   `terraform plan`, `helm list`, `aws s3 ls`, `docker ps`, `git log`, `redis-cli info`, an `EXPLAIN` or a
 *   `SELECT ... FROM`, a `git clean -n` dry run), every command chained to it reads too, and what follows asks only
 *   for the answer ("... and show me which ones keep restarting", "..., I want to know how big it is");
 * - a run whose object says what the command destroys ("run `npm run db:reset`, which drops every table", "execute
 *   the cleanup script, the one that removes all the old user data", "run kubctl delete pods --all", "npm run
 *   db:wipe") is destructive, whatever the run verb;
 * - operations that destroy with a verb of their own (scaling a deployment to zero, draining a node) are destructive
 *   phrases, spread into lexicon.ts's DESTRUCTIVE_PHRASES;
 * - a destruction or a change said as done before a read, in the passive ("when the old uploads folder has been
 *   deleted, tell me ...", "once the rename of X has been applied, show me the diff"), rides on the read (intent.ts
 *   resolves it beside read-then-change.ts's "after you've ..." forms);
 * - what a migration or script being written is to do ("write the down migration; it has to drop the table its up
 *   step creates") is the code's behaviour, a change, not a destruction the agent runs.
 * Left alone: a program the lists do not know, any subcommand not listed (writing ones like `kubectl apply`, `helm
 * upgrade`, `terraform apply` stay unclassified runs that need the command named), `EXPLAIN ANALYZE` of a write,
 * `SELECT ... INTO`, a dry run of a destroying command (its destroying phrase still decides), a generic condition
 * ("when a note is deleted, ...": no definite target), and behaviour asked about ("what happens once the table has
 * been dropped?"). Every list is data; every test is gated by a cheap literal check first.
 */
import type {ClauseAnalysis} from './intent.js'

// round 30b: the leading-options rewrite intent.ts applies before the clauses are read (analyse/command-options.ts)
export {withoutLeadingOptions} from './command-options.js'

/** Operations tools and the subcommands of theirs that only read (after the program name and any leading flags). */
export const READING_COMMANDS: ReadonlyMap<string, RegExp> = new Map([
  ['kubectl', /^(?:get|describe|logs?|top|explain|version|api-resources|api-versions|cluster-info|events|auth\s+can-i|rollout\s+(?:status|history)|config\s+(?:view|get-contexts|current-context))\b/],
  ['terraform', /^(?:plan|show|validate|output|providers|version|graph|state\s+(?:list|show)|fmt\s+-check|workspace\s+(?:list|show))\b/],
  ['helm', /^(?:list|ls|status|get|history|show|template|lint|search|version|env|diff|repo\s+list)\b/],
  ['aws', /^(?:s3\s+ls|[\w-]+\s+(?:describe|list)-[\w-]+)\b/],
  ['gcloud', /^(?:[\w-]+\s+){1,3}?(?:list|describe)\b/],
  ['docker', /^(?:ps|images|logs|inspect|stats|top|version|info|system\s+df|(?:volume|image|container|network|context)\s+(?:ls|list|inspect)|compose\s+(?:ps|logs|config|ls))\b/],
  ['git', /^(?:status|log|diff|show|blame|ls-files|shortlog|describe|rev-parse|reflog|remote\s+-v|stash\s+list|branch(?:\s+(?:-a|-r|-v|-vv|--list))?\s*$|clean\s+(?:-[a-eg-z]*n[a-eg-z]*|--dry-run)(?:\s+-[a-eg-z]+)*\s*$)/],
  // round 30b: a find that only lists: a path first (or a word and a test option), no -delete, -exec, -ok or file
  // written ("find where the keychain is read" is English, not the program)
  ['find', /^(?![^|;&]*\s-(?:delete|exec|execdir|ok|okdir|fprint\w*|fls)\b)(?:(?:[.~/$]\S*|[\w.-]+\/\S*)(?:\s|$)|[\w.-]+\s+-(?:i?name|type|i?path|mtime|mmin|size|newer|maxdepth|mindepth|i?regex|empty|user|perm)\b)/],
  ['redis-cli', /^(?:info|dbsize|ping|get|mget|keys|scan|ttl|pttl|type|exists|llen|hlen|scard|zcard|strlen|memory\s+(?:usage|stats)|slowlog\s+get|client\s+list|config\s+get|--scan|--bigkeys)\b/],
])

/**
 * A SQL statement that only reads: EXPLAIN of a SELECT (not ANALYZE of a write), SELECT ... FROM (not INTO), SHOW.
 * "explain" and "select" are English verbs too ("explain how signing works", "select the first note"): only their
 * SQL shapes count, and an EXPLAIN named loosely ("EXPLAIN on the search query") only after a run verb.
 */
const READING_SQL = /^(?:(?:an?|the|one)\s+)?(?:explain\s+(?:analy[sz]e\s+)?(?:select|with)\b(?![^;]*\b(?:delete|update|insert|drop|truncate|alter)\b)|select\s+(?:count\s*\(|\*|distinct\b|[\w.]+(?:\s*§\s*[\w.]+)*\s+from\b)(?![^;]*\binto\b)|show\s+(?:tables|databases|columns|indexes|create\s+table)\b)/
const RUN_EXPLAIN = /^explain\s+(?:on|for|of)\s+(?:the\s+|our\s+|a\s+)?(?:[\w-]+\s+){0,3}?(?:query|queries|statement|select)\b(?![^;]*\b(?:analy[sz]e|delete|update|insert|drop|truncate|alter)\b)/

/** What follows the commands and asks only for their answer. */
const ASKER_READ = /^(?:(?:and|then|so|just|also)\s+)*(?:(?:show|tell|give|list|report|print|paste|summari[sz]e)\b|(?:i|we)\s+(?:want|need|'d\s+like|would\s+like)\s+to\s+(?:know|see|check|find\s+out|understand)\b|(?:to|so\s+i\s+can)\s+(?:see|check|know|find\s+out)\b)/

/** Shell that runs or writes something else: a redirect or a substitution. */
const SHELL_WRITES = /[>`]|\$\(|<\(/

/** Words before the commands: a run verb, a dry run, a polite opener. */
const RUN_LEAD = /^(?:(?:please|pls|plz|can\s+you|could\s+you|would\s+you|first|now|just|quickly|go\s+ahead\s+and)[,]?\s+)*(?:(?:run|execute|exec|try|fire\s+off|kick\s+off)\s+|(?:do|perform|try)\s+(?:a\s+|an\s+)?dry[- ]run\s+(?:of\s+|with\s+)?)?/

const SEPARATORS = /\s*(?:&&|\|\|?|;|,\s*(?:and\s+)?(?:then\s+)?|\s+and\s+(?:then\s+)?(?:also\s+)?|\s+then\s+)\s*/

/** Whether `segment` is one command of a known tool whose subcommand reads, or a reading SQL statement. */
export function readingInvocation(segment: string, ran = false): boolean {
  const s = segment.trim().replace(/^[`'"]+|[`'"]+$/g, '').trim().toLowerCase()
  if (SHELL_WRITES.test(s)) return false
  if (READING_SQL.test(s) || (ran && RUN_EXPLAIN.test(s))) return true
  const m = /^([\w.-]+)\s+(.*)$/.exec(s)
  const reads = m ? READING_COMMANDS.get(m[1]) : undefined
  if (!m || !reads) return false
  // flags before the subcommand ("kubectl --context prod get pods" is left alone: a flag's value is not known)
  const rest = m[2].replace(/^(?:-[\w-]+(?:=\S+)?\s+)*/, '')
  return reads.test(rest)
}

/**
 * Whether `text` (a clause, or a run's object) is one or more reading commands, chained by "and", ",", "then",
 * `&&`, `;` or a pipe, and then at most an ask for the answer: the first part must be such a command, every later
 * part that is not the ask must be one too. `afterRunVerb`: the text is a run verb's object (the verb already read).
 */
export function commandsOnlyRead(text: string, afterRunVerb = false): boolean {
  const lower = text.trim().toLowerCase().replace(/[.!]+$/, '')
  if (lower.length === 0 || lower.length > 300) return false
  const lead = RUN_LEAD.exec(lower)![0]
  const ran = afterRunVerb || /\b(?:run|execute|exec|try|off|dry[- ]run)\b/.test(lead)
  // a SELECT's column list keeps its commas ("select id, title from notes"): they separate no commands
  const parts = lower.slice(lead.length).replace(/\bselect\s+[\w.]+(?:\s*,\s*[\w.]+)+\s+from\b/g, (m) => m.replaceAll(',', '§')).split(SEPARATORS).filter((p) => p.trim().length > 0)
  if (parts.length === 0 || !readingInvocation(parts[0], ran)) return false
  let asking = false
  for (const part of parts.slice(1)) {
    if (asking) continue
    if (ASKER_READ.test(part)) asking = true
    else if (!readingInvocation(part, ran)) return false
  }
  return true
}

/** A cheap literal gate: the clause names a known tool or a SQL read before the full test runs. */
const TOOL_WORD = new RegExp(`\\b(?:${[...READING_COMMANDS.keys()].map((k) => k.replace('-', '\\-')).join('|')}|explain|select|show)\\b`)

/** A clause the gate could not classify that looks like a command of its own ("./reset-all.sh", "make wipe -B"). */
const SHELL_LOOKING = /^(?:\.{0,2}\/|[\w.-]+\s+-{1,2}\w)|[|&;`$]|^(?:sh|bash|zsh|make|npm|npx|yarn|pnpm|python3?|node|go|cargo|ruby|perl|sudo|xargs)\b/

/** Whether another clause is an unclassified command: then no run of the request is taken as read-only on its own. */
export function strayCommand(clauses: readonly ClauseAnalysis[]): boolean {
  return clauses.some((c) => c.intent === 'unclear' && c.via === 'default' && SHELL_LOOKING.test(c.text.trim().toLowerCase()))
}

/** Rereads a clause made only of reading commands ("helm list -A", "git status and git log -20") as a read that runs. */
export function markCommandReads(clauses: ClauseAnalysis[]): void {
  if (strayCommand(clauses)) return
  for (const [i, c] of clauses.entries()) {
    if (c.question || c.intent === 'destructive' || c.intent === 'release' || c.via === 'negated' || c.via === 'context' || c.via === 'contradiction') continue
    const lower = c.text.trim().toLowerCase()
    if (!TOOL_WORD.test(lower) || !commandsOnlyRead(lower)) continue
    clauses[i] = {...c, intent: 'read_only', question: false, via: 'leading_verb', cue: 'run', object: lower.replace(RUN_LEAD, '')}
  }
}

/** Destructive operations with a verb of their own; spread into lexicon.ts's DESTRUCTIVE_PHRASES. */
export const COMMAND_DESTROYS: readonly {id: string; pattern: RegExp; tool: string}[] = [
  // "scale the notes-api deployment in production down to zero replicas", "kubectl scale ... --replicas=0"; not what a
  // program is to do ("the autoscaler should scale the workers to zero when idle": a modal before, a condition after)
  {
    id: 'scale_to_zero',
    pattern: /\bkubectl\s+scale\b[^.;!?]*--replicas[= ]?0\b|(?<!\b(?:should|must|shall|will|would|can|could|to|always|automatically)\s+)\bscale\s+(?:down\s+)?(?:the\s+|our\s+|every\s+|all\s+(?:the\s+)?)?(?:[\w-]+\s+){0,4}?(?:deployments?|statefulsets?|replicas|pods|services?|clusters?|instances|workers?|nodes|api|prod(?:uction)?)\b[^.;!?]{0,40}?\b(?:down\s+)?to\s+(?:zero|0|nothing)\b(?!\s*(?:ms|%|seconds?|s\b))(?![^.;!?]*\b(?:when|whenever|if|once|while|after)\s+(?:it\s+is\s+|they\s+are\s+|there\s+is\s+)?(?:idle|unused|quiet|no\s+(?:traffic|load|requests))\b)/,
    tool: 'run_shell',
  },
  // "drain worker-3", "kubectl drain node-2", "drain the node": its pods are evicted (not "drain connections on shutdown")
  {id: 'node_drain', pattern: /\bkubectl\s+(?:drain|cordon)\b|\bdrain\s+(?:the\s+)?(?:nodes?\s+)?(?:worker|node|host|minion|k8s)[\w-]*\b(?!\s+(?:queue|connections?|pool)\b)/, tool: 'run_shell'},
  // "kubctl delete pods --all": the tool's name one letter off
  {id: 'infra_destroy', pattern: /\bku?be?c?tl\s+(?:delete|drain)\b/, tool: 'run_shell'},
]

/** In a run's object: what the command does, said in a relative clause ("which drops every table", "the one that removes ..."). */
const SAID_TO_DO = /(?:^|[\s,(])(?:which|that|it|the\s+one\s+that|this)\s+(?:also\s+|will\s+|would\s+|just\s+|basically\s+|then\s+)*([a-z]+s)\s+(.+)$/

/** In a run's object: a command whose subcommand or script name destroys ("kubctl delete pods", "npm run db:wipe"). */
const DESTROYING_SUBCOMMAND = /^(?:the\s+)?[\w./-]+\s+(?:[\w./-]+\s+)?(?:delete|destroy|drop|prune|purge|flush\w*|uninstall|wipe|truncate|nuke|erase|rm|rb|rmi)\b(?!\s*(?:tests?|specs?|suite|checks?|benchmarks?)\b)|\b[\w-]+:(?:drop|reset|wipe|purge|truncate|nuke|flush|destroy|erase)\b/

/**
 * Rereads a run whose object says it destroys: the verb of the relative clause, resolved on its object, or a
 * destroying subcommand. `verbOf` and `resolve` are verbs.ts's (passed in: intent.ts owns the lexicon's use).
 */
export function markRunDestroys(clauses: ClauseAnalysis[], isRun: (cue: string) => boolean, verbOf: (w: string) => string | undefined, resolve: (verb: string, object: string) => string): void {
  for (const [i, c] of clauses.entries()) {
    if (c.question || c.intent !== 'read_only' || c.cue === undefined || !isRun(c.cue)) continue
    const object = c.object.trim().toLowerCase().replace(/`/g, '')
    const said = SAID_TO_DO.exec(object)
    const verb = said ? verbOf(said[1]) : undefined
    if (said && verb && resolve(verb, said[2]) === 'destructive') {
      clauses[i] = {...c, intent: 'destructive', via: 'later_verb', cue: `${verb} (what the command run does)`, object: said[2]}
      continue
    }
    const sub = DESTROYING_SUBCOMMAND.exec(object)
    if (sub) clauses[i] = {...c, intent: 'destructive', via: 'later_verb', cue: `${sub[0].trim()} (a destroying command run)`, object}
  }
}

/** Participles of a change applied to the code ("once the rename has been applied"); destroying ones are resolved. */
const APPLIED_CHANGE = new Set(['applied', 'renamed', 'moved', 'merged', 'rewritten', 'refactored', 'changed', 'updated', 'replaced', 'converted', 'migrated', 'edited', 'patched'])

/** "when/once/after the X has been <participle>" leading the clause: a definite thing done before the read. */
const PASSIVE_FIRST = /^(?:(?:so|ok|okay|and|right)[,]?\s+)?(?:after|once|when|as\s+soon\s+as)\s+((?:the|those|these|that|this|our|my|your|all\s+the|every)\s+[^,.;!?]{1,80}?)\s+(?:has|have|is|are|'s|'re|was|were)\s+(?:been\s+)?(?:(?:all|fully|finally|completely|properly|successfully|entirely)\s+)?([a-z]+(?:ed|en|wn))\b/

/**
 * The change or destruction said as done, in the passive, before a read: the verb (base form) and its object, for
 * intent.ts to resolve beside read-then-change.ts's active forms. A destroying verb counts whatever it is; another
 * change only when it is a change applied to the code (APPLIED_CHANGE): "once the build has finished" is no task.
 */
export function passiveDoneFirst(clause: string, verbOf: (w: string) => string | undefined, destroys: (verb: string, object: string) => boolean): {verb: string; object: string}[] {
  const lower = clause.trim().toLowerCase()
  if (!/\b(?:has|have|is|are|'s|'re|was|were)\b/.test(lower)) return []
  const m = PASSIVE_FIRST.exec(lower)
  if (!m) return []
  const written = m[2]
  const verb = verbOf(written) ?? verbOf(written.replace(/ied$/, 'y')) ?? verbOf(written.replace(/ed$/, 'e'))
  if (!verb) return []
  return APPLIED_CHANGE.has(written) || destroys(verb, m[1]) ? [{verb, object: m[1]}] : []
}

/** "it has to drop ...", "the down step must delete ...": what the code just named is to do. */
const CODE_SUBJECT_MODAL = /^(?:(?:and|also|so)\s+)?(?:it|this|that|the\s+(?:down|up|new|reverse|rollback)?\s*(?:migration|script|step|function|job|handler|command|method|task))\s+(?:has\s+to|have\s+to|must|should|needs\s+to|need\s+to|is\s+to|shall|will|ought\s+to)\s+/

/** Code being written by the clause before ("write the down migration ...", "add a cleanup job ..."). */
const WRITES_CODE = /^(?:(?:please|pls|now|also|then|and)\s+)*(?:write|add|create|implement|generate|draft)\s+(?:[\w'-]+\s+){0,6}?(?:migrations?|scripts?|steps?|functions?|jobs?|handlers?|commands?|methods?|tasks?)\b/

/** A live store named: what the written code does there is still the agent's concern ("it must drop the prod db"). */
const LIVE_STORE = /\b(?:prod|production|live|staging|real\s+users?|customers?)\b/

/** Rereads a destruction that is what the code written in the clause before is to do as a change of that code. */
export function markWrittenBehaviour(clauses: ClauseAnalysis[]): void {
  for (const [i, c] of clauses.entries()) {
    if (i === 0 || c.intent !== 'destructive' || c.question) continue
    const text = c.text.trim().toLowerCase()
    if (!CODE_SUBJECT_MODAL.test(text) || LIVE_STORE.test(text)) continue
    const before = clauses[i - 1]
    if (before.intent !== 'change' || !WRITES_CODE.test(before.text.trim().toLowerCase())) continue
    clauses[i] = {...c, intent: 'change', via: 'wish', cue: `${c.cue ?? 'remove'} (what the code written is to do)`}
  }
}
