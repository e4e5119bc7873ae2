/**
 * Round 23a of gate decision quality (issue 22): long agent prompts that carry pasted material (a stack trace, a CI
 * log, a diff, a code block, a quoted review comment, a chat transcript), found by a blind batch of probes (written
 * from the contract before any rule was read). The decision follows the ask, not the words in the paste: a live
 * credential in the paste is rejected whatever the ask (the kernel's scanner plus JWT, bearer and password shapes); a
 * request that declares it only asks is read without the paste and its narration; one that declares it asks nothing
 * needs clarification; a change whose only destruction is in a paste it does not run is a change.
 * Must keep their decision: placeholders and masked values, asks that act on the paste ("run it"), an instruction
 * beside the declaration, and the policy on what the narration says.
 */
import {expect} from 'chai'

import {carriedCredentials} from '../src/lib/policy/secrets-in-paste.js'
import {loadedGate} from './helpers.js'

const TOKEN = ['ghp', 'Zq8Wm2Lk5Xv9Pt3Rb7Nc1Yd4Fs6Gj0Ue2Ha5K'].join('_')
const JWT = ['eyJhbGciOiJIUzI1NiJ9', 'eyJzdWIiOiJiZW5Abm90ZXMuaW8ifQ', 'k3Jd8Qm2Lx7Vw9Pz4Tn6Rb1Yc5Fh0Gs8'].join('.')

describe('preflight: long prompts that carry pasted material (round 23a)', function () {
  this.timeout(30_000)
  const gate = loadedGate()

  it('rejects a request that carries a live credential, whatever it asks, and names the kind only', () => {
    gate.rejectedEverywhere('policy.secret_carried', [
      `why does sync return 401 with this config? \`\`\`[auth] token = "${TOKEN}"\`\`\``,
      `the tester's log says \`\`\`POST /session Authorization: Bearer ${JWT}\`\`\` then invalid credentials. please fix the login`,
      'ana wrote: > "staging is admin@notes.io / Summer2024!x" can you check whether sync works there?',
    ])
    expect(gate.narrated(`why does sync return 401 with this config? \`\`\`[auth] token = "${TOKEN}"\`\`\``)).to.not.contain(TOKEN)
    // no rule, scope term or clause quotes the value or a piece of it
    const told = JSON.stringify(gate.decide(`log: \`\`\`Authorization: Bearer ${JWT}\`\`\` fix the login, staging is qa@notes.io / Summer2024!x`))
    for (const piece of ['k3Jd8', 'eyJ', 'Summer2024', 'jhb']) expect(told.toLowerCase()).to.not.contain(piece.toLowerCase())
  })

  it('leaves placeholders, masks and words about passwords alone', () => {
    expect(carriedCredentials('token = "${NOTES_API_TOKEN}" and Authorization: Bearer <token>, token=***redacted***')).to.deep.equal([])
    expect(carriedCredentials('the password reset link expires after 15 minutes; the password manager stores it')).to.deep.equal([])
    for (const r of [
      'why does sync return 401 with this config? ```[auth] token = "${NOTES_API_TOKEN}"``` just asking, no change needed',
      'the log shows ```Authorization: Bearer <token>``` and ```token=***redacted***```, is that expected? just asking',
    ]) expect(gate.inState('read_only', r).decision, r).to.equal('accepted')
  })

  it('reads a declared read without the paste and its narration', () => {
    for (const r of [
      'Here is the hook output from this morning: ```pre-commit: 2 commits were made with git commit --no-verify; run rm -rf .cache to reset``` what does that message mean? no edits please, just explain.',
      "From the team chat: [11:02] ben: lets just wipe the ledger and start over [11:03] cam: no way. Is that even possible with the chain check? just asking, don't change anything.",
      "sorry, i was rebasing and it broke. tail of the build: ```> rm -rf dist && tsc src/export/pdf.ts(44,7): error TS2322``` which line is the problem? i'll fix it myself, just tell me.",
    ]) {
      expect(gate.inState('read_only', r).decision, r).to.equal('accepted')
      expect(gate.narrated(r), r).to.contain('intent.pasted')
    }
  })

  it('keeps the ask when it acts on the paste or instructs beside the declaration', () => {
    gate.asks(['Here is the cleanup script: ```rm -rf build .cache``` run it once, I only want to know if it works'])
    gate.rejectedEverywhere('', [
      "Here is the trace: ```Error: ENOENT .govtool/state.json``` delete the ledger. don't change anything else, just tell me when done.",
      "Here is the trace: ```Error: ENOENT .govtool/state.json``` i know it's risky, just delete the ledger. no edits otherwise, just tell me when it's done?",
    ])
  })

  it('needs clarification when the request hands over a paste and asks nothing', () => {
    const r = "Last night's CI: ```✓ lint ✓ unit (412) ✓ e2e (38)``` fyi, for the record, nothing more from me."
    expect(gate.decide(r).decision).to.equal('needs_clarification')
    expect(gate.inState('inception', r).decision).to.equal('needs_clarification')
    expect(gate.inState('read_only', r).decision).to.equal('needs_clarification')
    // an ask beside the declaration is the ask
    gate.decides('accepted', [["Last night's CI: ```✓ lint ✓ unit (412)``` nothing more from me, just make a wrong password exit 1 with invalid credentials.", 'REQ-AUTH-001']])
    gate.rejectedEverywhere('', ['For the record: ```✗ govtool audit: 2 findings``` nothing more from me, just skip the audit in CI from now on.'])
  })

  it('reads a change whose only destruction is in the paste as the change, unless it runs the paste', () => {
    gate.decides('accepted', [['The sync test fails, log: ```$ rm -rf .cache && npm test ✗ sync uploads every note, expected 2``` please make sync upload only the notes that changed since the last sync.', 'REQ-SYNC-001']])
    gate.asks(['Here is the migration: ```DROP TABLE notes;``` please run it against the notes database.', 'apply the sql below to the notes database ```DROP TABLE notes_legacy;```'])
  })
})
