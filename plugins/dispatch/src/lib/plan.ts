/**
 * Plans: the model's reply (the first balanced JSON array in it) or an explicit --plan file, validated into
 * nodes: unique slug ids, known roles, existing dependencies, a size cap, and no cycle (rejected with the
 * cycle named, before anything runs).
 */
import {InputError} from 'govtool/core'

import {ROLES, type PlanNode, type WorkerRole} from './types.js'

export const NODE_ID = /^[a-zA-Z0-9][a-zA-Z0-9_-]{0,63}$/
/** REFERENCE.md: the planner asks for at most 8 nodes. */
export const MODEL_PLAN_MAX = 8
/** An explicit plan (a file, the library) may be large: the scheduler is built for 10,000 nodes. */
export const PLAN_MAX = 10_000
/** The node of a DAG built without a plan (REFERENCE.md). */
export const FALLBACK_NODE_ID = 'task-main'

/** The first balanced JSON array in `text` (brackets inside strings ignored), or undefined. */
export function firstJsonArray(text: string): string | undefined {
  for (let start = text.indexOf('['); start >= 0; start = text.indexOf('[', start + 1)) {
    let depth = 0
    let inString = false
    let escaped = false
    for (let i = start; i < text.length; i++) {
      const c = text[i]
      if (inString) {
        if (escaped) escaped = false
        else if (c === '\\') escaped = true
        else if (c === '"') inString = false
        continue
      }
      if (c === '"') inString = true
      else if (c === '[' || c === '{') depth++
      else if (c === ']' || c === '}') {
        depth--
        if (depth === 0) {
          const candidate = text.slice(start, i + 1)
          if (c !== ']') break
          try {
            JSON.parse(candidate)
            return candidate
          } catch {
            break
          }
        }
        if (depth < 0) break
      }
    }
  }
  return undefined
}

function planError(message: string, hint?: string): InputError {
  return new InputError(`DAG validation error: ${message}`, {
    code: 'E_DAG_PLAN',
    hint: hint ?? `A plan is a JSON array of {"id", "title", "role", "depends_on"}; ids are unique slugs, roles one of ${ROLES.join(', ')}.`,
  })
}

/** Validates a parsed plan into nodes (throws E_DAG_PLAN, or E_DAG_CYCLE naming the cycle). */
export function validatePlan(value: unknown, options: {max?: number} = {}): PlanNode[] {
  const max = options.max ?? PLAN_MAX
  if (!Array.isArray(value)) throw planError('the plan is not a JSON array')
  if (value.length === 0) throw planError('the plan has no nodes')
  if (value.length > max) throw planError(`the plan has ${value.length} nodes, more than the ${max} allowed`)
  const nodes: PlanNode[] = []
  const ids = new Set<string>()
  for (const [i, raw] of value.entries()) {
    const n = raw as Record<string, unknown>
    const where = `node #${i + 1}`
    if (typeof n !== 'object' || n === null || Array.isArray(n)) throw planError(`${where} is not an object`)
    if (typeof n.id !== 'string' || !NODE_ID.test(n.id)) throw planError(`${where} has an invalid id ${JSON.stringify(n.id)} (a slug: letters, digits, "_" or "-")`)
    if (ids.has(n.id)) throw planError(`the id ${n.id} is used twice`)
    ids.add(n.id)
    const title = typeof n.title === 'string' ? n.title.trim() : ''
    if (!title) throw planError(`node ${n.id} has no title`)
    if (typeof n.role !== 'string' || !(ROLES as readonly string[]).includes(n.role)) throw planError(`node ${n.id} has an unknown role ${JSON.stringify(n.role)}`)
    const deps = n.depends_on ?? []
    if (!Array.isArray(deps) || deps.some((d) => typeof d !== 'string')) throw planError(`node ${n.id}: depends_on must be a list of node ids`)
    nodes.push({id: n.id, title: title.slice(0, 2000), role: n.role as WorkerRole, depends_on: [...new Set(deps as string[])]})
  }
  for (const n of nodes) {
    for (const d of n.depends_on) {
      if (d === n.id) throw cycleError([n.id, n.id])
      if (!ids.has(d)) throw planError(`node ${n.id} depends on ${d}, which is not in the plan`)
    }
  }
  const cycle = findCycle(nodes)
  if (cycle) throw cycleError(cycle)
  return nodes
}

function cycleError(cycle: string[]): InputError {
  return new InputError(`DAG validation error: cycle detected: ${cycle.join(' -> ')}`, {
    code: 'E_DAG_CYCLE',
    hint: 'Remove one of the dependencies of the cycle; nothing was run.',
  })
}

/** A dependency cycle as a closed path (`a -> b -> a`), or undefined. Iterative DFS (plans may be large). */
export function findCycle(nodes: readonly PlanNode[]): string[] | undefined {
  const index = new Map(nodes.map((n, i) => [n.id, i]))
  const color = new Uint8Array(nodes.length) // 0 new, 1 on the stack, 2 done
  for (let root = 0; root < nodes.length; root++) {
    if (color[root] !== 0) continue
    const stack: {i: number; next: number}[] = [{i: root, next: 0}]
    color[root] = 1
    while (stack.length > 0) {
      const top = stack.at(-1)!
      const deps = nodes[top.i].depends_on
      if (top.next >= deps.length) {
        color[top.i] = 2
        stack.pop()
        continue
      }
      const j = index.get(deps[top.next++])!
      if (color[j] === 1) {
        const from = stack.findIndex((s) => s.i === j)
        // the stack runs from a node to what it depends on; the cycle reads in that direction
        return [...stack.slice(from).map((s) => nodes[s.i].id), nodes[j].id]
      }
      if (color[j] === 0) {
        color[j] = 1
        stack.push({i: j, next: 0})
      }
    }
  }
  return undefined
}

/** The model's reply as a plan, or the reason it is not usable. */
export function parsePlannerReply(text: string): {nodes: PlanNode[]} | {error: string; cycle?: boolean} {
  const json = firstJsonArray(text)
  if (!json) return {error: 'the planner reply holds no JSON array'}
  try {
    return {nodes: validatePlan(JSON.parse(json), {max: MODEL_PLAN_MAX})}
  } catch (error) {
    return {error: (error as Error).message, cycle: (error as InputError).code === 'E_DAG_CYCLE'}
  }
}

/** The one-node DAG of a task without a usable plan. */
export function fallbackPlan(task: string): PlanNode[] {
  return [{id: FALLBACK_NODE_ID, title: task, role: 'coder', depends_on: []}]
}

/** The planner's prompt (REFERENCE.md: ONLY a JSON array of at most 8 nodes). */
export function plannerMessages(task: string): {role: 'system' | 'user'; content: string}[] {
  return [
    {
      role: 'system',
      content: [
        'You are the planner of a multi-agent dispatcher. Decompose the task into a small DAG of work items.',
        `Answer with ONLY a JSON array of at most ${MODEL_PLAN_MAX} objects {"id": "<slug>", "title": "<what to do>", "role": "<role>", "depends_on": ["<id>", ...]}.`,
        `Roles: coder (write and patch code), reviewer (review code and linting), tester (write and run tests), architect (design and document), researcher (search and synthesise), embedded-coder (embedded C/C++/VHDL).`,
        'Ids are unique slugs; depends_on names ids of the same array; no cycles.',
      ].join('\n'),
    },
    {role: 'user', content: task},
  ]
}
