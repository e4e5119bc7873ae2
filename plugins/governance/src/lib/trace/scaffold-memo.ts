/**
 * The memo of scaffold.yml's parse (`.govtool/cache/scaffold-parsed.json`, issue 14, start-up sixth pass). audit,
 * checkpoint, the phase checklists and every command that reads the project's settings parsed scaffold.yml with
 * the yaml library on every run: loading the library (even from the code cache) and parsing a five-line file
 * cost 15-20 ms of a checkpoint. The memo keeps the file's whole text beside the JSON of its data, and is used
 * only when the text just read is equal to it, character for character: an edit of any kind (whatever its size,
 * whatever mtime it is given back) is a miss, parsed by the yaml library and remembered again. Only parses
 * without a syntax error whose data JSON gives back exactly are remembered (`YamlFile.rememberable`); a remembered
 * file parses its text only when a caller asks for a line (a validation error) or the document. The memo is
 * written only into an existing `.govtool/` (a read-only command on a project without state creates none). Like
 * the ledger's verification memo beside it, it is trusted local state under the protected `.govtool/`.
 */
import {existsSync} from 'node:fs'

import {ScaffoldSchema, YamlFile, parseYaml, readTextIfExistsSync, scaffoldSchemaStamp, writeFileAtomic, type ProjectContext, type Scaffold} from 'govtool/core'

import {scopedRead} from './read-scope.js'

export const SCAFFOLD_MEMO_FILE = 'scaffold-parsed.json'
const MEMO_VERSION = 1
/** texts longer than this are parsed every time (a scaffold.yml is a few hundred bytes) */
const MEMO_MAX_TEXT = 64 * 1024

/** Parses and memo hits in this process (tests: a warm checkpoint parses nothing). */
export const scaffoldMemoStats = {parses: 0, hits: 0, validations: 0, validationHits: 0}

interface Memo {
  v: number
  text: string
  data: string
  /** the JSON of ScaffoldSchema's output for `data`, when it validated, under the code of `schema` (scaffoldSchemaStamp) */
  scaffold?: string
  schema?: string
  /**
   * Validations of the same text under other stamps (stamp -> JSON of the output; issue 14, start-up pass 9). Each
   * hot bundle is a stamp of its own, so checkpoint (hot-governance-health) and phase show (hot-governance-phase)
   * replaced each other's validation on every alternation, validating and rewriting the memo each time.
   */
  others?: Record<string, string>
}

/** how many other builds' validations of one text are kept (the hot bundles reading scaffold.yml, with room) */
const MAX_OTHER_STAMPS = 16

/**
 * scaffold.yml's `text` parsed (as `parseYaml(text, file)` would, the same errors naming `file`), from the memo
 * when it holds exactly this text.
 */
export async function parseScaffoldText(ctx: ProjectContext, text: string, file: string): Promise<YamlFile> {
  const memoFile = ctx.state('cache', SCAFFOLD_MEMO_FILE)
  const memoText = await scopedRead(ctx, `scaffold-memo:${memoFile}`, async () => readMemoText(memoFile))
  const memo = readMemo(memoText)
  if (memo && memo.text === text) {
    scaffoldMemoStats.hits++
    return YamlFile.remembered(file, text, memo.data)
  }
  scaffoldMemoStats.parses++
  const yaml = parseYaml(text, file)
  const data = text.length <= MEMO_MAX_TEXT ? yaml.rememberable() : undefined
  if (data !== undefined && existsSync(ctx.state())) {
    // once per command (the scaffold check and the settings read both miss on an edited file)
    await scopedRead(ctx, `scaffold-memo-write:${memoFile}`, () => writeFileAtomic(memoFile, `${JSON.stringify({v: MEMO_VERSION, text, data} satisfies Memo)}\n`).catch(() => {}))
  }
  return yaml
}

/**
 * scaffold.yml's data (`yaml`, parsed from `text`) validated by ScaffoldSchema, as `safeParse` gives it: from the
 * memo when it holds exactly this text validated by the same build's schema (issue 14, start-up seventh pass: the
 * schema's construction and the validation were 3-4 ms of every checkpoint, audit and req list). A successful
 * validation of a remembered text is remembered beside it (the output is plain data: defaults added to data JSON
 * gives back exactly); a failure is validated every time, so its issues and lines come from the schema.
 */
export async function validateScaffold(ctx: ProjectContext, text: string, yaml: YamlFile): Promise<{success: true; data: Scaffold} | {success: false; error: import('zod/v3').ZodError}> {
  const memoFile = ctx.state('cache', SCAFFOLD_MEMO_FILE)
  const memo = readMemo(await scopedRead(ctx, `scaffold-memo:${memoFile}`, async () => readMemoText(memoFile)))
  const stamp = scaffoldSchemaStamp()
  const kept = stamp && memo?.text === text ? (memo.schema === stamp ? memo.scaffold : memo.others && Object.hasOwn(memo.others, stamp) ? memo.others[stamp] : undefined) : undefined
  if (kept !== undefined) {
    try {
      const data = JSON.parse(kept) as Scaffold
      scaffoldMemoStats.validationHits++
      return {success: true, data}
    } catch {
      // damaged: validated again and rewritten
    }
  }
  scaffoldMemoStats.validations++
  const result = ScaffoldSchema.safeParse(yaml.data ?? {})
  if (!result.success) return result
  const data = text.length <= MEMO_MAX_TEXT ? yaml.rememberable() : undefined
  if (stamp && data !== undefined && existsSync(ctx.state())) {
    const record: Memo = {v: MEMO_VERSION, text, data, scaffold: JSON.stringify(result.data), schema: stamp}
    // the other builds' validations of this very text stay (the latest MAX_OTHER_STAMPS)
    if (memo?.text === text) {
      const others = Object.entries(memo.others && typeof memo.others === 'object' ? memo.others : {}).filter(([k, v]) => k !== stamp && typeof v === 'string')
      if (memo.schema && memo.schema !== stamp && typeof memo.scaffold === 'string') others.push([memo.schema, memo.scaffold])
      if (others.length > 0) record.others = Object.fromEntries(others.slice(-MAX_OTHER_STAMPS))
    }
    await scopedRead(ctx, `scaffold-memo-validated:${memoFile}`, () => writeFileAtomic(memoFile, `${JSON.stringify(record)}\n`).catch(() => {}))
  }
  return {success: true, data: result.data}
}

/** The memo's text, read without the thread pool (a small file; see readTextIfExistsSync); undefined when unreadable. */
function readMemoText(file: string): string | undefined {
  try {
    return readTextIfExistsSync(file)
  } catch {
    return undefined
  }
}

function readMemo(text: string | undefined): Memo | undefined {
  if (text === undefined) return undefined
  try {
    const m = JSON.parse(text) as Partial<Memo>
    return m.v === MEMO_VERSION && typeof m.text === 'string' && typeof m.data === 'string' ? (m as Memo) : undefined
  } catch {
    return undefined
  }
}
