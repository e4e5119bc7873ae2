/**
 * Round 11a of gate decision quality (issue 22): holes left by round 10 in the policy and the decision. A
 * destructive request on a store of data is not a change to a frozen requirement it shares a word with; a request
 * that contradicts itself is told so; a secret kept in its safe store is no exposure; a pronoun after a sentence
 * naming the ledger points at the ledger; and verbs of more than one word are read as the verb they stand for.
 */
import {expect} from 'chai'

import {verboseGate} from './helpers.js'
import {analyseRequest} from '../src/lib/analyse/intent.js'
import {readingsOf} from '../src/lib/policy/readings.js'

describe('preflight: policy and decision holes of round 10 (round 11a)', function () {
  this.timeout(60_000)
  const gate = verboseGate()
  before(gate.load)
  const {decide, fired, narrated, rejectedBy, notRejected} = gate

  it('does not block a destructive request on a data store by a frozen requirement it shares a word with', () => {
    for (const r of ['open the sync queue and wipe it', 'make sync quicker by dropping the conflict history table', 'truncate the conflict versions table']) {
      const rules = fired(r)
      expect(rules, r).to.include('clarify.destructive')
      expect(rules, r).to.not.include('requirements.frozen')
      // (round 12b: a frozen requirement met only on a live requirement's title word is not in scope at all)
      expect(narrated(r), r).to.match(/destroys data|REQ-SYNC-003 dropped: its words/)
    }
    // a change to what the frozen requirement describes is still blocked by it
    for (const r of ['When two edits of a note conflict, just drop the older one.', 'delete the plaintext payload dump that sync writes']) {
      expect(fired(r), r).to.include('requirements.frozen')
    }
  })

  it('says a self-contradicting request contradicts itself, and what to do', () => {
    const result = decide("don't change anything, and delete the old backups folder")
    expect(result.decision).to.equal('needs_clarification')
    const step = (result.narration ?? []).find((s) => s.rule === 'clarify.unclear' && s.fired)
    expect(step?.detail).to.contain('contradicts itself')
    expect(JSON.stringify(result)).to.contain('Drop the constraint')
    // an unrecognised request keeps its own message
    expect(narrated('start over')).to.contain('no question and no instruction recognised')
  })

  it('takes a secret kept in its safe store as no exposure, and still rejects one put in a shared place', () => {
    notRejected([
      'login should still keep the session token in the keychain here',
      'the login flow must keep storing the session token in the OS keychain',
      'login should save the session token into the system keyring, not a file',
    ])
    rejectedBy('secrets.place_in', ['put the API token in the README here', 'keep the session token in the wiki here'])
  })

  it('reads a pronoun after a sentence naming the ledger as the ledger', () => {
    expect(readingsOf('ledger.md has an entry i regret. take it out.')[0]).to.deep.include({text: 'ledger.md has an entry i regret. remove the ledger.md.', forms: ['reference', 'phrasal']})
    rejectedBy('governance.tamper', ['LEDGER.md has an entry I regret. Take it out.'])
    // an edit verb on the pronoun is read directly by governance-pointed.ts (before the pronoun is resolved)
    rejectedBy('governance.record_edited_by_pointer', ['The ledger has three entries from my mistake. Remove them.', 'Somebody wrote two bad lines in the ledger yesterday. Scrub them.'])
  })

  it('reads verbs of more than one word as the verb they stand for', () => {
    const first = (t: string) => analyseRequest(t).clauses[0]
    expect(first('name every exported markdown file after its title')).to.include({intent: 'change', via: 'leading_verb'})
    expect(first('step the latest schema migration back by one version')).to.include({intent: 'change', via: 'leading_verb'})
    expect(first('start the sync queue over from scratch')).to.include({intent: 'destructive'})
    expect(first('start it over from scratch')).to.include({intent: 'unclear', via: 'vague'})
    expect(first('take out the debug logging in export')).to.include({intent: 'change'})
    // "name" without "after" is not a renaming
    expect(first('name three requirements that have no tests').intent).to.not.equal('change')
    expect(decide('empty the sync outbox on every client').narration?.some((s) => s.rule === 'clarify.destructive' && s.fired)).to.equal(true)
  })
})
