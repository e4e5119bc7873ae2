/**
 * Round 14b of gate decision quality (issue 22): scope on wording never seen, third pass. An implementation technique
 * said for a purpose, quantities with units, contraction remnants and a ticket's register, a phrasal verb split by a
 * pronoun, an object naming only a part of the requirement's thing or pointing back, a frozen rule restated rather than
 * changed, and a deprecated rule's words named only inside a negation. Each case names its mechanism's narration where
 * it has one; the near misses must keep asking or blocking.
 */
import {expect} from 'chai'

import {verboseGate} from './helpers.js'

describe('preflight: scope on wording never seen, third pass (round 14b)', function () {
  this.timeout(30_000)
  const gate = verboseGate()
  before(() => gate.load({states: true}))
  const {decide, narrated} = gate

  describe('a technique said for a purpose is scoped by its purpose', () => {
    it('accepts memoising, caching, lazy-loading and indexing for a requirement\'s purpose', () => {
      gate.decides('accepted', [
        ['memoize the theme lookup so launching the app doesn\'t recompute it every time', 'REQ-PERF-001'],
        ['memoise the parsed config so the app doesn\'t re-read it on every start-up', 'REQ-PERF-001'],
        ['build an inverted index so finding notes by a word doesn\'t scan every file', 'REQ-CLI-001'],
      ], 'the technique\'s object says how, not what')
      expect(decide('cache the compiled templates so startup doesn\'t redo them each time').requirement_ids).to.include('REQ-PERF-001')
    })

    it('still asks when the purpose names no requirement', () => {
      for (const r of ['memoise the spell checker\'s dictionary so typing feels snappier', 'cache the rendered previews of notes so the web view loads quicker', 'add a cache so the web view loads quicker']) {
        expect(decide(r).decision, r).to.equal('needs_clarification')
      }
    })

    it('blocks the same change in inception', () => {
      expect(gate.inState('inception', 'memoize the theme lookup so launching the app doesn\'t recompute it every time').decision).to.equal('blocked')
    })
  })

  describe('words that name no feature', () => {
    it('reads quantities with units, contraction remnants and a ticket\'s register as common words', () => {
      gate.decides('accepted', [
        ['looking up a word in 10k notes takes like 2 seconds, it needs to be well under 200ms', 'REQ-CLI-001'],
        ['search takes 3s on a big notebook. fix asap pls', 'REQ-CLI-001'],
      ])
      expect(narrated('looking up a word in 10k notes takes like 2 seconds, it needs to be well under 200ms')).to.contain('200ms common')
    })

    it('reads the program\'s outcomes and a tool verb for searching as the project\'s words', () => {
      gate.decides('accepted', [
        ['if a reset link is older than 15 minutes, the server should refuse it', 'REQ-AUTH-003'],
        ['make search grep the note bodies too, not only the titles', 'REQ-CLI-001'],
      ])
    })

    it('does not read a date as a common word (a table of creation dates is new)', () => {
      expect(decide('add a table view that lists notes with their creation dates in columns').decision).to.equal('needs_clarification')
    })
  })

  describe('a phrasal verb split by a pronoun', () => {
    it('meets its concept', () => {
      gate.decides('accepted', [['the most relevant notes should come first when I look something up, right now the order looks random', 'REQ-CLI-001']])
      expect(narrated('the most relevant notes should come first when I look something up, right now the order looks random')).to.contain('from \\"look something up\\"')
    })
  })

  describe('an object naming nothing new', () => {
    it('keeps a part of the requirement\'s own thing, and an object pointing back', () => {
      gate.decides('accepted', [['let people change a tag\'s name on their notes', 'REQ-TAG-001']], 'names only a part of tag')
      gate.decides('accepted', [['every db schema change needs a rollback script, add the missing ones', 'REQ-STORE-002']], 'points back to what the request names')
    })

    it('still asks when what it points back to is new', () => {
      expect(decide('Users want reminders on their notes. Please add them.').decision).to.equal('needs_clarification')
    })
  })

  describe('a frozen rule restated is not changed', () => {
    it('accepts restating the conflict rule within the live sync requirement', () => {
      for (const r of [
        'when two edits collide, keep both copies of the note',
        'when two people edit the same note, tell the user instead of silently picking one',
        'when a note changed both here and on the server, show the user both versions and let them choose',
      ]) {
        const d = decide(r)
        expect(d.decision, r).to.equal('accepted')
        expect(d.requirement_ids, r).to.include('REQ-SYNC-001')
        expect(narrated(r), r).to.contain('restated, not changed')
      }
      // the frozen rule's title word ties it to the live requirement that has it (sync reports conflicts), not to the queue of edits
      expect(decide('when two edits collide, ask the user which copy to keep').requirement_ids).to.deep.equal(['REQ-SYNC-001', 'REQ-SYNC-003'])
    })

    it('blocks the rule changed: a deviating word, or the rule\'s own action negated', () => {
      for (const r of [
        'when two edits of one note collide, keep only the latest',
        'refactor the conflict resolution so the user never has to pick a version',
        'show three versions side by side when a note conflicts',
        'stop keeping both versions side by side after a conflict',
        'let the user choose between the colliding versions in a side-by-side view',
        'resolve sync conflicts by always taking the server\'s version',
        'if the same note was edited on two devices, just take the latest edit and drop the other',
        'conflicting edits: keep the server one, tell the user',
      ]) {
        expect(decide(r).decision, r).to.equal('blocked')
      }
    })

    it('blocks the restatement where no change is allowed', () => {
      expect(gate.inState('read_only', 'when two edits collide, keep both copies of the note').decision).to.equal('blocked')
    })
  })

  describe('a deprecated rule\'s words inside a negation forbid what it did', () => {
    it('accepts the change under the live requirement the negating clause shares a word with', () => {
      for (const [r, id] of [
        ['never write a note to disk unencrypted, even temporarily while exporting', 'REQ-STORE-001'],
        ['add a test that the bytes on disk aren\'t plaintext', 'REQ-STORE-001'],
      ] as const) {
        const d = decide(r)
        expect(d.decision, r).to.equal('accepted')
        expect(d.requirement_ids, r).to.include(id)
        expect(narrated(r), r).to.contain('forbidden, not changed')
      }
    })

    it('blocks bringing the deprecated dump back', () => {
      for (const r of ['can we bring back the plaintext payload dump for debugging?', 'for debugging, have sync save an unencrypted copy of whatever it uploads']) {
        expect(decide(r).decision, r).to.equal('blocked')
      }
    })
  })
})
