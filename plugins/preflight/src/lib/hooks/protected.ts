/**
 * Does a path an agent writes fall on a protected path (the built-in list plus preflight.protected_paths)?
 * Paths are resolved from the directory the command runs in and compared project-relative and without case
 * (a case-insensitive file system writes LEDGER.md through ledger.md). A removal also hits a directory that
 * holds a protected path (`rm -rf docs`), and a glob hits what it could expand to (`rm docs/*.md`). When the
 * directory is unknown (after `cd "$X"`), a path hits when it ends with a protected path.
 */
import path from 'node:path'

export interface ProtectedSet {
  root: string
  /** project-relative, forward slashes, no trailing slash, lower case */
  paths: string[]
  /** the same, as configured (for messages) */
  display: Map<string, string>
}

export function protectedSet(root: string, paths: readonly string[]): ProtectedSet {
  const display = new Map<string, string>()
  for (const p of paths) {
    const norm = normalise(p)
    if (norm && !display.has(norm)) display.set(norm, p.replace(/^\.\//, '').replace(/\/+$/, ''))
  }
  return {root: path.resolve(root), paths: [...display.keys()], display}
}

function normalise(p: string): string {
  return p.replaceAll('\\', '/').replace(/^\.\//, '').replace(/\/+$/, '').replaceAll(/\/{2,}/g, '/').toLowerCase()
}

const GLOB = /[*?[]/

function globRegExp(glob: string): RegExp {
  let out = ''
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]
    // like the shell, a wildcard at the start of a name does not match a leading dot (`*` skips .git)
    if ((i === 0 || glob[i - 1] === '/') && (c === '*' || c === '?' || c === '[')) out += '(?!\\.)'
    if (c === '*') {
      if (glob[i + 1] === '*') {
        out += '.*'
        i++
        if (glob[i + 1] === '/') i++
      } else out += '[^/]*'
    } else if (c === '?') out += '[^/]'
    else if (c === '[') {
      const end = glob.indexOf(']', i + 1)
      if (end === -1) out += '\\['
      else {
        out += `[${glob.slice(i + 1, end).replace(/^!/, '^').replaceAll('\\', '\\\\')}]`
        i = end
      }
    } else out += c.replaceAll(/[.+^${}()|\\]/g, '\\$&')
  }
  return new RegExp(`^${out}$`)
}

/** The ancestors of a relative path, nearest first: `docs/governance/x` -> `docs/governance`, `docs`. */
function ancestors(rel: string): string[] {
  const parts = rel.split('/')
  const out: string[] = []
  for (let n = parts.length - 1; n >= 1; n--) out.push(parts.slice(0, n).join('/'))
  return out
}

/** Expands the variables a hook command line can rely on; returns undefined when another variable leads the path. */
function expand(target: string, root: string, cwd: string | null): string | undefined {
  let t = target.trim()
  t = t.replace(/^\$\{?CLAUDE_PROJECT_DIR\}?(?=\/|$)/, root)
  if (cwd) t = t.replace(/^\$\{?PWD\}?(?=\/|$)/, cwd)
  if (/^~(?:\/|$)/.test(t)) t = t.replace(/^~/, process.env.HOME ?? '/nonexistent-home')
  if (/^\$|^`/.test(t)) return undefined
  return t
}

/**
 * The protected path `target` writes (as configured), if any. `removal`: the target is removed or moved away,
 * so a directory holding a protected path counts.
 */
export function protectedHit(set: ProtectedSet, target: string, cwd: string | null, removal: boolean): string | undefined {
  if (!target || target === '-') return undefined
  const expanded = expand(target, set.root, cwd)
  let rel: string | undefined
  if (expanded !== undefined && (cwd !== null || path.isAbsolute(expanded))) {
    const abs = path.resolve(cwd ?? set.root, expanded)
    const relative = path.relative(set.root, abs)
    if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined
    rel = normalise(relative.split(path.sep).join('/'))
  }
  if (rel === undefined) {
    // unknown directory: a path that ends with a protected path, or a removal of a path ending in its parent
    const tail = normalise((expanded ?? target).replace(/^\$\{?\w+\}?\/?/, ''))
    for (const p of set.paths) {
      if (tail === p || tail.endsWith(`/${p}`) || tail.startsWith(`${p}/`) || tail.includes(`/${p}/`)) return set.display.get(p)
    }
    return undefined
  }
  if (GLOB.test(rel)) {
    const re = globRegExp(rel)
    const literal = rel.split('/').filter((_, i, parts) => !parts.slice(0, i + 1).some((s) => GLOB.test(s))).join('/')
    for (const p of set.paths) {
      if (re.test(p)) return set.display.get(p)
      if (literal && (literal === p || literal.startsWith(`${p}/`))) return set.display.get(p)
      if (removal && ancestors(p).some((a) => re.test(a))) return set.display.get(p)
    }
    return undefined
  }
  for (const p of set.paths) {
    if (rel === p || rel.startsWith(`${p}/`)) return set.display.get(p)
    if (removal && (rel === '' || p.startsWith(`${rel}/`))) return set.display.get(p)
  }
  return undefined
}

/** What an agent does instead of writing a protected path itself. */
export function protectedAdvice(protectedPath: string): string {
  const p = protectedPath.toLowerCase()
  if (p === 'ledger.md' || p.endsWith('ledger-archive.md')) return 'The ledger is append-only and written by govtool: record a change with `govtool ledger add` (or the ledger_add tool).'
  if (p.endsWith('requirements.md')) return 'Add a requirement with `govtool req add`; a change to an existing requirement is the user\'s to make.'
  if (p.endsWith('tests.md')) return 'Test cases are governance records: ask the user to change docs/TESTS.md.'
  if (p === '.govtool') return "It is govtool's own state: only govtool writes it."
  if (p === '.git') return 'Use git commands (or govtool commit / push) rather than writing .git directly.'
  if (p === 'scaffold.yml') return 'Move phases with `govtool phase next` / `phase set`; other changes to scaffold.yml are the user\'s to make.'
  return 'It is a governance file: ask the user to make this change.'
}
