// Scaffolding API (owned by the scaffolding area). See docs/architecture.md for the contract.
export {CI_CONFIG_PATHS, DEPENDENCY_UPDATE_PATHS, ciVariables, type VcsPlatform} from './ci.js'
export {INTEGRATION_TARGETS, REVIEW_PLATFORMS, integrationTemplateDirs, requireIntegrationTarget, type IntegrationTarget, type ReviewPlatform} from './integrations.js'
export {
  APPLY_CATEGORIES,
  DIFF_CATEGORIES,
  GOVERNANCE_STUB_CATEGORIES,
  renderProjectFiles,
  type FileCategory,
  type RenderOptions,
  type RenderedFile,
} from './render.js'
export {loadScaffoldConfig, parseScaffold, readProjectScaffold, requireProjectScaffold, resolveProjectType, scaffoldWithDefaults} from './scaffold-file.js'
export {builtinTemplatesDir, readTemplateTree, renderTemplateText, templateTargetPath, type TemplateFile, type TemplateVariables} from './templates.js'
export {checkSteps, complianceSteps, probeCommand, toolsetEntries, type CheckStep, type ToolsetEntry} from './toolset.js'
export {templateVariables, type RenderExtras} from './variables.js'
export {
  GENERATED_MARKER,
  isGeneratedByGovtool,
  projectHasFile,
  renderCiConfig,
  scaffoldOrDefaults,
  writeCiConfig,
  writeMissingGovernanceFiles,
  writeRenderedFiles,
  type WriteReport,
} from './write.js'
export {applyScaffold, compareSpecVersions, upgradeGovernance, type ApplyResult, type UpgradeResult} from './apply.js'
export {architectureTarget, renderArchitecture, scanArchitecture, writeArchitecture, type ArchitectureComponent, type ArchitectureModel} from './architect.js'
export {detectProject, type ProjectDetection} from './detect.js'
export {guessTypeFromManifests} from './detect-manifests.js'
export {diffGovernance, type DiffEntry, type DiffResult, type DiffStatus} from './diff.js'
export {runDoctor, versionFromOutput, type DoctorResult, type DoctorTool} from './doctor.js'
export {gitInitAndCommit, gitRemoteInfo, platformOfRemote, redactRemoteUrl, type GitInitResult, type GitRemoteInfo} from './git.js'
export {guidedComponents, guidedExtras} from './guided.js'
export {importProject, scaffoldFromDetection, type ImportOptions, type ImportResult} from './import.js'
export {initProject, type InitOptions, type InitResult} from './init.js'
export {integrateTarget, type IntegrateResult} from './integrate.js'
export {migrateProject, type MigrationResult, type MigrationStep} from './migrate.js'
export {listProjectFiles, SKIPPED_DIRS, type ProjectFiles} from './walk.js'
export {promptArchitecture, promptScaffold} from './prompts.js'
