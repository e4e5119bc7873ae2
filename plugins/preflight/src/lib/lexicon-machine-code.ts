/**
 * The request analysis' patterns (the analyse/ lexicons' exported RegExps) compiled straight to machine code on
 * their first run in a process (issue 14, whole-process preflight).
 *
 * policy/machine-code.ts does this for the forbidden rules at their one call site. The lexicons' patterns are run
 * from hundreds of call sites (`test`, `exec`, `replace`, `match`, `search`) in the analyse/ modules, and V8
 * compiles each to bytecode for its interpreter on its first run: about 1.4 MB of regexp bytecode for one accepted
 * preflight, small sources (150-1,300 characters) whose alternations, word boundaries and case folding expand to
 * 20-100 KB of bytecode each, several times slower to compile than the same pattern's machine code. Rather than edit
 * every call site, each exported pattern gets one-shot own methods: every first run reaches a RegExp through `exec`
 * (the spec's RegExpExec reads the property, under test, match, replace and search) or through `Symbol.matchAll` /
 * `Symbol.split` (which run a copy of the pattern; the copy shares the original's compiled code through V8's
 * compilation cache). The first one called removes all three (in reverse order, so V8 gives the object back its
 * original map, the builtins' fast path), runs the pattern once over 1,000 NUL characters (a subject that long makes
 * V8 skip the interpreter and compile machine code; the run fails or matches at once and `lastIndex` is put back) and
 * then runs the builtin: the same answer, never a different one. A pattern that never runs is never compiled. Steady
 * state (servers, the corpus evaluator's later requests) is unchanged: after its first run a pattern is a plain RegExp
 * again. A module-level pattern the walk cannot see keeps V8's default; the long ones are exported for it.
 */
import * as askedOnly from './analyse/asked-only.js'
import * as codeUpkeep from './analyse/code-upkeep.js'
import * as describedBehaviour from './analyse/described-behaviour.js'
import * as destroyedWhere from './analyse/destroyed-where.js'
import * as discourse from './analyse/discourse.js'
import * as followUp from './analyse/follow-up.js'
import * as forms from './analyse/forms.js'
import * as intent from './analyse/intent.js'
import * as lexicon from './analyse/lexicon.js'
import * as neededArtifact from './analyse/needed-artifact.js'
import * as packageRun from './analyse/package-run.js'
import * as retryAsk from './analyse/retry-ask.js'
import * as roleLead from './analyse/role-lead.js'
import * as scopeLexicon from './analyse/scope-lexicon.js'
import * as storyForm from './analyse/story-form.js'
import * as unverbedChange from './analyse/unverbed-change.js'
import * as mindGerund from './analyse/mind-gerund.js'
import * as proseAddendum from './analyse/prose-addendum.js'
import * as runOutput from './analyse/run-output.js'
import * as secretState from './policy/secret-state.js'
import * as vagueForms from './analyse/vague-forms.js'
import * as productNote from './policy/product-note.js'
import * as proposedQuestion from './analyse/proposed-question.js'
import * as testHousekeeping from './analyse/test-housekeeping.js'
import * as testRider from './analyse/test-rider.js'
import * as tools from './analyse/tools.js'
import * as topics from './analyse/topics.js'
import * as typos from './analyse/typos.js'
import * as verbs from './analyse/verbs.js'
import * as outsideData from './policy/outside-data.js'
import * as readings from './policy/readings.js'
import * as safeguard from './policy/safeguard.js'
import * as secretsCarried from './policy/secrets-carried.js'
import * as secretsRouted from './policy/secrets-routed.js'
import * as scopeOutside from './scope-outside.js'
import * as incidentalScope from './analyse/incidental-scope.js'
import * as passiveProposal from './analyse/passive-proposal.js'
import * as wantedState from './analyse/wanted-state.js'
import * as codeConstruct from './analyse/code-construct.js'
import * as releaseWorded from './analyse/release-worded.js'
import * as proseDocs from './analyse/prose-docs.js'
import * as secretsValuesNamed from './policy/secrets-values-named.js'
import * as handoffFrame from './analyse/handoff-frame.js'
import * as recordKeptOut from './policy/record-kept-out.js'
import * as secretsContained from './policy/secrets-contained.js'
import * as compoundParts from './policy/compound-parts.js'
import * as secretUnlogged from './policy/secret-unlogged.js'
import * as secretsHandled from './policy/secrets-handled.js'
import * as secretsRemedied from './policy/secrets-remedied.js'
import * as runtimeObject from './analyse/runtime-object.js'
import * as docsPlace from './analyse/docs-place.js'
import * as timePhrases from './analyse/time-phrases.js'
import * as destroyedOutcome from './analyse/destroyed-outcome.js'
import * as emptyTask from './analyse/empty-task.js'
import * as reportedMaterial from './analyse/reported-material.js'
import * as markdownFrame from './analyse/markdown-frame.js'
import * as secretsSafeStore from './policy/secrets-safe-store.js'
import * as scopeArranged from './analyse/scope-arranged.js'
import * as reportThenFix from './policy/report-then-fix.js'
import * as codeReads from './analyse/code-reads.js'
import * as commandOutput from './analyse/command-output.js'
import * as commandsRun from './analyse/commands-run.js'
import * as commandOptions from './analyse/command-options.js'
import * as secretsPieced from './policy/secrets-pieced.js'
import * as scopeSecretClass from './scope-secret-class.js'
import * as governanceSettingsLoosened from './policy/governance-settings-loosened.js'
import * as idForms from './analyse/id-forms.js'
import * as pastedMaterial from './analyse/pasted-material.js'
import * as pointerTurn from './analyse/pointer-turn.js'
import * as quotedRead from './analyse/quoted-read.js'
import * as readSwitched from './analyse/read-switched.js'
import * as authorityLead from './analyse/authority-lead.js'
import * as shownInUi from './analyse/shown-in-ui.js'
import * as governanceWorded from './policy/governance-worded.js'
import * as secretsInPaste from './policy/secrets-in-paste.js'
import * as secretsTooled from './policy/secrets-tooled.js'
import * as scopeOtherKind from './scope-other-kind.js'
import * as scopeWeigh from './scope-weigh.js'
import * as stepBeforeRead from './analyse/step-before-read.js'
import * as secretsReported from './policy/secrets-reported.js'
import * as governanceLoosened from './policy/governance-loosened.js'

