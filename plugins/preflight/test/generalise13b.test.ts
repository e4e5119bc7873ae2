/**
 * Round 13b of gate decision quality (issue 22): scope on wording never seen, second pass. Typos in an ending the
 * stemmer keeps, fixed technical phrases whose words name no feature, a task read with its sentences of context, a
 * verb acting on a frozen rule's title word, and a parenthesis of examples of a project thing. Each case names its
 * mechanism's narration where it has one; the near misses must keep asking or blocking.
 */
import {expect} from 'chai'

import {verboseGate} from './helpers.js'

describe('preflight: scope on wording never seen, second pass (round 13b)', function () {
  this.timeout(30_000)
  const gate = verboseGate()
  before(() => gate.load())
  const {decide, narrated} = gate

  describe('a typo in the ending the stemmer keeps meets its word', () => {
    it('accepts changes whose requirement word is misspelt near its end', () => {
      gate.decides('accepted', [
        ['the lastest migraton can\'t be rolled back, make it reversable', 'REQ-STORE-002'],
        ['renamng a lable doesnt update the notes that use it', 'REQ-TAG-001'],
      ])
      expect(narrated('the lastest migraton can\'t be rolled back, make it reversable')).to.contain('from \\"migraton\\"')
    })

    it('does not read a longer unknown word as a project word', () => {
      expect(decide('add a slideshow mode to the notes list').decision).to.equal('needs_clarification')
    })
  })

  describe('fixed technical phrases name no feature', () => {
    it('reads past "environment variable"', () => {
      gate.decides('accepted', [['honour the NO_COLOR environment variable: no ANSI colours when it\'s set', 'REQ-CLI-003']])
    })

    it('does not read "a table of contents" as a database table', () => {
      const d = decide('Add a table of contents')
      expect(d.requirement_ids).to.not.include('REQ-STORE-002')
      expect(d.decision).to.equal('needs_clarification')
    })

    it('still reads a database table as the schema', () => {
      expect(decide('add a column for the label colour to the notes table').requirement_ids).to.include('REQ-STORE-002')
    })
  })

  describe('bounds and outcomes say how much or whether, not which feature', () => {
    it('accepts a test of a requirement\'s bound', () => {
      gate.decides('accepted', [['write a test for the 20-label limit: adding a 21st label should fail', 'REQ-TAG-001']])
    })

    it('keeps asking about a new feature with a limit', () => {
      expect(decide('add a daily limit on how many reminders a user can get').decision).to.equal('needs_clarification')
    })
  })

  describe('a task that meets nothing alone is read with its context', () => {
    it('accepts a task whose context says which requirement it changes', () => {
      gate.decides('accepted', [
        ['notes edited locally never make it up to the server when I run sync; please fix the upload step', 'REQ-SYNC-001'],
        ['results of `notes search` come back in random order; rank them by how well they match', 'REQ-CLI-001'],
      ], /from the task read with its context: the task names/)
      const login = decide('Users sign on with their mail address and a passphrase. Right now a typo in the passphrase crashes with a stack trace; make it a clean failure with code 1.')
      expect(login.decision).to.equal('accepted')
      expect(login.requirement_ids).to.include('REQ-AUTH-001')
    })

    it('keeps asking when the task names nothing of what the context names', () => {
      for (const r of ['Users sign on with their mail address. Please add a calendar view.', 'The upload is slow. Please add a progress bar to it.']) {
        expect(decide(r).decision, r).to.equal('needs_clarification')
      }
    })
  })

  describe('a verb acting on a frozen rule\'s title word targets the rule', () => {
    it('blocks letting sync overwrite or resolve conflicts, whatever live words it shares', () => {
      for (const r of ['let the sync command overwrite conflicts with the remote copy', 'make sync resolve conflicts by keeping the server copy']) {
        expect(decide(r).decision, r).to.equal('blocked')
        expect(decide(r).requirement_ids, r).to.include('REQ-SYNC-003')
      }
      expect(narrated('let the sync command overwrite conflicts with the remote copy')).to.contain('\\"overwrite conflicts\\" acts on what REQ-SYNC-003 (frozen) governs')
    })

    it('does not block reporting conflicts or creating a new thing of a retired word', () => {
      gate.decides('accepted', [['make the sync output count conflicts', 'REQ-SYNC-001']])
      expect(decide('add a plaintext format to the export command').decision).to.equal('needs_clarification')
    })
  })

  describe('a parenthesis of examples of a project thing', () => {
    it('reads the names in it as instances, not outside products', () => {
      gate.decides('accepted', [['keep the auth token in the system credential store (macOS Keychain, Windows Credential Manager) instead of a dotfile', 'REQ-AUTH-001']])
    })

    it('still reads a parenthesis of products the project does not know as something new', () => {
      expect(decide('let sync also copy every note to a cloud folder (Dropbox, Google Drive)').decision).to.equal('needs_clarification')
    })
  })
})
