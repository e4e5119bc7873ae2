// Traceability API (owned by the traceability area). See docs/architecture.md "Cross-plugin library API".
export {REQ_ID, TEST_ID, type Coverage, type GovernanceModel, type ParseProblem, type Requirement, type TestCase} from './types.js'
export {coverage, governanceSources, isDraft, loadGovernanceModel, type LoadModelOptions} from './model.js'
export {parseCovers} from './covers.js'
export {appendMarkdownBlock, formatRequirement, formatTestCase, titleFromDescription, type RequirementInput, type TestCaseInput} from './format.js'
export {
  LEDGER_TYPES,
  USER_LEDGER_TYPES,
  chainHash,
  countOpenTodos,
  entryDigest,
  formatLedgerEntry,
  parseLedgerText,
  verifyLedgerChain,
  type ChainVerification,
  type LedgerEntry,
  type LedgerType,
  type ParsedLedger,
} from './ledger-format.js'
export {
  appendLedgerEntries,
  appendLedgerEntry,
  checkLedgerChain,
  ledgerAuthor,
  ledgerSince,
  ledgerStats,
  readLedger,
  readLedgerHistory,
  type LedgerEntryInput,
  type LedgerHistory,
  type LedgerStats,
} from './ledger.js'
export {DEFAULT_COMPRESS_THRESHOLD, DEFAULT_KEEP_RECENT, compressLedger, type CompressOptions, type CompressResult} from './compress.js'
export {AuditThresholdsSchema, expectedCiTools, runAudit, type AuditIssue, type AuditOptions, type AuditReport, type AuditThresholds} from './audit.js'
export {
  AUDIT_CHECKS,
  FINDING_CHECKS,
  FINDING_SEVERITY,
  GAPS_CHECKS,
  ORPHANS_CHECKS,
  VALIDATE_CHECKS,
  findingsExitCode,
  findingsOf,
  governanceFindings,
  hasErrors,
  type Finding,
  type FindingCheck,
  type FindingsOptions,
  type Severity,
} from './findings.js'
export {buildExportReport, traceMatrix, type ExportOptions} from './export.js'
export {builtinRegistry, readScaffoldSafe, type ScaffoldRead} from './project.js'
export {projectInventory, type Inventory} from './inventory.js'

export {agentsReferences, validateProject, type ValidationIssue, type ValidationReport} from './validate.js'
export {DERIVED_FILES, derivedCache, syncDerivedCache, type RequirementRecord, type SyncResult, type TestCaseRecord} from './sync.js'
export {REQUIREMENTS_HEADER, TESTS_HEADER, addRequirement} from './requirements.js'
export {
  PHASE_DESCRIPTIONS,
  changePhase,
  currentPhase,
  parsePhase,
  phaseChecklists,
  phaseStatus,
  readiness,
  type ChecklistItem,
  type Checklists,
  type PhaseChange,
  type PhaseStatus,
} from './phase.js'
export {buildCheckpoint, renderCheckpoint, workItemOf, type CheckpointPayload} from './checkpoint.js'
export {
  WORKSPACE_FILE,
  WorkspaceSchema,
  auditWorkspace,
  buildWorkspaceReport,
  initWorkspace,
  loadWorkspace,
  type Workspace,
  type WorkspaceAudit,
  type WorkspaceProjectAudit,
} from './workspace.js'
export {plainTable, problemText} from './present.js'
