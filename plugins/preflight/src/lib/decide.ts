/**
 * The decision rules. Every rule is evaluated and recorded (the narration); the most severe outcome wins:
 * rejected > blocked > needs_clarification > accepted. The instruction comes from the rules of the
 * winning outcome, so it always says what to do: proceed within a scope, what to clarify, what unblocks,
 * or why it is never allowed.
 */

import {reportedThenFixed} from './policy/report-then-fix.js'
import {commandsOnlyRead, strayCommand} from './analyse/commands-run.js'
import {approvalThenChecks} from './policy/approval-reported.js'
import type {RequestAnalysis} from './analyse/intent.js'
import {DATA_STORE, DISCARD_WORDS, RESTART_IDIOMS, RESTART_WORDS, VAGUE_WORDS, VERB_INTENT, EXPOSING_DESTINATION, GOVERNANCE_OBJECT, MOVED_SECRET_AFTER, MOVED_TO, MOVING_VERB, PLACED_SECRET, PLACING_VERBS, SAID_OF_OTHERS_SENTENCE, SECRET_EVENT, SECRET_KEPT_SAFE, SECRET_OBJECT, SECRET_VALUE_PRONOUN} from './analyse/lexicon.js'
import {ACTION_LABEL, checkPhaseGate} from './phase-gate.js'
import {findForbidden} from './policy/forbidden.js'
import {PASTED_READING} from './analyse/pasted-material.js'
import {maskCarried} from './policy/secrets-in-paste.js'
import {OUTSIDE_USER_DATA} from './policy/outside-data.js'
import {guardedExec} from './policy/literal-guard.js'
import {readingsOf, type Reading} from './policy/readings.js'
import {dropSafeguards, keepsSecretOut, quotedMessagesAsWords} from './policy/safeguard.js'
import {spelledOut} from './policy/secrets-routed.js'
import {PERMISSION_PRESETS, checkTool, presetGranting} from './permissions.js'
import {redactSecrets} from './redact.js'
import {reportThenRemedy, withoutHandledMentions} from './policy/secrets-handled.js'
import type {ScopeRequirement, ScopeResult} from './scope.js'
import {confidenceTarget, type PreflightSnapshot} from './snapshot.js'
import {DECISION_RANK, type Decision, type NarrationStep} from './types.js'
import {standInOnly} from './policy/secrets-tooled.js'

export interface DecisionInput {
  snapshot: PreflightSnapshot
  analysis: RequestAnalysis
  scope: ScopeResult
  work_item_id: string
  /** retries verify granted the work item, and whether a verify found the budget spent */
  retry: {used: number; exhausted: boolean}
}

export interface DecisionOutcome {
  decision: Decision
  instruction: string
  confidence_target: number
  narration: NarrationStep[]
}

const list = (ids: readonly string[], max = 8) => (ids.length <= max ? ids.join(', ') : `${ids.slice(0, max).join(', ')} and ${ids.length - max} more`)

class Narrator {
  readonly steps: NarrationStep[] = []
  readonly votes: {outcome: Decision; instruction: string}[] = []

  info(rule: string, detail: string): void {
    this.steps.push({step: this.steps.length + 1, rule, fired: false, outcome: 'info', detail})
  }

  pass(rule: string, detail: string): void {
    this.steps.push({step: this.steps.length + 1, rule, fired: false, outcome: 'pass', detail})
  }

  fire(rule: string, outcome: Decision, detail: string, instruction: string): void {
    this.steps.push({step: this.steps.length + 1, rule, fired: true, outcome, detail})
    this.votes.push({outcome, instruction})
  }
}

/**
 * The policy decides first and in every phase and preset: a request that breaks it is rejected whatever the phase
 * gate, the permission profile or the scope would say (rejected outranks every other outcome). The rules read the
 * request and the instruction each of its other clause forms asks for (a wish, a passive, a noun for the action, a
 * thing said to go somewhere, a reference to a secret or record named earlier: policy/readings.ts).
 */
