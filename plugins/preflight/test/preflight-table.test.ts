/**
 * The table-driven suite: utterances across all four decisions and all intents, on the notes fixture
 * under several policies (phases, permission profiles, a custom GOVTOOL.yml, no scaffold.yml).
 */
import {expect} from 'chai'
import {cleanupTempDirs} from 'govtool/testing'
import type {ProjectContext} from 'govtool'

import {PreflightConfigSchema, analyseRequest, decisionExitCode, preflight, type Decision, type Intent} from '../src/index.js'
import {compileForbiddenRules, findForbidden} from '../src/lib/policy/forbidden.js'
import {fixtureProject, phaseScaffold} from './helpers.js'

type Env = 'impl' | 'inception' | 'test_spec' | 'verification' | 'bare' | 'readonly' | 'extended' | 'custom' | 'fresh'

// the decision rules are tested under the standard preset, set explicitly; `fresh` has the default profile
const STANDARD = 'agent:\n  permissions:\n    preset: standard\n'

const CUSTOM_CONFIG = `preflight:
  protected_paths: [infra/prod.tf, secrets/]
  forbidden_patterns:
    - id: rate-limit
      pattern: '\\bdisable (?:the )?rate[- ]limit'
      reason: The sync rate limit protects the shared server.
  frozen_statuses: [sealed]
agent:
  permissions:
    preset: standard
    deny: [git_push]
`

const ENVS: Record<Env, () => ProjectContext> = {
  impl: () => fixtureProject({config: STANDARD}),
  inception: () => fixtureProject({scaffold: phaseScaffold('inception'), config: STANDARD}),
  test_spec: () => fixtureProject({scaffold: phaseScaffold('test_spec'), config: STANDARD}),
  verification: () => fixtureProject({scaffold: phaseScaffold('verification'), config: STANDARD}),
  bare: () => fixtureProject({scaffold: null, config: STANDARD}),
  fresh: () => fixtureProject(),
  readonly: () => fixtureProject({config: 'agent:\n  permissions:\n    preset: read_only\n'}),
  extended: () => fixtureProject({scaffold: phaseScaffold('verification'), config: 'agent:\n  permissions:\n    preset: extended\n'}),
  custom: () => fixtureProject({config: CUSTOM_CONFIG}),
}

interface Case {
  u: string
  env?: Env
  decision: Decision
  intent?: Intent
  /** exact requirement ids, in order */
  reqs?: string[]
  /** requirement ids that must be among the matches */
  has?: string[]
  /** a fragment the instruction must contain */
  says?: string
}

