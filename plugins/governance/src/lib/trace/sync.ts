/**
 * `sync`: regenerates the derived cache `.govtool/requirements.json` and `.govtool/testcases.json` from the
 * docs (the source of truth); `--check` compares and writes nothing.
 */
import {GovError, readTextIfExists, writeFileAtomic, type ProjectContext} from 'govtool/core'

import {loadGovernanceModel} from './model.js'
import type {GovernanceModel} from './types.js'

/** A record of `.govtool/requirements.json`. */
export interface RequirementRecord {
  id: string
  title: string
  description: string
  status: string
  priority: string | null
  component: string | null
}

/** A record of `.govtool/testcases.json`. */
export interface TestCaseRecord {
  id: string
  title: string
  description: string
  covers: string[]
}

export interface SyncResult {
  /** the cache matched the docs before this run */
  in_sync: boolean
  check: boolean
  /** files written (never with --check) */
  written: string[]
  /** files that differed (or were missing) */
  stale: string[]
  requirements: number
  tests: number
}

export const DERIVED_FILES = {requirements: 'requirements.json', tests: 'testcases.json'} as const

/** The derived-cache text of a model (stable: docs order, two-space JSON, trailing newline). */
export function derivedCache(model: GovernanceModel): {requirements: string; tests: string} {
  const reqs: RequirementRecord[] = model.requirements.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    status: r.status,
    priority: r.priority ?? null,
    component: r.component ?? null,
  }))
  const tests: TestCaseRecord[] = model.tests.map((t) => ({id: t.id, title: t.title, description: t.description ?? '', covers: t.covers}))
  return {requirements: JSON.stringify(reqs, null, 2) + '\n', tests: JSON.stringify(tests, null, 2) + '\n'}
}

/** `model`: one already loaded from the files now (the model summary's computation), not loaded a second time */
export async function syncDerivedCache(ctx: ProjectContext, options: {check?: boolean; model?: GovernanceModel} = {}): Promise<SyncResult> {
  const check = options.check === true
  const model = options.model ?? (await loadGovernanceModel(ctx, {cache: check ? 'read' : 'readwrite'}))
  if (model.problems.length > 0) {
    const p = model.problems[0]
    const more = model.problems.length > 1 ? ` (and ${model.problems.length - 1} more problem(s); \`govtool validate\` lists them)` : ''
    throw new GovError(`${p.file}:${p.line}: ${p.message}${more}`, {
      code: 'E_GOVERNANCE_PARSE',
      file: p.file,
      line: p.line,
      hint: `Fix ${p.file} at line ${p.line}; the cache is not ${check ? 'checked' : 'written'} from a malformed file.`,
    })
  }
  const wanted = derivedCache(model)
  const targets = [
    {file: ctx.state(DERIVED_FILES.requirements), text: wanted.requirements},
    {file: ctx.state(DERIVED_FILES.tests), text: wanted.tests},
  ]
  const current = await Promise.all(targets.map((t) => readTextIfExists(t.file)))
  const stale = targets.filter((t, i) => current[i] !== t.text)
  const written: string[] = []
  if (!check) {
    for (const t of stale) {
      await writeFileAtomic(t.file, t.text)
      written.push(ctx.relative(t.file))
    }
  }
  return {in_sync: stale.length === 0, check, written, stale: stale.map((t) => ctx.relative(t.file)), requirements: model.requirements.length, tests: model.tests.length}
}