function checkForbidden(n: Narrator, {snapshot, analysis}: DecisionInput): void {
  // a message the program is told to say ('print "wrong email or password"') is read as "the message"
  const lower = spelledOut(quotedMessagesAsWords(analysis.lower))
  const {kept: direct, voided} = dropSafeguards(findForbidden(snapshot.policy.rules, lower, analysis.question, {onlyAsking: analysis.only_asking}), lower)
  const hits: {hit: (typeof direct)[number]; via?: Reading}[] = direct.map((hit) => ({hit}))
  // a request that says it only asks ("... ? just asking") is not read as the proposal its question could be
  if (hits.length === 0 && !analysis.only_asking) {
    for (const reading of readingsOf(lower)) {
      const found = dropSafeguards(findForbidden(snapshot.policy.rules, reading.text, analysis.question && !reading.instruction), reading.text)
      for (const hit of found.kept) hits.push({hit, via: reading})
    }
  }
  for (const hit of voided.slice(0, 3)) n.info('policy.safeguard', `${hit.id} set aside: "${maskCarried(hit.match)}" ${hit.why}`)
  if (hits.length === 0) {
    n.pass('policy.forbidden', `no forbidden pattern matched (${snapshot.policy.rules.length} rules)`)
    return
  }
  for (const {hit, via} of hits.slice(0, 3)) {
    const quoted = maskCarried(hit.match)
    const read = via ? ` in the request read as an instruction (${via.forms.join(', ')}: "${maskCarried(via.text).slice(0, 120)}")` : ''
    n.fire(`policy.forbidden`, 'rejected', `${hit.id} (${hit.category}) matched "${quoted}"${read}`, `${hit.reason} (rule ${hit.id}, matched "${quoted}"). Do not attempt this or a variant of it.`)
  }
}

function checkPhase(n: Narrator, {snapshot, analysis}: DecisionInput): void {
  const gate = checkPhaseGate(snapshot.policy, analysis.action)
  if (gate.instruction === null) n.pass('phase.gate', gate.detail)
  else n.fire('phase.gate', 'blocked', gate.detail, gate.instruction)
}

function checkPermissions(n: Narrator, {snapshot, analysis}: DecisionInput): void {
  const profile = snapshot.policy.permissions
  const denied = analysis.tools.map((t) => checkTool(profile, t)).filter((c) => !c.allowed)
  if (denied.length === 0) {
    n.pass('permissions.profile', `the ${profile.preset} profile allows ${list(analysis.tools)}`)
    return
  }
  const names = denied.map((d) => d.canonical)
  const byDeny = denied.filter((d) => d.rule.startsWith('deny:')).map((d) => d.canonical)
  const preset = names.map(presetGranting).reduce((a, b) => (PERMISSION_PRESETS.indexOf(b) > PERMISSION_PRESETS.indexOf(a) ? b : a))
  const unblock = byDeny.length > 0
    ? `It unblocks when ${list(byDeny)} is removed from agent.permissions.deny in docs/GOVTOOL.yml`
    : `It unblocks with agent.permissions.preset: ${preset} (or allow: [${names.join(', ')}]) in docs/GOVTOOL.yml, set by a maintainer`
  n.fire(
    'permissions.profile',
    'blocked',
    denied.map((d) => d.reason).join(' '),
    `The ${profile.preset} permission profile${profile.source === 'default' ? ' (the default: docs/GOVTOOL.yml sets no agent.permissions)' : ''} does not allow ${list(names)}, which this request needs. ${unblock}.`,
  )
}

/** The project's own measurements: running them reads ("run the benchmarks for search", "profile the search command"; round 30a: "run audit", "run the secret scanner"). */
const PROJECT_MEASURE = /\b(?:bench(?:mark)?s?|benchmark(?:ing)? suite|profil\w*|coverage|builds?|compile|the [\w-]+ command|smoke tests?|dry[ -]run|linters?|lint|type[ -]?checks?|typecheck(?:er|ing)?|govtool (?:audit|validate|checkpoint|status|verify|sync --check|diff|esdb (?:status|replay))|(?:the )?(?:governance )?audit|(?:the )?secrets? scan(?:ner)?s?|(?:the )?(?:pre-commit|pre-push|git|commit|govtool) hooks?)\b/

