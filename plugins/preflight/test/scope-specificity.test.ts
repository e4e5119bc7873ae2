/** Scope weighed by specificity in the project: what makes a request fall within a requirement, and what does not. */
import {expect} from 'chai'

import {analyseRequest, requirementIndex, resolveScope, type ScopeModel} from '../src/index.js'

const model: ScopeModel = {
  requirements: [
    {id: 'REQ-AUTH-001', title: 'Login with email and password', description: 'The CLI shall log a user in with email and password and keep the session token in the OS keychain.', status: 'implemented', component: 'auth'},
    {id: 'REQ-AUTH-003', title: 'Password reset by email', description: 'The CLI shall send a one-time reset link to the registered email address.', status: 'approved', component: 'auth'},
    {id: 'REQ-SYNC-001', title: 'Sync notes with the server', description: 'The sync command shall upload changed notes to the server and report conflicts.', status: 'implemented', component: 'sync'},
    {id: 'REQ-CLI-001', title: 'Search notes by keyword', description: '`notes search <keyword>` shall list matching notes ranked by relevance.', status: 'implemented', component: 'cli'},
    {id: 'REQ-CLI-002', title: 'Export notes to Markdown and PDF', description: '`notes export --format md|pdf` shall write every note to the output directory.', status: 'implemented', component: 'export'},
    {id: 'REQ-TAG-001', title: 'Label notes with tags', description: 'Users shall add, remove and rename labels on notes.', status: 'approved', component: 'tags'},
    {id: 'REQ-STORE-002', title: 'Database schema migrations', description: 'Schema migrations shall run at start-up and be reversible.', status: 'implemented', component: 'storage'},
    {id: 'REQ-PERF-001', title: 'Fast startup', description: 'The app should start fast.', status: 'approved', component: 'perf'},
  ],
  tests: [],
}

function scope(request: string) {
  const a = analyseRequest(request)
  return resolveScope(requirementIndex(model), a.scope_text, {requirement_ids: a.explicit_requirement_ids, test_ids: a.explicit_test_ids}, {max_requirements: 5, min_score: 0.2, strict: a.intent !== 'read_only', frames: a.frames})
}

