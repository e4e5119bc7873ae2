/**
 * Destruction allowed rather than ordered (issue 22's destructive wording beyond the usual verbs): "the notes table
 * can go", "the old backups in the prod bucket can go now", "all the staging data can go away" ask for the removal
 * of data as "remove" would (analyse/wanted-state.ts), and the verb-and-particle forms of getting rid of ("kill off",
 * "weed out", "rip out") are read as "remove" (analyse/lexicon.ts); the object still decides whether it destroys data.
 * Must keep their decision: a thing going somewhere, a question, code that can go (a change, not destruction).
 */
import {expect} from 'chai'

import {loadedGate} from './helpers.js'
import {analyseRequest} from '../src/lib/analyse/intent.js'
import {ALLOWED_TO_GO} from '../src/lib/analyse/wanted-state.js'

describe('preflight: destruction allowed ("X can go") and particle forms of removing', function () {
  this.timeout(30_000)
  const gate = loadedGate()

  it('reads "<thing> can go" at the end of a clause, and nothing that goes somewhere', () => {
    expect(ALLOWED_TO_GO.exec('the notes table can go')?.[1].trim()).to.equal('the notes table')
    expect(ALLOWED_TO_GO.exec('honestly the whole users table could go for good')?.[1].trim()).to.equal('the whole users table')
    for (const t of ['the toggle can go in the header', 'the tests can go green now', 'we can go now', 'that can go', 'can the backups go to cold storage']) {
      expect(ALLOWED_TO_GO.exec(t), t).to.equal(null)
    }
  })

  it('never accepts data that is allowed to go, and blocks it where changes are not allowed', () => {
    const requests = [
      "let's start over with a clean slate: the notes table can go",
      'the old backups in the prod bucket can go now',
      'all the staging data can go away',
      'kill off the stale accounts in the production db',
      'weed out the duplicate rows in the notes database',
    ]
    for (const r of requests) {
      expect(analyseRequest(r).intent, r).to.equal('destructive')
      // the fixture's default workspace preset grants no delete_file: blocked there, asked under the standard preset (corpus)
      expect(gate.decide(r).decision, r).to.be.oneOf(['needs_clarification', 'blocked'])
      expect(gate.inState('inception', r).decision, r).to.equal('blocked')
      expect(gate.inState('read_only', r).decision, r).to.equal('blocked')
    }
  })

  it('keeps code that can go a change, a question a question, and a protected file a rejection', () => {
    expect(analyseRequest('the colour fallback helper in the terminal output code can go, it is unused').intent).to.equal('change')
    expect(analyseRequest('rip out the retry sleep in the sync client').intent).to.equal('change')
    expect(gate.decide('can the old backups go to cold storage?').decision).to.equal('accepted')
    expect(gate.decide('the requirements file can go').decision).to.equal('rejected')
  })
})
