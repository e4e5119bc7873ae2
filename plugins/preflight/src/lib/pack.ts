/**
 * The preflight pack, `.govtool/cache/preflight-pack`: everything a decision reads from a project (the
 * resolved policy and the requirement index) in one file, so that a fresh `govtool preflight` or
 * `govtool verify` process reads one file and decodes only what its request touches. Without it a process
 * loads the YAML parser, validates three config files and reads or parses the whole governance model.
 *
 * Layout: a magic line, one JSON header line, then the index's text sections back to back (offsets in
 * the header). The header names every file the pack was derived from with its signature (mtime, size,
 * inode; absent files too), and the code that wrote it; when any differ the pack is ignored and rebuilt.
 * It is a derived cache: a missing, stale, truncated or corrupt pack is never an error, only a rebuild.
 */
import {createHash} from 'node:crypto'
import {isAscii} from 'node:buffer'
import {readFileSync} from 'node:fs'

import {fileSignature, writeCacheFileSync, type ProjectContext} from 'govtool/core'

import {DEFAULT_PRESET, PRESET_TOOLS} from './permissions.js'
import {BUILTIN_PROTECTED_PATHS, DEFAULT_FROZEN_STATUSES, DEFAULT_PHASE_RULES, PREFLIGHT_DEFAULTS, VERIFY_DEFAULTS} from './policy/config.js'
import {encodeReqSections, parseReqSections, type ReqSections} from './req-sections.js'
import {INDEX_VERSION, type IndexSections} from './scope-index.js'

export const PACK_FILE = 'preflight-pack'
const MAGIC = 'govtool-preflight-pack'
/** Bump when the header, or what the policy data holds or how it is derived (snapshot.ts policyData), changes. */
const PACK_VERSION = 4
const TEXT_SECTIONS = ['records', 'byId', 'postings', 'covers', 'tests'] as const
type TextSection = (typeof TEXT_SECTIONS)[number]

const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1

export interface PackSources {
  requirements: string
  tests: string
}

interface PackHeader<P> {
  v: number
  index: number
  code: string
  le: boolean
  paths: string[]
  sig: string
  sources: PackSources
  policy: P
  n: number
  sections: Record<TextSection, [number, number]>
  /** where the requirement file's sections are (req-sections.ts' text), when the pack can be updated section by section */
  reqSections?: [number, number]
  recordStarts: string
  titleWeight: string
  eligible: string
}

export interface Pack<P> {
  sources: PackSources
  policy: P
  sections: IndexSections
  /**
   * The sections of the requirements file the records came from, in order (req-sections.ts: each section's
   * hash, length and record count, and block hashes). Present when every record of the file made it into the
   * index (no parse problem, no duplicate id), so an edit can reuse the records of every section it did not touch.
   */
  reqSections?: ReqSections
}

/** A pack as read, with whether it still applies and, if not, which of its files changed. */
export interface PackFile<P> {
  pack: Pack<P>
  /** the files it was derived from, as watchedPaths gives them for its sources */
  paths: string[]
  /** for each path: the file differs from what the pack was made of */
  changed: boolean[]
  /** nothing changed: the pack applies as it is */
  fresh: boolean
}

/** mtime, size and inode of each file ('-' when absent), joined: a file edited, replaced, created or removed changes it. */
export function signatureOf(paths: readonly string[]): string {
  return paths.map(fileSignature).join('|')
}

/** The files a project's decisions derive from: scaffold.yml, docs/GOVTOOL.yml, the user config, the requirements and tests. */
export function watchedPaths(ctx: ProjectContext, sources: PackSources): string[] {
  return [ctx.file('scaffold'), ctx.file('config'), ctx.user('config.yml'), ctx.file('requirements'), ctx.file('tests'), sources.requirements, sources.tests]
}

let codeKey: string | undefined
/**
 * What of the code a pack depends on: the pack and index layouts (bumped by hand, see PACK_VERSION and
 * INDEX_VERSION) and a fingerprint of the defaults a project's policy is filled in with, so a govtool that
 * changes a default rebuilds every pack. The same for the fast path's bundle and the plugin's own modules.
 */
function currentCode(): string {
  codeKey ??= `${PACK_VERSION}:${INDEX_VERSION}:${createHash('sha1').update(JSON.stringify(policyDefaults())).digest('hex').slice(0, 16)}`
  return codeKey
}

function policyDefaults(): unknown[] {
  return [PREFLIGHT_DEFAULTS, VERIFY_DEFAULTS, DEFAULT_FROZEN_STATUSES, BUILTIN_PROTECTED_PATHS, DEFAULT_PHASE_RULES, PRESET_TOOLS, DEFAULT_PRESET]
}

function toBase64(a: Uint32Array | Float64Array | Uint8Array): string {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64')
}

function fromBase64<T extends Uint32Array | Float64Array | Uint8Array>(text: unknown, n: number, make: (n: number) => T): T | undefined {
  if (typeof text !== 'string') return undefined
  const bytes = Buffer.from(text, 'base64')
  const out = make(n)
  if (bytes.byteLength !== out.byteLength) return undefined
  // copied, not viewed: a pooled Buffer's offset need not be aligned for the typed array
  new Uint8Array(out.buffer).set(bytes)
  return out
}

