import {cpSync, rmSync, writeFileSync} from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

import {ProjectContext} from 'govtool'
import {makeTempDir} from 'govtool/testing'

export const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'notes')

export interface FixtureOptions {
  /** scaffold.yml content; `null` removes the file */
  scaffold?: string | null
  /** docs/GOVTOOL.yml content */
  config?: string
  /** remove LEDGER.md */
  noLedger?: boolean
}

/** A fresh copy of the notes fixture project (15 requirements, 10 tests, LEDGER.md, phase implementation). */
export function fixtureProject(options: FixtureOptions = {}): ProjectContext {
  const dir = makeTempDir('govtool-preflight-')
  cpSync(FIXTURE, dir, {recursive: true})
  if (options.scaffold === null) rmSync(path.join(dir, 'scaffold.yml'))
  else if (options.scaffold !== undefined) writeFileSync(path.join(dir, 'scaffold.yml'), options.scaffold)
  if (options.config !== undefined) writeFileSync(path.join(dir, 'docs', 'GOVTOOL.yml'), options.config)
  if (options.noLedger) rmSync(path.join(dir, 'LEDGER.md'))
  return new ProjectContext(dir, {...process.env, GOVTOOL_HOME: path.join(dir, '.home')})
}

export const phaseScaffold = (phase: string) => `name: notes\ntype: node-typescript\naee_phase: ${phase}\n`
