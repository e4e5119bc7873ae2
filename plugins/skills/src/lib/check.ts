import {existsSync, statSync} from 'node:fs'
import {readFile} from 'node:fs/promises'
import path from 'node:path'

import {NotFoundError, ProjectContext} from 'govtool/core'

import {parseSkillMd} from './frontmatter.js'
import {readManifest} from './manifest.js'
import {MAX_SLUG, SKILL_FILE, SKILL_SLUG, skillDir} from './paths.js'

export interface SkillCheck {
  check: string
  status: 'pass' | 'warn' | 'fail'
  message: string
}

export interface SkillTestResult {
  id: string
  ok: boolean
  checks: SkillCheck[]
}

const KNOWN_FIELDS = new Set(['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools'])

/**
 * Checks a skill's structure and references: SKILL.md with valid front matter (name matching the directory,
 * a description of 1-1024 characters, well-typed optional fields), a non-empty body, every file the body
 * links to (or names under scripts/, references/, assets/) present inside the skill, and a valid skill.json.
 */
export async function testSkill(ctx: ProjectContext, id: string): Promise<SkillTestResult> {
  const dir = skillDir(ctx, id)
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw notFound(id)
  const checks: SkillCheck[] = []
  const add = (check: string, status: SkillCheck['status'], message: string) => checks.push({check, status, message})

  const file = path.join(dir, SKILL_FILE)
  if (!existsSync(file)) {
    add('skill_md', 'fail', `${SKILL_FILE} is missing`)
    return {id, ok: false, checks}
  }
  add('skill_md', 'pass', `${SKILL_FILE} present`)
  const doc = parseSkillMd(await readFile(file, 'utf8'), ctx.relative(file))
  if (!doc.data) {
    add('front_matter', 'fail', `${SKILL_FILE} ${doc.error}`)
  } else {
    add('front_matter', 'pass', 'front matter parses')
    const fm = doc.data
    const name = fm.name
    if (typeof name !== 'string' || name === '') add('name', 'fail', 'front matter has no name')
    else if (!SKILL_SLUG.test(name) || name.length > MAX_SLUG) add('name', 'fail', `name "${name}" is not 1-64 lower-case letters, digits and single hyphens`)
    else if (name !== id) add('name', 'fail', `name "${name}" does not match the directory "${id}"`)
    else add('name', 'pass', `name matches the directory`)
    const description = fm.description
    if (typeof description !== 'string' || description.trim() === '') add('description', 'fail', 'front matter has no description')
    else if (description.length > 1024) add('description', 'fail', `description is ${description.length} characters (at most 1024)`)
    else add('description', 'pass', `description of ${description.length} characters`)
    const tools = fm['allowed-tools']
    if (tools !== undefined) {
      const ok = (typeof tools === 'string' && tools.trim() !== '') || (Array.isArray(tools) && tools.every((t) => typeof t === 'string'))
      add('allowed_tools', ok ? 'pass' : 'fail', ok ? 'allowed-tools is a list of tool names' : 'allowed-tools must be a space-delimited string of tool names')
    }
    if (fm.compatibility !== undefined && (typeof fm.compatibility !== 'string' || fm.compatibility.length > 500)) add('compatibility', 'fail', 'compatibility must be a string of at most 500 characters')
    if (fm.license !== undefined && typeof fm.license !== 'string') add('license', 'fail', 'license must be a string')
    if (fm.metadata !== undefined && (typeof fm.metadata !== 'object' || fm.metadata === null || Array.isArray(fm.metadata))) add('metadata', 'fail', 'metadata must be a mapping')
    const unknown = Object.keys(fm).filter((k) => !KNOWN_FIELDS.has(k))
    if (unknown.length > 0) add('fields', 'warn', `unknown front matter field(s): ${unknown.join(', ')}`)
  }
  if (doc.body.trim() === '') add('body', 'fail', 'the instructions (body after the front matter) are empty')
  else {
    const lines = doc.body.split('\n').length
    add('body', lines > 500 ? 'warn' : 'pass', lines > 500 ? `body has ${lines} lines; keep SKILL.md under 500 and move detail to references/` : `body has ${lines} lines`)
  }
  for (const ref of findReferences(doc.body)) {
    const target = path.resolve(dir, ref.target)
    if (target !== dir && !target.startsWith(dir + path.sep)) add('reference', 'fail', `line ${doc.bodyLine + ref.line - 1}: "${ref.target}" points outside the skill directory`)
    else if (!existsSync(target)) add('reference', 'fail', `line ${doc.bodyLine + ref.line - 1}: "${ref.target}" does not exist`)
    else add('reference', 'pass', `"${ref.target}" exists`)
  }
  const manifest = await readManifest(dir)
  if (manifest.error) add('skill_json', 'fail', manifest.error)
  else if (manifest.manifest && manifest.manifest.id !== id) add('skill_json', 'fail', `skill.json id "${manifest.manifest.id}" does not match the directory "${id}"`)
  else if (manifest.manifest) add('skill_json', 'pass', `skill.json valid (${manifest.manifest.active ? 'active' : 'inactive'})`)
  else add('skill_json', 'warn', 'no skill.json; `govtool skills activate` creates one')
  return {id, ok: !checks.some((c) => c.status === 'fail'), checks}
}

/**
 * Files a skill body refers to: relative Markdown link targets, and paths under scripts/, references/ or
 * assets/ named in the text. URLs, anchors and fenced code blocks are ignored.
 */
export function findReferences(body: string): {target: string; line: number}[] {
  const found = new Map<string, number>()
  let fenced = false
  for (const [i, line] of body.split('\n').entries()) {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced
      continue
    }
    if (fenced) continue
    for (const m of line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = m[1].split('#')[0]
      if (target && !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('/') && !found.has(target)) found.set(target, i + 1)
    }
    for (const m of line.matchAll(/(?:^|[\s`'"(])((?:\.\/)?(?:scripts|references|assets)\/[A-Za-z0-9_./-]*[A-Za-z0-9_-])/g)) {
      const target = m[1].replace(/^\.\//, '')
      if (!found.has(target)) found.set(target, i + 1)
    }
  }
  return [...found].map(([target, line]) => ({target, line}))
}

export function notFound(id: string): NotFoundError {
  return new NotFoundError(`No skill "${id}" in .agents/skills/.`, {
    code: 'E_SKILL_NOT_FOUND',
    hint: '`govtool skills list` shows the installed skills; `govtool skill list` shows the catalog.',
  })
}
