/**
 * Round 17a (issue 22): a removing verb on a test's own throwaway resources at a point of the test run is test
 * housekeeping, not destruction ("tear down the test containers after each run in the sync integration tests",
 * "wipe the temp directory between tests", "drop the scratch database in afterEach"). Both halves are needed: a
 * resource named as the tests' own (TEST_RESOURCE) and a moment of the run (RUN_MOMENT). Without the moment ("wipe
 * the test database on staging") or without the tests' own resource ("delete the production database after each
 * run") the request stays destructive. The words are data.
 */
const OWN = ['test', 'tests', 'testing', 'temp', 'temporary', 'tmp', 'scratch', 'throwaway', 'throw-away', 'ephemeral', 'disposable', 'fixture', 'fixtures', 'mock', 'fake', 'stub', 'in-memory', 'e2e', 'integration', 'per-test', 'sandbox']
const RESOURCES = ['containers?', 'databases?', 'dbs?', 'directories', 'directory', 'dirs?', 'folders?', 'files', 'servers?', 'instances?', 'volumes?', 'tables?', 'data', 'records?', 'rows?', 'users?', 'accounts?', 'notes', 'queues?', 'caches?', 'environments?', 'stacks?', 'buckets?', 'sessions?', 'keychain entries', 'entries', 'state']
const MOMENTS = [
  '(?:after|before) (?:each|every|the|a) (?:single )?(?:test|run|spec|case|suite|test run|test case|scenario)',
  'between (?:tests|runs|specs|test runs|cases|scenarios)', 'at the end of (?:each|every|the) (?:test|run|spec|suite|test run)',
  'once (?:the|each|every) (?:test|run|spec|suite) (?:finishes|ends|is done|completes)', 'when (?:the|each|every) (?:test|run|spec|suite) (?:finishes|ends|is done|completes)',
  'in (?:an? |the )?(?:aftereach|afterall|after hook|after-each hook|teardown(?: hook| step)?|cleanup hook)', '(?:aftereach|afterall)',
]

/** The tests' own resource: an OWN word within two words before a RESOURCES noun. */
export const TEST_RESOURCE = new RegExp(`\\b(?:${OWN.join('|')})\\s+(?:[\\w-]+\\s+){0,1}?(?:${RESOURCES.join('|')})\\b`, 'i')
/** A moment of the test run. */
export const RUN_MOMENT = new RegExp(`\\b(?:${MOMENTS.join('|').replaceAll(' ', '\\s+')})\\b`, 'i')

/** Whether a removing clause is test housekeeping. */
export function testHousekeeping(clause: string): boolean {
  return TEST_RESOURCE.test(clause) && RUN_MOMENT.test(clause)
}
