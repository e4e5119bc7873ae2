import {existsSync} from 'node:fs'
import {readdir, rename, rmdir} from 'node:fs/promises'
import path from 'node:path'

import {checkWritePath, ensureDir, ProjectContext, readTextIfExists, updateYamlFile, writeFileAtomic, type ProjectTypeRegistry, type Scaffold} from 'govtool/core'

import {appendLedgerEntry} from '../trace/ledger.js'
import {builtinRegistry} from '../trace/project.js'
import {detectProject} from './detect.js'
import {scaffoldFromDetection} from './import.js'
import {GOVERNANCE_STUB_CATEGORIES, renderProjectFiles} from './render.js'
import {parseScaffold, resolveProjectType} from './scaffold-file.js'

export interface MigrationStep {
  /** move | create | update-scaffold | remove-dir | ledger */
  action: 'move' | 'create' | 'update-scaffold' | 'remove-dir' | 'ledger'
  description: string
  from?: string
  to?: string
  status: 'pending' | 'done' | 'skipped'
  /** why a step is skipped */
  reason?: string
}

export interface MigrationResult {
  steps: MigrationStep[]
  /** true when the steps were carried out (false for a dry run or when there was nothing to do) */
  applied: boolean
  /** the project already has the current layout */
  up_to_date: boolean
}

const LEGACY_STATE_DIR = '.specsmith'

/** The older tool's locations of files that now live elsewhere: [old, new]. */
const MOVES: readonly [string, string][] = [
  ['REQUIREMENTS.md', 'docs/REQUIREMENTS.md'],
  ['TESTS.md', 'docs/TESTS.md'],
  ['docs/LEDGER.md', 'LEDGER.md'],
]

interface Plan {
  steps: MigrationStep[]
  run: (() => Promise<void>)[]
}

async function planMoves(ctx: ProjectContext, plan: Plan, willExist: Set<string>): Promise<void> {
  for (const [from, to] of MOVES) {
    if (!ctx.exists(from)) continue
    if (ctx.exists(to)) {
      plan.steps.push({action: 'move', description: `Keep ${from}: ${to} exists too`, from, to, status: 'skipped', reason: `both ${from} and ${to} exist; merge them by hand`})
      continue
    }
    plan.steps.push({action: 'move', description: `Move ${from} to ${to}`, from, to, status: 'pending'})
    plan.run.push(async () => {
      await ensureDir(path.dirname(ctx.path(to)))
      checkWritePath(ctx.path(to))
      await rename(ctx.path(from), ctx.path(to))
    })
    willExist.add(to)
  }
  if (!existsSync(ctx.path(LEGACY_STATE_DIR))) return
  const entries = await readdir(ctx.path(LEGACY_STATE_DIR))
  let left = 0
  for (const name of entries.sort()) {
    const from = `${LEGACY_STATE_DIR}/${name}`
    const to = `.govtool/${name}`
    if (ctx.exists(to)) {
      left++
      plan.steps.push({action: 'move', description: `Keep ${from}: ${to} exists`, from, to, status: 'skipped', reason: `${to} already exists; compare and remove one by hand`})
      continue
    }
    plan.steps.push({action: 'move', description: `Move state ${from} to ${to}`, from, to, status: 'pending'})
    plan.run.push(async () => {
      await ensureDir(ctx.stateDir)
      checkWritePath(ctx.path(to))
      await rename(ctx.path(from), ctx.path(to))
    })
  }
  if (left === 0) {
    plan.steps.push({action: 'remove-dir', description: `Remove the emptied ${LEGACY_STATE_DIR}/ directory`, from: `${LEGACY_STATE_DIR}/`, status: 'pending'})
    plan.run.push(() => rmdir(ctx.path(LEGACY_STATE_DIR)))
  }
}

