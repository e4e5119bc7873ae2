/**
 * Work items: the deterministic id of a request, and the per-project record of the work items preflight
 * accepted and verify judged (`.govtool/work-items.json`: first seen, scope, retries spent). Every
 * read-modify-write holds the file's cross-process lock, and the file is replaced atomically.
 */
import {createHash} from 'node:crypto'
import {readFile} from 'node:fs/promises'

import {GovError, fileSignature, parseJsonText, validateId, withLock, writeJsonAtomic, type ProjectContext} from 'govtool/core'
import {z} from 'zod/v3'

import {normaliseRequest} from './text/tokens.js'

export const WORK_ITEM_ID = /^WI-[0-9a-f]{12}$/

/**
 * `WI-` + the first 12 hex chars of a sha256 over the project path, the normalised request, the intent and
 * the sorted requirement ids: the same request on the same project always gets the same id.
 */
export function workItemId(projectRoot: string, request: string, intent: string, requirementIds: readonly string[]): string {
  const h = createHash('sha256')
  h.update(projectRoot)
  h.update('\n')
  h.update(normaliseRequest(request))
  h.update('\n')
  h.update(intent)
  h.update('\n')
  h.update([...requirementIds].sort().join(','))
  return `WI-${h.digest('hex').slice(0, 12)}`
}

/** Checks a work item id given by a user (`--work-item-id`); ids become keys of a state file. */
export function validateWorkItemId(id: string): string {
  validateId(id, 'work item id')
  if (!WORK_ITEM_ID.test(id)) {
    throw new GovError(`Invalid work item id ${JSON.stringify(id)}.`, {
      code: 'E_BAD_ID',
      exit: 2,
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

function parseStore(text: string, file: string): WorkItemStore {
  const result = StoreSchema.safeParse(parseJsonText(text, file))
  if (result.success) return result.data
  const issue = result.error.issues[0]
  throw new GovError(`${file}: field '${issue.path.join('.') || '(top level)'}': ${issue.message}`, {
    code: 'E_BAD_STATE',
    file,
    hint: `This file is govtool's record of work items and retries. Restore it from version control, or delete it to start afresh (retry counts reset).`,
  })
}

let readCache: {file: string; sig: string; store: WorkItemStore} | undefined

/** The work item store (empty when missing). Cached by the file's mtime/size, so repeated reads are cheap. */
export async function readWorkItems(ctx: ProjectContext): Promise<WorkItemStore> {
  const file = ctx.state(WORK_ITEMS_FILE)
  const sig = fileSignature(file)
  if (readCache && readCache.file === file && readCache.sig === sig) return readCache.store
  let store = emptyStore()
  if (sig !== '-') {
    try {
      store = parseStore(await readFile(file, 'utf8'), file)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
  }
  readCache = {file, sig, store}
  return store
}

/**
 * Read-modify-write of the store under its lock. `edit` mutates the fresh copy and returns a value;
 * the store is written back atomically.
 */
export async function updateWorkItems<T>(ctx: ProjectContext, edit: (store: WorkItemStore) => T): Promise<T> {
  const file = ctx.state(WORK_ITEMS_FILE)
  await ctx.ensureStateDir()
  return withLock(file, async () => {
    let store = emptyStore()
    try {
      store = parseStore(await readFile(file, 'utf8'), file)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
    const result = edit(store)
    await writeJsonAtomic(file, store)
    readCache = undefined
    return result
  })
}
