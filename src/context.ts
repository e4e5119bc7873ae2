import {existsSync, statSync} from 'node:fs'
import path from 'node:path'

import {GovError} from './errors.js'
import {safeJoin} from './ids.js'
import {ensureDirSync, registerProjectRoot, registerStateDir, userHome} from './storage/safe-path.js'

/** Paths of the governance files of a project, relative to its root. */
export const GOVERNANCE_FILES = {
  agents: 'AGENTS.md',
  ledger: 'LEDGER.md',
  requirements: 'docs/REQUIREMENTS.md',
  tests: 'docs/TESTS.md',
  architecture: 'docs/architecture.md',
  scaffold: 'scaffold.yml',
  config: 'docs/GOVTOOL.yml',
  ledgerArchive: 'docs/ledger-archive.md',
  governanceDir: 'docs/governance',
} as const

export type GovernanceFile = keyof typeof GOVERNANCE_FILES

/** Where the older tool kept files that now live under docs/; read as a fallback. */
const LEGACY_FALLBACK: Partial<Record<GovernanceFile, string>> = {
  requirements: 'REQUIREMENTS.md',
  tests: 'TESTS.md',
  architecture: 'docs/ARCHITECTURE.md',
}

export {userHome} from './storage/safe-path.js'

/**
 * Everything a command needs to know about where it operates: the project root (`--project-dir`, default
 * cwd), its governance files, its machine state in `.govtool/` and the per-user directory.
 */
export class ProjectContext {
  /** absolute project root */
  readonly root: string
  /** absolute `.govtool/` of the project */
  readonly stateDir: string
  /** absolute per-user directory (`GOVTOOL_HOME` or `~/.govtool`) */
  readonly userDir: string

  constructor(root: string, env: NodeJS.ProcessEnv = process.env) {
    this.root = path.resolve(root)
    this.stateDir = path.join(this.root, '.govtool')
    this.userDir = userHome(env)
    registerProjectRoot(this.root)
    registerStateDir(this.userDir)
  }

  /**
   * Resolves `--project-dir` (default: cwd). The directory must exist; `mustExist: false` allows a
   * directory that a command is about to create.
   */
  static resolve(projectDir?: string, options: {mustExist?: boolean; env?: NodeJS.ProcessEnv} = {}): ProjectContext {
    const root = path.resolve(projectDir ?? process.cwd())
    if (options.mustExist !== false) {
      let ok = false
      try {
        ok = statSync(root).isDirectory()
      } catch {
        ok = false
      }
      if (!ok) {
        throw new GovError(`Project directory ${root} does not exist or is not a directory.`, {
          code: 'E_NO_PROJECT_DIR',
          hint: 'Pass --project-dir with an existing directory, or run the command from inside the project.',
        })
      }
    }
    return new ProjectContext(root, options.env)
  }

  /** Absolute path of a governance file. Falls back to the legacy location when only that exists. */
  file(which: GovernanceFile): string {
    const primary = path.join(this.root, GOVERNANCE_FILES[which])
    const legacy = LEGACY_FALLBACK[which]
    if (legacy && !existsSync(primary)) {
      const fallback = path.join(this.root, legacy)
      if (existsSync(fallback)) return fallback
    }
    return primary
  }

  /** Absolute path of a project-relative path, refusing paths that escape the project. */
  path(...segments: string[]): string {
    return safeJoin(this.root, ...segments)
  }

  /** Project-relative form of an absolute path, with forward slashes (for messages and JSON). */
  relative(absolute: string): string {
    return path.relative(this.root, absolute).split(path.sep).join('/') || '.'
  }

  /** Absolute path under `.govtool/`; segments are checked not to escape it. */
  state(...segments: string[]): string {
    return safeJoin(this.stateDir, ...segments)
  }

  /** Absolute path under the per-user directory; segments are checked not to escape it. */
  user(...segments: string[]): string {
    return safeJoin(this.userDir, ...segments)
  }

  async ensureStateDir(...segments: string[]): Promise<string> {
    const dir = this.state(...segments)
    ensureDirSync(dir)
    return dir
  }

  exists(relative: string): boolean {
    return existsSync(this.path(relative))
  }
}
