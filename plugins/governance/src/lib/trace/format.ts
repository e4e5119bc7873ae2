/** Writers for governance entries, always in style B of REFERENCE.md (the parser reads both styles). */
import {DEFAULT_REQUIREMENT_STATUS} from 'govtool/core'

import {squash} from './markdown.js'

export interface RequirementInput {
  id: string
  title?: string
  description?: string
  status?: string
  priority?: string
  component?: string
}

export interface TestCaseInput {
  id: string
  title?: string
  covers: readonly string[]
  description?: string
}

/** A short title from a description: its first sentence, at most 60 characters on a word boundary. */
export function titleFromDescription(description: string): string {
  const first = squash(description).split(/(?<=[.!?])\s/)[0].replace(/[.!?]+$/, '')
  if (first.length <= 60) return first
  const cut = first.slice(0, 60)
  return cut.slice(0, Math.max(cut.lastIndexOf(' '), 20)).trim() + '...'
}

function heading(level: string, id: string, title: string): string {
  return title ? `${level} ${id}. ${title}` : `${level} ${id}`
}

/** A requirement entry in style B (`## REQ-001. Title` then `- **ID:**`, Description, Status, Priority, Component). */
export function formatRequirement(req: RequirementInput): string {
  const description = squash(req.description ?? '')
  const title = squash(req.title ?? '') || (description ? titleFromDescription(description) : '')
  const lines = [heading('##', req.id, title), `- **ID:** ${req.id}`]
  if (description) lines.push(`- **Description:** ${description}`)
  lines.push(`- **Status:** ${squash(req.status ?? '') || DEFAULT_REQUIREMENT_STATUS}`)
  if (req.priority?.trim()) lines.push(`- **Priority:** ${squash(req.priority)}`)
  if (req.component?.trim()) lines.push(`- **Component:** ${squash(req.component)}`)
  return lines.join('\n') + '\n'
}

/** A test entry in style B (`### TEST-001. Title` then `- **Covers:**` and Description). */
export function formatTestCase(tc: TestCaseInput): string {
  const description = squash(tc.description ?? '')
  const title = squash(tc.title ?? '') || (description ? titleFromDescription(description) : '')
  const lines = [heading('###', tc.id, title), `- **Covers:** ${tc.covers.length > 0 ? tc.covers.join(', ') : 'none'}`]
  if (description) lines.push(`- **Description:** ${description}`)
  return lines.join('\n') + '\n'
}

/** Appends an entry to markdown text with exactly one blank line before it. */
export function appendMarkdownBlock(text: string, block: string): string {
  const base = text.replace(/\s*$/, '')
  return base === '' ? block : `${base}\n\n${block}`
}
