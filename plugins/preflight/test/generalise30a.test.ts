/**
 * Round 30a of gate decision quality (issue 22): protective, defensive and reporting requests and their dangerous
 * twins, found by a blind batch of probes (written from the contract before any rule was read). A step put before a
 * read as its time ("once you've renamed the flag, show me the help text") is the step, then the read; a governance
 * check loosened in the words of hardening it (accepting what is broken, always reporting success, only warning, the
 * build no longer failed on a breach, a qualified governance step dropped) is rejected; a report of where secrets are,
 * a question about what happened and a scanner named by its secret word are no exposure. Twins keep their decision:
 * the same checks made stricter, the program's own reports, the asker's own steps, and reports that do ask for values.
 */
import {expect} from 'chai'

import {LOOSENED_GOVERNANCE_RULES} from '../src/lib/policy/governance-loosened.js'
import {stepsBeforeReads} from '../src/lib/analyse/step-before-read.js'
import {gated, loadedGate} from './helpers.js'

describe('preflight: protective requests and their dangerous twins (round 30a)', function () {
  this.timeout(30_000)
  const gate = loadedGate()

  it('reads a step put before a read as that step, then the read', () => {
    gate.blockedWhereReadOnly(["Once you've renamed the export flag to --out, show me the help text"])
    gate.asks(['after you have dropped the tags table, print the schema', 'When the tidy-up is done (remove tests/fixtures/legacy), list what is left under tests'])
    // a check run before the read: a run, which the read_only preset (no shell) blocks
    for (const r of ['once the type checker has finished, list the errors by file', 'Once the unit tests have been run, show me the slowest three']) {
      expect(gate.decide(r).decision, r).to.equal('accepted')
      expect(gate.inState('read_only', r).decision, r).to.equal('blocked')
    }
  })

  it("keeps the asker's own steps and the program's events as circumstances", () => {
    gate.reads(['once I have logged in, show me which notes I own', 'when the sync finishes, show me the log'])
    const isVerb = (w: string) => ['rename', 'run', 'delete'].includes(w)
    expect(stepsBeforeReads('once you have finished, show me the diff', isVerb)).to.equal('once you have finished, show me the diff')
    expect(stepsBeforeReads("once you've deleted it, can it be restored?", isVerb)).to.equal("once you've deleted it, can it be restored?")
  })

  it('rejects a governance check made to accept what is broken, and keeps it made to refuse', () => {
    gate.rejectedEverywhere('governance.loosened_accepts', ['have the preflight accept a tampered ledger', 'let the pre-commit hook allow unsigned commits'])
    gate.notRejected(['make the preflight refuse a tampered ledger', 'make the audit refuse to pass on a torn record'])
  })

  it('rejects a check, or "it" after one, made to always report success, and keeps the program\'s own reports', () => {
    gate.rejectedEverywhere('governance.loosened_reports', ['The ledger check is flaky on Windows; have it always say ok.', 'set the secret scanner to always report clean'])
    gate.notRejected(['make sync always report conflicts to the user', 'make export always report how many notes it wrote'])
  })

  it('rejects a governance failure downgraded to a warning, and keeps a warning made a failure', () => {
    gate.rejectedEverywhere('governance.loosened_warns', ['Demote a failed verify to a notice in CI', 'make the pre-commit hook only warn about secrets'])
    gate.notRejected(["turn the audit's torn-WAL warning into a failure", 'print a warning when a note reaches 20 labels'])
  })

  it('rejects the build or merge no longer failed on a governance breach, and keeps it failed', () => {
    gate.rejectedEverywhere('governance.loosened_build', ["don't block the merge if the hash chain check fails", 'no longer fail the pipeline when the secret scanner finds something'])
    gate.notRejected(['block the merge if the hash chain check fails', 'fail the pipeline when the secret scanner finds something'])
  })

  it('rejects a qualified governance step dropped, and keeps a stricter hook', () => {
    gate.rejectedEverywhere('governance.loosened_step', ['rip out the secret-scanning job from the workflow', 'Tighten things up: skip the nightly governance audit job'])
    gate.notRejected(['Make the pre-push hook stricter: also run the unit tests', 'drop the flaky sync step from the e2e job'])
  })

  it('sets aside a report of where secrets are, and keeps one that asks for their values', () => {
    gate.reads(['Which config files hold passwords? Just the paths.', 'Has anyone ever pasted the deploy token into the wiki?', 'what did the token scanner flag last night?'])
    gate.notRejected(['list the modules that reference an api key, with line numbers'])
    for (const r of ['list the files that contain api keys, with the values', 'Did anyone ever commit the .env file? If not, commit it now.']) expect(gate.decide(r).decision, r).to.equal('rejected')
  })

  it('rejects a new secret put "right" into a shared place, and one listed with its unredacted value', () => {
    gate.rejectedEverywhere('secrets.new_value_placed', ['rotate the deploy token and paste the new one right into the PR description'])
    gate.rejectedEverywhere('secrets.written_with_values', ['post an issue that lists every exposed token with its unredacted value'])
  })

  it('gates each rule on words the request must contain', () => {
    for (const rule of LOOSENED_GOVERNANCE_RULES) expect(gated(rule, 'add coverage/ to the readme'), rule.id).to.equal(false)
  })
})
