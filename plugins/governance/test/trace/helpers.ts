import {lstatSync, mkdirSync, readFileSync, utimesSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'

import {formatRequirement, formatTestCase} from '../../src/lib/trace/format.js'
import {modelSummarySettings, modelSummaryStats} from '../../src/lib/trace/model-summary.js'

export function write(root: string, rel: string, text: string): string {
  const file = path.join(root, rel)
  mkdirSync(path.dirname(file), {recursive: true})
  writeFileSync(file, text)
  return file
}

export const SCAFFOLD = `# project scaffold
name: demo
type: generic
description: A demo project
vcs_platform: github
aee_phase: inception
`

/** A small project that passes every audit check (type generic, GitHub CI running govtool audit). */
export function healthyProject(root: string, options: {requirements?: number} = {}): void {
  const n = options.requirements ?? 2
  write(root, 'scaffold.yml', SCAFFOLD)
  write(root, 'AGENTS.md', '# AGENTS.md\n\nRead `docs/REQUIREMENTS.md` and `docs/governance/workflow.md`.\n')
  write(root, 'docs/governance/workflow.md', '# Workflow\n\nSmall steps.\n')
  write(root, 'LEDGER.md', '# Change Ledger\n')
  let reqs = '# Requirements\n'
  let tests = '# Tests\n'
  for (let i = 1; i <= n; i++) {
    const id = `REQ-CORE-${String(i).padStart(3, '0')}`
    reqs += '\n' + formatRequirement({id, title: `Feature ${i}`, description: `The system does thing ${i}.`, status: 'implemented', priority: 'P1', component: 'core'})
    tests += '\n' + formatTestCase({id: `TEST-CORE-${String(i).padStart(3, '0')}`, title: `Checks ${i}`, covers: [id], description: `Checks thing ${i}.`})
  }
  write(root, 'docs/REQUIREMENTS.md', reqs)
  write(root, 'docs/TESTS.md', tests)
  write(root, 'docs/architecture.md', '# Architecture\n\n## Components\n- core: serves REQ-CORE-001\n\n## Decisions\n- 2025-01-01: plain files.\n')
  write(root, '.github/workflows/ci.yml', 'name: CI\non: [push]\njobs:\n  gov:\n    runs-on: ubuntu-latest\n    steps:\n      - run: govtool audit\n')
}

/**
 * The model summary on, and the racy rule off, for each test of the enclosing describe block (files the test wrote a
 * few ms ago would be racy under the 2 s rule, which has a test of its own); the settings are restored after each.
 */
export function summaryOnWithoutRacyRule(): void {
  const saved = {...modelSummarySettings}
  beforeEach(() => {
    modelSummarySettings.racyMs = 0
    modelSummarySettings.enabled = true
  })
  afterEach(() => Object.assign(modelSummarySettings, saved))
}

/** Replaces `from` by `to` (as long) in `file` and puts its mtime back: the size and mtime stay, only the ctime moves. */
export function sameSizeEdit(file: string, from: string, to: string): void {
  const before = lstatSync(file)
  const text = readFileSync(file, 'utf8')
  const edited = text.replace(from, to)
  if (edited === text || Buffer.byteLength(edited) !== before.size) throw new Error(`sameSizeEdit: "${from}" -> "${to}" is no same-size edit of ${file}`)
  writeFileSync(file, edited)
  utimesSync(file, before.atime, before.mtime)
}

/** `answer()` through the model summary, then through the full path (the summary turned off), for comparison. */
export async function throughSummaryAndFull(answer: () => Promise<string>): Promise<{summary: string; full: string}> {
  modelSummarySettings.enabled = true
  const summary = await answer()
  modelSummarySettings.enabled = false
  try {
    return {summary, full: await answer()}
  } finally {
    modelSummarySettings.enabled = true
  }
}

/**
 * `answer()` through the model summary and through the full path: both print the same, `computed` kept records were
 * computed (and written) on the way, and the answer is returned parsed.
 */
export async function expectSameThroughSummary<T>(answer: () => Promise<string>, computed: number): Promise<T> {
  const misses = modelSummaryStats.misses
  const {summary, full} = await throughSummaryAndFull(answer)
  expect(summary).to.equal(full)
  expect(modelSummaryStats.misses - misses, 'records computed').to.equal(computed)
  return JSON.parse(full) as T
}

/**
 * A healthy project of six requirements plus a finding of every kind the model gives: a draft without a
 * description (titled `draftTitle`), an uncovered requirement, odd status and priority words, a duplicate id, and a
 * test whose Covers names `orphanCovers` (an unknown id first).
 */
export function projectWithFindings(root: string, draftTitle: string, orphanCovers: string): void {
  healthyProject(root, {requirements: 6})
  const reqs = path.join(root, 'docs/REQUIREMENTS.md')
  const tests = path.join(root, 'docs/TESTS.md')
  write(root, 'docs/REQUIREMENTS.md', readFileSync(reqs, 'utf8') + `\n### REQ-CORE-007: ${draftTitle}\n- **Status:** draft\n\n### REQ-CORE-008: Not covered\n- **Status:** proposed\n- **Priority:** P1\n- **Description:** Nobody tests it.\n\n### REQ-CORE-009: Off the list\n- **Status:** done\n- **Priority:** high\n- **Description:** Odd words.\n\n### REQ-CORE-001: Again\n- **Status:** implemented\n- **Priority:** P2\n- **Description:** A duplicate.\n`)
  write(root, 'docs/TESTS.md', readFileSync(tests, 'utf8') + `\n### TEST-CORE-099: Orphan\n- **Covers:** ${orphanCovers}\n- **Description:** Names nothing.\n`)
}
