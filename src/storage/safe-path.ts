import {chmodSync, lstatSync, mkdirSync, readlinkSync, writeFileSync, type Stats} from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import {GovError} from '../errors.js'

/**
 * Writes never go through a symbolic link. A link planted under a project (`.govtool` itself, a directory
 * below it, a state file, `.agents/skills`, LEDGER.md) would otherwise send govtool's writes to a file
 * outside the project, so the kernel's write, append and mkdir helpers check every path component below
 * the project root with lstat before they write, create files with O_NOFOLLOW, and refuse with E_SYMLINK
 * naming the link. Above the root (and outside every project) only the file itself is checked: a user's
 * home or temp directory may legitimately be reached through a link.
 */

const roots = new Set<string>()
const stateDirs = new Set<string>()

/** The per-user directory: `$GOVTOOL_HOME`, else `~/.govtool`. */
export function userHome(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.GOVTOOL_HOME?.trim()
  return path.resolve(fromEnv || path.join(os.homedir(), '.govtool'))
}

/** Registers a directory of machine state besides the projects' `.govtool/` and the user's (a ProjectContext's userDir). */
export function registerStateDir(dir: string): void {
  stateDirs.add(path.resolve(dir))
}

function within(file: string, dir: string): boolean {
  return file === dir || file.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep)
}

/**
 * Is `file` machine state: in a registered project's `.govtool/`, the user's directory (`GOVTOOL_HOME` or
 * `~/.govtool`) or a registered state directory? State may hold what users typed (requests, command lines,
 * logs), so it is private to the user: files 0600, directories 0700.
 */
export function isStatePath(file: string): boolean {
  const abs = path.resolve(file)
  if (within(abs, userHome())) return true
  for (const dir of stateDirs) if (within(abs, dir)) return true
  for (const root of roots) if (within(abs, path.join(root, STATE_DIR))) return true
  return false
}

/** Mode of a new state file (only the user reads it). */
export const STATE_FILE_MODE = 0o600
/** Mode of a new state directory. */
export const STATE_DIR_MODE = 0o700

/** Registers a project root (ProjectContext does it): writes below it never pass through a link. */
export function registerProjectRoot(root: string): void {
  const abs = path.resolve(root)
  // a project at the file system's root would put every path of the machine under these checks
  if (path.parse(abs).root !== abs) roots.add(abs)
}

/** The longest registered root that contains `file`, if any. */
function rootOf(file: string): string | undefined {
  let best: string | undefined
  for (const root of roots) {
    if ((file === root || file.startsWith(root.endsWith(path.sep) ? root : root + path.sep)) && (best === undefined || root.length > best.length)) best = root
  }
  return best
}

function shown(link: string): string {
  const root = rootOf(link)
  return root && link !== root ? path.relative(root, link).split(path.sep).join('/') : link
}

/** The error for a write that would follow `link`. */
export function symlinkError(link: string): GovError {
  let to = ''
  try {
    to = ` (it points to ${readlinkSync(link)})`
  } catch {
    // gone or unreadable meanwhile: the name is enough
  }
  const name = shown(link)
  return new GovError(`Refusing to write through the symbolic link ${name}${to}: govtool never follows a link when it writes its state.`, {
    code: 'E_SYMLINK',
    file: name,
    hint: `Remove the link (\`rm ${link}\`) or replace it with a real file or directory, then run the command again.`,
  })
}

function lstatOrUndefined(file: string): Stats | undefined {
  return lstatSync(file, {throwIfNoEntry: false})
}

/**
 * Throws E_SYMLINK when writing `file` would follow a link: the file itself, or (inside a project) any
 * directory between the project root and it. Missing components are fine (they are created without links).
 */
export function checkWritePath(file: string): void {
  const abs = path.resolve(file)
  const root = rootOf(abs)
  if (root !== undefined && abs !== root) {
    let dir = root
    for (const part of path.relative(root, path.dirname(abs)).split(path.sep)) {
      if (part === '') continue
      dir = path.join(dir, part)
      const st = lstatOrUndefined(dir)
      if (st === undefined) break
      if (st.isSymbolicLink()) throw symlinkError(dir)
    }
  }
  if (lstatOrUndefined(abs)?.isSymbolicLink()) throw symlinkError(abs)
}

/**
 * Creates `dir` and its missing parents. Inside a project every component below the root is checked with
 * lstat and created one at a time, so a planted link is refused (E_SYMLINK) instead of followed.
 */
export function ensureDirSync(dir: string): void {
  const abs = path.resolve(dir)
  const root = rootOf(abs)
  if (root === undefined) {
    if (lstatOrUndefined(abs)?.isSymbolicLink()) throw symlinkError(abs)
    mkdirSync(abs, {recursive: true, ...(isStatePath(abs) ? {mode: STATE_DIR_MODE} : {})})
    return
  }
  if (lstatOrUndefined(root) === undefined) mkdirSync(root, {recursive: true})
  let current = root
  for (const part of path.relative(root, abs).split(path.sep)) {
    if (part === '') continue
    current = path.join(current, part)
    let st = lstatOrUndefined(current)
    if (st === undefined) {
      try {
        if (isStatePath(current)) mkdirSync(current, STATE_DIR_MODE)
        else mkdirSync(current)
        continue
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
        st = lstatOrUndefined(current)
      }
    }
    if (st?.isSymbolicLink()) throw symlinkError(current)
    if (part === STATE_DIR && path.dirname(current) === root) ensureStateIgnore(current)
  }
}

const STATE_DIR = '.govtool'
const ignored = new Set<string>()

/**
 * `.govtool/` is machine state: it carries its own `.gitignore` (`*`), written with the first state it holds
 * (and into an older `.govtool/` that lacks one), so a repository that does not ignore it never commits it
 * and branch switches and pulls never trip over it. A `.gitignore` already there is left as it is.
 */
function ensureStateIgnore(stateDir: string): void {
  if (ignored.has(stateDir)) return
  // a `.govtool/` made by an older version (0755) becomes the user's alone
  const st = lstatOrUndefined(stateDir)
  if (st && (st.mode & 0o077) !== 0) chmodSync(stateDir, STATE_DIR_MODE)
  try {
    writeFileSync(path.join(stateDir, '.gitignore'), '# govtool machine state: never committed\n*\n', {flag: 'wx', mode: STATE_FILE_MODE})
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  ignored.add(stateDir)
}

/** Async form of ensureDirSync (the checks are a few lstat calls). */
export async function ensureDir(dir: string): Promise<void> {
  ensureDirSync(dir)
}

/**
 * Removes `file` (a directory too with `recursive`), refusing (E_SYMLINK) when a directory on the way to it
 * below the project root is a link, which would remove something outside the project. A link as the last
 * component is removed itself, never its target. A missing file is fine.
 */
export async function removePath(file: string, options: {recursive?: boolean} = {}): Promise<void> {
  const abs = path.resolve(file)
  checkWritePath(path.dirname(abs))
  const {rm} = await import('node:fs/promises')
  await rm(abs, {force: true, recursive: options.recursive ?? false})
}
