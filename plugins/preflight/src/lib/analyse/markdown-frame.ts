/**
 * Round 27c (issue 22): markdown section headings in an agent prompt ("## Context ... ## Your task Make the output
 * ... ## Constraints Don't ..."). Put on one line, a heading ran into the sentence after it, so "## your task make the
 * terminal output coloured ..." read as a statement about a task (context) instead of an instruction led by its verb.
 * A heading whose words name a section of a brief (data below) is turned into a sentence break, so the sentence under
 * it is read on its own; a heading with other words is left as it is.
 */

/** The names of a brief's sections, as headings give them. */
export const SECTION_NAMES = ['context', 'background', 'task', 'your task', 'the task', 'tasks', 'task brief', 'brief', 'steps', 'plan', 'constraints', 'rules', 'notes', 'note', 'what happened', 'what i need',
  'what i need from you', 'what we need', 'done when', 'definition of done', 'acceptance criteria', 'project', 'goal', 'goals', 'problem', 'summary', 'details', 'request', 'ask', 'the ask', 'deliverables',
  'expected', 'expected behaviour', 'expected behavior', 'actual', 'actual behaviour', 'actual behavior', 'repro', 'reproduction', 'out of scope', 'scope', 'instructions', 'todo', 'to do']

/** A heading: one to six "#", a section name, and an optional parenthesis ("(from the planner to worker 3)"). */
export const SECTION_HEADING = new RegExp(String.raw`(?:^|\s)#{1,6}\s+(?:${SECTION_NAMES.slice().sort((a, b) => b.length - a.length).join('|')})(?:\s*\([^()]{0,80}\))?\s*:?(?=\s|$)`, 'g')

/** `lower` with each section heading turned into a sentence break. */
export function unframeHeadings(lower: string): string {
  if (!lower.includes('#')) return lower
  return lower.replaceAll(SECTION_HEADING, '. ').replace(/^[\s.]+/, '')
}