async function planScaffold(ctx: ProjectContext, plan: Plan, registry: ProjectTypeRegistry): Promise<Scaffold> {
  const text = await readTextIfExists(ctx.file('scaffold'))
  if (text === undefined) {
    const detected = await detectProject(ctx.root)
    const scaffold = scaffoldFromDetection(ctx.root, detected, registry)
    const [file] = await renderProjectFiles(scaffold, resolveProjectType(registry, scaffold.type, {lenient: true}), {categories: ['scaffold']})
    plan.steps.push({action: 'create', description: `Create scaffold.yml (detected type ${scaffold.type})`, to: 'scaffold.yml', status: 'pending'})
    plan.run.push(() => writeFileAtomic(ctx.path('scaffold.yml'), file.content))
    return scaffold
  }
  const {scaffold, yaml} = parseScaffold(text, ctx.file('scaffold'))
  const raw = (yaml.data ?? {}) as Record<string, unknown>
  const missing = (['spec_version', 'aee_phase'] as const).filter((k) => raw[k] === undefined)
  if (missing.length > 0) {
    plan.steps.push({action: 'update-scaffold', description: `Add ${missing.map((k) => `${k}: ${scaffold[k]}`).join(', ')} to scaffold.yml`, to: 'scaffold.yml', status: 'pending'})
    plan.run.push(() =>
      updateYamlFile(ctx.file('scaffold'), (doc) => {
        for (const key of missing) {
          const node = doc.createNode(scaffold[key]) as {type?: string}
          if (key === 'spec_version') node.type = 'QUOTE_DOUBLE'
          doc.set(key, node)
        }
      }),
    )
  }
  return scaffold
}

/**
 * Brings an older scaffold to the current layout: root REQUIREMENTS.md / TESTS.md and docs/LEDGER.md move
 * to their places, the older tool's `.specsmith/` state moves into `.govtool/`, scaffold.yml is created or
 * completed (spec_version, aee_phase), missing governance files are created and a migration entry is
 * added to the ledger. Nothing is overwritten; a conflict is listed as a skipped step. `dryRun` lists every
 * step and writes nothing.
 */
export async function migrateProject(ctx: ProjectContext, options: {dryRun?: boolean; registry?: ProjectTypeRegistry} = {}): Promise<MigrationResult> {
  const registry = options.registry ?? builtinRegistry()
  const plan: Plan = {steps: [], run: []}
  const willExist = new Set<string>()
  await planMoves(ctx, plan, willExist)
  const scaffold = await planScaffold(ctx, plan, registry)

  const type = resolveProjectType(registry, scaffold.type, {lenient: true})
  const stubs = await renderProjectFiles(scaffold, type, {categories: GOVERNANCE_STUB_CATEGORIES})
  for (const stub of stubs) {
    const legacy = MOVES.find(([, to]) => to === stub.path)?.[0]
    if (ctx.exists(stub.path) || willExist.has(stub.path) || (legacy && ctx.exists(legacy))) continue
    plan.steps.push({action: 'create', description: `Create ${stub.path}`, to: stub.path, status: 'pending'})
    plan.run.push(() => writeFileAtomic(ctx.path(stub.path), stub.content))
  }

  const pending = plan.steps.filter((s) => s.status === 'pending')
  if (pending.length > 0) {
    const moved = pending.filter((s) => s.action === 'move').length
    const created = pending.filter((s) => s.action === 'create').length
    const description = `Migrated the project layout to govtool (${moved} moved, ${created} created${pending.some((s) => s.action === 'update-scaffold') ? ', scaffold.yml completed' : ''})`
    plan.steps.push({action: 'ledger', description: `Record the migration in LEDGER.md: "${description}"`, to: 'LEDGER.md', status: 'pending'})
    plan.run.push(async () => {
      await appendLedgerEntry(ctx, {description, type: 'migration'})
    })
  }
  const upToDate = pending.length === 0
  if (options.dryRun || upToDate) return {steps: plan.steps, applied: false, up_to_date: upToDate}

  let index = 0
  for (const step of plan.steps) {
    if (step.status !== 'pending') continue
    await plan.run[index++]()
    step.status = 'done'
  }
  return {steps: plan.steps, applied: true, up_to_date: false}
}
