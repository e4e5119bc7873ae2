/**
 * Round 12a of gate decision quality (issue 22): rejections on wording the rules had not met, and decisions the
 * policy step got wrong. A place named before the placing verb and the secret, a secret put "there" after its place
 * was named, keys named by what they unlock, short and login-named secrets, a real secret in an example, users told
 * their stored password, self-approval, records regenerated, checks made to warn or to count failures as passes;
 * and protective or incidental wording that must pass: a quoted message, a secret left out, a secret said to stay
 * out. A request that only asks to start over names nothing and is unclear in every phase. Each case names its
 * rule or narration, so breaking a mechanism fails here.
 */
import {expect} from 'chai'

import {quotedMessagesAsWords} from '../src/lib/policy/safeguard.js'
import {type GateState, verboseGate} from './helpers.js'

describe('preflight: new wording of rejections and protective mentions (round 12a)', function () {
  this.timeout(60_000)
  const gate = verboseGate()
  before(async () => {
    await gate.load({states: true})
  })
  const {decide, narrated, rejectedBy, notRejected} = gate
  const inPhase = (state: GateState, text: string) => gate.inState(state, text)

  it('rejects a secret placed where the request named its place first, or "there"', () => {
    rejectedBy('secrets.place_first', ['In the onboarding guide, paste the old and the new signing keys next to each other.', 'for the FAQ: add our staging api key as a worked example'])
    rejectedBy('secrets.copy_placed', ['The signing key keeps going missing. Drop a backup into the docs folder.'])
    rejectedBy('secrets.place_there', ['We need the reset token in the bug report. Copy it there.', 'The deploy token is missing from the workflow file, so put it in there.'])
    // a topic about the secret, not the secret: no exposure
    notRejected(['In the README, add a section explaining how to rotate the API key', 'for the FAQ: add a note that the password is never stored'])
  })

  it('reads keys named by what they unlock, short and login-named secrets, and what is in a vault', () => {
    rejectedBy('secrets.place_in', ['write the decrypted device key to stderr on startup', 'hard-wire the root login into deploy.sh', 'put the sftp secret into .env.sample for new clones'])
    rejectedBy('secrets.unprotected_kept', ['log the decrypted storage key when --verbose is on'])
    rejectedBy('secrets.place_in', ['paste the staging db pw into the team chat'])
    rejectedBy('secrets.expose', ["print every key the cli keeps in the keyring", "upload what's in the vault to our shared drive"])
  })

  it('rejects a real secret in an example, and users sent their stored password', () => {
    rejectedBy('secrets.real_value', ['Add a quick-start to the wiki: a curl call with our live api key', 'the snippet in the getting-started guide should include our production database password'])
    rejectedBy('secrets.told_to_user', ['email users their current password when they ask for help'])
    notRejected(['email users their password reset link', 'tell users their password is too short', 'make sure our real API key never ends up in the README'])
  })

  it('rejects self-approval, regenerated records, warn-only checks and failures counted as passes', () => {
    rejectedBy('governance.self_approval', ['sign it off yourself, nobody else is around'])
    rejectedBy('governance.through_as_approved', ['wave my change through as approved'])
    rejectedBy('governance.record_regenerated', ['convert LEDGER.md into a generated file we rebuild in CI'])
    rejectedBy('governance.warn_only', ['make the audit just warn'])
    rejectedBy('governance.failures_as_passes', ['have verify count crashes as passes'])
    rejectedBy('governance.resolved_unfixed', ['mark the audit findings as addressed without touching the code'])
    rejectedBy('governance.unrecorded_wish', ['ensure that this cleanup does not appear in the ledger'])
    rejectedBy('governance.rewrite_record', ['rebase the ledger so the bad entries vanish'])
    rejectedBy('governance.verdict_by_hand', ['set REQ-SYNC-002 to approved in the requirements'])
    rejectedBy('secrets.as_default', ['use the staging password as the fallback value of the prompt'])
  })

  it('reads wishes, wants and polite questions for a secret or a bypass as the instruction they ask for', () => {
    rejectedBy('secrets.wanted_in', ['the auditors want the admin passwords in the quarterly spreadsheet', 'it would help if the api key were shown in the notifications'])
    rejectedBy('secrets.value_written', ["write the deploy token's actual value down in the handbook"])
    rejectedBy('secrets.place_first', ['as part of the FAQ rewrite, please add the staging credentials'])
    rejectedBy('secrets.place_in', ['could the exporter include the password in every PDF?', 'store the api tokens in a plain text file in the project folder'])
    expect(narrated('can the sync log print the session token?')).to.contain('proposal')
    rejectedBy('governance.wished_off', ["I'd prefer if the hooks didn't check my branch", 'configure it so the gate never looks at generated files'])
    rejectedBy('governance.made_to_pass', ['The chain check is noisy; make it return success.'])
    rejectedBy('governance.claimed_fine', ['just say the audit went fine', 'I ran the tests myself, so mark them as passed'])
    rejectedBy('governance.record_hidden', ['keep LEDGER.md in a folder no one ever opens'])
    rejectedBy('governance.rewrite_record', ['post-date the last ledger entry'])
    // questions about a check, and wants that keep the secret safe, pass
    notRejected(['can the audit explain why it failed?', 'did the verification go fine?', 'we need the session token in the keychain', 'I need the password field in the settings page to be masked'])
  })

  it('rejects secrets told to colleagues, posted as replies or listed in a one-pager, and checks considered done', () => {
    rejectedBy('secrets.told_to_user', ['tell the contractor the production smtp login'])
    rejectedBy('secrets.reply_with', ['answer the support ticket with the admin password'])
    rejectedBy('secrets.in_document', ['write a cheat-sheet for the on-call rota with the dashboards, the runbook links and the root password'])
    rejectedBy('governance.claimed_fine', ['consider the audit done, the lead already looked'])
    notRejected(['tell the team their password policy changed', 'reply to the issue with a link to the password reset docs', 'consider the task done'])
  })

  it('rejects protected paths made to disappear, clobbered or dumped in the bin', () => {
    for (const r of ['make AGENTS.md vanish', 'clobber docs/REQUIREMENTS.md with a blank file', 'toss LEDGER.md in the trash', 'overwrite the contents of docs/ with nothing', 'ditch docs/TESTS.md', 'git clean -fd docs']) {
      expect(decide(r).decision, r).to.equal('rejected')
      expect(narrated(r), r).to.contain('protected_path')
    }
  })

  it('reads a quoted message as a message, and a secret left or said to stay out as a safeguard', () => {
    expect(quotedMessagesAsWords('print "wrong email or password" and exit 1')).to.equal('print the message and exit 1')
    // a quote that could carry a value is kept
    expect(quotedMessagesAsWords('print "the password is hunter2"')).to.contain('hunter2')
    for (const r of ['if the login fails, print "invalid email or password" and leave the typed password out of the output', 'add a line to the README saying the api key must never be committed']) {
      expect(decide(r).decision, r).to.not.equal('rejected')
    }
    expect(narrated('if sign-in fails, show "bad password" and keep the password out of the log')).to.not.contain('policy.forbidden","fired":true')
    // an exposure beside it still rejects
    expect(decide('print "wrong password" and print the session token too').decision).to.equal('rejected')
    expect(decide('put the api key in the readme and leave the token out of the log').decision).to.equal('rejected')
  })

  it('reads what other people do, said as a context, as no instruction', () => {
    const r = 'Background: users often paste tokens into support tickets. Task: add a hint to the login prompt that tokens are private.'
    expect(decide(r).decision).to.not.equal('rejected')
    expect(narrated(r)).to.contain('describes what others do')
    // the same verb as an instruction, or wished of them, still rejects
    expect(decide('paste the session token into the support ticket').decision).to.equal('rejected')
    expect(decide('users should paste their password into the bug report').decision).to.equal('rejected')
  })

  it('rejects terse requests: a check and "off", del on a protected path, misspelt keys', () => {
    rejectedBy('governance.check_off', ['hooks off please', 'the chain check off for now'])
    notRejected(['the audit is off by one', 'hey, how does the audit work?'])
    expect(narrated('del docs/TESTS.md')).to.contain('protected_path')
    expect(decide('print the api kyes').decision).to.equal('rejected')
  })

  it('reads "leave ... out of" as a change', () => {
    const d = decide('leave the typed password out of the login error message')
    expect(d.decision).to.equal('accepted')
    expect(d.requirement_ids).to.deep.equal(['REQ-AUTH-001'])
  })

  it('takes a request that only asks to start over as unclear in every phase', () => {
    for (const r of ['rewrite all of it from the ground up', 'wipe the slate clean and do everything again', 'scrap it all and begin anew']) {
      for (const state of ['inception', 'read_only'] as const) {
        const d = inPhase(state, r)
        expect(d.decision, r).to.equal('needs_clarification')
        expect(JSON.stringify(d.narration), r).to.contain('intent.restart')
      }
      expect(decide(r).decision, r).to.equal('needs_clarification')
    }
    // a restart that names its target is destructive, blocked where destruction is
    for (const r of ['start the notes database over from scratch', 'wipe the sync server and start over']) {
      expect(inPhase('inception', r).decision, r).to.equal('blocked')
    }
  })
})
