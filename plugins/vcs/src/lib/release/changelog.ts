import type {FileEdit} from './manifests.js'

/**
 * A new CHANGELOG section for a release, in the Keep a Changelog style:
 * - with an `## [Unreleased]` section, its entries become the release's section and a fresh, empty
 *   Unreleased heading stays on top;
 * - otherwise the section is inserted above the newest one, listing the commits since the previous tag;
 * - compare links at the bottom (`[Unreleased]: .../compare/v1.2.3...HEAD`) are moved on;
 * - without a changelog, one is created.
 */
export interface ChangelogInput {
  file: string
  /** current text; undefined when the file does not exist */
  text: string | undefined
  version: string
  previous: string | undefined
  /** YYYY-MM-DD */
  date: string
  /** commit subjects since the previous release, newest first */
  changes: readonly string[]
}

const UNRELEASED = /^##\s*\[?unreleased\]?\s*$/im

function sectionExists(text: string, version: string): boolean {
  const escaped = version.replaceAll('.', String.raw`\.`)
  return new RegExp(String.raw`^##\s*\[?v?${escaped}\]?(?:\s|$)`, 'm').test(text)
}

function changeLines(changes: readonly string[], version: string): string[] {
  if (changes.length === 0) return [`- Release ${version}.`]
  return changes.slice(0, 50).map((c) => `- ${c}`)
}

/** The edit that adds the release's section; undefined when the changelog already has one. */
export function changelogEdit(input: ChangelogInput): FileEdit | undefined {
  const heading = `## [${input.version}] - ${input.date}`
  if (input.text === undefined) {
    const content = ['# Changelog', '', 'All notable changes to this project are documented in this file.', '', heading, '', ...changeLines(input.changes, input.version), ''].join('\n')
    return {file: input.file, kind: 'changelog', line: 5, before: '', after: heading, created: true, content}
  }
  const text = input.text
  if (sectionExists(text, input.version)) return undefined
  const lines = text.split('\n')
  let insertAt: number
  let block: string[]
  const unreleased = lines.findIndex((l) => UNRELEASED.test(l))
  if (unreleased >= 0) {
    const nextHeading = lines.findIndex((l, i) => i > unreleased && /^##\s/.test(l))
    const end = nextHeading === -1 ? lines.length : nextHeading
    const body = lines.slice(unreleased + 1, end).filter((l) => !/^\[[^\]]+\]:\s/.test(l))
    const hasEntries = body.some((l) => l.trim() !== '')
    insertAt = unreleased + 1
    // Unreleased keeps nothing; its entries now sit under the release heading
    block = hasEntries ? ['', heading] : ['', heading, '', ...changeLines(input.changes, input.version)]
  } else {
    const firstSection = lines.findIndex((l) => /^##\s/.test(l))
    insertAt = firstSection === -1 ? lines.length - (lines.at(-1) === '' ? 1 : 0) : firstSection
    block = [heading, '', ...changeLines(input.changes, input.version), '']
    if (insertAt > 0 && lines[insertAt - 1].trim() !== '') block.unshift('')
  }
  const out = [...lines.slice(0, insertAt), ...block, ...lines.slice(insertAt)]
  moveCompareLinks(out, input.version, input.previous)
  const content = out.join('\n')
  return {file: input.file, kind: 'changelog', line: insertAt + block.indexOf(heading) + 1, before: '', after: heading, content}
}

/** `[Unreleased]: <base>/compare/v1.2.3...HEAD` -> points at the new tag, with a link for the release added. */
function moveCompareLinks(lines: string[], version: string, previous: string | undefined): void {
  const i = lines.findIndex((l) => /^\[unreleased\]:\s*\S+\/compare\/\S+\.\.\.HEAD\s*$/i.test(l))
  if (i === -1) return
  const m = /^(\[unreleased\]:\s*)(\S+\/compare\/)(\S+)\.\.\.HEAD/i.exec(lines[i])!
  const prevTag = m[3]
  const prefix = prevTag.startsWith('v') ? 'v' : ''
  const newTag = `${prefix}${version}`
  lines[i] = `${m[1]}${m[2]}${newTag}...HEAD`
  const from = previous ? `${prefix}${previous}` : prevTag
  lines.splice(i + 1, 0, `[${version}]: ${m[2]}${from}...${newTag}`)
}