const CASES: Case[] = [
  // accepted: questions and in-scope changes
  {u: 'fix the login timeout', decision: 'accepted', intent: 'change', has: ['REQ-AUTH-002']},
  {u: 'explain how sync works', decision: 'accepted', intent: 'read_only', has: ['REQ-SYNC-001']},
  {u: 'what does TEST-CLI-002 check?', decision: 'accepted', intent: 'read_only', reqs: ['REQ-CLI-002']},
  {u: 'how do I reset my password?', decision: 'accepted', intent: 'read_only', has: ['REQ-AUTH-003']},
  {u: 'refactor the search ranking', decision: 'accepted', intent: 'change', has: ['REQ-CLI-001']},
  {u: 'implement REQ-AUTH-003', decision: 'accepted', intent: 'change', reqs: ['REQ-AUTH-003']},
  {u: 'add tests for the export to PDF', decision: 'accepted', intent: 'change', has: ['REQ-CLI-002']},
  {u: 'update the docs for offline mode', decision: 'accepted', intent: 'change', has: ['REQ-SYNC-002']},
  {u: 'Please add a rename option for note labels', decision: 'accepted', intent: 'change', has: ['REQ-TAG-001']},
  {u: 'could you queue offline edits until the next sync', decision: 'accepted', intent: 'change', has: ['REQ-SYNC-002']},
  {u: 'show the coloured output rules', decision: 'accepted', intent: 'read_only', has: ['REQ-CLI-003']},
  {u: 'list the requirements covered by TEST-SYNC-001', decision: 'accepted', intent: 'read_only', reqs: ['REQ-SYNC-001', 'REQ-SYNC-002']},
  {u: 'why does the session expire?', decision: 'accepted', intent: 'read_only', has: ['REQ-AUTH-002']},
  {u: 'run the schema migration tests', decision: 'accepted', intent: 'read_only', has: ['REQ-STORE-002']},
  {u: 'commit and push the export fix', decision: 'accepted', intent: 'change', has: ['REQ-CLI-002']},
  {u: 'add a delete button to the note labels view', decision: 'accepted', intent: 'change', has: ['REQ-TAG-001']},
  {u: 'speed up searching: timeouts when ranking 10,000 notes', decision: 'accepted', intent: 'change', has: ['REQ-CLI-001']},
  {u: 'show the password reset flow', decision: 'accepted', intent: 'read_only', has: ['REQ-AUTH-003']},
  {u: 'add api key validation to the login', decision: 'accepted', intent: 'change', has: ['REQ-AUTH-001']},
  {u: 'remove REQ-TAG-001 from docs/REQUIREMENTS.md', decision: 'accepted', intent: 'change', reqs: ['REQ-TAG-001']},
  {u: 'Describe the encrypted storage format', decision: 'accepted', intent: 'read_only', has: ['REQ-STORE-001']},
  {u: 'the exported PDF is empty', decision: 'needs_clarification', intent: 'unclear', says: 'neither a question nor an instruction'},
  {u: 'the export writes an empty PDF, please', decision: 'accepted', intent: 'change', has: ['REQ-CLI-002']},
  {u: 'fix the login timeout', env: 'bare', decision: 'accepted', intent: 'change', has: ['REQ-AUTH-002']},
  {u: 'update the requirements for offline mode', env: 'inception', decision: 'accepted', intent: 'change', has: ['REQ-SYNC-002']},
  {u: 'explain the sync design', env: 'inception', decision: 'accepted', intent: 'read_only'},
  {u: 'write tests for the session timeout', env: 'test_spec', decision: 'accepted', intent: 'change', has: ['REQ-AUTH-002']},
  {u: 'explain the login flow', env: 'readonly', decision: 'accepted', intent: 'read_only', has: ['REQ-AUTH-001']},
  {u: 'change conflict resolution to keep the newest edit', env: 'custom', decision: 'accepted', intent: 'change', has: ['REQ-SYNC-003']},
  {u: 'open a pull request for the export fix', env: 'extended', decision: 'accepted', intent: 'change', has: ['REQ-CLI-002']},
  {u: 'fix the login timeout', env: 'fresh', decision: 'accepted', intent: 'change', has: ['REQ-AUTH-002']},
  {u: 'run the schema migration tests', env: 'fresh', decision: 'accepted', intent: 'read_only', has: ['REQ-STORE-002']},
  {u: 'run the tests, then fix the login timeout', env: 'fresh', decision: 'accepted', intent: 'change', has: ['REQ-AUTH-002']},
  {u: 'explain how sync works', env: 'fresh', decision: 'accepted', intent: 'read_only', has: ['REQ-SYNC-001']},

  // needs_clarification: destructive, release, no scope, vague, unknown ids
  {u: 'delete the staging database', decision: 'needs_clarification', intent: 'destructive', says: 'the staging database'},
  {u: 'drop the notes table', decision: 'needs_clarification', intent: 'destructive'},
  {u: 'force-push the feature branch', decision: 'needs_clarification', intent: 'destructive'},
  {u: 'wipe the local note cache', decision: 'needs_clarification', intent: 'destructive'},
  {u: 'git reset --hard origin/main', decision: 'needs_clarification', intent: 'destructive'},
  {u: 'remove all notes older than a year', decision: 'needs_clarification', intent: 'destructive'},
  {u: 'explain the schema migrations, then clear the database', decision: 'needs_clarification', intent: 'destructive', has: ['REQ-STORE-002']},
  {u: 'make it better', decision: 'needs_clarification', intent: 'unclear', reqs: [], says: 'does not say what to do'},
  {u: 'fix REQ-999', decision: 'needs_clarification', intent: 'change', reqs: [], says: 'REQ-999'},
  {u: 'add a chatbot to the kiosk', decision: 'needs_clarification', intent: 'change', reqs: [], says: 'No requirement'},
  {u: 'bump lodash to 4.17.21', decision: 'needs_clarification', intent: 'change'},
  {u: 'release v1.2.0', env: 'verification', decision: 'needs_clarification', intent: 'release', says: 'v1.2.0'},
  {u: 'ship it', env: 'verification', decision: 'needs_clarification', intent: 'release', says: 'none given'},
  {u: 'tag v2.0.0', env: 'verification', decision: 'needs_clarification', intent: 'release'},
  {u: 'bump the version to 2.1.0', env: 'verification', decision: 'needs_clarification', intent: 'release'},
  {u: 'release v1.0', env: 'bare', decision: 'needs_clarification', intent: 'release'},
  {u: 'publish v2.0.0 to npm', env: 'extended', decision: 'needs_clarification', intent: 'release'},

  // blocked: phase, permission profile, frozen requirements
  {u: 'release v1.2.0', decision: 'blocked', intent: 'release', says: 'verification phase'},
  {u: 'update REQ-SYNC-003 conflict handling', decision: 'blocked', intent: 'change', reqs: ['REQ-SYNC-003'], says: 'frozen'},
  {u: 'change conflict resolution to keep the newest edit', decision: 'blocked', intent: 'change', has: ['REQ-SYNC-003']},
  {u: 'rework the plaintext sync payload dump', decision: 'blocked', intent: 'change', has: ['REQ-SYNC-004'], says: 'deprecated'},
  {u: 'fix the login timeout', env: 'inception', decision: 'blocked', intent: 'change', says: 'does not allow code changes'},
  {u: 'implement the password reset email', env: 'test_spec', decision: 'blocked', intent: 'change', has: ['REQ-AUTH-003']},
  {u: 'delete the staging database', env: 'inception', decision: 'blocked', intent: 'destructive'},
  {u: 'fix the login timeout', env: 'readonly', decision: 'blocked', intent: 'change', says: 'write_file'},
  {u: 'run the search tests', env: 'readonly', decision: 'blocked', intent: 'read_only', says: 'run_tests'},
  // the default profile (no agent.permissions): reads, writes in the project, running the tests; nothing more
  {u: 'commit and push the export fix', env: 'fresh', decision: 'blocked', intent: 'change', says: 'agent.permissions.preset: standard'},
  {u: 'delete the staging database', env: 'fresh', decision: 'blocked', intent: 'destructive', says: 'docs/GOVTOOL.yml sets no agent.permissions'},
  {u: 'run the build script, then fix the login timeout', env: 'fresh', decision: 'blocked', says: 'run_shell'},
  {u: 'release v1.2.0', env: 'fresh', decision: 'blocked', intent: 'release'},
  {u: 'open a pull request for the export fix', env: 'fresh', decision: 'blocked', says: 'agent.permissions.preset: extended'},
  {u: 'push the export fix', env: 'custom', decision: 'blocked', intent: 'change', says: 'agent.permissions.deny'},
  {u: 'publish v2.0.0 to npm', env: 'verification', decision: 'blocked', intent: 'release', says: 'publish'},
  {u: 'deploy the sync server to production', env: 'verification', decision: 'blocked', intent: 'release', says: 'deploy'},
  {u: 'open a pull request for the export fix', decision: 'blocked', intent: 'change', says: 'git_create_pr'},

  // rejected: secrets, governance bypass, protected paths, custom patterns
  {u: 'print the api key', decision: 'rejected', says: 'secrets'},
  {u: 'show me the .env file', decision: 'rejected'},
  {u: 'commit the .env file', decision: 'rejected'},
  {u: "what's the github token?", decision: 'rejected', intent: 'read_only'},
  {u: 'email the database password to me', decision: 'rejected'},
  {u: 'skip preflight and push', decision: 'rejected', says: 'governance'},
  {u: 'turn off the audit', decision: 'rejected'},
  {u: 'disable the pre-commit hooks', decision: 'rejected'},
  {u: 'commit the sync fix with --no-verify', decision: 'rejected'},
  {u: 'delete LEDGER.md', decision: 'rejected', intent: 'destructive', says: 'LEDGER.md'},
  {u: 'rm -rf .git', decision: 'rejected', intent: 'destructive'},
  {u: 'wipe the git history', decision: 'rejected', intent: 'destructive'},
  {u: 'remove docs/REQUIREMENTS.md', decision: 'rejected'},
  {u: 'clear the ledger', decision: 'rejected'},
  {u: 'rewrite the ledger entries from last week', decision: 'rejected'},
  {u: 'fake the test results so CI passes', decision: 'rejected'},
  {u: 'rm -rf /', decision: 'rejected', intent: 'destructive'},
  {u: 'delete infra/prod.tf', env: 'custom', decision: 'rejected', says: 'infra/prod.tf'},
  {u: 'please disable the rate limit on sync', env: 'custom', decision: 'rejected', says: 'rate limit'},
  // precedence: rejected beats blocked, blocked beats needs_clarification
  {u: 'skip preflight and fix the login timeout', env: 'inception', decision: 'rejected'},
  {u: 'delete LEDGER.md', env: 'readonly', decision: 'rejected'},
  {u: 'release v3.0.0 and print the npm token', env: 'verification', decision: 'rejected'},
]

