/** `req add`: appends a requirement (style B) to the requirements file under its lock. */
import {
  DEFAULT_REQUIREMENT_STATUS,
  GovError,
  InputError,
  REQUIREMENT_PRIORITIES,
  REQUIREMENT_STATUSES,
  REQUIREMENT_STATUS_SYNONYMS,
  isRequirementPriority,
  isRequirementStatus,
  normalPriority,
  normalStatus,
  readTextIfExists,
  withLock,
  writeFileAtomic,
  type ProjectContext,
  redactDeep,
} from 'govtool/core'

import {appendMarkdownBlock, formatRequirement, type RequirementInput} from './format.js'
import {governanceSources, loadGovernanceModel} from './model.js'
import {REQ_ID, type Requirement} from './types.js'

export const REQUIREMENTS_HEADER = '# Requirements\n\nThe requirements of this project (source of truth; `govtool sync` regenerates `.govtool/requirements.json`).\n'
export const TESTS_HEADER = '# Test specification\n\nEach test names the requirements it covers.\n'

/** A requirement id as `req add` takes it; a malformed one is E_BAD_REQ_ID. */
export function checkRequirementId(id: string): void {
  if (!REQ_ID.test(id)) {
    throw new InputError(`Malformed requirement id "${id}".`, {
      code: 'E_BAD_REQ_ID',
      hint: 'Requirement ids are REQ-<number> or REQ-<COMPONENT>-<number>, e.g. REQ-001 or REQ-CLI-001 (upper case).',
    })
  }
}

/** A status from the one list, normalised (`Implemented` -> implemented); an older word names the one to use. */
export function checkedStatus(status: string): string {
  if (isRequirementStatus(status)) return normalStatus(status)
  const synonym = REQUIREMENT_STATUS_SYNONYMS[normalStatus(status)]
  throw new InputError(`Status "${status}" is not a requirement status${synonym ? ` (it is an older word for ${synonym})` : ''}.`, {
    code: 'E_BAD_STATUS',
    hint: `Pass --status ${synonym ?? DEFAULT_REQUIREMENT_STATUS}; the statuses are ${REQUIREMENT_STATUSES.join(', ')}.`,
  })
}

/** A priority from the one list, normalised (`p1` -> P1). */
export function checkedPriority(priority: string): string {
  if (isRequirementPriority(priority)) return normalPriority(priority)
  throw new InputError(`Priority "${priority}" is not one of ${REQUIREMENT_PRIORITIES.join(', ')}.`, {
    code: 'E_BAD_PRIORITY',
    hint: 'Pass --priority P1 (the test_spec phase requires most P0 and P1 requirements covered), P2 or P3.',
  })
}

export async function addRequirement(ctx: ProjectContext, input: RequirementInput): Promise<Requirement> {
  checkRequirementId(input.id)
  input = {
    ...redactDeep(input),
    status: checkedStatus(input.status ?? DEFAULT_REQUIREMENT_STATUS),
    ...(input.priority === undefined ? {} : {priority: checkedPriority(input.priority)}),
  }
  const file = (await governanceSources(ctx)).requirements
  const rel = ctx.relative(file)
  return withLock(file, async () => {
    const model = await loadGovernanceModel(ctx)
    const existing = model.requirements.find((r) => r.id === input.id)
    if (existing) {
      throw new GovError(`${input.id} already exists (${existing.file}:${existing.line}).`, {
        code: 'E_DUPLICATE_REQ',
        file: existing.file,
        line: existing.line,
        hint: 'Choose the next free id (`govtool req list` shows the ids in use).',
      })
    }
    const text = (await readTextIfExists(file)) ?? REQUIREMENTS_HEADER
    const block = formatRequirement(input)
    const next = appendMarkdownBlock(text, block)
    await writeFileAtomic(file, next)
    const line = next.split('\n').length - block.split('\n').length + 1
    // written: a failing read-back must not turn it into a failed command
    const added = (await loadGovernanceModel(ctx).catch(() => undefined))?.requirements.find((r) => r.id === input.id)
    return added ?? {id: input.id, title: input.title ?? '', description: input.description ?? '', status: input.status ?? DEFAULT_REQUIREMENT_STATUS, file: rel, line}
  })
}