// the lexicons, and the long patterns the decision and the scope read outside them: OUTSIDE_USER_DATA (105 KB of
// bytecode), UI_SURFACE (20 KB), the carried secrets' NO_SUBJECT_EXPOSES (75 KB), the secret safeguards' (MUST_NOT_EXPOSE 110 KB, PREVENTED, NEGATED_EXPOSURE,
// NO_SECRET, SAID_OF_OTHERS) and the readings' table RE (its ANTECEDENTS 35 KB), exported for this walk
const MODULES: readonly object[] = [askedOnly, authorityLead, codeUpkeep, discourse, forms, intent, lexicon, roleLead, scopeLexicon, testHousekeeping, tools, topics, typos, verbs, outsideData, scopeOutside, readings, safeguard, secretsCarried, describedBehaviour, neededArtifact, packageRun, retryAsk, testRider, destroyedWhere, secretsRouted, followUp, storyForm, incidentalScope, unverbedChange, mindGerund, proseAddendum, runOutput, secretState, vagueForms, productNote, proposedQuestion, passiveProposal, wantedState, codeConstruct, releaseWorded, proseDocs, secretsValuesNamed, handoffFrame, recordKeptOut, secretsContained, compoundParts, secretUnlogged, secretsHandled, secretsRemedied, runtimeObject, docsPlace, timePhrases, destroyedOutcome, emptyTask, reportedMaterial, markdownFrame, secretsSafeStore, scopeArranged, reportThenFix,
  codeReads, commandOutput, commandsRun, commandOptions, idForms, pastedMaterial, pointerTurn, quotedRead, readSwitched, shownInUi, governanceWorded, secretsInPaste, secretsTooled, scopeOtherKind, scopeWeigh, stepBeforeRead, secretsReported, governanceLoosened, secretsPieced, scopeSecretClass, governanceSettingsLoosened]
/** Long enough for V8 to compile machine code before the run (its `kTierUpForSubjectLengthValue`, 1,000). */
const SUBJECT = '\0'.repeat(1000)
const nativeTest = RegExp.prototype.test
let hooked: RegExp[] | undefined

/** The RegExps reachable from `value` (module namespaces, arrays, plain objects, maps, sets; 4 levels deep). */
function collect(value: unknown, depth: number, into: Set<RegExp>, seen: Set<object>): void {
  if (value instanceof RegExp) {
    into.add(value)
    return
  }
  if (depth > 4 || value === null || typeof value !== 'object' || seen.has(value)) return
  seen.add(value)
  const children = value instanceof Map || value instanceof Set ? value.values() : Object.values(value)
  for (const child of children) collect(child, depth + 1, into, seen)
}

/** The methods a first run of a pattern goes through: `exec` (RegExpExec, under test/match/replace/search) and the two
 * that run a copy (the copy shares the original's compiled code through V8's compilation cache). Removed in the
 * reverse order of their addition, so that V8 rolls the object back to its original map. */
const METHODS = [
  ['exec', RegExp.prototype.exec],
  [Symbol.matchAll, RegExp.prototype[Symbol.matchAll]],
  [Symbol.split, RegExp.prototype[Symbol.split]],
] as const

/** Compiles `re` to machine code (its hooks removed first) and leaves its `lastIndex` as it was. */
function unhook(re: RegExp): void {
  for (let i = METHODS.length - 1; i >= 0; i--) Reflect.deleteProperty(re, METHODS[i][0])
  const last = re.lastIndex
  nativeTest.call(re, SUBJECT)
  re.lastIndex = last
}

/** Gives `re` one-shot own methods that compile it to machine code and then run the builtin. */
function hook(re: RegExp): boolean {
  if (!Object.isExtensible(re) || METHODS.some(([name]) => Object.hasOwn(re, name))) return false
  for (const [name, builtin] of METHODS) {
    Object.defineProperty(re, name, {
      configurable: true,
      writable: true,
      enumerable: false,
      value(this: RegExp, ...args: unknown[]): unknown {
        unhook(re)
        return (builtin as (...a: unknown[]) => unknown).apply(this, args)
      },
    })
  }
  return true
}

/**
 * Hooks every exported lexicon pattern once per process (later calls do nothing) and returns the patterns hooked;
 * GOVTOOL_NO_REGEXP_WARMUP=1 leaves them to V8's default.
 */
export function lexiconsToMachineCode(env: NodeJS.ProcessEnv = process.env): readonly RegExp[] {
  if (hooked !== undefined) return hooked
  hooked = []
  if (env.GOVTOOL_NO_REGEXP_WARMUP) return hooked
  const patterns = new Set<RegExp>()
  const seen = new Set<object>()
  for (const module of MODULES) collect(module, 0, patterns, seen)
  for (const re of patterns) if (hook(re)) hooked.push(re)
  return hooked
}
