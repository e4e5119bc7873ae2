import {DEFAULT_REQUIREMENT_STATUS} from 'govtool/core'

import {formatRequirement, formatTestCase} from '../trace/format.js'
import {componentIdOf} from './format.js'
import type {RenderExtras} from './variables.js'

/** The component ids of a guided scaffold: scaffold.yml `components` when given, else CORE. */
export function guidedComponents(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw.filter((c): c is string => typeof c === 'string' && c.trim() !== '') : []
  const ids = (list.length > 0 ? list : ['core']).map((c) => componentIdOf(c))
  return [...new Set(ids)]
}

/**
 * `init --guided`: REQ-{COMPONENT}-001/002 per component, a test covering each, and the component and
 * requirement sections of docs/architecture.md, all in the one entry format the trace side parses.
 */
export function guidedExtras(components: readonly string[]): RenderExtras {
  const requirements: string[] = []
  const tests: string[] = []
  const sections: string[] = []
  const references: string[] = []
  for (const component of components) {
    const label = component.toLowerCase()
    const [r1, r2] = [`REQ-${component}-001`, `REQ-${component}-002`]
    requirements.push(
      formatRequirement({
        id: r1,
        title: `${label}: documented entry point`,
        description: `The ${label} component exposes the entry point described in docs/architecture.md and returns a result for valid input.`,
        status: DEFAULT_REQUIREMENT_STATUS,
        priority: 'P1',
        component: label,
      }),
      formatRequirement({
        id: r2,
        title: `${label}: invalid input is rejected`,
        description: `The ${label} component rejects invalid input with an error that says what was wrong, and leaves no partial effect.`,
        status: DEFAULT_REQUIREMENT_STATUS,
        priority: 'P2',
        component: label,
      }),
    )
    tests.push(
      formatTestCase({
        id: `TEST-${component}-001`,
        title: `${label}: entry point answers valid input`,
        covers: [r1],
        description: `Calls the ${label} entry point with valid input and checks the documented result.`,
      }),
      formatTestCase({
        id: `TEST-${component}-002`,
        title: `${label}: invalid input gives a clear error`,
        covers: [r2],
        description: `Calls the ${label} entry point with invalid input and checks the error message and that nothing changed.`,
      }),
    )
    sections.push(`### ${label}\nWhat ${label} owns, what it must not do, and the components it talks to. Implements ${r1} and ${r2}.`)
    references.push(`- ${label}: ${r1}, ${r2}`)
  }
  return {
    requirements_entries: `\n${requirements.join('\n')}`,
    test_entries: `\n${tests.join('\n')}`,
    architecture_components: sections.join('\n\n'),
    architecture_requirements: references.join('\n'),
  }
}
