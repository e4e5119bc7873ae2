/**
 * Markdown helpers for the governance parsers: plain text of mdast nodes, and the split of a large file
 * into sections at id headings so that each section is parsed (and cached) on its own.
 *
 * Why sections: micromark's cost grows faster than linearly with document size (a 1.7 MB REQUIREMENTS.md
 * takes over a minute as one document, about 3 s as 10,000 sections), and an edit then re-parses only the
 * sections it touched. A split is made only at an ATX heading that starts in column 0, outside fenced code,
 * whose text begins with an id prefix (REQ-/TEST-): such a line ends any open paragraph or list, so the
 * sections parse exactly as they would inside the whole document.
 */
import type {Nodes, Parent, RootContent} from 'mdast'

export interface Section {
  /** 1-based line of the section's first line in the file */
  start: number
  text: string
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/
const ID_HEADING = /^#{1,6}[ \t]+(?:\*\*|__|`|\[)?\s*(?:REQ|TEST)-/i

/**
 * Where splitSections splits `text`: the offset and the 1-based line of each section's start (the first is
 * 0, line 1), without copying any section's text, and whether the text ends inside a fenced block. A caller
 * that reads only some sections (the preflight pack's update) slices those alone; splitSections is this plus
 * the slices.
 */
export function sectionOffsets(text: string): {offsets: number[]; lines: number[]; fenceOpen: boolean} {
  const offsets = [0]
  const lines = [1]
  let fence: {char: string; len: number} | undefined
  let offset = 0
  let line = 1
  while (offset < text.length) {
    let end = text.indexOf('\n', offset)
    if (end === -1) end = text.length
    // only a line starting with '#', a space, '`' or '~' can be a heading or a fence: the others are skipped unread
    const first = text.charCodeAt(offset)
    if (first === 35 || first === 32 || first === 96 || first === 126) {
      const raw = text.slice(offset, end)
      const lineText = raw.endsWith('\r') ? raw.slice(0, -1) : raw
      const f = FENCE.exec(lineText)
      if (fence) {
        if (f && f[1][0] === fence.char && f[1].length >= fence.len && lineText.slice(f[0].length).trim() === '') fence = undefined
      } else if (f) {
        fence = {char: f[1][0], len: f[1].length}
      } else if (offset > offsets.at(-1)! && ID_HEADING.test(lineText)) {
        offsets.push(offset)
        lines.push(line)
      }
    }
    offset = end + 1
    line++
  }
  return {offsets, lines, fenceOpen: fence !== undefined}
}

/** Splits markdown text into sections, each starting at an id heading (the first may be a preamble). */
export function splitSections(text: string): Section[] {
  const {offsets, lines} = sectionOffsets(text)
  return offsets.map((at, k) => ({start: lines[k], text: text.slice(at, k + 1 < offsets.length ? offsets[k + 1] : text.length)}))
}

/** The plain text of inline content (emphasis and links unwrapped, code kept, breaks as spaces). */
export function inlineText(node: Nodes): string {
  switch (node.type) {
    case 'text':
    case 'inlineCode': {
      return node.value
    }
    case 'break': {
      return ' '
    }
    case 'image': {
      return node.alt ?? ''
    }
    case 'html': {
      return ''
    }
    case 'code': {
      return node.value
    }
    default: {
      if ('children' in node) return (node as Parent).children.map((c) => inlineText(c as Nodes)).join(blockSeparator(node))
      return ''
    }
  }
}

function blockSeparator(node: Nodes): string {
  return node.type === 'list' || node.type === 'listItem' || node.type === 'blockquote' || node.type === 'root' ? '\n' : ''
}

/** Collapses runs of whitespace to one space and trims. */
export function squash(text: string): string {
  return text.replaceAll(/\s+/g, ' ').trim()
}

/** 1-based start line of a node (relative to the text it was parsed from). */
export function lineOf(node: RootContent | Nodes): number {
  return node.position?.start.line ?? 1
}
