/** `compress`: moves old LEDGER.md entries, verbatim and in order, to docs/ledger-archive.md. */
import {InputError, readTextIfExists, withLock, writeFileAtomic, type ProjectContext} from 'govtool/core'

import {ARCHIVE_HEADER} from './ledger.js'
import {parseLedgerText} from './ledger-format.js'

export interface CompressOptions {
  /** compress when LEDGER.md has at least this many lines (default 500) */
  threshold?: number
  /** entries that stay in LEDGER.md (default 10) */
  keepRecent?: number
}

export interface CompressResult {
  compressed: boolean
  moved: number
  kept: number
  lines_before: number
  lines_after: number
  archive: string
  reason: string
}

export const DEFAULT_COMPRESS_THRESHOLD = 500
export const DEFAULT_KEEP_RECENT = 10

/**
 * Moves all but the `keepRecent` newest entries to the archive. No entry is lost: the archive is written
 * (atomically) before LEDGER.md is, and an entry already in the archive (an interrupted earlier run) is
 * not copied twice. The hash chain runs from the archive into LEDGER.md, so it still verifies.
 */
export async function compressLedger(ctx: ProjectContext, options: CompressOptions = {}): Promise<CompressResult> {
  const threshold = options.threshold ?? DEFAULT_COMPRESS_THRESHOLD
  const keep = options.keepRecent ?? DEFAULT_KEEP_RECENT
  if (!Number.isInteger(threshold) || threshold < 1) throw new InputError(`--threshold must be a positive integer (got ${threshold}).`, {hint: 'The default is 500 lines.'})
  if (!Number.isInteger(keep) || keep < 0) throw new InputError(`--keep-recent must be zero or a positive integer (got ${keep}).`, {hint: 'The default is 10 entries.'})
  const ledgerFile = ctx.file('ledger')
  const archiveFile = ctx.file('ledgerArchive')
  const archiveRel = ctx.relative(archiveFile)
  return withLock(ledgerFile, async () => {
    const text = await readTextIfExists(ledgerFile)
    if (text === undefined) {
      throw new InputError(`${ctx.relative(ledgerFile)} does not exist.`, {code: 'E_NO_LEDGER', hint: 'Create it with `govtool ledger add "..."` or `govtool audit --fix`.'})
    }
    const parsed = parseLedgerText(text, ctx.relative(ledgerFile))
    const linesBefore = parsed.lines.length
    const result = (reason: string, moved = 0, after = linesBefore): CompressResult => ({
      compressed: moved > 0,
      moved,
      kept: parsed.entries.length - moved,
      lines_before: linesBefore,
      lines_after: after,
      archive: archiveRel,
      reason,
    })
    if (linesBefore < threshold) return result(`LEDGER.md has ${linesBefore} lines, under the threshold of ${threshold}`)
    const moveCount = Math.max(0, parsed.entries.length - keep)
    if (moveCount === 0) return result(`LEDGER.md holds ${parsed.entries.length} entries; all are within the ${keep} most recent`)

    const archiveText = await readTextIfExists(archiveFile)
    const archived = new Set(
      (archiveText === undefined ? [] : parseLedgerText(archiveText, archiveRel).entries).filter((e) => e.chain_hash).map((e) => `${e.chain_hash}|${e.timestamp}`),
    )
    const blocks: string[] = []
    for (let i = 0; i < moveCount; i++) {
      const entry = parsed.entries[i]
      if (entry.chain_hash && archived.has(`${entry.chain_hash}|${entry.timestamp}`)) continue
      const end = parsed.spans[i + 1]?.start ?? parsed.lines.length
      blocks.push(parsed.lines.slice(parsed.spans[i].start, end).join('\n').replace(/\s*$/, ''))
    }
    const archiveBase = (archiveText ?? ARCHIVE_HEADER).replace(/\s*$/, '')
    if (blocks.length > 0) await writeFileAtomic(archiveFile, `${archiveBase}\n\n${blocks.join('\n\n')}\n`)
    const preamble = parsed.lines.slice(0, parsed.spans[0].start).join('\n').replace(/\s*$/, '')
    const rest = parsed.lines.slice(parsed.spans[moveCount]?.start ?? parsed.lines.length).join('\n').replace(/\s*$/, '')
    const next = [preamble, rest].filter(Boolean).join('\n\n') + '\n'
    await writeFileAtomic(ledgerFile, next)
    return result(`moved ${moveCount} entries to ${archiveRel}`, moveCount, next.replace(/\n$/, '').split('\n').length)
  })
}
