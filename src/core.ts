/**
 * `govtool/core`: the kernel without oclif. Library code (plugins' src/lib) imports this, so that the
 * servers, the dispatcher and the fast paths in bin/run.js can use it without loading the CLI framework.
 * `govtool` (src/index.ts) re-exports all of it plus the command base class and flags.
 */
export {renderError, toGovError} from './render-error.js'
export {ExitCode, GovError, InputError, NotFoundError, govErrorFromJson, isGovError, type GovErrorJson, type GovErrorOptions} from './errors.js'
export {gitOutput, runGit, type GitOptions, type GitResult} from './git.js'
export {markdownCell, markdownTable} from './markdown.js'
export {timed, timingMark} from './timing.js'
export {compareText} from './text-order.js'
export {lazySchema, lazySchemasBuilt} from './lazy-schema.js'
export {terminalSafe, terminalSafeDeep} from './terminal-text.js'
export {
  SECRET_KINDS,
  describeSecretFinding,
  entropy,
  isExampleFile,
  isPlaceholder,
  REDACTED,
  redactDeep,
  redactSecrets,
  scanDiff,
  scanText,
  secretFileKind,
  type ScanTextOptions,
  type SecretFinding,
  type SecretKind,
} from './secrets.js'
export {ERROR_CODES, errorCodeInfo, isErrorCode, type ErrorCode, type ErrorCodeInfo} from './error-codes.js'
export {
  commandId,
  commandWords,
  defineOperation,
  quietIO,
  toolName,
  withWarnings,
  type AnyOperation,
  type FieldCliHint,
  type Operation,
  type OperationCli,
  type OperationContext,
  type OperationIO,
  type ProgressEvent,
  type RenderView,
  type Transport,
} from './operation.js'
export {fieldLabel, fieldSpecs, inputFromCli, parseInput, readFileFields, splitPassthrough, type FieldKind, type FieldSpec} from './operation-fields.js'
export {checkResult, cliRoot, executeOperation, projectContext, runOperationCli, type CliRunOptions} from './operation-run.js'
export {parseOperationArgv, runOperationArgv} from './operation-argv.js'
export {findOperations, pluginOperations, registerOperationLoaders} from './operation-registry.js'
export {jsonSchemaOf, toolDescription, type ToolDescription} from './operation-schema.js'
export {GOVERNANCE_FILES, ProjectContext, userHome, type GovernanceFile} from './context.js'
export {
  GovConfig,
  ScaffoldSchema,
  scaffoldSchemaStamp,
  UserConfigSchema,
  YamlFile,
  loadYamlFile,
  parseYaml,
  updateYamlFile,
  validateWith,
  type Scaffold,
  type UserConfig,
} from './config.js'
export {EventBus, events, type GovEventMap, type GovEventName} from './events.js'
export {SAFE_ID, safeJoin, slugify, validateId} from './ids.js'
export {AEE_PHASES, AEE_PHASE_LABELS, phaseIndex, type AeePhase} from './phases.js'
export {
  DEFAULT_REQUIREMENT_STATUS,
  FROZEN_REQUIREMENT_STATUSES,
  GATING_PRIORITIES,
  RECORDED_REQUIREMENT_STATUSES,
  REQUIREMENT_PRIORITIES,
  REQUIREMENT_PRIORITY_MEANINGS,
  REQUIREMENT_STATUSES,
  REQUIREMENT_STATUS_MEANINGS,
  REQUIREMENT_STATUS_SYNONYMS,
  frozenStatusWords,
  isDraftStatus,
  isRecordedStatus,
  isRequirementPriority,
  isRequirementStatus,
  normalPriority,
  normalStatus,
  type RequirementPriority,
  type RequirementStatus,
} from './vocabulary.js'
export {
  configKeys,
  configRegistry,
  defineConfigSections,
  describeAllowed,
  loadConfigSections,
  renderConfigFile,
  sectionDefaults,
  undocumentedKeys,
  type ConfigKeyDoc,
  type ConfigKeyInfo,
  type ConfigRegistry,
  type ConfigSection,
  type PluginConfigStatus,
  type RegisteredConfigSection,
} from './config-sections.js'
export {getConfigValue, listConfigValues, parseConfigValue, resolveConfigKey, setConfigValue, type ConfigSetResult, type ConfigSource, type ConfigValue} from './config-edit.js'
export {
  TOOL_CATEGORIES,
  ProjectTypeSchema,
  ToolSchema,
  corePluginList,
  installedPluginConfig,
  installedProjectTypes,
  loadProjectTypes,
  requireProjectType,
  type PluginTypesStatus,
  type ProjectType,
  type ProjectTypeRegistry,
  type RegisteredProjectType,
  type Tool,
  type ToolCategory,
} from './project-types.js'
export {CHANNELS, assertChannel, channelFromVersion, clearChannel, getChannel, setChannel, type Channel, type EffectiveChannel} from './channel.js'
export {parseJsonText, readJsonIfExists, readTextIfExists, readTextIfExistsSync, writeCacheFileSync, writeFileAtomic, writeJsonAtomic} from './storage/atomic.js'
export {assertLocksHeld, noteLockedWrite, withLock, type LockOptions} from './storage/lock.js'
export {checkWritePath, ensureDir, ensureDirSync, removePath, symlinkError} from './storage/safe-path.js'
export {onShutdownSignals} from './shutdown.js'
export {fileSignature} from './storage/signature.js'
export {appendJsonl, appendText, openNoFollow, parseJsonl, readJsonl, type AppendOptions, type JsonlContents, type SkippedLine} from './storage/jsonl.js'
export {color, fitWidths, layoutTable, mark, outputColumns, renderTable, wrapCell, type Column, type TableLayout} from './ui.js'
export {isInteractive, confirm} from './prompt.js'