/** Programs that only read, and git's reading subcommands: a quoted command made only of these reads. */
const READING_PROGRAMS = new Set(['cat', 'less', 'more', 'head', 'tail', 'ls', 'tree', 'wc', 'grep', 'egrep', 'rg', 'ag', 'find', 'pwd', 'stat', 'file', 'du', 'df', 'diff', 'sort', 'uniq', 'cut', 'jq'])
const READING_GIT = new Set(['status', 'log', 'diff', 'show', 'blame', 'ls-files', 'shortlog', 'describe', 'rev-parse'])
/**
 * The hosting CLI's listing and viewing subcommands (`gh secret list` names the secrets, never their values; `gh pr
 * view 12`); not `gh auth` (it can print the token) and not `gh api` (any call).
 */
const READING_GH = {nouns: new Set(['secret', 'variable', 'pr', 'issue', 'run', 'repo', 'release', 'workflow', 'label', 'cache', 'ruleset']), verbs: new Set(['list', 'view', 'status', 'diff', 'checks'])}

/**
 * Whether `command` (as quoted in a request) only reads: every part of a pipeline or list starts with a reading
 * program (or a reading git subcommand), nothing is redirected into a file, no substitution runs another
 * command, and find neither deletes nor executes.
 */
export function readsOnly(command: string): boolean {
  if (/[>`]|\$\(|<\(/.test(command) || /\bfind\b[^|;&]*\s-(?:delete|exec\w*|ok\w*|fprint\w*)\b/.test(command)) return false
  const parts = command.split(/\|\|?|&&|;/).map((p) => p.trim().split(/\s+/))
  return parts.every(([program, sub, op]) => (program === 'git' ? READING_GIT.has(sub ?? '') : program === 'gh' ? READING_GH.nouns.has(sub ?? '') && READING_GH.verbs.has(op ?? '') : program !== undefined && READING_PROGRAMS.has(program)))
}

/** A frozen requirement matched by words at under this share of the best open match's score is not what the request changes. */
const INCIDENTAL_RATIO = 0.6

function checkFrozen(n: Narrator, {snapshot, analysis, scope}: DecisionInput): void {
  if (analysis.intent === 'read_only' || analysis.intent === 'release' || analysis.intent === 'unclear') {
    n.pass('requirements.frozen', `${analysis.intent === 'release' ? 'a release' : analysis.intent === 'unclear' ? 'an unclear request' : 'a read-only request'} does not change requirements`)
    return
  }
  const {index, policy} = snapshot
  const frozen = scope.requirement_ids
    .map((id) => {
      const i = index.lookup(id)
      return i === undefined ? undefined : index.requirement(i)
    })
    .filter((r): r is ScopeRequirement => r !== undefined && policy.frozen.has(r.status.trim().toLowerCase()))
  // a frozen requirement found by its words far below an open one ("only send what changed" is the sync of
  // REQ-SYNC-001, not the deprecated plaintext dump that shares "send"): the words it shares are incidental
  const scoreOf = new Map(scope.matches.map((m) => [m.id, m]))
  const open = scope.matches.filter((m) => !frozen.some((r) => r.id === m.id))
  const bestOpen = open.reduce((best, m) => Math.max(best, m.via === 'match' ? m.score : 1), 0)
  const incidental = frozen.filter((r) => {
    const m = scoreOf.get(r.id)
    return m !== undefined && m.via === 'match' && m.score < INCIDENTAL_RATIO * bestOpen
  })
  // a destructive request whose target is a store of data ("open the sync queue and wipe it", "make sync
  // quicker by dropping the conflict history table") destroys data, it does not change what a frozen
  // requirement describes: a frozen requirement found only by shared words is incidental (destructive decides)
  const dataTarget = analysis.intent === 'destructive' ? analysis.clauses.find((c) => c.intent === 'destructive' && DATA_STORE.test(c.text.toLowerCase())) : undefined
  if (dataTarget && frozen.length > 0 && frozen.every((r) => scoreOf.get(r.id)?.via === 'match')) {
    const store = DATA_STORE.exec(dataTarget.text.toLowerCase())![0]
    n.pass('requirements.frozen', `frozen requirement(s) ${frozen.map((r) => `${r.id} (${r.status})`).join(', ')} matched by shared words only; the request destroys data (a ${store}), it does not change what they describe`)
    return
  }
  if (incidental.length > 0 && incidental.length === frozen.length) {
    const weak = incidental.map((r) => `${r.id} (${r.status}, score ${scoreOf.get(r.id)!.score.toFixed(2)})`).join(', ')
    n.pass('requirements.frozen', `frozen requirement(s) ${weak} matched at under ${INCIDENTAL_RATIO} of the best open match (${bestOpen.toFixed(2)}): incidental shared words`)
    return
  }
  if (frozen.length === 0) {
    n.pass('requirements.frozen', scope.requirement_ids.length > 0 ? `no targeted requirement has a frozen status (${[...policy.frozen].join(', ')})` : 'no requirement targeted')
    return
  }
  const what = frozen.map((r) => `${r.id} (${r.status})`).join(', ')
  n.fire(
    'requirements.frozen',
    'blocked',
    `targets frozen requirement(s) ${what}`,
    `This request changes ${what}, whose status is frozen. It unblocks when the requirement is reopened (its status changed in docs/REQUIREMENTS.md by its owner) or a new requirement supersedes it and the request names that one.`,
  )
}

function checkRetryBudget(n: Narrator, {snapshot, work_item_id, retry}: DecisionInput): void {
  const budget = snapshot.policy.verify.retry_budget
  const retries_used = retry.used
  if (!retry.exhausted || retries_used < budget) {
    n.pass('work_item.retry_budget', `${work_item_id} has used ${retries_used} of ${budget} retries`)
    return
  }
  n.fire(
    'work_item.retry_budget',
    'blocked',
    `${work_item_id} has spent its retry budget (${retries_used} of ${budget} retries)`,
    `Work item ${work_item_id} has spent its retry budget (${retries_used} of ${budget}): stop and align with a human. It unblocks when verify reaches equilibrium for it, when the request is re-scoped (a new work item), or when verify.retry_budget in docs/GOVTOOL.yml is raised.`,
  )
}

function checkClarification(n: Narrator, {analysis, scope}: DecisionInput): void {
  let fired = false
  const fire = (rule: string, detail: string, instruction: string) => {
    fired = true
    n.fire(rule, 'needs_clarification', detail, instruction)
  }
  if (analysis.text.length === 0) {
    fire('clarify.empty', 'the request is empty', 'The request is empty: say what should be done, and to which requirement (REQ-...).')
    return
  }
  if (analysis.intent === 'unclear') {
    const vague = analysis.clauses.find((c) => c.via === 'vague')
    // "don't change anything, and delete the old backups folder": the intent step recognised both the constraint
    // and the instruction, and found that one forbids the other; the message says so instead of "nothing recognised"
    const contradiction = vague ? undefined : analysis.clauses.find((c) => c.via === 'contradiction')
    if (contradiction) {
      fire(
        'clarify.unclear',
        `the request contradicts itself: a constraint forbids the change it asks for ("${redactSecrets(contradiction.text).slice(0, 80)}")`,
        'The request contradicts itself: it forbids every change and asks for one. Drop the constraint (and say what to change, in which component or requirement, REQ-...) or drop the change (and ask a question).',
      )
    } else {
      fire(
        'clarify.unclear',
        vague ? `"${vague.cue}" with nothing it applies to` : 'no question and no instruction recognised',
        vague
          ? 'The request does not say what to do: a gate never takes "continue" or "do whatever is needed" as consent. Say what to change (the component, file or requirement, REQ-...) and the expected behaviour.'
          : 'The request is neither a question nor an instruction the gate can recognise: ask a question, or say what to change, in which component or requirement (REQ-...).',
      )
    }
  }
  if (scope.missing_ids.length > 0) {
    fire(
      'clarify.unknown_ids',
      `unknown id(s) ${list(scope.missing_ids)}`,
      `${list(scope.missing_ids)} ${scope.missing_ids.length === 1 ? 'is' : 'are'} not in docs/REQUIREMENTS.md or docs/TESTS.md. Check the id, or add the requirement first (\`govtool req add\`).`,
    )
  }
  if (analysis.intent === 'destructive') {
    const target = analysis.clauses.find((c) => c.intent === 'destructive')
    const object = redactSecrets(target?.object ?? '').trim()
    fire(
      'clarify.destructive',
      `destructive request (${target?.cue ?? 'destructive phrase'})`,
      `This is destructive and needs explicit confirmation of the exact target${object ? ` ("${object.slice(0, 120)}")` : ''}: name the precise paths, branch, tables or records, confirm that destroying them is intended, and say how they can be restored.`,
    )
  }
  if (analysis.intent === 'release') {
    fire(
      'clarify.release',
      `release request${analysis.version ? ` (version ${analysis.version})` : ''}`,
      `A release needs explicit confirmation: the exact version (${analysis.version ? `${analysis.version} was mentioned; confirm it` : 'none given'}), the target (tag, branch, registry or environment), and that \`govtool verify\` has reached equilibrium for the released work.`,
    )
  }
  if (analysis.intent === 'change' && scope.requirement_ids.length === 0 && scope.missing_ids.length === 0) {
    if (analysis.user_docs && !scope.generic) {
      n.info('clarify.docs', 'a documentation change to documents written for people (README, guides, *.md other than the governance files) needs no requirement of its own')
    } else if (scope.generic) {
      fire('clarify.vague', 'the request names nothing to change', 'The request does not say what to change: name the component, file or requirement (REQ-...) and the expected behaviour.')
    } else {
      fire(
        'clarify.no_scope',
        `no requirement matches (terms: ${scope.query_terms.join(', ')})`,
        'No requirement in docs/REQUIREMENTS.md matches this request: name the requirement it serves (REQ-...), or add one first with `govtool req add`.',
      )
    }
  }
  if (!fired && analysis.intent === 'change' && analysis.action === 'code_change' && scope.requirement_ids.length > 0 && scope.matches.every((m) => m.via === 'match' && scope.thin_ids?.includes(m.id))) {
    // a change in scope on one word of a requirement's own while it names more the requirement lacks
    // ("support logging in with a hardware key"): what is new outweighs what is known
    fire(
      'clarify.thin_scope',
      `${list(scope.requirement_ids)} matched on one word of its own against more that it lacks (see scope.terms)`,
      `This change matches ${list(scope.requirement_ids)} on a single word, but most of what it names is not in that requirement: name the requirement it serves (REQ-...), or add one first with \`govtool req add\`.`,
    )
  }
  if (!fired && analysis.intent === 'change' && analysis.action !== 'docs_change') {
    // a change reaching into the user's data outside the product ("make search also look through the user's
    // email inbox") is a capability of its own, whatever word it shares with a requirement (run behind its literal guard, policy/literal-guard.ts)
    const outside = analysis.clauses.filter((c) => c.intent === 'change').map((c) => guardedExec(OUTSIDE_USER_DATA, c.text.toLowerCase())).find((m) => m !== null)
    if (outside) {
      fire(
        'clarify.outside_data',
        `the change reaches into the user's data outside the product ("${redactSecrets(outside[0].trim()).slice(0, 80)}")`,
        `This change reaches into the user's data outside the product ("${redactSecrets(outside[0].trim()).slice(0, 80)}"), which no requirement covers: name the requirement that allows it (REQ-...), or add one first with \`govtool req add\` (what is read, with whose consent, and where it goes).`,
      )
    }
  }
  if (!fired) {
    // an accepted request is accounted for sentence by sentence: a sentence the gate cannot classify that
    // names a secret or a governance record ("Also the token should go in the README", "The ledger entry
    // for this is not needed") is not waved through next to a question or an in-scope change; what other people do
    // ("Context: people paste passwords into bug reports.") is context, not such a sentence
    const stray = analysis.clauses.find((c, i) => c.intent === 'unclear' && c.via === 'default' && (SECRET_OBJECT.test(c.text) || GOVERNANCE_OBJECT.test(c.text)) && !SAID_OF_OTHERS_SENTENCE.test(c.text.toLowerCase()) && !reportThenRemedy(c.text, analysis.clauses.slice(i + 1).map((l) => l.text).join(' ; ')) && !reportedThenFixed(c.text, analysis.clauses[i + 1]?.text) && !approvalThenChecks(c.text, analysis.clauses[i + 1]?.text))
    if (stray) {
      const what = SECRET_OBJECT.exec(stray.text)?.[0] ?? GOVERNANCE_OBJECT.exec(stray.text)?.[0] ?? ''
      fire(
        'clarify.stray_clause',
        `"${redactSecrets(stray.text.trim()).slice(0, 80)}" is neither a question nor an instruction the gate recognises, and names "${what.trim()}" (a secret or a governance record)`,
        `Part of the request ("${redactSecrets(stray.text.trim()).slice(0, 80)}") is neither a question nor an instruction the gate recognises, and it names a secret or a governance record: say plainly what should happen to it, or leave it out.`,
      )
    }
  }
  if (!fired && analysis.intent === 'change') {
    // a change (a documentation edit included) whose object is the secret itself places its value somewhere:
    // "document the production database password in the user guide", "Where is the sync token read from? Also
    // paste its value into the README"; the value of any key named earlier is its secret. Text about secrets ("document how to rotate the API token") is a topic
    const placed = analysis.clauses.find((c, i) => {
      if (c.intent !== 'change' || !PLACING_VERBS.has(c.cue ?? '') || SECRET_KEPT_SAFE.test(c.text)) return false
      const object = c.object.trim()
      return PLACED_SECRET.test(object) || (SECRET_VALUE_PRONOUN.test(object) && analysis.clauses.slice(0, i).some((p) => SECRET_OBJECT.test(p.text) || /\bkeys?\b/.test(p.text)))
    })
    if (placed) {
      const what = redactSecrets(`${placed.cue ?? ''} ${placed.object}`.trim()).slice(0, 80)
      fire(
        'clarify.secret_placed',
        `"${what}" puts a secret itself (its value) somewhere, not text about it`,
        `This change writes a secret itself ("${what}") into the project: a secret is never put in documents, code or configuration. Say where it stays protected (the OS keychain, an environment variable nobody commits) and document only how to obtain or set it.`,
      )
    }
  }
  if (!fired && analysis.intent === 'change') {
    // a change accepted in scope is not trusted with a secret it sends somewhere visible: "change login so the
    // session token is written to the terminal" matches REQ-AUTH by its words but exposes what it names
    // a secret named as an event ("a wrong password", "forgets their password") or inside a message the program says
    // ('print "invalid credentials"') is no secret value
    const changing = quotedMessagesAsWords(analysis.clauses.filter((c) => c.intent === 'change').map((c) => c.text.toLowerCase()).join(' ; '))
    const secret = SECRET_OBJECT.exec(withoutHandledMentions(changing).replaceAll(SECRET_EVENT, ' '))
    const where = EXPOSING_DESTINATION.exec(changing)
    if (secret && where && !SECRET_KEPT_SAFE.test(changing) && !keepsSecretOut(changing) && !standInOnly(changing)) {
      fire(
        'clarify.secret_exposure',
        `a change that names a secret ("${secret[0].trim()}") and where it would show or go ("${where[0]}")`,
        `This change names a secret ("${secret[0].trim()}") together with a place it would be shown, logged, committed or sent ("${where[0]}"): a secret is never exposed. Say how it stays protected (kept in the keychain, hashed, redacted) or leave it out.`,
      )
    }
  }
  if (!fired && analysis.intent === 'change') {
    // the fail-safe for secrets moved: a change clause that copies or sends a secret to another place or device
    // ("push the stored tokens to the backup server") with no protection said is not accepted on its scope alone
    const moved = analysis.clauses.find((c) => {
      if (c.intent !== 'change') return false
      const text = c.text.toLowerCase()
      const verb = MOVING_VERB.exec(text)
      return verb !== null && MOVED_SECRET_AFTER.test(text.slice(verb.index + verb[0].length)) && MOVED_TO.test(text) && !SECRET_KEPT_SAFE.test(text) && !keepsSecretOut(text)
    })
    if (moved) {
      const text = moved.text.toLowerCase()
      const what = SECRET_OBJECT.exec(text)?.[0].trim() ?? 'a secret'
      fire(
        'clarify.secret_moved',
        `a change that moves a secret ("${what}") elsewhere ("${MOVING_VERB.exec(text)![0]}") and says nothing of how it stays protected`,
        `This change copies or sends a secret ("${what}") to another place or device: a secret stays in its store (the OS keychain) and travels only as the feature requires. Say where it goes and how it stays protected (encrypted, never logged), or leave it out.`,
      )
    }
  }
  if (!fired && analysis.intent === 'read_only') {
    // read-only is accepted on positive evidence: a question, a read verb leading its sentence, or one asked
    // for the asker ("kick off the tests and tell me what fails"). A read or run verb found only later in a
    // sentence whose own verb the gate does not know ("treat verify as passed", "have the audit list nothing")
    // is no such evidence: the unknown verb may be the instruction
    const reading = analysis.clauses.filter((c) => c.intent === 'read_only')
    if (reading.length > 0 && reading.every((c) => c.via === 'later_verb' && !/^(?:me|us)\b/.test(c.object.trim()) && !/\b(?:me|us)\b/.test(c.text))) {
      const c = reading[0]
      fire(
        'clarify.unknown_verb',
        `"${c.cue}" is read-only, but it comes after words the gate does not recognise as a question or an instruction ("${redactSecrets(c.text.trim()).slice(0, 80)}")`,
        'The request does not lead with a question or a verb the gate recognises, so it cannot tell that it only reads: ask it as a question, or say what to do in plain words (explain, show, list, run the tests ...).',
      )
    }
  }
  if (!fired && analysis.intent === 'read_only' && analysis.tools.includes('run_shell')) {
    // running is read-only only for the project's own measurements (tests, lint, benchmarks, a profile, a
    // build): an arbitrary command is accepted on no evidence of what it does, so the gate asks which one
    const runs = analysis.clauses.filter((c) => !c.question && c.intent === 'read_only' && c.cue !== undefined && VERB_INTENT.get(c.cue) === 'run')
    const quoted = [...analysis.text.matchAll(/`([^`]+)`/g)].map((m) => m[1])
    // round 29a: ... or commands of operations tools that only read ("run kubectl get pods", "helm list -A": analyse/commands-run.ts)
    const measured = runs.some((c) => PROJECT_MEASURE.test(c.object) || PROJECT_MEASURE.test(c.cue ?? '')) || (quoted.length > 0 && quoted.every(readsOnly)) || (runs.length > 0 && !strayCommand(analysis.clauses) && runs.every((c) => commandsOnlyRead(c.object, true)))
    if (!measured) {
      const c = runs[0]
      fire(
        'clarify.run_command',
        `running ${c ? `"${redactSecrets(`${c.cue} ${c.object}`.trim()).slice(0, 80)}"` : 'a command'} is not one of the project's checks or measurements`,
        'Running a command is read-only only when it is one of the project\'s checks or measurements (tests, lint, type check, benchmarks, a profile, a build) or a quoted command that only reads (`cat`, `ls`, `grep`, `git status` ...). Name the exact command and say that it changes nothing outside the working tree.',
      )
    }
  }
  if (!fired) n.pass('clarify', 'intent and scope are clear')
}

