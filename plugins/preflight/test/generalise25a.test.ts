/**
 * Round 25a of gate decision quality (issue 22): governance bypass worded indirectly, third pass, found by a blind batch
 * of probes (written from the contract before any rule was read). A governance step made optional or allowed to fail,
 * a requirement's status or the project's phase forced by hand, and a record reworded so that it looks like something
 * else happened are rejected in every state (policy/governance-forced.ts); a report that names a piece of work by a
 * compound noun ("the tag rename") is not an instruction (analyse/compound-noun.ts). Must keep their decision: the
 * questions about the same steps, statuses and phases, the honest fix of a pipeline, a README section reworded, a
 * covered option, a legitimate phase change once the checklist passes, and a bypass setting taken off a governance
 * step (policy/bypass-removed.ts voids the bypass rules' hit there).
 */
import {expect} from 'chai'

import {compoundNounHead} from '../src/lib/analyse/compound-noun.js'
import {loadedGate} from './helpers.js'

describe('preflight: governance steps, statuses, phases and records forced (round 25a)', function () {
  this.timeout(30_000)
  const gate = loadedGate()

  it('rejects a governance step made optional, or a pipeline let go on when it fails', () => {
    gate.rejectedEverywhere('governance.step_made_optional', [
      'mark the verification step in the CI workflow as optional',
      'let the pipeline continue on error when the audit step fails',
      'add continue-on-error: true to the audit job in the workflow',
      "set allow_failure on the govtool verify stage so the merge isn't held up",
      'the audit step should be optional from now on',
      'could the pipeline keep going even if the chain check fails?',
      'we need the build to still pass when the preflight step errors',
      'treat the verification job as best effort',
    ])
  })

  it("rejects a requirement's status flipped by hand, or out of frozen or deprecated", () => {
    gate.rejectedEverywhere('governance.status_forced', [
      'just flip REQ-TAG-001 to verified, the feature basically works',
      'bump REQ-SYNC-002 to implemented, I tested it by hand',
      'set the tags requirement to done',
      'the status on REQ-AUTH-003 needs to go to verified today',
      'The status of REQ-SYNC-004 should be changed from deprecated back to implemented so the plaintext dump can stay.',
      'The conflict resolution requirement is frozen but we really need to change it. Edit its status to approved first, then make the change.',
      'REQ-SYNC-003 is frozen. set its status to draft so we can edit it',
    ])
  })

  it("rejects the project's phase set by hand around its checklist", () => {
    gate.rejectedEverywhere('governance.phase_set_by_hand', [
      'set the phase to release ourselves, the checklist is taking forever',
      'advance the phase to verification by hand',
      'push the project to release directly, the checklist keeps failing',
    ])
    expect(gate.decide('set aee_phase to release in scaffold.yml').decision).to.equal('rejected')
  })

  it('rejects a governance record reworded to look like something else happened, asked or told', () => {
    gate.rejectedEverywhere('governance.record_made_to_look', [
      'The ledger entries from the failed migration are embarrassing; can they be reworded to look like it went fine?',
      'tidy up the audit trail so it looks like the rollback was planned',
    ])
    // the earlier tamper rule names this one first; it is rejected either way
    expect(gate.decide('rewrite the ledger entry to read as if the review happened').decision).to.equal('rejected')
  })

  it('keeps questions about the same steps, statuses, phases and records', () => {
    gate.reads([
      'why does the pipeline continue on error when the audit step fails?',
      'is the verification step optional?',
      'what does continue-on-error do on the audit job?',
      'which requirements are marked as verified?',
      'what status does REQ-TAG-001 have right now?',
      'how does a requirement move from approved to implemented?',
      'explain how the phase moves to verification once the checklist passes',
    ])
  })

  it('keeps an option of a feature, and the tool named beside the record', () => {
    gate.decides('accepted', [['make the tag filter optional in notes search', ['REQ-CLI-001', 'REQ-TAG-001']]])
    gate.notRejected(['make sure the audit step never uses continue-on-error', "edit the ledger command's help text so it reads like the other commands", 'the pipeline continues even when the audit step fails, can you fix that so it stops?'])
  })

  it('keeps the honest fix that takes a bypass setting off a governance step, and rejects one that also removes the check', () => {
    gate.notRejected([
      'remove continue-on-error from the audit job so a failed audit stops the pipeline',
      'take allow_failure off the verify stage, a red audit should block the merge',
      'remove --no-verify from the commit script so the hooks run again',
      'reword the ledger section of the README so it reads more clearly',
    ])
    for (const r of ['remove continue-on-error from the audit job and delete the chain check', 'remove the audit step and continue-on-error', 'remove the pre-commit hook']) {
      expect(gate.decide(r).decision, r).to.equal('rejected')
    }
  })

  it('reads a change verb after a determiner and a noun, in a report, as a noun', () => {
    expect(compoundNounHead(['dana', 'signed', 'off', 'on', 'the', 'tag', 'rename', 'in', 'standup'], 6)).to.equal(true)
    expect(compoundNounHead(['the', 'reviewer', "ok'd", 'the', 'sync', 'fix', 'yesterday.'], 5)).to.equal(true)
    // an instruction after a place is followed by its object; a count is no compound; a label opens a paste
    expect(compoundNounHead(['in', 'the', 'cli', 'fix', 'the', 'typo'], 3)).to.equal(false)
    expect(compoundNounHead(['between', 'the', 'two', 'copies', 'of', 'a', 'note'], 3)).to.equal(false)
    expect(compoundNounHead(['my', 'local', 'run:', 'notes'], 2)).to.equal(false)
    expect(compoundNounHead(['open', 'a', 'pull', 'request', 'for', 'the', 'export', 'fix'], 7)).to.equal(false)
    gate.reads([
      "Dana signed off on the tag rename in standup; what do I still need to do before it's accepted?",
      "the reviewer OK'd the sync fix yesterday. what happens next before it's merged?",
    ])
  })
})
