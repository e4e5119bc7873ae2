/**
 * `validate`: scaffold.yml structure, AGENTS.md file references, requirement id uniqueness, requirement
 * statuses and priorities from the one list (govtool/core's vocabulary), and that architecture.md references
 * at least one requirement. Every issue names file and line.
 */
import {existsSync, readdirSync} from 'node:fs'
import path from 'node:path'

import {
  REQUIREMENT_PRIORITIES,
  REQUIREMENT_STATUSES,
  REQUIREMENT_STATUS_SYNONYMS,
  ScaffoldSchema,
  isGovError,
  isRequirementPriority,
  isRequirementStatus,
  normalStatus,
  parseYaml,
  readTextIfExists,
  type ProjectContext,
} from 'govtool/core'
import type {Nodes} from 'mdast'

import {loadGovernanceModel} from './model.js'
import type {GovernanceModel} from './types.js'

export interface ValidationIssue {
  check: 'scaffold' | 'agents-references' | 'requirement-ids' | 'requirement-fields' | 'architecture'
  message: string
  file?: string
  line?: number
  hint: string
}

export interface ValidationReport {
  valid: boolean
  issues: ValidationIssue[]
}

export async function validateProject(ctx: ProjectContext, options: {model?: GovernanceModel} = {}): Promise<ValidationReport> {
  const model = options.model ?? (await loadGovernanceModel(ctx))
  const issues = [
    ...(await validateScaffold(ctx)),
    ...(await validateAgentsReferences(ctx)),
    ...validateIds(model),
    ...validateFields(model),
    ...(await validateArchitecture(ctx, model)),
  ]
  return {valid: issues.length === 0, issues}
}

async function validateScaffold(ctx: ProjectContext): Promise<ValidationIssue[]> {
  const file = ctx.file('scaffold')
  const rel = ctx.relative(file)
  const text = await readTextIfExists(file)
  if (text === undefined) return [{check: 'scaffold', message: 'scaffold.yml is missing', file: rel, hint: 'Create it with `govtool init` or `govtool import`.'}]
  let yaml
  try {
    yaml = parseYaml(text, rel)
  } catch (error) {
    if (!isGovError(error)) throw error
    return [{check: 'scaffold', message: error.message.replace(/^[^:]+(?::\d+)?: /, ''), file: rel, line: error.line, hint: error.hint ?? 'Fix the YAML syntax.'}]
  }
  const result = ScaffoldSchema.safeParse(yaml.data ?? {})
  if (result.success) return []
  return result.error.issues.map((issue) => {
    const field = issue.path.length > 0 ? issue.path.join('.') : '(top level)'
    return {
      check: 'scaffold' as const,
      message: `field '${field}': ${issue.message}`,
      file: rel,
      line: yaml.lineOf(issue.path as (string | number)[]),
      hint: `Correct '${field}' in scaffold.yml.`,
    }
  })
}

const PATH_LIKE = /^(?:\.{1,2}\/)?[\w@.-]+(?:\/[\w@.*-]+)*\/?$/
const EXTENSIONS = /\.(?:md|ya?ml|json|toml|txt|sh|py|ts|js|mjs|cjs|cfg|ini|lock)$/i

/** Paths AGENTS.md refers to: link targets and code spans that look like project paths. */
export function agentsReferences(tree: Nodes): {target: string; line: number}[] {
  const refs: {target: string; line: number}[] = []
  const visit = (node: Nodes) => {
    const line = node.position?.start.line ?? 1
    if (node.type === 'link') {
      const url = node.url.split('#')[0].split('?')[0]
      if (url && !/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('/')) refs.push({target: decodeURIComponent(url), line})
    } else if (node.type === 'inlineCode') {
      const value = node.value.trim()
      if (PATH_LIKE.test(value) && (value.includes('/') || EXTENSIONS.test(value)) && !value.startsWith('.govtool') && !/^[\w-]+\.(?:com|org|io|dev|net)$/.test(value)) {
        refs.push({target: value, line})
      }
    }
    if ('children' in node) for (const child of node.children) visit(child as Nodes)
  }
  visit(tree)
  return refs
}

function referenceExists(root: string, target: string): boolean {
  if (!target.includes('*')) return existsSync(path.resolve(root, target))
  const dir = path.resolve(root, path.dirname(target))
  const pattern = new RegExp(`^${path.basename(target).replaceAll(/[.+^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}$`)
  try {
    return readdirSync(dir).some((n) => pattern.test(n))
  } catch {
    return false
  }
}

