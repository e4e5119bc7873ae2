/**
 * The governance parser with the full CommonMark parser (mdast) for the sections the line scanner (scan.ts)
 * does not accept. See scan.ts for the formats read.
 */
import type {List, ListItem, RootContent} from 'mdast'
import {fromMarkdown} from 'mdast-util-from-markdown'

import {inlineText, lineOf, squash} from './markdown.js'
import {parseBlocks, scanBlocks, type Block, type RecordKind, type SectionResult} from './scan.js'

export * from './scan.js'

/** The blocks of a section through the full CommonMark parser (mdast). */
export function markdownBlocks(text: string): Block[] {
  const tree = fromMarkdown(text)
  const blocks: Block[] = []
  for (const node of tree.children as RootContent[]) {
    if (node.type === 'heading') blocks.push({type: 'heading', depth: node.depth, text: squash(inlineText(node)), line: lineOf(node)})
    else if (node.type === 'list') {
      for (const item of (node as List).children) blocks.push({type: 'field', body: itemText(item), line: lineOf(item)})
    } else if (node.type === 'paragraph') blocks.push({type: 'field', body: inlineText(node), line: lineOf(node)})
    else if (node.type !== 'code' && node.type !== 'html' && node.type !== 'thematicBreak') blocks.push({type: 'prose', text: inlineText(node)})
  }
  return blocks
}

function itemText(item: ListItem): string {
  return item.children.map((c) => inlineText(c)).join('\n')
}

/** Parses one section of a requirements or tests file. */
export function parseSection(kind: RecordKind, text: string): SectionResult {
  return parseBlocks(kind, scanBlocks(text) ?? markdownBlocks(text))
}

