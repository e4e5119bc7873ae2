/**
 * The evidence verify weighs: test pass ratio, whether the change touches the work item's requirements or
 * their tests, the change's size against its scope, and what the logs say.
 */
import type {RequirementIndex, ScopeRequirement} from '../scope-index.js'
import {terms} from '../text/tokens.js'

export interface DiffStats {
  files: string[]
  added: number
  removed: number
}

/** Changed files and line counts of a unified diff (git or plain). Text that is not a diff counts as changed lines. */
export function parseDiff(diff: string): DiffStats {
  const files = new Set<string>()
  let added = 0
  let removed = 0
  let sawMarker = false
  let pendingOld: string | undefined
  for (const line of diff.split(/\r?\n/)) {
    const git = /^diff --git a\/(.+?) b\/(.+)$/.exec(line)
    if (git) {
      sawMarker = true
      files.add(git[2])
      continue
    }
    if (line.startsWith('--- ')) {
      sawMarker = true
      const p = line.slice(4).replace(/\t.*$/, '').trim()
      pendingOld = p === '/dev/null' ? undefined : p.replace(/^a\//, '')
      continue
    }
    if (line.startsWith('+++ ')) {
      sawMarker = true
      const p = line.slice(4).replace(/\t.*$/, '').trim()
      if (p !== '/dev/null') files.add(p.replace(/^b\//, ''))
      else if (pendingOld) files.add(pendingOld)
      continue
    }
    if (line.startsWith('@@') || line.startsWith('index ') || line.startsWith('\\')) continue
    if (line.startsWith('+')) added++
    else if (line.startsWith('-')) removed++
  }
  if (!sawMarker) {
    const changed = diff.split(/\r?\n/).filter((l) => l.trim() !== '').length
    return {files: [], added: changed, removed: 0}
  }
  return {files: [...files], added, removed}
}

export interface LogSignals {
  /** phrases asking for a rollback: rollback, revert, contradiction, corruption, data loss */
  rollback: string[]
  /** lines reporting errors (error, exception, fatal, panic, traceback...) */
  error_lines: number
  narrow_hints: string[]
  expand_hints: string[]
}

const ROLLBACK = /\b(roll(?:ed|ing)?[ -]?back|rollback|revert(?:ed|ing|s)?|contradict(?:s|ed|ion|ions|ory)?|corrupt(?:ed|ion|s)?|data loss|lost data|loses data)\b/gi
const ERROR_LINE = /\b(error|errors|exception|fatal|panic|panicked|traceback|segmentation fault|segfault|unhandled|assertion ?error|assertion failed|uncaught)\b/i
const NARROW = /\b(too broad|out of scope|unrelated changes?|scope creep|narrow(?:er)?(?: the)? scope|too (?:many|large|big) (?:changes|files|a change|diff)|split (?:the|this) change|touch(?:es|ed)? too many)\b/gi
const EXPAND = /\b(not implemented|unimplemented|incomplete|not yet supported|undefined reference|cannot find (?:module|symbol|name)|module not found|no such file|expand(?: the)? scope|missing (?:implementation|feature|handler|dependency|module|file|test|tests|case|cases))\b/gi

function uniqueLower(matches: Iterable<RegExpMatchArray>): string[] {
  return [...new Set([...matches].map((m) => m[0].toLowerCase()))]
}

/** Signals in the logs and the worker's summary. Error lines count only from the logs. */
export function logSignals(logs: string, summary: string): LogSignals {
  const both = `${summary}\n${logs}`
  return {
    rollback: uniqueLower(both.matchAll(ROLLBACK)),
    error_lines: logs.split(/\r?\n/).filter((l) => ERROR_LINE.test(l)).length,
    narrow_hints: uniqueLower(both.matchAll(NARROW)),
    expand_hints: uniqueLower(both.matchAll(EXPAND)),
  }
}

export interface Linkage {
  /** whether the work item and its requirements are known */
  known: boolean
  touched: string[]
  untouched: string[]
  /** how each touched requirement was recognised */
  via: Record<string, string>
}

const PATH_SPLIT = /[/\\._\-\s]+/

/**
 * Which of the work item's requirements the change touches: its id or one of its tests' ids appears in the
 * diff, file names or test names; or a changed path names its component or a distinctive word of its title.
 */
export function linkRequirements(
  requirementIds: readonly string[],
  index: RequirementIndex | undefined,
  evidence: {diff: string; files: readonly string[]; testNames: readonly string[]},
): Linkage {
  const haystack = `${evidence.diff}\n${evidence.files.join('\n')}\n${evidence.testNames.join('\n')}`.toUpperCase()
  const pathTerms = new Set<string>()
  for (const f of evidence.files) for (const t of terms(f.split(PATH_SPLIT).join(' '))) pathTerms.add(t)
  const pathWords = new Set(evidence.files.flatMap((f) => f.toLowerCase().split(PATH_SPLIT)))
  const touched: string[] = []
  const untouched: string[] = []
  const via: Record<string, string> = {}
  for (const id of requirementIds) {
    const upper = id.toUpperCase()
    const tests = index?.testsCovering(id) ?? []
    const at = index?.lookup(id)
    const req: ScopeRequirement | undefined = index && at !== undefined ? index.requirement(at) : undefined
    let how: string | undefined
    if (containsId(haystack, upper)) how = 'id mentioned'
    else {
      const t = tests.find((tid) => containsId(haystack, tid.toUpperCase()))
      if (t) how = `test ${t} mentioned`
    }
    if (!how && req?.component && pathWords.has(req.component.toLowerCase())) how = `component ${req.component} in a changed path`
    if (!how && req && index) {
      // a title word that is rare across the project (on at most 5% of requirements, or two) in a changed path
      const rare = Math.log(1 + index.size / Math.max(2, index.size * 0.05)) - 1e-9
      const distinctive = terms(req.title).filter((t) => (index.idf(t) ?? 0) >= rare)
      const hit = distinctive.find((t) => pathTerms.has(t))
      if (hit) how = `title word "${hit}" in a changed path`
    }
    if (how) {
      touched.push(id)
      via[id] = how
    } else untouched.push(id)
  }
  return {known: requirementIds.length > 0, touched, untouched, via}
}

function containsId(haystack: string, id: string): boolean {
  let from = 0
  for (;;) {
    const at = haystack.indexOf(id, from)
    if (at < 0) return false
    const after = haystack[at + id.length]
    if (after === undefined || !/[0-9A-Z]/.test(after)) return true
    from = at + 1
  }
}