async function validateAgentsReferences(ctx: ProjectContext): Promise<ValidationIssue[]> {
  const file = ctx.file('agents')
  const text = await readTextIfExists(file)
  if (text === undefined) return [{check: 'agents-references', message: 'AGENTS.md is missing', file: 'AGENTS.md', hint: 'Run `govtool audit --fix` to create it.'}]
  const {fromMarkdown} = await import('mdast-util-from-markdown')
  const issues: ValidationIssue[] = []
  const seen = new Set<string>()
  for (const ref of agentsReferences(fromMarkdown(text))) {
    if (seen.has(ref.target)) continue
    seen.add(ref.target)
    let inside = true
    try {
      ctx.path(ref.target)
    } catch {
      inside = false
    }
    if (!inside) {
      issues.push({check: 'agents-references', message: `AGENTS.md refers to ${ref.target}, outside the project`, file: 'AGENTS.md', line: ref.line, hint: 'Refer only to files inside the repository.'})
    } else if (!referenceExists(ctx.root, ref.target)) {
      issues.push({check: 'agents-references', message: `AGENTS.md refers to ${ref.target}, which does not exist`, file: 'AGENTS.md', line: ref.line, hint: `Create ${ref.target} or correct the reference.`})
    }
  }
  return issues
}

function validateIds(model: GovernanceModel): ValidationIssue[] {
  return model.problems.map((p) => ({
    check: 'requirement-ids' as const,
    message: p.message,
    file: p.file,
    line: p.line,
    hint: 'Each requirement and test id appears once and has the form REQ-001 / REQ-CLI-001 (tests TEST-001, TEST-012a).',
  }))
}

/** Every requirement's status and priority is one of the one list's (a missing priority is the phase checklist's concern). */
function validateFields(model: GovernanceModel): ValidationIssue[] {
  const issues: ValidationIssue[] = []
  for (const r of model.requirements) {
    const where = {check: 'requirement-fields' as const, file: r.file, line: r.line}
    if (r.status !== 'unspecified' && !isRequirementStatus(r.status)) {
      const synonym = REQUIREMENT_STATUS_SYNONYMS[normalStatus(r.status)]
      issues.push({
        ...where,
        message: synonym ? `${r.id}: status "${r.status}" is an older word for ${synonym}` : `${r.id}: status "${r.status}" is not a requirement status`,
        hint: synonym
          ? `Write ${synonym} (\`govtool req edit ${r.id} --status ${synonym}\`).`
          : `Statuses: ${REQUIREMENT_STATUSES.join(', ')} (\`govtool req edit ${r.id} --status <status>\`).`,
      })
    } else if (r.status === 'unspecified') {
      issues.push({...where, message: `${r.id} has no Status`, hint: `Give it one of ${REQUIREMENT_STATUSES.join(', ')} (\`govtool req edit ${r.id} --status proposed\`).`})
    }
    if (r.priority !== undefined && !isRequirementPriority(r.priority)) {
      issues.push({
        ...where,
        message: `${r.id}: priority "${r.priority}" is not a requirement priority`,
        hint: `Priorities: ${REQUIREMENT_PRIORITIES.join(', ')} (\`govtool req edit ${r.id} --priority P2\`).`,
      })
    }
  }
  return issues
}

async function validateArchitecture(ctx: ProjectContext, model: GovernanceModel): Promise<ValidationIssue[]> {
  const file = ctx.file('architecture')
  const rel = ctx.relative(file)
  const text = await readTextIfExists(file)
  if (text === undefined) return [{check: 'architecture', message: 'docs/architecture.md is missing', file: 'docs/architecture.md', hint: 'Write it with `govtool architect`, naming the requirements each component serves.'}]
  const known = new Set(model.requirements.map((r) => r.id))
  const mentioned = [...text.matchAll(/\bREQ-(?:[A-Z][A-Z0-9_]*-)?\d+\b/g)].map((m) => m[0])
  if (mentioned.some((id) => known.has(id))) return []
  const message =
    mentioned.length === 0
      ? `${rel} references no requirement`
      : `${rel} references ${[...new Set(mentioned)].slice(0, 5).join(', ')}, none of which is in ${ctx.relative(ctx.file('requirements'))}`
  return [{check: 'architecture', message, file: rel, hint: 'Name the requirements each component serves (e.g. "Serves REQ-CLI-001").'}]
}
