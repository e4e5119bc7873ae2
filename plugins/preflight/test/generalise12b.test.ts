/**
 * Round 12b of gate decision quality (issue 22): scope on wording never seen. Clear changes of one requirement
 * worded without its words ("a link that dies", "pull down", "on a plane", "flush them"), a frozen requirement found
 * by a word a live requirement owns in its title, the frozen rule reworded ("keep only the newer copy", "let the
 * server's copy win"), what a causative makes a thing or a person do, a producing verb used as a noun, and a
 * sentence of context that names where a change goes. Each case names its mechanism's narration where it has one;
 * the near misses must keep asking.
 */
import {expect} from 'chai'

import {verboseGate} from './helpers.js'

describe('preflight: scope on wording never seen (round 12b)', function () {
  this.timeout(30_000)
  const gate = verboseGate()
  before(() => gate.load())
  const {decide, narrated} = gate

  describe('a frozen requirement met on a live requirement\'s title word is incidental', () => {
    it('accepts a change of the sync output that mentions conflicts', () => {
      gate.decides('accepted', [['add a summary line to the sync output listing conflicts', 'REQ-SYNC-001']],
        /REQ-SYNC-003 dropped: its words sync\+conflict are all REQ-SYNC-001's too, sync only by its component/)
    })

    it('accepts other changes that only list or count conflicts', () => {
      gate.decides('accepted', [
        ['make the sync output count conflicts', 'REQ-SYNC-001'],
        ['expand the sync chapter of the docs with an example of a conflict report', 'REQ-SYNC-001'],
      ])
    })

    it('still blocks changes to how conflicts are resolved, whatever sync words they share', () => {
      for (const r of [
        'when two versions of a note clash, keep only the newest one',
        'resolve note conflicts by timestamp',
        'make sync merge conflicts automatically',
        'change the sync output so conflicts are merged automatically',
      ]) {
        expect(decide(r).decision, r).to.equal('blocked')
        expect(decide(r).requirement_ids, r).to.include('REQ-SYNC-003')
      }
    })
  })

  describe('a thin match of a frozen or deprecated requirement cannot block', () => {
    it('asks about a change resting on one word of the frozen requirement against more it lacks', () => {
      gate.decides('needs_clarification', [['fix the version conflict between the two lodash copies in the lockfile', []]],
        'REQ-SYNC-003 dropped: a thin match of a frozen requirement cannot block')
    })

    it('still blocks a change that names the deprecated requirement by its own words', () => {
      const r = 'The plaintext payload dump is handy for debugging. Make it also include the note titles.'
      expect(decide(r).decision).to.equal('blocked')
      expect(decide(r).requirement_ids).to.include('REQ-SYNC-004')
    })
  })

  describe('the frozen conflict rule reworded is found and blocked', () => {
    it('keeps a match on its title word against a better match that has it in its description only', () => {
      for (const r of [
        'if the server and the laptop both changed a note, discard whichever copy is older',
        'when a note was changed in two places, keep only the newer copy',
        'when a note clashes between the laptop and the server, let the server\'s copy win',
        'let the newest copy win when two devices disagree',
      ]) {
        const d = decide(r)
        expect(d.decision, r).to.equal('blocked')
        expect(d.requirement_ids, r).to.include('REQ-SYNC-003')
      }
    })

    it('reads a comparative of a common adjective as itself, never as a typo of a project word', () => {
      const said = narrated('when a note was changed in two places, keep only the newer copy')
      expect(said).to.not.contain('from \\"newer\\"')
      expect(said).to.contain('conflict (from \\"two places\\")')
    })
  })

  describe('what a causative makes a thing or a person do is its action', () => {
    it('accepts a behaviour or a user\'s action of a requirement\'s thing', () => {
      gate.decides('accepted', [
        ['let syncing wait and retry when the server times out', 'REQ-SYNC-001'],
        ['when --format is missing, let the user pick one of the export formats interactively', 'REQ-CLI-002'],
      ])
    })

    it('keeps a match whose causative object names only what it is made to do', () => {
      expect(narrated('when a note clashes between the laptop and the server, let the server\'s copy win')).to.contain('REQ-SYNC-003 kept: \\"let the server\'s copy win\\" names only what it is made to do')
    })

    it('still asks about a new capability or an unknown verb', () => {
      for (const r of [
        'make the sync command tweet how many notes it sent',
        'let users share a note with another person through a public link',
        'let the tagger suggest labels with a machine learning model',
        'add a session list page where users see their active devices',
      ]) expect(decide(r).decision, r).to.equal('needs_clarification')
    })
  })

  describe('a producing verb after a determiner is a noun', () => {
    it('does not judge what follows "the PDF export," as an export it creates', () => {
      const said = narrated('in the PDF export, print each note\'s title and its last-modified date side by side in the header')
      expect(said).to.not.contain('\\"export print')
      expect(decide('in the PDF export, print each note\'s title and its last-modified date side by side in the header').requirement_ids).to.deep.equal(['REQ-CLI-002'])
    })
  })

  describe('a sentence of context says where an object that names nothing goes', () => {
    it('accepts page breaks added to the exported PDFs', () => {
      gate.decides('accepted', [['Exported PDFs have no page breaks between notes. Add them.', 'REQ-CLI-002']], 'the request\'s other instructions decide')
    })

    it('still asks when the context names something no requirement covers', () => {
      gate.decides('needs_clarification', [
        ['We are on the notes CLI. Users want reminders on their notes. Please add them.', []],
        ['add a slideshow mode to the PDF export', []],
      ])
    })
  })

  describe('paraphrases of a requirement\'s notion (concept data)', () => {
    it('accepts clear changes worded without the requirement\'s words', () => {
      gate.decides('accepted', [
        ['people locked out of their account need a way back in: mail them a single-use recovery link that dies after a quarter of an hour', 'REQ-AUTH-003'],
        ['let people keep writing on a plane; whatever they change up there should reach the backend once they land and are back online', 'REQ-SYNC-002'],
        ['buffer changes on the device while offline and flush them on reconnect', 'REQ-SYNC-002'],
      ])
    })

    it('finds the requirement of a change whose wording also reads as a git push (the preset decides that)', () => {
      // "pushing" implies git_push, which the fixture's default preset does not grant; the scope is what is tested
      expect(decide('pushing local edits to the backend should also pull down whatever changed remotely, in one round-trip').requirement_ids).to.deep.equal(['REQ-SYNC-001'])
    })
  })
})
