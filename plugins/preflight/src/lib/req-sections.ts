/**
 * The requirements file's sections as the preflight pack keeps them, so that an update after an edit can tell
 * which sections it need not look at again: each section's hash (sectionHash, 20 hex digits), its length in
 * characters and how many records it gave, plus one hash per block of SECTION_BLOCK consecutive sections (the
 * hash of their text joined).
 *
 * After an edit the new file is split (offsets only); the sections before the first one whose length differs
 * from the old file's, and those after the last one, are candidates for "unchanged", and a block of them is
 * known unchanged when its text hashes to the old block's hash: each of its sections then takes the old
 * section's hash and records without being hashed or copied. Only the other sections are hashed one by one (the
 * edited one, and the sections of any block whose hash differs), then matched by hash as before. A block hash
 * equal means the same text, as a section hash equal does (sha1, 80 bits): the same assumption the pack made of
 * sections before, over longer texts. At 5,000 requirements: about 80 hashes of 20 KB instead of 5,001 of 200 bytes.
 */
import type {sectionHash as SectionHash, sectionOffsets as SectionOffsets} from '@govtool/plugin-governance/sections'

/** Sections per block hash: about 80 blocks at 5,000 requirements. */
export const SECTION_BLOCK = 64
const HASH_WIDTH = 20

export interface ReqSections {
  /** every section's hash, HASH_WIDTH characters each, back to back */
  hashes: string
  /** records each section gave */
  counts: number[]
  /** each section's length in characters */
  lengths: number[]
  /** the hash of each block of SECTION_BLOCK sections' text (the last one shorter), back to back */
  blocks: string
}

/** The two functions of `@govtool/plugin-governance/sections` this module uses (loaded by the caller). */
export interface SectionTools {
  sectionHash: typeof SectionHash
  sectionOffsets: typeof SectionOffsets
}

/** How many sections this process hashed one by one in updates (tests check that unchanged blocks were skipped). */
export const reqSectionStats = {hashed: 0, blocksReused: 0}

/** The pack's text of `r`: four lines, hashes, counts, lengths, block hashes. */
export function encodeReqSections(r: ReqSections): string {
  return `${r.hashes}\n${r.counts.join(',')}\n${r.lengths.join(',')}\n${r.blocks}`
}

/** What encodeReqSections wrote, when consistent (counts adding up to `n`); `undefined` otherwise. */
export function parseReqSections(text: string, n: number): ReqSections | undefined {
  const parts = text.split('\n')
  if (parts.length !== 4) return undefined
  const [hashes, countText, lengthText, blocks] = parts
  const m = hashes.length / HASH_WIDTH
  const counts = countText.split(',').map(Number)
  const lengths = lengthText.split(',').map(Number)
  if (!Number.isInteger(m) || m < 1 || counts.length !== m || lengths.length !== m || blocks.length !== Math.ceil(m / SECTION_BLOCK) * HASH_WIDTH) return undefined
  let total = 0
  for (let k = 0; k < m; k++) {
    if (!Number.isInteger(counts[k]) || counts[k] < 0 || !Number.isInteger(lengths[k]) || lengths[k] < 0) return undefined
    total += counts[k]
  }
  return total === n ? {hashes, counts, lengths, blocks} : undefined
}

/** Hash of section `k` of `r`. */
export function hashAt(r: ReqSections, k: number): string {
  return r.hashes.slice(k * HASH_WIDTH, (k + 1) * HASH_WIDTH)
}

/** The block hashes of a file split at `offsets` (`known(b)`: block b's hash when the caller knows it). */
function blockHashes(text: string, offsets: readonly number[], tools: SectionTools, known: (b: number) => string | undefined = () => undefined): string {
  const m = offsets.length
  let out = ''
  for (let b = 0; b * SECTION_BLOCK < m; b++) {
    const hi = Math.min((b + 1) * SECTION_BLOCK, m)
    out += known(b) ?? tools.sectionHash(text.slice(offsets[b * SECTION_BLOCK], hi < m ? offsets[hi] : text.length))
  }
  return out
}

