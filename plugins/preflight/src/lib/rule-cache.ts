/**
 * The forbidden rules of a project, compiled once per code and policy (issue 14, start-up pass 9).
 *
 * compileForbiddenRules (policy/forbidden.ts) derives 80-odd rules from some 400 KB of pattern source on every
 * call: each rule's flags, the shared sub-patterns every alternative needs (a scan of the whole source per shared
 * part), and a RegExp per rule, which V8 parses when it is constructed. That was 70-100 ms of every fresh
 * `preflight` process on the shared machine, more than the decision itself. What it derives is a pure function of
 * the code (the built-in rules) and of two policy settings (protected_paths, forbidden_patterns), so it is kept in
 * `.govtool/cache/preflight-rules-<bundle>`: each rule's id, category, reason, gate and `also` words, flags, the
 * indices of the shared parts it needs, and its pattern's source. A later process reads that file (one small
 * synchronous read and one JSON line) and builds rule objects whose `pattern` and `needs` are RegExps built from
 * the kept source on first use, so a request constructs only the patterns of the rules its words open. A RegExp
 * built from another's `source` and `flags` is the same pattern, so every decision is the one the compiled rules
 * give (the rules' order, ids, reasons and matches are equal; the shared parts are shared objects as before).
 *
 * The file is used only in a hot bundle (scripts/bundle-fast.mjs defines `__GOVTOOL_HOT_BUNDLE__`): there the
 * bundle is one file holding all of the policy code, so that file's identity (device, inode, size, mtime and
 * ctime in ns, as the V8 code cache keys a library) stands for the code, and any rebuild is another key. Elsewhere
 * (the ES bundle's chunks, the unbundled dist/ that tests import, a server) the rules are compiled as before. The
 * key also holds the two settings, exactly; anything else (another bundle, a torn or foreign file) is a miss that
 * compiles and rewrites the file, never an error. Like the pack beside it, it is trusted local state under the
 * protected `.govtool/`, written only where `.govtool/cache` already exists.
 */
import {readFileSync, statSync} from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

import {timingMark, writeFileAtomic} from 'govtool/core'

import type {PreflightConfig} from './policy/config.js'
import {compileForbiddenRules, type ForbiddenCategory, type ForbiddenRule} from './policy/forbidden.js'
import type {LiteralPrefilter} from './policy/literal-prefilter.js'

declare const __GOVTOOL_HOT_BUNDLE__: boolean | undefined

const MAGIC = 'govtool-preflight-rules 3'

/** What the file keeps of one rule (its pattern's source is a line of its own). */
interface KeptRule {
  id: string
  category: ForbiddenCategory
  reason: string
  questions: boolean
  gate: readonly string[]
  also?: readonly string[]
  flags: string
  /** indices into the shared parts */
  needs?: number[]
}

/** How the last call got its rules (tests check that a warm process compiled nothing). */
export const ruleCacheStats = {compiled: 0, read: 0, written: 0}

let bundleFile: string | null | undefined
/** The hot bundle's file when this code runs from one, else null. */
function hotBundle(): string | null {
  if (bundleFile === undefined) {
    bundleFile = null
    if (typeof __GOVTOOL_HOT_BUNDLE__ !== 'undefined' && __GOVTOOL_HOT_BUNDLE__ && !process.env.GOVTOOL_NO_RULE_CACHE) {
      try {
        bundleFile = fileURLToPath(import.meta.url)
      } catch {
        bundleFile = null
      }
    }
  }
  return bundleFile
}

function codeStamp(file: string): string | undefined {
  try {
    const st = statSync(file, {bigint: true})
    return `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`
  } catch {
    return undefined
  }
}

/**
 * The forbidden rules of `config`: read from the project's rule file when it was written by this very bundle for
 * the same settings, else compiled (and the file written for the next process). `cacheDir` is the project's
 * `.govtool/cache`; without it, or outside a hot bundle, this is compileForbiddenRules.
 */
export function forbiddenRules(config: PreflightConfig, cacheDir?: string): ForbiddenRule[] {
  const bundle = cacheDir ? hotBundle() : null
  const stamp = bundle ? codeStamp(bundle) : undefined
  if (!bundle || !stamp || !cacheDir) {
    ruleCacheStats.compiled++
    timingMark('preflight rules compiled')
    return compileForbiddenRules(config)
  }
  const file = path.join(cacheDir, `preflight-rules-${path.basename(bundle, path.extname(bundle))}`)
  const key = JSON.stringify([stamp, config.protected_paths, config.forbidden_patterns])
  let text: string | undefined
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    text = undefined
  }
  const kept = text === undefined ? undefined : fromText(text, key)
  if (kept) {
    ruleCacheStats.read++
    timingMark('preflight rules read')
    return kept
  }
  ruleCacheStats.compiled++
  const rules = compileForbiddenRules(config)
  timingMark('preflight rules compiled')
  // only into an existing cache directory (the pack's), and never an error: the next process compiles again
  if (statSync(cacheDir, {throwIfNoEntry: false})?.isDirectory()) {
    writeFileAtomic(file, toText(rules, key))
      .then(() => {
        ruleCacheStats.written++
      })
      .catch(() => {})
  }
  return rules
}

