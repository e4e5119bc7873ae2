/**
 * Round 23c (issue 22): releases worded by where they are made or by the job that makes them. A release drafted or
 * created on a host ("draft a GitHub release for v1.2", "create the npm release") and a run of the project's release
 * job ("run the release script", "trigger the publish workflow", "npm run release") are releases, not a docs change or
 * a check: the contract lets releases through from the verification phase on only. The words are data; what a host
 * release or a release job modifies ("the GitHub release notes", "the release script's tests", a dry run) is no release.
 */

const alt = (words: readonly string[]): string => words.map((w) => w.replaceAll('.', '\\.').replaceAll(' ', '\\s+')).join('|')

/** Hosts and registries a release is made on, named as the release's modifier ("a GitHub release"). */
export const RELEASE_HOSTS = ['github', 'gitlab', 'bitbucket', 'gitea', 'npm', 'pypi', 'crates.io', 'docker hub', 'homebrew', 'app store', 'play store', 'marketplace']

/** What a release job is. */
export const RELEASE_JOB_NOUNS = ['script', 'workflow', 'pipeline', 'job', 'task', 'process', 'command', 'action', 'target', 'stage', 'recipe']

/** Kinds of job that make a release. */
export const RELEASE_JOB_KINDS = ['release', 'publish', 'publishing', 'deploy', 'deployment', 'ship', 'shipping', 'rollout', 'roll-out']

/** Verbs that start a job. */
export const JOB_RUN_VERBS = ['run', 'rerun', 're-run', 'execute', 'exec', 'trigger', 'retrigger', 're-trigger', 'kick off', 'fire off', 'launch', 'invoke', 'start', 'dispatch']

/** Nouns a host release can modify: then it names a thing of the release, not a release to make. */
const RELEASE_PARTS = ['notes?', 'process', 'page', 'checklist', 'docs?', 'documentation', 'workflows?', 'scripts?', 'pipelines?', 'jobs?', 'templates?', 'tokens?', 'keys?', 'secrets?', 'credentials?', 'permissions?', 'settings?', 'config\\w*', 'actions?', 'steps?', 'guides?', 'polic(?:y|ies)', 'history', 'logs?', 'sections?', 'tests?', 'assets?', 'tags?']

/** "draft a GitHub release", "publish the npm release for 2.0": a release on a host. */
export const HOSTED_RELEASE = new RegExp(
  `\\b(?:a|an|the|our|new|next|this|that)\\s+(?:new\\s+|draft\\s+|pre-?\\s*)?(?:${alt(RELEASE_HOSTS)})\\s+(?:pre-?)?releases?\\b(?!\\s+(?:${RELEASE_PARTS.join('|')})\\b)(?!['’]s\\b)`,
)

/** "run the release script", "trigger the publish workflow", "npm run release"; never a dry run. */
export const RELEASE_RUN = new RegExp(
  `(?:\\b(?:${alt(JOB_RUN_VERBS)})\\s+(?:the\\s+|our\\s+|a\\s+|that\\s+|this\\s+)?(?:(?:ci|cd|github|gitlab|npm)\\s+)?(?:${alt(RELEASE_JOB_KINDS)})[\\s:-](?:${alt(RELEASE_JOB_NOUNS)})s?\\b|\\b(?:npm\\s+run|yarn(?:\\s+run)?|pnpm(?:\\s+run)?|make)\\s+(?:${alt(RELEASE_JOB_KINDS)})\\b|\\b(?:npm|yarn|pnpm)\\s+version\\s+(?:major|minor|patch|premajor|preminor|prepatch|prerelease|v?\\d)|\\bgit\\s+push\\b[^.;!?|&\\n]{0,30}?--(?:follow-)?tags\\b)(?!['’]s\\b)(?!\\s+(?:tests?|specs?|lint\\w*|docs?|code|logs?|output)\\b)(?![^.;!?]*\\bdry[- ]?run\\b)`,
)

/** Release phrasings this module adds to the lexicon's (analyse/lexicon.ts RELEASE_PHRASES). */
export const RELEASE_WORDED: readonly RegExp[] = [HOSTED_RELEASE, RELEASE_RUN]