export function encodePack<P>(paths: readonly string[], sig: string, sources: PackSources, policy: P, s: IndexSections, reqSections?: ReqSections): string {
  const sections = {} as Record<TextSection, [number, number]>
  let at = 0
  for (const name of TEXT_SECTIONS) {
    sections[name] = [at, at + s[name].length]
    at += s[name].length
  }
  const reqText = reqSections ? encodeReqSections(reqSections) : undefined
  const header: PackHeader<P> = {
    v: PACK_VERSION,
    index: INDEX_VERSION,
    code: currentCode(),
    le: LITTLE_ENDIAN,
    paths: [...paths],
    sig,
    sources,
    policy,
    n: s.n,
    sections,
    ...(reqText === undefined ? {} : {reqSections: [at, at + reqText.length] as [number, number]}),
    recordStarts: toBase64(s.recordStarts),
    titleWeight: toBase64(s.titleWeight),
    eligible: toBase64(s.eligible),
  }
  return `${MAGIC}\n${JSON.stringify(header)}\n${TEXT_SECTIONS.map((name) => s[name]).join('')}${reqText ?? ''}`
}

/**
 * The pack in `text` if it is well formed, was written by this code, and every file it derives from is
 * unchanged (`paths` gives the files to check for the sources the pack recorded); `undefined` otherwise.
 */
export function decodePack<P>(text: string, paths: (sources: PackSources) => string[]): Pack<P> | undefined {
  const file = decodePackFile<P>(text, paths)
  return file?.fresh ? file.pack : undefined
}

/**
 * The pack in `text` if it is well formed and was written by this code, whether or not its files changed
 * since (`fresh`, `changed`); `undefined` when it cannot be used at all.
 */
export function decodePackFile<P>(text: string, paths: (sources: PackSources) => string[]): PackFile<P> | undefined {
  if (!text.startsWith(`${MAGIC}\n`)) return undefined
  const headerEnd = text.indexOf('\n', MAGIC.length + 1)
  if (headerEnd === -1) return undefined
  let h: PackHeader<P>
  try {
    h = JSON.parse(text.slice(MAGIC.length + 1, headerEnd)) as PackHeader<P>
  } catch {
    return undefined
  }
  if (!h || h.v !== PACK_VERSION || h.index !== INDEX_VERSION || h.code !== currentCode() || h.le !== LITTLE_ENDIAN) return undefined
  if (!h.sources || typeof h.sources.requirements !== 'string' || typeof h.sources.tests !== 'string' || !Array.isArray(h.paths) || typeof h.sig !== 'string') return undefined
  const expected = paths(h.sources)
  if (expected.length !== h.paths.length || expected.some((p, i) => p !== h.paths[i])) return undefined
  const recorded = h.sig.split('|')
  if (recorded.length !== expected.length) return undefined
  const changed = expected.map((p, i) => fileSignature(p) !== recorded[i])
  const n = h.n
  if (!Number.isInteger(n) || n < 0 || !h.sections || h.policy === undefined) return undefined
  const body = text.slice(headerEnd + 1)
  const validRange = (range: unknown): range is [number, number] =>
    Array.isArray(range) && Number.isInteger(range[0]) && Number.isInteger(range[1]) && range[0] >= 0 && range[1] >= range[0] && range[1] <= body.length
  const texts = {} as Record<TextSection, string>
  for (const name of TEXT_SECTIONS) {
    const range = h.sections[name]
    if (!validRange(range)) return undefined
    texts[name] = body.slice(range[0], range[1])
  }
  const recordStarts = fromBase64(h.recordStarts, n, (k) => new Uint32Array(k))
  const titleWeight = fromBase64(h.titleWeight, n, (k) => new Float64Array(k))
  const eligible = fromBase64(h.eligible, n, (k) => new Uint8Array(k))
  if (!recordStarts || !titleWeight || !eligible) return undefined
  for (let i = 0; i < n; i++) if (recordStarts[i] > texts.records.length || (i > 0 && recordStarts[i] <= recordStarts[i - 1])) return undefined
  const pack: Pack<P> = {sources: h.sources, policy: h.policy, sections: {n, ...texts, recordStarts, titleWeight, eligible}}
  const fresh = !changed.includes(true)
  if (!fresh && h.reqSections !== undefined && validRange(h.reqSections)) pack.reqSections = parseReqSections(body.slice(h.reqSections[0], h.reqSections[1]), n)
  return {pack, paths: expected, changed, fresh}
}

/** Reads the project's pack; `undefined` when there is none or it does not apply (see decodePack). */
export async function readPack<P>(ctx: ProjectContext): Promise<Pack<P> | undefined> {
  const file = await readPackFile<P>(ctx)
  return file?.fresh ? file.pack : undefined
}

/**
 * Reads the project's pack, current or not (see decodePackFile); `undefined` when there is none or it is unusable.
 * Read synchronously (issue 14, start-up pass 9): the first asynchronous file operation of a process starts libuv's
 * thread pool and each is a round trip to it, which cost a fresh preflight more than the read (1.7 MB at 5,000
 * requirements, a few ms).
 */
export async function readPackFile<P>(ctx: ProjectContext): Promise<PackFile<P> | undefined> {
  let text: string
  try {
    // an all-ASCII pack (the common case) is decoded as latin1, the same text without UTF-8 decoding (1.7 MB at
    // 5,000 requirements); anything else as UTF-8, as before
    const bytes = readFileSync(ctx.state('cache', PACK_FILE))
    text = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8')
  } catch {
    return undefined
  }
  return decodePackFile<P>(text, (sources) => watchedPaths(ctx, sources))
}

/**
 * Writes the pack, best effort: a read-only project still gets its decisions, just slower. Synchronously and
 * without fsync (writeCacheFileSync): the pack is derived, and a torn one is read as damaged and rebuilt.
 */
export async function writePack<P>(ctx: ProjectContext, paths: readonly string[], sig: string, sources: PackSources, policy: P, sections: IndexSections, reqSections?: ReqSections): Promise<void> {
  try {
    writeCacheFileSync(ctx.state('cache', PACK_FILE), encodePack(paths, sig, sources, policy, sections, reqSections))
  } catch {
    // best effort, as before
  }
}
