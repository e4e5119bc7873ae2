/**
 * What `import` decides beyond the files: the AEE phase the project starts at, from the evidence the scan
 * found, and the exact commands of a first governed change.
 *
 * Decision (docs/architecture.md, "Governance files"): code and tests start at implementation, where code
 * changes are allowed; code without tests starts at test_spec, where tests and documents may change and
 * code changes wait until there are tests (the first governed change adds them); no code starts at
 * inception, like a new project. A scaffold.yml the project already has keeps its phase.
 */
import path from 'node:path'

import {AEE_PHASE_LABELS, phaseIndex, type AeePhase} from 'govtool/core'

import type {ProjectDetection} from './detect.js'
import {componentIdOf} from './format.js'

export interface ImportPhase {
  /** the phase the project is at after the import */
  phase: AeePhase | null
  label: string | null
  /** how it was set: detected by this import, kept from scaffold.yml, or not recorded (no aee_phase: not phase-gated) */
  source: 'detected' | 'scaffold' | 'unrecorded'
  /** why, in one sentence, naming the evidence */
  reason: string
}

/** The evidence that counts: source files that are not tests, and test files. */
export function codeAndTests(detected: ProjectDetection): {code: number; tests: number} {
  return {code: Math.max(0, detected.source_files - detected.tests.files), tests: detected.tests.files}
}

/** The phase an imported project without a scaffold.yml starts at, and why. */
export function detectedPhase(detected: ProjectDetection): ImportPhase {
  const {code, tests} = codeAndTests(detected)
  const where = detected.tests.dirs.length > 0 ? ` in ${detected.tests.dirs.join(', ')}` : ''
  const framework = detected.test_framework ? ` (${detected.test_framework})` : ''
  const make = (phase: AeePhase, reason: string): ImportPhase => ({phase, label: AEE_PHASE_LABELS[phase], source: 'detected', reason})
  if (code > 0 && tests > 0) {
    return make('implementation', `${code} source file(s) and ${tests} test file(s)${where}${framework} exist, so the project starts at implementation: code changes are allowed, scoped to requirements and verified.`)
  }
  if (code > 0) {
    return make('test_spec', `${code} source file(s) but no test file exist, so the project starts at test_spec: tests and documents may change, and code changes wait for the implementation phase, so the first governed change adds tests.`)
  }
  return make('inception', 'No source file was found, so the project starts at inception, like a new project.')
}

/** The phase of a project whose scaffold.yml was there before the import. */
export function keptPhase(phase: AeePhase | undefined): ImportPhase {
  if (!phase) {
    return {phase: null, label: null, source: 'unrecorded', reason: 'scaffold.yml was already there and records no aee_phase, so phase rules do not apply (`govtool phase set <phase>` records one).'}
  }
  return {phase, label: AEE_PHASE_LABELS[phase], source: 'scaffold', reason: `scaffold.yml was already there and records aee_phase ${phase}; import keeps it.`}
}

/** The component a module directory names (src/calc -> calc); container names give way to the project name. */
export function moduleComponents(detected: ProjectDetection, projectName: string, max = 5): string[] {
  const names = detected.modules.map((m) => path.posix.basename(m)).map((b) => (['src', 'lib', 'packages', 'crates', 'rtl', 'app'].includes(b) ? projectName : b))
  return [...new Set(names.map((n) => n.toLowerCase()))].filter(Boolean).slice(0, max)
}

/** The command that writes the test results verify reads, for the frameworks that have one built in. */
export function testResultsCommand(framework: string | null): {command: string; file: string} | undefined {
  switch (framework) {
    case 'pytest':
      return {command: 'python -m pytest --junitxml=.govtool/test-results.xml', file: '.govtool/test-results.xml'}
    case 'jest':
      return {command: 'npx jest --json --outputFile=.govtool/test-results.json', file: '.govtool/test-results.json'}
    case 'vitest':
      return {command: 'npx vitest run --reporter=junit --outputFile=.govtool/test-results.xml', file: '.govtool/test-results.xml'}
    case 'mocha':
      return {command: 'npx mocha --reporter json > .govtool/test-results.json', file: '.govtool/test-results.json'}
    case 'node:test':
      return {command: 'node --test --test-reporter=tap > .govtool/test-results.tap', file: '.govtool/test-results.tap'}
    default:
      return undefined
  }
}

export interface NextStepsInput {
  phase: AeePhase | null
  detected: ProjectDetection
  /** requirement ids in the project after the import */
  requirements: readonly string[]
  guided: boolean
  component: string
  /** the files the import wrote (or --guided will write) that git does not track yet: the adoption commit stages them */
  adopt: readonly string[]
}

/** `git add` arguments: paths under docs/governance/ as the directory, quoted when they need it. */
function gitAddArgs(paths: readonly string[]): string {
  const collapsed = [...new Set(paths.map((p) => (p.startsWith('docs/governance/') ? 'docs/governance' : p)))]
  return collapsed.map((p) => (/^[\w./-]+$/.test(p) ? p : `'${p.replaceAll("'", `'\\''`)}'`)).join(' ')
}

/**
 * The commands of a first governed change, in order, to run in the project directory: requirements to scope
 * it (when there are none), a commit of what the import wrote, the preflight, the tests and verify (which
 * reads the change from git), the commit. Placeholders are in <angle brackets>.
 */
export function importNextSteps(input: NextStepsInput): string[] {
  const steps: string[] = []
  const {phase, requirements, component} = input
  const repo = input.detected.vcs.is_repository
  const id = requirements[0] ?? `REQ-${componentIdOf(component)}-001`
  if (requirements.length === 0) {
    steps.push(
      input.guided
        ? `govtool req add ${id} --component ${component} --priority P1 --description "<what ${component} must do>"`
        : 'govtool import --guided',
    )
  }
  if (repo && input.adopt.length > 0) steps.push(`git add ${gitAddArgs(input.adopt)}`, 'govtool commit -m "Bring the project under govtool governance"')
  if (phase !== null && phaseIndex(phase) < phaseIndex('test_spec')) {
    steps.push('govtool phase show')
    return steps
  }
  const results = testResultsCommand(input.detected.test_framework)
  const evidence = `--tests ${results?.file ?? '<JUnit XML, TAP or JSON test results>'} --work-item-id <WI-... from preflight>`
  const verify = repo ? `govtool verify ${evidence}` : `govtool verify --changed <the changed files> ${evidence}`
  const commit = (message: string, add: string) => (repo ? [add, `govtool commit -m "${message}"`] : [])
  if (phase === 'test_spec') {
    steps.push(`govtool preflight "add tests for ${component} (${id})"`, ...(results ? [results.command] : []), verify, ...commit(`Add tests for ${component}`, 'git add -u && git add <the new test files>'), 'govtool phase show')
    return steps
  }
  steps.push(`govtool preflight "fix <what is wrong> in ${component} (${id})"`, ...(results ? [results.command] : []), verify, ...commit('<what the fix changes>', 'git add -u'))
  return steps
}