/** The file's text: magic, key, one JSON line (shared parts and rules), then each rule's pattern source on a line, then each rule's literal prefilter on a line. */
export function toText(rules: readonly ForbiddenRule[], key: string): string {
  const parts: RegExp[] = []
  const partIndex = new Map<RegExp, number>()
  const kept: KeptRule[] = rules.map((r) => {
    const k: KeptRule = {id: r.id, category: r.category, reason: r.reason, questions: r.questions, gate: r.gate, flags: r.pattern.flags}
    if (r.also) k.also = r.also
    if (r.needs) {
      k.needs = r.needs.map((part) => {
        let i = partIndex.get(part)
        if (i === undefined) {
          partIndex.set(part, (i = parts.length))
          parts.push(part)
        }
        return i
      })
    }
    return k
  })
  // a RegExp's source never holds a line terminator (they are escaped), so one source is one line; the sources'
  // length is kept too, so a file cut short (in a source or at a line's end) is refused
  // each rule's literal prefilter is a JSON line of its own after the sources ('' for none), parsed only when the rule
  // is opened: nested, they are most of the file's JSON, and parsing and checking all of them cost more than the
  // few a request opens
  const body = [...rules.map((r) => r.pattern.source), ...rules.map((r) => (r.literals ? JSON.stringify(r.literals) : ''))].join('\n')
  return [MAGIC, key, JSON.stringify({parts: parts.map((p) => [p.source, p.flags]), rules: kept, chars: body.length}), body].join('\n')
}

/** The rules kept in `text` under `key`, built lazily; undefined when the text is not such a file. */
export function fromText(text: string, key: string): ForbiddenRule[] | undefined {
  const lines = text.split('\n')
  if (lines.length < 3 || lines[0] !== MAGIC || lines[1] !== key) return undefined
  let meta: {parts: [string, string][]; rules: KeptRule[]; chars: number}
  try {
    meta = JSON.parse(lines[2])
  } catch {
    return undefined
  }
  if (!meta || !Array.isArray(meta.parts) || !Array.isArray(meta.rules) || lines.length !== 3 + 2 * meta.rules.length) return undefined
  if (text.length - (lines[0].length + lines[1].length + lines[2].length + 3) !== meta.chars) return undefined
  const built: (RegExp | undefined)[] = []
  const part = (i: number): RegExp => {
    let re = built[i]
    if (!re) built[i] = re = new RegExp(meta.parts[i][0], meta.parts[i][1])
    return re
  }
  const patterns = new Map<string, RegExp>()
  try {
    return meta.rules.map((k, i) => {
      if (typeof k.id !== 'string' || typeof k.flags !== 'string' || !Array.isArray(k.gate)) throw new Error('not a rule')
      if (k.needs && !k.needs.every((n) => Number.isInteger(n) && n >= 0 && n < meta.parts.length)) throw new Error('not a part')
      const source = lines[3 + i]
      const literalsLine = lines[3 + meta.rules.length + i]
      let pattern: RegExp | undefined
      let needs: RegExp[] | undefined
      const rule = {id: k.id, category: k.category, reason: k.reason, questions: k.questions, gate: k.gate, ...(k.also ? {also: k.also} : {})} as unknown as ForbiddenRule
      if (literalsLine) {
        let literals: LiteralPrefilter | null | undefined
        // a line that is not a prefilter (a foreign or damaged file) is no prefilter: the rule's pattern runs
        Object.defineProperty(rule, 'literals', {enumerable: true, get: () => (literals ??= readPrefilter(literalsLine)) ?? undefined})
      }
      Object.defineProperty(rule, 'pattern', {
        enumerable: true,
        get() {
          if (!pattern) {
            // one RegExp per distinct pattern, as compileForbiddenRules shares them
            const id = `${k.flags}/${source}`
            pattern = patterns.get(id)
            if (!pattern) patterns.set(id, (pattern = new RegExp(source, k.flags)))
          }
          return pattern
        },
      })
      if (k.needs && k.needs.length > 0) {
        const idx = k.needs
        Object.defineProperty(rule, 'needs', {enumerable: true, get: () => (needs ??= idx.map(part))})
      }
      return rule
    })
  } catch {
    return undefined
  }
}

function readPrefilter(line: string): LiteralPrefilter | null {
  try {
    const value: unknown = JSON.parse(line)
    return isPrefilter(value) ? value : null
  } catch {
    return null
  }
}

/** A literal prefilter as JSON gives it back: arrays of arrays of arrays of strings. */
function isPrefilter(value: unknown): value is LiteralPrefilter {
  return Array.isArray(value) && value.every((alt) => Array.isArray(alt) && alt.every(isClause))
}

function isClause(clause: unknown): boolean {
  if (Array.isArray(clause)) return clause.every((s) => typeof s === 'string')
  return typeof clause === 'object' && clause !== null && isPrefilter((clause as {any?: unknown}).any)
}