function acceptedInstruction(input: DecisionInput, target: {target: number; setting: string}): string {
  const {analysis, scope, work_item_id} = input
  const reqs = scope.requirement_ids.length > 0 ? list(scope.requirement_ids) : undefined
  if (analysis.intent === 'read_only') {
    return `Read only: answer from the project${reqs ? ` (scope: ${reqs})` : ''}; do not modify files.`
  }
  const tests = scope.test_case_ids.length > 0 ? ` Run ${list(scope.test_case_ids)}` : ' No test covers this scope yet: add one to docs/TESTS.md'
  // a documentation change for people needs no requirement of its own (clarify.docs): it is scoped to its documents
  const scoped = reqs ? `scoped to ${reqs}; keep the change within it` : 'to documents written for people; keep it to them'
  return `Proceed with ${ACTION_LABEL[analysis.action].replace(/s$/, '')} ${scoped}.${tests}, then run \`govtool verify --work-item-id ${work_item_id}\` and reach confidence ${target.target} or more (the threshold verify checks: ${target.setting}).`
}

/**
 * A request that only asks to start over ("redo all of it from the ground up", "scrap everything and redo it
 * properly"): every word is a restart word, a discarding verb or a vague word, and one is a restart word. It names
 * nothing to change or destroy, so it is unclear in every phase: the phase and the permissions decide once it does.
 */
