import {existsSync} from 'node:fs'
import path from 'node:path'

import {GovError, InputError, ProjectContext, writeFileAtomic, redactSecrets} from 'govtool/core'

import {renderSkillMd} from './frontmatter.js'
import {updateManifest} from './manifest.js'
import {MAX_SLUG, SKILL_FILE, skillDir} from './paths.js'

const STOP_WORDS = new Set(
  'a an and are as at be by for from how i in into is it its me my of on or our should so that the their them then this to use used using we when which who will with you your can do does make makes help helps skill skills agent'.split(' '),
)

/** The deterministic slug of a description: its first four meaningful words, lower-case, hyphenated. */
export function skillSlug(description: string): string {
  const words = description
    .normalize('NFKD')
    .replaceAll(/[\u0300-\u036F]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '' && !STOP_WORDS.has(w))
  let slug = ''
  for (const w of words.slice(0, 4)) {
    const next = slug ? `${slug}-${w}` : w
    if (next.length > MAX_SLUG) break
    slug = next
  }
  return slug || 'custom-skill'
}

interface Topic {
  words: RegExp
  when: string
  steps: string[]
  tools: string[]
}

/** Topic-specific guidance added to a built skill when its description mentions the topic. */
const TOPICS: Topic[] = [
  {words: /\b(test|tests|testing|coverage|regression)\b/, when: 'Tests are missing, failing or flaky for the area involved.', steps: ['Run the existing tests first and record the baseline (passed, failed, skipped).', 'Add or fix tests so that each behaviour in scope has one test that fails without the change.'], tools: ['run_shell']},
  {words: /\b(review|reviews|reviewing|audit|inspect)\b/, when: 'A change or an artifact needs a second pair of eyes before it is accepted.', steps: ['Read the complete diff (`git diff`) before judging any part of it.', 'Report findings as `[severity] file:line: problem. Fix.`, most severe first.'], tools: ['git_diff']},
  {words: /\b(release|releases|version|changelog|publish|ship)\b/, when: 'A version is being prepared or published.', steps: ['Check that `govtool audit` passes and the tree is clean before changing any version string.', 'Build the changelog from the ledger entries since the last tag.'], tools: ['run_shell', 'git_commit']},
  {words: /\b(doc|docs|documentation|readme|guide|explain)\b/, when: 'Documentation is missing, outdated or unclear.', steps: ['Check each statement against the code or a command\'s real output; remove what cannot be checked.', 'Link every requirement mentioned to docs/REQUIREMENTS.md by its id.'], tools: ['write_file']},
  {words: /\b(security|secure|secret|secrets|vulnerability|vulnerabilities|auth|permission|permissions)\b/, when: 'The work touches inputs, credentials, permissions or dependencies.', steps: ['Validate every input at the boundary and never log or commit a secret.', 'List each new dependency or network call with the reason it is needed.'], tools: []},
  {words: /\b(refactor|refactoring|cleanup|clean|simplify|rename)\b/, when: 'Code needs restructuring without changing behaviour.', steps: ['Pin the current behaviour with tests before moving any code.', 'Change structure in small steps, running the tests after each one.'], tools: ['write_file', 'run_shell']},
  {words: /\b(migration|migrations|migrate|database|schema|sql)\b/, when: 'Data or a schema changes shape.', steps: ['Write the rollback before the migration and test both on a copy of real data.', 'Make the migration idempotent and record it in the ledger with type migration.'], tools: ['run_shell']},
  {words: /\b(performance|perf|fast|faster|slow|latency|benchmark|benchmarks|memory)\b/, when: 'Speed or resource use is the concern.', steps: ['Measure before changing anything; keep the benchmark command and its median.', 'Change one thing at a time and keep only changes that move the median.'], tools: ['run_shell']},
  {words: /\b(deploy|deployment|infrastructure|ci|pipeline|docker|kubernetes)\b/, when: 'Build, CI or deployment configuration changes.', steps: ['Validate the configuration locally (lint, dry run) before pushing it.', 'Keep a known-good previous configuration to roll back to.'], tools: ['run_shell']},
  {words: /\b(requirement|requirements|spec|specification|story|stories|acceptance)\b/, when: 'Requirements need writing, tracing or clarifying.', steps: ['Give each requirement an id, a testable statement and a priority in docs/REQUIREMENTS.md.', 'Link each to a test in docs/TESTS.md with a `Covers:` line (`govtool req trace` checks it).'], tools: ['write_file']},
]