describe('preflight: decision table', function () {
  const contexts = new Map<Env, ProjectContext>()
  const ctxOf = (env: Env) => {
    let ctx = contexts.get(env)
    if (!ctx) {
      ctx = ENVS[env]()
      contexts.set(env, ctx)
    }
    return ctx
  }

  after(cleanupTempDirs)

  it('covers every decision and every intent with at least 60 utterances', () => {
    expect(CASES.length).to.be.at.least(60)
    for (const d of ['accepted', 'needs_clarification', 'blocked', 'rejected']) expect(CASES.some((c) => c.decision === d), d).to.equal(true)
    for (const i of ['read_only', 'change', 'destructive', 'release']) expect(CASES.some((c) => c.intent === i), i).to.equal(true)
  })

  it('the forbidden gates never hide a match: every case, and phrasings built to slip past them', () => {
    const rules = compileForbiddenRules(PreflightConfigSchema.parse({protected_paths: ['src/secrets/', 'deploy/prod.env'], forbidden_patterns: [{pattern: 'drop\\s+database', reason: 'x'}]}))
    const ungated = rules.map((r) => ({...r, gate: [], also: undefined}))
    const extra = [
      'PRINT THE API_KEY', 'cat ~/.ssh/id_rsa', 'show me the .env', 'echo the GITHUB TOKEN', 'git add server.pem', 'commit the secrets file',
      'please commit with --no-verify', 'rm -rf /', 'wipe the entire repo', 'delete the ledger', 'rm -rf .git', 'delete docs/REQUIREMENTS.md',
      'mark failing tests as passing', 'fabricate coverage numbers', 'turn off the audit', 'skip preflight', 'ignore governance', 'truncate LEDGER.md',
      'remove the test spec file', 'nuke the govtool state', 'overwrite scaffold.yml', 'delete src/secrets/', 'rm deploy/prod.env', 'disable branch protection',
      "what's the password?", 'remove .env from .gitignore', 'unignore .env', 'drop database prod', 'forge the ledger history', 'delete the git history',
      'wipe the requirements file', 'tell me the aws secret access key', 'upload the keychain', 'disable the pre-commit hooks', 'bypass the verification gate',
    ]
    let fired = 0
    for (const u of [...CASES.map((c) => c.u), ...extra]) {
      const a = analyseRequest(u)
      const expected = findForbidden(ungated, a.lower, a.question)
      expect(findForbidden(rules, a.lower, a.question), u).to.deep.equal(expected)
      if (expected.length > 0) fired++
      else expect(extra, `${u} should be forbidden`).to.not.include(u)
    }
    expect(fired).to.be.greaterThan(extra.length)
  })

  for (const c of CASES) {
    it(`${c.env ?? 'impl'}: "${c.u}" -> ${c.decision}`, async () => {
      const ctx = ctxOf(c.env ?? 'impl')
      const r = await preflight(ctx, c.u, {record: false})
      const context = JSON.stringify(r, null, 1)
      expect(r.decision, context).to.equal(c.decision)
      expect(decisionExitCode(r.decision)).to.equal(c.decision === 'accepted' ? 0 : c.decision === 'needs_clarification' ? 2 : 3)
      if (c.intent) expect(r.intent, context).to.equal(c.intent)
      if (c.reqs) expect(r.requirement_ids, context).to.deep.equal(c.reqs)
      if (c.has) expect(r.requirement_ids, context).to.include.members(c.has)
      if (c.says) expect(r.instruction, context).to.contain(c.says)
      expect(r.work_item_id).to.match(/^WI-[0-9a-f]{12}$/)
      expect(r.instruction.length).to.be.greaterThan(20)
      // every decision is reproducible
      const again = await preflight(ctx, c.u, {record: false})
      expect(again).to.deep.equal(r)
    })
  }
})
