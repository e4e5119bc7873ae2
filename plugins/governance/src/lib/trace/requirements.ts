/** `req add`: appends a requirement (style B) to the requirements file under its lock. */
import {GovError, InputError, readTextIfExists, withLock, writeFileAtomic, type ProjectContext} from 'govtool/core'

import {appendMarkdownBlock, formatRequirement, type RequirementInput} from './format.js'
import {governanceSources, loadGovernanceModel} from './model.js'
import {REQ_ID, type Requirement} from './types.js'

export const REQUIREMENTS_HEADER = '# Requirements\n\nThe requirements of this project (source of truth; `govtool sync` regenerates `.govtool/requirements.json`).\n'
export const TESTS_HEADER = '# Test specification\n\nEach test names the requirements it covers.\n'

export async function addRequirement(ctx: ProjectContext, input: RequirementInput): Promise<Requirement> {
  if (!REQ_ID.test(input.id)) {
    throw new InputError(`Malformed requirement id "${input.id}".`, {
      code: 'E_BAD_REQ_ID',
      hint: 'Requirement ids are REQ-<number> or REQ-<COMPONENT>-<number>, e.g. REQ-001 or REQ-CLI-001 (upper case).',
    })
  }
  if (input.priority !== undefined && !/^P[0-4]$/i.test(input.priority.trim())) {
    throw new InputError(`Priority "${input.priority}" is not one of P0, P1, P2, P3, P4.`, {code: 'E_BAD_PRIORITY', hint: 'Pass --priority P1 (highest that phases check), P2 or P3.'})
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
    const block = formatRequirement({...input, priority: input.priority?.trim().toUpperCase()})
    const next = appendMarkdownBlock(text, block)
    await writeFileAtomic(file, next)
    const line = next.split('\n').length - block.split('\n').length + 1
    const added = (await loadGovernanceModel(ctx)).requirements.find((r) => r.id === input.id)
    return added ?? {id: input.id, title: input.title ?? '', description: input.description ?? '', status: input.status ?? 'proposed', file: rel, line}
  })
}