function onlyARestart(analysis: RequestAnalysis): boolean {
  if (analysis.intent !== 'change' && analysis.intent !== 'destructive') return false
  const words = analysis.lower.replaceAll(RESTART_IDIOMS, ' afresh ').split(/[^a-z']+/).filter(Boolean)
  return words.some((w) => RESTART_WORDS.has(w)) && words.every((w) => RESTART_WORDS.has(w) || DISCARD_WORDS.has(w) || VAGUE_WORDS.has(w))
}

/** Applies every rule to an analysed, scoped request. Pure: no I/O. */
export function decide(given: DecisionInput): DecisionOutcome {
  const n = new Narrator()
  const clauses = given.analysis.clauses.map((c) => `"${redactSecrets(c.text).slice(0, 60)}" -> ${c.intent} (${c.via}${c.cue ? `: ${c.cue}` : ''})`)
  n.info('intent.classify', `intent ${given.analysis.intent}, action ${given.analysis.action}; ${clauses.join('; ') || 'no clauses'}${given.analysis.truncated ? '; request truncated for analysis' : ''}${given.analysis.corrections.length > 0 ? `; read as typos: ${given.analysis.corrections.map(([w, c]) => `${w} -> ${c}`).join(', ')}` : ''}`)
  const restart = onlyARestart(given.analysis)
  if (restart) n.info('intent.restart', 'the request only asks to start over and names nothing to change or destroy: read as unclear')
  const input: DecisionInput = restart
    ? {...given, analysis: {...given.analysis, intent: 'unclear', action: 'read_only', tools: ['read_file'], clauses: given.analysis.clauses.map((c) => ({...c, intent: 'unclear' as const, via: 'vague' as const}))}}
    : given
  const {analysis, scope, snapshot} = input
  const how = scope.matches.map((m) => `${m.id} ${m.via === 'match' ? `score ${m.score} via ${m.terms.join('+')}` : m.via}`)
  n.info('scope.resolve', scope.matches.length > 0 ? `${how.join('; ')}; tests ${list(scope.test_case_ids) || 'none'}` : `no requirement matched (terms: ${scope.query_terms.join(', ') || 'none'})`)
  if (scope.weights.length > 0) {
    const weighed = scope.weights.map((w) => `${w.term}${w.from ? ` (from "${w.from}")` : ''} ${w.kind} idf ${w.idf}`)
    n.info('scope.terms', `${weighed.join('; ')}${scope.notes.length > 0 ? `; ${scope.notes.join('; ')}` : ''}`)
  }
  n.info('phase.current', `phase ${snapshot.policy.phase.phase} (${snapshot.policy.phase.source}), permission preset ${snapshot.policy.permissions.preset} (${snapshot.policy.permissions.source}), tools implied: ${analysis.tools.join(', ')}`)
  if (analysis.pasted) n.info('intent.pasted', `read without the ${analysis.pasted.spans} pasted passage(s)${PASTED_READING[analysis.pasted.kind]} ("${redactSecrets(analysis.pasted.text).slice(0, 120)}")`)
  for (const kind of analysis.carried_secrets ?? []) n.fire('policy.secret_carried', 'rejected', `the request carries a live credential: ${kind} (value not shown)`, `The request carries a live credential (${kind}); pasting it sends the value to the model and the transcript. Remove it from the request, rotate it, and refer to it by name or a placeholder.`)
  checkForbidden(n, input)
  checkPhase(n, input)
  checkPermissions(n, input)
  checkFrozen(n, input)
  checkRetryBudget(n, input)
  checkClarification(n, input)
  let decision: Decision = 'accepted'
  for (const v of n.votes) if (DECISION_RANK[v.outcome] > DECISION_RANK[decision]) decision = v.outcome
  const target = confidenceTarget(snapshot.policy, analysis.intent)
  const instruction =
    decision === 'accepted'
      ? acceptedInstruction(input, target)
      : `${decision === 'rejected' ? 'Rejected' : decision === 'blocked' ? 'Blocked' : 'Needs clarification'}: ${n.votes
          .filter((v) => v.outcome === decision)
          .map((v) => v.instruction)
          .join(' ')}`
  n.info('decision', `${decision} (precedence rejected > blocked > needs_clarification > accepted); confidence target ${target.target} (${target.setting})`)
  return {decision, instruction, confidence_target: target.target, narration: n.steps}
}
