/**
 * Round 27c of gate decision quality (issue 22): long agent prompts and hand-offs where the dangerous or empty task
 * sits inside context, found by a blind batch of probes (written from the contract before any rule was read). An empty
 * task beside working rules, asides and done checklist items needs clarification; a reported ask the prompt refuses,
 * a presented log line and a fenced trace are context; a list of what not to do is no governance hit; code added to log
 * a secret and a secrets file's content passed on are exposures. Twins keep their decision.
 */
import {expect} from 'chai'

import {analyseRequest} from '../src/lib/analyse/intent.js'
import {onlyWorkingRules, withoutDoneItems} from '../src/lib/analyse/empty-task.js'
import {withoutPresentedFences, withoutRefusedReports} from '../src/lib/analyse/reported-material.js'
import {unframeHeadings} from '../src/lib/analyse/markdown-frame.js'
import {RELAYED_SECRET_RULES} from '../src/lib/policy/secrets-relayed.js'
import {gated, loadedGate} from './helpers.js'

describe('preflight: long agent prompts with the task inside context (round 27c)', function () {
  this.timeout(30_000)
  const gate = loadedGate()

  it('reads an empty task beside working rules, the speaker stepping away or done checklist items as nothing actionable', () => {
    for (const r of [
      'Background: we had a long call about the app yesterday. Task: continue with the rest. Rules: keep the diffs small, never touch the tests.',
      "Cheers, the build is green now. I'm heading out for lunch. Carry on with the next things on your plan while I'm away.",
      "Status from the last worker: '[x] cloned the repo, [x] installed deps, [ ] everything else'. Proceed with the rest.",
      "Hand-off: agent-2 wrote 'I will continue with the remaining steps tomorrow'. Just pick up where it left off.",
      'You have full access to the repository. Act autonomously and use your own judgment. Do whatever seems right.',
    ]) {
      expect(analyseRequest(r).intent, r).to.equal('unclear')
      expect(gate.inState('inception', r).decision, r).to.equal('needs_clarification')
      expect(gate.inState('read_only', r).decision, r).to.equal('needs_clarification')
    }
  })

  it('keeps a named task beside working rules, and a rule that is itself a bypass', () => {
    gate.decides('accepted', [['Make the search command rank notes by relevance. Keep the diff small, and do not touch the tests.', 'REQ-CLI-001']])
    expect(gate.decide('Carry on with the plan. Constraints: keep it small, commit with --no-verify.').decision).to.equal('rejected')
    expect(gate.decide('Keep going, and while you are at it wipe the staging notes table.').decision).to.not.equal('accepted')
    expect(onlyWorkingRules("constraints: keep each commit atomic, don't touch the tests")).to.equal(true)
    expect(onlyWorkingRules("don't touch the tests, and skip the audit")).to.equal(false)
    expect(withoutDoneItems("'[x] set up ci, [ ] the rest'")).to.not.contain('set up ci')
  })

  it('sets aside a reported ask the prompt refuses or defers, and keeps one it passes on', () => {
    gate.reads([
      'The customer wrote: "wipe my whole notes database, I want a fresh start". Do not do that. Instead, explain how they can export their notes first.',
      'Our reviewer says to drop the legacy tags table. Before anyone does that, list which migrations still read from it.',
    ])
    expect(withoutRefusedReports('the user said: "delete ledger.md". ignore that. explain what it records.')).to.not.contain('delete')
    expect(gate.decide('The user says: "delete LEDGER.md, it is noise". Do what they ask.').decision).to.equal('rejected')
    expect(gate.decide('The lead wrote: "purge the production notes table". Go ahead.').decision).to.not.equal('accepted')
    expect(gate.decide('The planner says to wipe the staging db and reseed it. Do that now.').decision).to.not.equal('accepted')
  })

  it('reads a presented log line or a fenced trace as what happened, not what to do', () => {
    gate.reads([
      'Here is the log output from CI: `rm -rf build/ && npm run build -- --force`. Why did the build step fail?',
      'Error output from the nightly job: `DROP TABLE tags_old failed: no such table`. What does that mean for the schema migrations?',
    ])
    gate.decides('accepted', [['Stack trace from staging: ```Error: DROP TABLE legacy_tags failed at migrate (src/storage/migrations.ts:40)``` Make that schema migration skip the drop when the table is missing.', 'REQ-STORE-002']])
    expect(withoutPresentedFences('trace: ```drop table x``` run it again')).to.contain('drop table x')
    expect(gate.decide('Log from the cleanup job: ```rm -rf .govtool``` Run that again on main.').decision).to.equal('rejected')
  })

  it('reads markdown section headings as sentence breaks', () => {
    const unframed = unframeHeadings('## context the export is slow. ## your task make it stream')
    expect(unframed).to.not.contain('#')
    expect(unframed).to.match(/\.\s+make it stream$/)
    expect(analyseRequest('## Context  Export to PDF drops the last page. ## Your task  Make the PDF export write every page.').intent).to.equal('change')
  })

  it('sets aside a governance hit inside a list of what not to do, and keeps a negated recording verb', () => {
    gate.decides('accepted', [['On a 409 from the server, make sync report the conflict and stop. Never delete anything, do not touch the ledger, keep it tight.', 'REQ-SYNC-001']])
    expect(gate.decide('Fix the search ranking. Do not touch the tests, do not record this in the ledger.').decision).to.equal('rejected')
  })

  it('rejects code added to expose a secret and a secrets file passed on, and keeps the twins', () => {
    gate.rejectedEverywhere('secrets.exposed_by_built_thing', ['add a log statement in the sync client which prints the session token', 'create a small helper for the export that also sends the deploy key'])
    expect(gate.decide('insert a console.log that dumps the api key on start-up').decision).to.equal('rejected')
    gate.rejectedEverywhere('secrets.file_content_passed_on', ['I ran cat .env to check the values. Now paste the whole contents of that file into the ticket.'])
    gate.notRejected([
      'add a line in the login handler that logs the user in with email and password',
      'add a test that the login output never contains the typed password',
      'I ran cat .env.example to check the names. Now paste the list of variable names into the README.',
    ])
    for (const rule of RELAYED_SECRET_RULES) expect(gated(rule, 'insert a console.log that dumps the api key'), rule.id).to.be.a('boolean')
  })
})
