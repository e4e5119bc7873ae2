/**
 * The human output of the skill (catalog) and skills (installed) commands, from their results (the JSON
 * output). Kept apart from the libraries so the operations can render without loading them.
 */
import {color, mark, renderTable} from 'govtool/core'

import type {BuiltSkill} from './build.js'
import type {SkillTestResult} from './check.js'
import type {ActivationResult, CatalogListing, InstallResult, InstalledSkill, SearchHit} from './skills.js'

/** The first sentence of a description, for table cells. */
const firstSentence = (text: string) => text.split(/(?<=\.) /)[0]

export function renderCatalog(skills: readonly CatalogListing[]): string {
  const table = renderTable(skills, [
    {header: 'SKILL', get: (s) => s.slug},
    {header: 'INSTALLED', get: (s) => (s.installed ? 'yes' : '')},
    {header: 'WHAT IT DOES', get: (s) => firstSentence(s.description)},
  ])
  return `${table}\nInstall one with \`govtool skill install <skill>\`.`
}

export function renderSearch(query: string, results: readonly SearchHit[]): string {
  const lines: string[] = []
  if (results.length === 0) lines.push(`No catalog skill matches "${query}". \`govtool skills build "<description>"\` creates one.`)
  lines.push(
    renderTable(results, [
      {header: 'SKILL', get: (h) => h.slug},
      {header: 'SCORE', get: (h) => h.score, align: 'right'},
      {header: 'WHAT IT DOES', get: (h) => firstSentence(h.description)},
    ]),
  )
  return lines.join('\n')
}

export function renderInstall(result: InstallResult): string {
  if (result.status === 'kept') return `${color.yellow('!')} ${result.path} already exists; kept it (pass --force to replace it).`
  return `${color.green('✔')} ${result.status} ${result.path}`
}

export function renderInstalled(skills: readonly InstalledSkill[]): string {
  const lines: string[] = []
  if (skills.length === 0) lines.push('No skills installed. `govtool skill list` shows the catalog; `govtool skills build` creates one.')
  lines.push(
    renderTable(skills, [
      {header: 'ID', get: (s) => s.id},
      {header: 'ACTIVE', get: (s) => (s.active ? 'yes' : 'no')},
      {header: 'SOURCE', get: (s) => s.source},
      {header: 'VALID', get: (s) => (s.valid ? 'yes' : 'no')},
      {header: 'DESCRIPTION', get: (s) => (s.description ?? '').slice(0, 70)},
    ]),
  )
  return lines.join('\n')
}

export function renderBuilt(result: BuiltSkill): string {
  return `${color.green('✔')} ${result.status} skill ${color.bold(result.id)} at ${result.path}\nallowed-tools: ${result.allowed_tools.join(' ')}`
}

export function renderSkillTest(result: SkillTestResult): string {
  const lines = result.checks.map((c) => `${c.status === 'pass' ? mark.ok() : c.status === 'warn' ? mark.warn() : mark.fail()} ${c.check}: ${c.message}`)
  lines.push(result.ok ? `Skill ${result.id} passed.` : `Skill ${result.id} failed ${result.checks.filter((c) => c.status === 'fail').length} check(s).`)
  return lines.join('\n')
}

export function renderActivation(result: ActivationResult): string {
  const verb = result.active ? 'activated' : 'deactivated'
  const state = result.active ? 'active' : 'inactive'
  return result.changed ? `Skill ${result.id} ${verb}.` : `Skill ${result.id} was already ${state}.`
}