/** A full build's sections of `text` (`counts[k]`: the records section k gave). */
export function reqSectionsOf(text: string, counts: number[], tools: SectionTools): ReqSections {
  const {offsets} = tools.sectionOffsets(text)
  const end = (k: number) => (k + 1 < offsets.length ? offsets[k + 1] : text.length)
  let hashes = ''
  for (let k = 0; k < offsets.length; k++) hashes += tools.sectionHash(text.slice(offsets[k], end(k)))
  return {hashes, counts, lengths: offsets.map((at, k) => end(k) - at), blocks: blockHashes(text, offsets, tools)}
}

/** The new file's sections matched to the old: for each, its hash, and the old section it is known to be (or -1). */
export interface SectionMatch {
  offsets: number[]
  lines: number[]
  hashes: string[]
  /** the old section whose text this one is, when a verified block says so; -1: match by hash */
  same: Int32Array
  /** new block b's hash when it is an old block's (no need to hash it again) */
  knownBlocks: (string | undefined)[]
}

/**
 * Splits `text` and finds its sections that are the old ones (see the file comment); the others are hashed.
 */
export function matchSections(text: string, old: ReqSections, tools: SectionTools): SectionMatch {
  const {offsets, lines} = tools.sectionOffsets(text)
  const m = offsets.length
  const oldM = old.counts.length
  const length = (k: number) => (k + 1 < m ? offsets[k + 1] : text.length) - offsets[k]
  // the leading and trailing sections of the same lengths as the old file's
  let p = 0
  while (p < m && p < oldM && length(p) === old.lengths[p]) p++
  let s = 0
  while (s < m && s < oldM && length(m - 1 - s) === old.lengths[oldM - 1 - s]) s++
  const shift = m - oldM
  const same = new Int32Array(m).fill(-1)
  const knownBlocks: (string | undefined)[] = Array.from({length: Math.ceil(m / SECTION_BLOCK)})
  for (let b = 0; b * SECTION_BLOCK < oldM; b++) {
    const lo = b * SECTION_BLOCK
    const hi = Math.min(lo + SECTION_BLOCK, oldM)
    // the block in the new file: at the same place (in the leading run) or shifted (in the trailing run)
    const d = hi <= p ? 0 : lo >= oldM - s ? shift : undefined
    if (d === undefined) continue
    const start = offsets[lo + d]
    const end = hi + d < m ? offsets[hi + d] : text.length
    const hash = old.blocks.slice(b * HASH_WIDTH, (b + 1) * HASH_WIDTH)
    if (tools.sectionHash(text.slice(start, end)) !== hash) continue
    reqSectionStats.blocksReused++
    for (let k = lo; k < hi; k++) same[k + d] = k
    // the same sections at a block boundary of the new file: the same block
    if (d % SECTION_BLOCK === 0 && (hi - lo === SECTION_BLOCK || hi + d === m)) knownBlocks[(lo + d) / SECTION_BLOCK] = hash
  }
  const hashes: string[] = Array.from({length: m})
  for (let k = 0; k < m; k++) {
    if (same[k] !== -1) {
      hashes[k] = hashAt(old, same[k])
      continue
    }
    reqSectionStats.hashed++
    hashes[k] = tools.sectionHash(text.slice(offsets[k], k + 1 < m ? offsets[k + 1] : text.length))
  }
  return {offsets, lines, hashes, same, knownBlocks}
}

/** The pack's sections of the new file, given its match and the records each section gave. */
export function reqSectionsAfter(text: string, match: SectionMatch, counts: number[], tools: SectionTools): ReqSections {
  const {offsets} = match
  const m = offsets.length
  return {
    hashes: match.hashes.join(''),
    counts,
    lengths: offsets.map((at, k) => (k + 1 < m ? offsets[k + 1] : text.length) - at),
    blocks: blockHashes(text, offsets, tools, (b) => match.knownBlocks[b]),
  }
}
