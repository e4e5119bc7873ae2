// Public library API of @govtool/plugin-vcs: what the CLI, servers, dispatcher and other plugins import.
export {createBranch, listBranches, type BranchInfo, type BranchList, type CreatedBranch} from './lib/branch.js'
export {commitWarnings, commitWork, type CommitOptions, type CommitResult} from './lib/commit.js'
export {
  aheadBehind,
  commitsIn,
  conflictedFiles,
  currentBranch,
  defaultRemote,
  filesChangedIn,
  git,
  hasCommits,
  headSha,
  refExists,
  remotes,
  requireBranch,
  requireRepo,
  status as gitStatus,
  upstreamOf,
  type GitOptions,
  type GitResult,
  type StatusEntry,
} from './lib/git.js'
export {GOVERNANCE_PATHS, auditProject, blockingIssues, isGovernanceFile, lastLedgerHeading, openTodoCount, type AuditSummary} from './lib/governance.js'
export {PLATFORMS, detectPlatform, findOnPath, requirePlatform, type Platform, type PlatformName} from './lib/platform.js'
export {PR_REPORT_CHARS, createPullRequest, prBody, prCreateArgs, prUrlFrom, type PrOptions, type PrResult} from './lib/pr.js'
export {discardQuestion, formatDiscardFiles, losesWork, previewDiscard, pull, pullBranch, type DiscardPreview, type DiscardQuestion, type PullMode, type PullResult} from './lib/pull.js'
export {pushBranch, pushWarnings, type PushCheck, type PushOptions, type PushResult} from './lib/push.js'
export {normaliseVersion, release, versionPattern, type EditKind, type FileEdit, type ReleaseOptions, type ReleaseResult, type StaleReference} from './lib/release/index.js'
export {changelogEdit, type ChangelogInput} from './lib/release/changelog.js'
export {bumpBadges, bumpCargoToml, bumpDunderVersion, bumpPackageJson, bumpPackageLock, bumpPyproject} from './lib/release/manifests.js'
export {TODO_LIMIT, sessionEnd, type SessionCheck, type SessionEndResult} from './lib/session.js'
export {COUNT_LIMIT, repoStatus, type CiRun, type RepoStatus} from './lib/status.js'
export {loadStrategy, planBranch, prTarget, roleOf, strategyFrom, type BranchPlan, type BranchingStrategy, type StrategyName} from './lib/strategy.js'
export {ReleaseConfigSchema, probeUrl, verifyRelease, type ReleaseCheck, type ReleaseConfig, type VerifyReleaseOptions, type VerifyReleaseResult} from './lib/verify-release.js'
