/**
 * Fast paths: `bin/run.js` calls `runFast` for `govtool preflight ...` and `govtool verify ...` before
 * loading oclif, because both sit in front of every agent request and start-up is most of their latency.
 * Each parses exactly the flags its oclif command declares; anything else (help, an unknown flag, a
 * missing argument) returns `undefined` and the caller falls through to oclif, which reports it. Output,
 * JSON and exit codes are those of the commands (tests run every case both ways and compare).
 */
import {parseArgs, type ParseArgsConfig} from 'node:util'

import {ProjectContext, renderError, toGovError} from 'govtool/core'

import {decisionExitCode, preflight} from './lib/preflight.js'
import {renderPreflightHuman} from './lib/render.js'
import {gatherVerifyInput, renderVerifyHuman} from './lib/verify/cli.js'
import {verify, verifyExitCode} from './lib/verify/verify.js'

type Values = Record<string, string | boolean | undefined>

interface FastCommand {
  options: NonNullable<ParseArgsConfig['options']>
  positionals: boolean
  execute(ctx: ProjectContext, values: Values, positionals: string[]): Promise<{result: unknown; human: string; exit: number}>
}

const COMMON = {json: {type: 'boolean'}, 'project-dir': {type: 'string'}} as const

const COMMANDS: Record<string, FastCommand> = {
  preflight: {
    options: {...COMMON, verbose: {type: 'boolean'}, stress: {type: 'boolean'}},
    positionals: true,
    async execute(ctx, values, positionals) {
      const result = await preflight(ctx, positionals.join(' '), {stress: values.stress === true, verbose: values.verbose === true})
      return {result, human: renderPreflightHuman(result), exit: decisionExitCode(result.decision)}
    },
  },
  verify: {
    options: {...COMMON, stdin: {type: 'boolean'}, diff: {type: 'string'}, tests: {type: 'string'}, logs: {type: 'string'}, changed: {type: 'string'}, 'work-item-id': {type: 'string'}},
    positionals: false,
    async execute(ctx, values) {
      const result = await verify(ctx, await gatherVerifyInput(values))
      return {result, human: renderVerifyHuman(result), exit: verifyExitCode(result)}
    },
  },
}

/** Runs `argv` (command id first) without oclif; `undefined` when oclif must handle it. */
export async function runFast(argv: string[]): Promise<number | undefined> {
  const [id, ...rest] = argv
  const command = COMMANDS[id]
  if (!command) return undefined
  let parsed
  try {
    parsed = parseArgs({args: rest, allowPositionals: command.positionals, strict: true, options: command.options})
  } catch {
    return undefined
  }
  if (command.positionals && parsed.positionals.length === 0) return undefined
  const values = parsed.values as Values
  const json = values.json === true
  try {
    const ctx = ProjectContext.resolve(values['project-dir'] as string | undefined)
    const {result, human, exit} = await command.execute(ctx, values, parsed.positionals)
    process.stdout.write(json ? `${JSON.stringify(result, null, 2)}\n` : `${human}\n`)
    return exit
  } catch (error) {
    const gov = toGovError(error, id)
    if (json) process.stdout.write(`${JSON.stringify({error: gov.toJSON()}, null, 2)}\n`)
    else process.stderr.write(renderError(gov))
    return gov.exit
  }
}
