/**
 * The requirements file's sections as the preflight pack keeps them, so that an update after an edit can tell
 * which sections it need not look at again: each section's hash (sectionHash, 20 hex digits), its length in
 * characters and how many records it gave, plus one hash per block of SECTION_BLOCK consecutive sections (the
 * hash of their text joined).
 *
 * After an edit, the old blocks are checked against the new text where they would be if unchanged: from the
 * front at their old offsets, from the back at their old offsets moved by the change in length, one hash each,
 * until one differs. The runs found are the old sections, split and parsed as before (a block hash equal means the
 * same text, as a section hash equal does: sha1, 80 bits, the assumption the pack made of sections already), so
 * only the text between them is split, hashed section by section and matched by hash as before (a moved section
 * is still found). At 5,000 requirements and one section edited: about 80 hashes of 12 KB and one block split,
 * instead of a scan of 25,000 lines and 5,001 hashes.
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

/** The block hashes of a file split at `offsets`. */
function blockHashes(text: string, offsets: readonly number[], tools: SectionTools): string {
  const m = offsets.length
  let out = ''
  for (let b = 0; b * SECTION_BLOCK < m; b++) {
    const hi = Math.min((b + 1) * SECTION_BLOCK, m)
    out += tools.sectionHash(text.slice(offsets[b * SECTION_BLOCK], hi < m ? offsets[hi] : text.length))
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

/** A new section between the unchanged runs: where it starts (offset, 1-based line), its text and hash. */
export interface MiddleSection {
  text: string
  line: number
  hash: string
}

/**
 * The new file as the old one's unchanged leading and trailing runs of sections and the sections between them:
 * old sections [0, prefix) are the first new ones and old sections [suffix, old count) the last, text for text.
 */
export interface SectionMatch {
  prefix: number
  suffix: number
  middle: MiddleSection[]
  /** offset in the new text of the middle's start and of the trailing run's start */
  middleStart: number
  suffixStart: number
}

/**
 * Finds the unchanged runs of `text` without scanning them (see the file comment): old blocks are checked from the
 * front at their old offsets and from the back at their old offsets moved by the change in length, each with one
 * hash of its text. A run of identical text split as the old file was (the line scanner is outside any fence at a
 * section start), so only the text between the runs is split and its sections hashed. The last section of the
 * leading run is split again with the middle (the text after it may have run into it: a deleted heading). When the
 * middle ends inside a fenced block, the trailing run might not split as before: `undefined`, the caller builds.
 */
export function matchSections(text: string, old: ReqSections, tools: SectionTools): SectionMatch | undefined {
  const oldM = old.counts.length
  const oldOffset = new Array<number>(oldM + 1)
  oldOffset[0] = 0
  for (let k = 0; k < oldM; k++) oldOffset[k + 1] = oldOffset[k] + old.lengths[k]
  const blocks = Math.ceil(oldM / SECTION_BLOCK)
  const blockEnd = (b: number) => Math.min((b + 1) * SECTION_BLOCK, oldM)
  const blockHash = (b: number) => old.blocks.slice(b * HASH_WIDTH, (b + 1) * HASH_WIDTH)
  // leading blocks, at their old offsets
  let front = 0
  while (front < blocks && oldOffset[blockEnd(front)] <= text.length && tools.sectionHash(text.slice(oldOffset[front * SECTION_BLOCK], oldOffset[blockEnd(front)])) === blockHash(front)) front++
  const prefix = Math.max(0, blockEnd(front - 1) - 1)
  const middleStart = oldOffset[prefix]
  // trailing blocks, moved by the change in length, never into the leading run
  const delta = text.length - oldOffset[oldM]
  let suffix = oldM
  for (let b = blocks - 1; b >= 0; b--) {
    const lo = b * SECTION_BLOCK
    if (lo < prefix || oldOffset[lo] + delta < middleStart) break
    if (tools.sectionHash(text.slice(oldOffset[lo] + delta, oldOffset[blockEnd(b)] + delta)) !== blockHash(b)) break
    suffix = lo
  }
  reqSectionStats.blocksReused += front + Math.ceil((oldM - suffix) / SECTION_BLOCK)
  const suffixStart = oldOffset[suffix] + delta
  const middleText = text.slice(middleStart, suffixStart)
  const middle: MiddleSection[] = []
  if (middleText !== '') {
    const {offsets, lines, fenceOpen} = tools.sectionOffsets(middleText)
    if (fenceOpen && suffix < oldM) return undefined
    // the middle's first line in the file: lines before it, counted by the builtin split
    const before = middleStart === 0 ? 0 : text.slice(0, middleStart).split('\n').length - 1
    for (let k = 0; k < offsets.length; k++) {
      const section = middleText.slice(offsets[k], k + 1 < offsets.length ? offsets[k + 1] : middleText.length)
      reqSectionStats.hashed++
      middle.push({text: section, line: before + lines[k], hash: tools.sectionHash(section)})
    }
  }
  return {prefix, suffix, middle, middleStart, suffixStart}
}

/** The pack's sections of the new file, given its match and the records each middle section gave. */
export function reqSectionsAfter(text: string, old: ReqSections, match: SectionMatch, middleCounts: number[], tools: SectionTools): ReqSections {
  const {prefix, suffix, middle} = match
  const oldM = old.counts.length
  const m = prefix + middle.length + (oldM - suffix)
  const lengths = [...old.lengths.slice(0, prefix), ...middle.map((s) => s.text.length), ...old.lengths.slice(suffix)]
  // block hashes: a block of the leading run, or of the trailing run at a block boundary, is the old block
  const shift = m - oldM
  const firstTrailing = prefix + middle.length
  let offset = 0
  let blocks = ''
  for (let b = 0; b * SECTION_BLOCK < m; b++) {
    const lo = b * SECTION_BLOCK
    const hi = Math.min(lo + SECTION_BLOCK, m)
    let length = 0
    for (let k = lo; k < hi; k++) length += lengths[k]
    if (hi <= prefix) blocks += old.blocks.slice(b * HASH_WIDTH, (b + 1) * HASH_WIDTH)
    else if (lo >= firstTrailing && shift % SECTION_BLOCK === 0) blocks += old.blocks.slice(((lo - shift) / SECTION_BLOCK) * HASH_WIDTH, ((lo - shift) / SECTION_BLOCK + 1) * HASH_WIDTH)
    else blocks += tools.sectionHash(text.slice(offset, offset + length))
    offset += length
  }
  return {
    hashes: old.hashes.slice(0, prefix * HASH_WIDTH) + middle.map((s) => s.hash).join('') + old.hashes.slice(suffix * HASH_WIDTH),
    counts: [...old.counts.slice(0, prefix), ...middleCounts, ...old.counts.slice(suffix)],
    lengths,
    blocks,
  }
}
