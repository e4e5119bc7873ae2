// Public library API of @govtool/plugin-preflight: what the CLI, servers, dispatcher and other plugins import.
export {preflight, evaluateRequest, prepareRequest, decideRequest, decisionExitCode, type PreparedRequest} from './lib/preflight.js'
export {
  DECISIONS,
  DECISION_EXIT,
  STRESS_KINDS,
  type Decision,
  type NarrationStep,
  type PreflightDecision,
  type PreflightOptions,
  type StressKind,
  type StressWarning,
} from './lib/types.js'
export {INTENTS, type Intent} from './lib/analyse/lexicon.js'
export {canonicalId} from './lib/text/ids.js'
export {analyseRequest, type ClauseAnalysis, type PhaseAction, type RequestAnalysis} from './lib/analyse/intent.js'
export {resolveScope, type ScopeMatch, type ScopeOptions, type ScopeResult} from './lib/scope.js'
export {INDEX_VERSION, requirementIndex, testsCovering, type Posting, type RequirementIndex, type ScopeModel, type ScopeRequirement, type ScopeTest} from './lib/scope-index.js'
export {buildPolicy, clearSnapshotCache, loadSnapshot, policyData, policyFromData, type PhaseState, type PolicyData, type PreflightSnapshot, type ProjectPolicy} from './lib/snapshot.js'
export {PACK_FILE} from './lib/pack.js'
export {
  BUILTIN_PROTECTED_PATHS,
  DEFAULT_FROZEN_STATUSES,
  DEFAULT_PHASE_RULES,
  PHASE_ACTIONS,
  PreflightConfigSchema,
  VerifyConfigSchema,
  type PreflightConfig,
  type VerifyConfig,
} from './lib/policy/config.js'
export {
  AgentSectionSchema,
  DEFAULT_PRESET,
  PERMISSION_PRESETS,
  PRESET_TOOLS,
  PermissionsSchema,
  canonicalTool,
  checkTool,
  isValidToolName,
  loadPermissionProfile,
  presetGranting,
  resolveProfile,
  type PermissionCheck,
  type PermissionProfile,
  type PermissionsConfig,
  type Preset,
} from './lib/permissions.js'
export {WORK_ITEM_ID, readWorkItem, readWorkItems, validateWorkItemId, workItemId, type WorkItemRecord, type WorkItemStore} from './lib/work-items.js'
export {redactSecrets} from './lib/redact.js'
export {ACTION_LABEL, checkPhaseGate, phaseGate, type PhaseGate} from './lib/phase-gate.js'
export {RETRY_STRATEGIES, verify, verifyExitCode, type RetryStrategy, type VerifyEvidence, type VerifyOptions, type VerifyResult} from './lib/verify/verify.js'
export {VerifyInputSchema, loadVerifyInput, parseVerifyInput, parseVerifyJson, type ResolvedVerifyInput, type VerifyInput, type VerifySources} from './lib/verify/input.js'
export {parseTestReport, type TestCounts} from './lib/verify/test-results.js'
export {answerHook, blockingOutput, hookFailure, HOOK_EVENTS, isHookEvent, type HookClient} from './lib/hooks/answer.js'
export type {HookResult} from './lib/hooks/claude-code.js'
