import {existsSync, mkdirSync, readdirSync, statSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {GovError, runGit} from 'govtool/core'
import {makeTempDir} from 'govtool/testing'

import {validateEvent, type ChatEvent} from '../src/index.js'

/** A git project with one requirement about notes.md and the `standard` permission preset (or `preset`). */
export async function notesProject(preset = 'standard'): Promise<string> {
  const root = makeTempDir('govtool-chat-')
  mkdirSync(path.join(root, 'docs'))
  writeFileSync(
    path.join(root, 'docs', 'REQUIREMENTS.md'),
    '# Requirements\n\n## REQ-001. Project notes file\n- **ID:** REQ-001\n- **Description:** The project keeps its notes in notes.md; writing and updating notes.md is allowed.\n- **Status:** implemented\n',
  )
  writeFileSync(path.join(root, 'docs', 'TESTS.md'), '# Tests\n\n### TEST-001 notes file exists\n- **Covers**: REQ-001\n')
  writeFileSync(path.join(root, 'docs', 'GOVTOOL.yml'), `agent:\n  permissions:\n    preset: ${preset}\n`)
  writeFileSync(path.join(root, 'notes.md'), 'first notes\n')
  await runGit(root, ['init', '-q'])
  await runGit(root, ['add', '-A'])
  await runGit(root, ['commit', '-qm', 'start'])
  return root
}

/** Every event valid against its schema (the suite's check that what chat emits is what the schemas say). */
export function expectValidEvents(events: readonly unknown[]): void {
  expect(events.length).to.be.greaterThan(0)
  for (const e of events) expect(validateEvent(e), JSON.stringify(e)).to.deep.equal([])
}

export function ofType<T extends ChatEvent['type']>(events: readonly ChatEvent[], type: T): Extract<ChatEvent, {type: T}>[] {
  return events.filter((e) => e.type === type) as Extract<ChatEvent, {type: T}>[]
}

export function parseLines(stdout: string): ChatEvent[] {
  return stdout
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as ChatEvent)
}

/** The GovError a promise fails with (the test fails when it resolves or throws something else). */
export async function failure(p: Promise<unknown>): Promise<GovError> {
  try {
    await p
  } catch (error) {
    expect(error).to.be.instanceOf(GovError)
    return error as GovError
  }
  throw new Error('expected a failure')
}

/** Every file below `dir` (none when it does not exist), for greps of what a run wrote. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name)
    return statSync(p).isDirectory() ? filesUnder(p) : [p]
  })
}
