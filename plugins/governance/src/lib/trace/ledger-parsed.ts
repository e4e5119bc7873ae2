/**
 * A large ledger text parsed once per content, across processes (issue 14): `.govtool/cache/ledger-parsed-<file>.json`
 * holds, for one ledger file (LEDGER.md, the archive), the sha256 of its text (with its name and PARSED_VERSION)
 * and what parseLedgerText made of it (entries, problems, spans, preamble end; the lines are split again, which
 * is cheap). audit, checkpoint and the phase checklists parsed a 1,000-entry LEDGER.md (7,000 lines) on every
 * run: 12-25 ms, where reading this back is 2-4. Any change to the text is another key, so it is parsed again,
 * and only texts of PARSED_MIN_BYTES or more are kept (a small ledger parses faster than its cache reads). The
 * parser is a pure function of text and name, so the cached result is the parse; bump PARSED_VERSION when the
 * parser changes. Like every file under `.govtool/`, trusted local state.
 */
import {existsSync} from 'node:fs'

import {readTextIfExists, writeFileAtomic, type ProjectContext} from 'govtool/core'

import {ledgerLines, parseLedgerText, type ParsedLedger} from './ledger-format.js'

/** node:crypto on first use: loading it is 5-25 ms of a start-up that may hash nothing (issue 14, seventh pass) */
let cryptoModule: typeof import('node:crypto') | undefined
const crypto = (): typeof import('node:crypto') => (cryptoModule ??= process.getBuiltinModule('node:crypto'))

const PARSED_VERSION = 1
export const PARSED_MIN_BYTES = 64 * 1024

/** How many ledger texts the readers parsed in this process (tests: a command parses its ledger once). */
export const ledgerParseStats = {parses: 0, cacheHits: 0}

const parsedTexts = new Map<string, Promise<ParsedLedger>>()

/** Forgets the parses of this process (tests: what a new process knows is the cache file). */
export function forgetParsedLedgers(): void {
  parsedTexts.clear()
}

/**
 * A ledger text parsed once per process and content (checkpoint, audit and the phase checklists each read the
 * ledger and share one parse), and a large one once per content across processes. Keyed by the text itself, so
 * an edit (by this process or another) is a new key; readers never mutate what they get.
 */
export function parsedLedger(ctx: ProjectContext, text: string, rel: string): Promise<ParsedLedger> {
  const key = `${rel}\n${text}`
  let parsed = parsedTexts.get(key)
  if (!parsed) {
    parsed = text.length < PARSED_MIN_BYTES ? Promise.resolve(parse(text, rel)) : parsedThroughCache(ctx, text, rel)
    if (parsedTexts.size >= 4) parsedTexts.delete(parsedTexts.keys().next().value!)
    parsedTexts.set(key, parsed)
  }
  return parsed
}

function parse(text: string, rel: string): ParsedLedger {
  ledgerParseStats.parses++
  return parseLedgerText(text, rel)
}

type Stored = Omit<ParsedLedger, 'lines'>

/**
 * The stored parse with `lines` split from the text on first use (issue 14, sixth pass): audit, checkpoint and
 * the checklists read entries, problems and spans only, and splitting a 1,000-entry ledger into its 7,000 lines
 * was 2-5 ms of each run; compress, which slices the lines, still gets them (the same array on every access).
 */
function withLazyLines(stored: Stored, text: string): ParsedLedger {
  let lines: string[] | undefined
  return Object.defineProperty(stored, 'lines', {enumerable: true, get: () => (lines ??= ledgerLines(text))}) as ParsedLedger
}

async function parsedThroughCache(ctx: ProjectContext, text: string, rel: string): Promise<ParsedLedger> {
  const file = ctx.state('cache', `ledger-parsed-${rel.replaceAll(/[^\w.-]+/g, '_')}.json`)
  const key = crypto().createHash('sha256').update(`ledger-parsed ${PARSED_VERSION}\0${rel}\0`).update(text).digest('hex')
  const stored = await readTextIfExists(file).catch(() => undefined)
  if (stored !== undefined) {
    try {
      const m = JSON.parse(stored) as {v?: number; key?: string; parsed?: Stored}
      if (m.v === PARSED_VERSION && m.key === key && m.parsed && Array.isArray(m.parsed.entries) && Array.isArray(m.parsed.problems) && Array.isArray(m.parsed.spans)) {
        ledgerParseStats.cacheHits++
        return withLazyLines(m.parsed, text)
      }
    } catch {
      // damaged: parsed again and rewritten
    }
  }
  const parsed = parse(text, rel)
  // only where .govtool/ already is (a ledger this large has its witness there): reading never creates it
  if (existsSync(ctx.stateDir)) {
    const {lines: _lines, ...rest} = parsed
    await writeFileAtomic(file, `${JSON.stringify({v: PARSED_VERSION, key, parsed: rest})}\n`).catch(() => {})
  }
  return parsed
}