const WRITE_VERBS = /\b(write|writes|create|creates|generate|generates|fix|fixes|implement|implements|add|adds|update|updates|edit|edits|refactor|build|builds)\b/

export interface BuiltSkill {
  id: string
  description: string
  allowed_tools: string[]
  topics: number
  path: string
  status: 'created' | 'replaced'
}

/**
 * Creates a skill from a description: slug from its leading words, SKILL.md with front matter and
 * instructions shaped by the topics the description names (tests, review, release, docs, security, ...),
 * and a skill.json (active, source built). An existing skill is replaced only with `force`.
 */
export async function buildSkill(ctx: ProjectContext, description: string, options: {force?: boolean} = {}): Promise<BuiltSkill> {
  // redacted first: the text goes into SKILL.md and the manifest, and the skill's directory is named after it
  const text = redactSecrets(description.replaceAll(/\s+/g, ' ').trim())
  if (text.length < 10) throw new InputError('The skill description is too short.', {code: 'E_BAD_DESCRIPTION', hint: 'Describe what the skill does and when to use it, in at least a few words.'})
  if (text.length > 1024) throw new InputError(`The skill description is ${text.length} characters long (at most 1024).`, {code: 'E_BAD_DESCRIPTION', hint: 'Shorten it; put details in the generated SKILL.md body afterwards.'})
  const id = skillSlug(text)
  const dir = skillDir(ctx, id)
  const file = path.join(dir, SKILL_FILE)
  const exists = existsSync(file)
  if (exists && !options.force) {
    throw new GovError(`Skill "${id}" already exists at ${ctx.relative(file)}.`, {code: 'E_SKILL_EXISTS', hint: 'Pass --force to replace it, or word the description differently.'})
  }
  const lower = text.toLowerCase()
  const topics = TOPICS.filter((t) => t.words.test(lower))
  const tools = new Set<string>(['read_file'])
  if (WRITE_VERBS.test(lower)) tools.add('write_file')
  for (const t of topics) for (const tool of t.tools) tools.add(tool)
  const allowed = [...tools]
  await writeFileAtomic(file, renderSkillMd({name: id, description: text, allowedTools: allowed}, skillBody(id, text, topics)))
  const now = new Date().toISOString()
  await updateManifest(dir, (current) => ({...current, id, active: true, source: 'built', generated_from: text, created_at: current?.created_at ?? now, updated_at: now}))
  return {id, description: text, allowed_tools: allowed, topics: topics.length, path: ctx.relative(file), status: exists ? 'replaced' : 'created'}
}

function skillBody(id: string, description: string, topics: Topic[]): string {
  const title = id
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ')
  const goal = description.replace(/[.\s]+$/, '')
  const when = [`- The task is to ${goal.charAt(0).toLowerCase()}${goal.slice(1)}.`, ...topics.map((t) => `- ${t.when}`)]
  const steps = [
    'Restate the goal in one sentence and name what "done" looks like; ask one precise question if it is unclear.',
    'Run `govtool preflight "<the task>" --json` and continue only when it answers `accepted`; note the requirement ids.',
    'Read the files and requirements in scope before changing anything.',
    ...topics.flatMap((t) => t.steps),
    'Make the smallest change that reaches the goal, keeping unrelated files untouched.',
    'Run the project tests and `govtool verify`; follow its retry strategy when it exits 2 and stop when it exits 3.',
    'Record the work with `govtool ledger add "<what changed>" --reqs <ids>`.',
  ]
  return [
    `# ${title}`,
    '',
    `${goal}.`,
    '',
    '## When to use',
    ...when,
    '',
    '## Procedure',
    ...steps.map((s, i) => `${i + 1}. ${s}`),
    '',
    '## Done when',
    '- `govtool verify` exits 0 for the change.',
    '- The ledger has an entry naming the requirements touched.',
    '',
    '## Report',
    'What changed and why, the requirement ids, the tests run with their results, and anything left open.',
    '',
  ].join('\n')
}
