/**
 * Work items: the deterministic id of a request, and the per-project record of the work items preflight
 * accepted and verify judged (first seen, scope, retries spent). Each work item is one file,
 * `.govtool/work-items/<id>.json`, so a decision reads and writes only its own record however many work
 * items a project accumulates; every read-modify-write holds that file's cross-process lock and replaces it
 * atomically. `.govtool/work-items.json`, the single store of earlier versions, is still read: a record found
 * only there moves to its own file the next time it changes.
 */
import {hash} from 'node:crypto'
import {existsSync, readFileSync} from 'node:fs'
import {readdir} from 'node:fs/promises'

import {GovError, fileSignature, parseJsonText, validateId, withLock, writeJsonAtomic, type ProjectContext} from 'govtool/core'
import {z} from 'zod/v3'

import {normaliseRequest} from './text/tokens.js'

export const WORK_ITEM_ID = /^WI-[0-9a-f]{12}$/

/**
 * `WI-` + the first 12 hex chars of a sha256 over the project path, the normalised request, the intent and
 * the sorted requirement ids: the same request on the same project always gets the same id.
 */
export function workItemId(projectRoot: string, request: string, intent: string, requirementIds: readonly string[]): string {
  // one-shot `hash` over the same UTF-8 bytes the streamed Hash object was fed (issue 22: the Hash object's set-up was
  // about 3% of an in-process decision, and a compound request computes an id per part); the ids are unchanged
  // (work-item-id.test.ts compares both ways)
  const text = `${projectRoot}\n${normaliseRequest(request)}\n${intent}\n${[...requirementIds].sort().join(',')}`
  return `WI-${hash('sha256', text, 'hex').slice(0, 12)}`
}

/** Checks a work item id given by a user (`--work-item-id`); ids become keys of a state file. */
export function validateWorkItemId(id: string): string {
  validateId(id, 'work item id')
  if (!WORK_ITEM_ID.test(id)) {
    throw new GovError(`Invalid work item id ${JSON.stringify(id)}.`, {
      code: 'E_BAD_ID',
      hint: 'A work item id is WI- followed by 12 lower-case hex characters, as printed by `govtool preflight`.',
    })
  }
  return id
}

const VerifyRecordSchema = z
  .object({
    at: z.string(),
    equilibrium: z.boolean(),
    confidence: z.number(),
    retry_strategy: z.string(),
  })
  .passthrough()

const WorkItemSchema = z
  .object({
    first_seen: z.string(),
    last_seen: z.string(),
    intent: z.string(),
    requirement_ids: z.array(z.string()),
    test_case_ids: z.array(z.string()).default([]),
    request: z.string(),
    decisions: z.number().int().min(0),
    retries: z.number().int().min(0).default(0),
    /** a verify found the retry budget spent: preflight blocks the work item until equilibrium resets it */
    exhausted: z.boolean().default(false),
    last_verify: VerifyRecordSchema.optional(),
  })
  .passthrough()

const StoreSchema = z.object({version: z.literal(1), items: z.record(z.string(), WorkItemSchema)}).passthrough()

export type WorkItemRecord = z.infer<typeof WorkItemSchema>
export type WorkItemStore = z.infer<typeof StoreSchema>

export const WORK_ITEMS_FILE = 'work-items.json'

function emptyStore(): WorkItemStore {
  return {version: 1, items: {}}
}

/** `text` of a state file, validated by `schema`; a bad file is an error naming it, the field and what to do. */
function parseState<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, text: string, file: string, what: string): T {
  const result = schema.safeParse(parseJsonText(text, file))
  if (result.success) return result.data
  const issue = result.error.issues[0]
  throw new GovError(`${file}: field '${issue.path.join('.') || '(top level)'}': ${issue.message}`, {
    code: 'E_BAD_STATE',
    file,
    hint: `This file is govtool's record of ${what}. Restore it, or delete it to start afresh (retry counts reset).`,
  })
}

function parseStore(text: string, file: string): WorkItemStore {
  return parseState(StoreSchema, text, file, 'work items and their retries')
}

export const WORK_ITEMS_DIR = 'work-items'

function parseItem(text: string, file: string): WorkItemRecord {
  return parseState(WorkItemSchema, text, file, 'one work item and its retries')
}

/** Read synchronously: a work item is a small file, and a fresh process need not start the thread pool for it. */
async function readIfExists(file: string): Promise<string | undefined> {
  try {
    return readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

let legacyCache: {file: string; sig: string; store: WorkItemStore} | undefined

/** The single-file store of earlier versions (empty when missing), cached by the file's signature. */
async function readLegacyStore(ctx: ProjectContext): Promise<WorkItemStore> {
  const file = ctx.state(WORK_ITEMS_FILE)
  const sig = fileSignature(file)
  if (legacyCache && legacyCache.file === file && legacyCache.sig === sig) return legacyCache.store
  const text = sig === '-' ? undefined : await readIfExists(file)
  const store = text === undefined ? emptyStore() : parseStore(text, file)
  legacyCache = {file, sig, store}
  return store
}

function itemFile(ctx: ProjectContext, id: string): string {
  return ctx.state(WORK_ITEMS_DIR, `${validateWorkItemId(id)}.json`)
}

async function readItemAt(ctx: ProjectContext, id: string, file: string): Promise<WorkItemRecord | undefined> {
  // most requests have no record yet: a stat answers that without a round trip through the thread pool
  const text = existsSync(file) ? await readIfExists(file) : undefined
  if (text !== undefined) return parseItem(text, file)
  return (await readLegacyStore(ctx)).items[id]
}

/** One work item's record, or `undefined` when the project has none for `id`. */
export async function readWorkItem(ctx: ProjectContext, id: string): Promise<WorkItemRecord | undefined> {
  return readItemAt(ctx, id, itemFile(ctx, id))
}

/** Every work item of the project (for listings; a decision reads only its own with readWorkItem). */
export async function readWorkItems(ctx: ProjectContext): Promise<WorkItemStore> {
  const store: WorkItemStore = {version: 1, items: {...(await readLegacyStore(ctx)).items}}
  const names = await readdir(ctx.state(WORK_ITEMS_DIR)).catch(() => [] as string[])
  for (const name of names.sort()) {
    const id = name.replace(/\.json$/, '')
    if (name === id || !WORK_ITEM_ID.test(id)) continue
    const item = await readItemAt(ctx, id, ctx.state(WORK_ITEMS_DIR, name))
    if (item) store.items[id] = item
  }
  return store
}

/**
 * Read-modify-write of one work item under its file's lock: `edit` gets the current record (undefined for a
 * new work item) and returns the record to write and a value to return; the file is replaced atomically.
 */
export async function updateWorkItem<T>(ctx: ProjectContext, id: string, edit: (item: WorkItemRecord | undefined) => {item: WorkItemRecord; result: T}): Promise<T> {
  const file = itemFile(ctx, id)
  await ctx.ensureStateDir(WORK_ITEMS_DIR)
  return withLock(file, async () => {
    const {item, result} = edit(await readItemAt(ctx, id, file))
    await writeJsonAtomic(file, item)
    return result
  })
}
