/**
 * Edits one requirement or test entry in the text of docs/REQUIREMENTS.md or docs/TESTS.md in place, in the
 * style the entry is written in (REFERENCE.md style A `- **Status**: Draft`, style B `- **Status:** draft`,
 * headings `## REQ-001. Title`, `## REQ-001: Title`, `### TEST-001 Title`, or a `## Title` heading over an
 * `- **ID:**` field). Only the lines of the fields that change are rewritten; everything else (notes,
 * acceptance criteria, other entries, the preamble) stays byte for byte.
 *
 * An entry runs from its heading (the line the parser reports) to the next heading of the same or a higher
 * level, or the next id heading, outside fenced code, like the parser reads it.
 */

const FENCE = /^ {0,3}(`{3,}|~{3,})/
const HEADING = /^(#{1,6})[ \t]+(.*?)[ \t#]*$/
const ID_HEADING = /^#{1,6}[ \t]+(?:\*\*|__|`|\[)?\s*(?:REQ|TEST)-/i
/** `- **Label:** value`, `- **Label**: value`, `- Label: value`, `**Label:** value` */
const FIELD = /^([ \t]*(?:[-*+][ \t]+)?)(\*\*|__)?([A-Za-z][A-Za-z ]{0,30}?)[ \t]*(:(?:\*\*|__)|(?:\*\*|__):|:)[ \t]*(.*)$/
const LIST_ITEM = /^[ \t]*(?:[-*+]|\d+[.)])[ \t]/

export interface EntrySpan {
  /** 0-based index of the entry's first line (its heading) */
  start: number
  /** 0-based index one past its last non-blank line */
  end: number
  /** heading level, 7 when the entry has no heading of its own */
  depth: number
}

export interface FieldLine {
  /** 0-based line index */
  index: number
  /** lines after it that continue its value (lazy continuation lines) */
  continuation: number
  label: string
  /** `A` (`**Label**:`) or `B` (`**Label:**`) or `plain` (`Label:`) */
  style: 'A' | 'B' | 'plain'
  /** the bullet and indentation before the label */
  prefix: string
  value: string
}

export function splitLines(text: string): string[] {
  const lines = text.split('\n')
  if (lines.at(-1) === '') lines.pop()
  return lines
}

export function joinLines(lines: readonly string[]): string {
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`
}

/** The span of the entry whose heading (or first line) is at 1-based `line`. */
export function entrySpan(lines: readonly string[], line: number): EntrySpan {
  const start = line - 1
  const heading = HEADING.exec(lines[start] ?? '')
  const depth = heading ? heading[1].length : 7
  let end = lines.length
  let fence: {char: string; len: number} | undefined
  for (let i = start + 1; i < lines.length; i++) {
    const text = lines[i]
    const f = FENCE.exec(text)
    if (fence) {
      if (f && f[1][0] === fence.char && f[1].length >= fence.len) fence = undefined
      continue
    }
    if (f) {
      fence = {char: f[1][0], len: f[1].length}
      continue
    }
    const h = HEADING.exec(text)
    if (h && (h[1].length <= depth || ID_HEADING.test(text))) {
      end = i
      break
    }
  }
  while (end > start + 1 && lines[end - 1].trim() === '') end--
  return {start, end, depth}
}

/** The field lines of an entry, before its first sub-heading and outside code; `labels` maps lower-cased labels to field names. */
export function entryFields(lines: readonly string[], span: EntrySpan, labels: Readonly<Record<string, string>>): Map<string, FieldLine> {
  const fields = new Map<string, FieldLine>()
  let fence = false
  for (let i = span.start + 1; i < span.end; i++) {
    const text = lines[i]
    if (FENCE.test(text)) {
      fence = !fence
      continue
    }
    if (fence) continue
    if (HEADING.test(text)) break
    const m = FIELD.exec(text)
    if (!m) continue
    const field = labels[m[3].trim().toLowerCase()]
    if (!field || fields.has(field)) continue
    let continuation = 0
    while (i + 1 + continuation < span.end) {
      const next = lines[i + 1 + continuation]
      if (next.trim() === '' || LIST_ITEM.test(next) || HEADING.test(next) || FENCE.test(next) || FIELD.exec(next)?.[2]) break
      continuation++
    }
    const style = !m[2] ? 'plain' : m[4].startsWith(':') ? 'B' : 'A'
    fields.set(field, {index: i, continuation, label: m[3].trim(), style, prefix: m[1], value: m[5]})
  }
  return fields
}

function fieldText(prefix: string, label: string, style: FieldLine['style'], value: string): string {
  if (style === 'A') return `${prefix}**${label}**: ${value}`
  if (style === 'B') return `${prefix}**${label}:** ${value}`
  return `${prefix}${label}: ${value}`
}

/**
 * Sets a field of the entry: its line is rewritten (continuation lines dropped) in the entry's own style, or,
 * when the entry lacks it, a line is added after its last field. Returns the new lines and the entry's span.
 */
export function setEntryField(
  lines: readonly string[],
  span: EntrySpan,
  labels: Readonly<Record<string, string>>,
  field: string,
  label: string,
  value: string,
): {lines: string[]; span: EntrySpan} {
  const fields = entryFields(lines, span, labels)
  const out = [...lines]
  const existing = fields.get(field)
  if (existing) {
    out.splice(existing.index, 1 + existing.continuation, fieldText(existing.prefix, existing.label, existing.style, value))
    return {lines: out, span: {...span, end: span.end - existing.continuation}}
  }
  const all = [...fields.values()].sort((a, b) => a.index - b.index)
  const last = all.at(-1)
  const model = all[0]
  const at = last ? last.index + 1 + last.continuation : span.start + 1
  out.splice(at, 0, fieldText(model?.prefix ?? '- ', label, model?.style ?? 'B', value))
  return {lines: out, span: {...span, end: span.end + 1}}
}

/**
 * Sets the title in the entry's heading, keeping its level, id and separator (`. ` by default); a heading that
 * holds only a title (an entry identified by its `- **ID:**` field) is replaced by the new title.
 */
export function setEntryTitle(lines: readonly string[], span: EntrySpan, id: string, title: string): string[] {
  const out = [...lines]
  const h = HEADING.exec(out[span.start] ?? '')
  if (!h) return out
  const text = h[2]
  const at = text.indexOf(id)
  if (at === -1) {
    out[span.start] = `${h[1]} ${title}`
    return out
  }
  const head = text.slice(0, at + id.length)
  const rest = text.slice(at + id.length)
  const close = /^(\*\*|__|`|\])/.exec(rest)?.[1] ?? ''
  const sep = /^[\s:.)—–-]+/.exec(rest.slice(close.length))?.[0]
  const separator = sep && sep.trim() !== '' ? (sep.endsWith(' ') ? sep : `${sep} `) : '. '
  out[span.start] = `${h[1]} ${head}${close}${title ? `${separator}${title}` : ''}`
  return out
}

/** Removes the entry and the blank lines after it, so that its neighbours keep one blank line between them. */
export function removeEntry(lines: readonly string[], span: EntrySpan): string[] {
  let end = span.end
  while (end < lines.length && lines[end].trim() === '') end++
  const out = [...lines.slice(0, span.start), ...lines.slice(end)]
  // the entry was the last one: drop the blank lines it leaves at the end
  while (out.length > 0 && out.at(-1)!.trim() === '') out.pop()
  return out
}
