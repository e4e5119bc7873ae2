// Public library API of @govtool/plugin-skills: what the CLI, servers, dispatcher and other plugins import.
export {SKILL_CATALOG, type CatalogSkill} from './lib/catalog/index.js'
export {buildSkill, skillSlug, type BuiltSkill} from './lib/build.js'
export {findReferences, testSkill, type SkillCheck, type SkillTestResult} from './lib/check.js'
export {parseSkillMd, renderSkillMd, type SkillDocument} from './lib/frontmatter.js'
export {ManifestSchema, readManifest, type SkillManifest} from './lib/manifest.js'
export {MANIFEST_FILE, SKILLS_DIR, SKILL_FILE, SKILL_SLUG, skillDir, skillsRoot, validateSlug} from './lib/paths.js'
export {
  catalogListing,
  catalogSkill,
  deleteSkill,
  installSkill,
  installedDir,
  listSkills,
  searchCatalog,
  setSkillActive,
  type ActivationResult,
  type CatalogListing,
  type InstallResult,
  type InstalledSkill,
  type SearchHit,
} from './lib/skills.js'
