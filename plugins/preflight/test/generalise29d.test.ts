/**
 * Round 29d of gate decision quality (issue 22): scope found on one incidental shared word, found by a blind batch of
 * probes (written from the contract before any rule was read): a change sharing words with a requirement only through
 * another kind of the thing ("the newsletter email", "our office address"), a brief whose context names features the
 * task is not about, a dependency bump read as a release, a thing shown in a command's version output read as a
 * question, a test's kind read as something new. Twins keep their decision.
 */
import {expect} from 'chai'

import {bumpsDependency} from '../src/lib/analyse/dependency-bump.js'
import {shownInCommandOutput} from '../src/lib/analyse/command-output.js'
import {loadedGate} from './helpers.js'

describe('preflight: scope found on one incidental shared word (round 29d)', function () {
  this.timeout(30_000)
  const gate = loadedGate()

  it('drops a requirement whose words the request says only as another kind of thing', () => {
    gate.decides('needs_clarification', [['Move the unsubscribe link in the newsletter email below our office address.', []]], 'another kind of thing')
    // the project's own kind keeps its requirement
    gate.decides('accepted', [['Put the reset link at the top of the password reset email.', 'REQ-AUTH-003']])
  })

  it("reads a brief's labelled background as context and its task lead as the task", () => {
    gate.decides('accepted', [
      ['Background: we ship a notes CLI with sync and tags. Your one job: make search list matching notes ranked by relevance.', 'REQ-CLI-001'],
      ['FYI our setup: PDFs come out of the export command and tags live in sqlite. What we need today: a note must refuse a twenty-first label.', 'REQ-TAG-001'],
    ])
    // a task outside every requirement stays outside, whatever its context names
    gate.decides('needs_clarification', [['Some history: the team moved to pnpm and rewrote the export last year. None of that is for today: switch the logging helper from winston to pino.', []]])
    // a lead before a question still asks
    gate.reads(['What I need now: explain how the offline queue is flushed.'])
  })

  it('reads a named dependency bumped to a version as a change, not a release', () => {
    expect(gate.intentOf('bump the date-fns dependency to the latest patch version')).to.equal('change')
    gate.decides('needs_clarification', [['bump the date-fns dependency to the latest patch version', []]])
    expect(gate.intentOf('bump the version to 3.0.0')).to.equal('release')
    expect(bumpsDependency('the app version to 2.4')).to.equal(false)
    expect(bumpsDependency('the chalk package to the newest major version')).to.equal(true)
  })

  it("reads a thing shown in a command's version or help output as a change no requirement covers", () => {
    gate.blockedWhereReadOnly(['show the git commit hash next to the server version in `notes --version`'])
    gate.decides('needs_clarification', [['show the git commit hash next to the server version in `notes --version`', []]])
    gate.reads(['show me the output of `notes --version`'])
    expect(shownInCommandOutput('what is in the help text')).to.equal(false)
  })

  it("keeps a test's kind out of what the test adds", () => {
    gate.decides('accepted', [['add a perf test: a keyword search over 10,000 notes stays under 200 ms', 'REQ-CLI-001']])
  })
})