describe('preflight: scope weighed by specificity', () => {
  it('a new thing named as the object of add/implement/support is not within a requirement that shares one word', () => {
    for (const request of ['add an HTML export', 'add a CSV export', 'support passkeys for login', 'add a captcha to the password reset form']) {
      const s = scope(request)
      expect(s.requirement_ids, request).to.deep.equal([])
    }
    expect(scope('add an HTML export').notes.join(' ')).to.match(/names html, which REQ-CLI-002 does not cover/)
  })

  it('what the project already covers stays in scope, and a small addition attached to a feature refines it', () => {
    expect(scope('add PDF export').requirement_ids).to.deep.equal(['REQ-CLI-002'])
    expect(scope('add a --limit flag to notes search').requirement_ids).to.deep.equal(['REQ-CLI-001'])
    expect(scope('add a password strength check to login').requirement_ids).to.deep.equal(['REQ-AUTH-001'])
  })

  it('a one-requirement project (the README first session): an agent noun meets its verb, and a technical term folded from an everyday synonym keeps its weight', () => {
    const small: ScopeModel = {requirements: [{id: 'REQ-CLI-001', title: 'Parse the config file', description: 'Parse the config file', status: 'proposed', component: 'cli'}], tests: []}
    for (const request of ['fix the config parser', 'the loader of the config file crashes, fix it']) {
      const a = analyseRequest(request)
      const s = resolveScope(requirementIndex(small), a.scope_text, {requirement_ids: a.explicit_requirement_ids, test_ids: a.explicit_test_ids}, {max_requirements: 5, min_score: 0.2, strict: a.intent !== 'read_only', frames: a.frames})
      expect(s.requirement_ids, request).to.deep.equal(['REQ-CLI-001'])
    }
  })

  it('several everyday words that only one requirement has make its scope together, fewer or shared ones do not', () => {
    const notes: ScopeModel = {
      requirements: [
        {id: 'REQ-NOTES-001', title: 'Empty titles are refused', description: 'Adding a note with an empty title is refused with an error that names the title field.', status: 'proposed', component: 'notes'},
        {id: 'REQ-NOTES-002', title: 'Newest first', description: 'Notes are listed newest first.', status: 'proposed', component: 'notes'},
        {id: 'REQ-NOTES-003', title: 'Plain text storage', description: 'Each note is kept as a plain text file in the notes folder.', status: 'proposed', component: 'notes'},
      ],
      tests: [],
    }
    const within = (request: string) => {
      const a = analyseRequest(request)
      return resolveScope(requirementIndex(notes), a.scope_text, {requirement_ids: a.explicit_requirement_ids, test_ids: a.explicit_test_ids}, {max_requirements: 5, min_score: 0.2, strict: a.intent !== 'read_only', frames: a.frames})
    }
    for (const request of ['fix the check that refuses notes with an empty title', 'an empty title should be refused with an error']) {
      expect(within(request).requirement_ids, request).to.deep.equal(['REQ-NOTES-001'])
    }
    // two everyday words are still too few, and a word another requirement has does not count
    for (const request of ['make the title bold when it is empty', 'show an error when the text is empty']) {
      const s = within(request)
      expect(s.requirement_ids, request).to.deep.equal([])
      expect(s.notes.join(' '), request).to.match(/common English or in many requirements/)
    }
  })

  it('reads inflections, compounds and typos as the project words, and keeps a verb that is a project word', () => {
    expect(scope('the exported files should go to the output directory').requirement_ids).to.include('REQ-CLI-002')
    const startup = scope('reduce the start up time')
    expect(startup.requirement_ids).to.deep.equal(['REQ-PERF-001'])
    expect(startup.weights.find((w) => w.term === 'startup')?.from).to.equal('start up')
    const typo = scope('serach results should be ranked by relevance')
    expect(typo.requirement_ids).to.deep.equal(['REQ-CLI-001'])
    // since round 25c a typo the analysis corrects (a dropped or swapped letter) reaches scope corrected (analyse/typo-scope.ts)
    expect(typo.weights.find((w) => w.from === 'serach' || w.term === 'search')?.term).to.equal('search')
    // a typo keeps its first letter: "presets" is not "reset"
    expect(scope('add theme presets').weights.some((w) => w.from === 'presets')).to.equal(false)
  })

  it('common English cannot make scope on its own; an id named always wins', () => {
    expect(scope('change the time it takes').requirement_ids).to.deep.equal([])
    expect(scope('add HTML as a third format for REQ-CLI-002').requirement_ids).to.deep.equal(['REQ-CLI-002'])
  })

  it('narrates each term with its weight and kind', () => {
    const w = scope('add an HTML export').weights
    expect(w).to.deep.include({term: 'html', idf: Math.round(Math.log(1 + 8) * 100) / 100, kind: 'unknown'})
    expect(w.find((x) => x.term === 'export')?.kind).to.equal('specific')
  })
})

describe('preflight: logging in is not secrets exposure', () => {
  it('"log the user in with email and password" is a login; emailing or logging a password still exposes it', async () => {
    const {compileForbiddenRules, findForbidden} = await import('../src/lib/policy/forbidden.js')
    const {PreflightConfigSchema} = await import('../src/lib/policy/config.js')
    const rules = compileForbiddenRules(PreflightConfigSchema.parse({}))
    const ids = (text: string) => findForbidden(rules, analyseRequest(text).lower, false).map((h) => h.id)
    expect(ids('log the user in with email and password')).to.deep.equal([])
    expect(ids('sign people in with their e-mail address and password')).to.deep.equal([])
    expect(ids('email the password to bob')).to.not.deep.equal([])
    expect(ids('log the password at startup')).to.not.deep.equal([])
  })
})
