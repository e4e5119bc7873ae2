/**
 * The preflight fast path: `bin/run.js` calls this for `govtool preflight ...` before loading oclif,
 * because preflight sits in front of every agent request and start-up is most of its latency. It parses
 * exactly the flags the oclif command declares; anything else (help, an unknown flag, no utterance)
 * returns `undefined` and the caller falls through to oclif, which reports it. Output, JSON and exit
 * codes are those of the `preflight` command (tests compare both paths).
 */
import {parseArgs} from 'node:util'

import {ProjectContext, renderError, toGovError} from 'govtool/core'

import {decisionExitCode, preflight} from './lib/preflight.js'
import {renderPreflightHuman} from './lib/render.js'

export async function runPreflightFast(argv: string[]): Promise<number | undefined> {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {json: {type: 'boolean'}, verbose: {type: 'boolean'}, stress: {type: 'boolean'}, 'project-dir': {type: 'string'}},
    })
  } catch {
    return undefined
  }
  if (parsed.positionals.length === 0) return undefined
  const json = parsed.values.json === true
  try {
    const ctx = ProjectContext.resolve(parsed.values['project-dir'])
    const result = await preflight(ctx, parsed.positionals.join(' '), {stress: parsed.values.stress === true, verbose: parsed.values.verbose === true})
    process.stdout.write(json ? `${JSON.stringify(result, null, 2)}\n` : `${renderPreflightHuman(result)}\n`)
    return decisionExitCode(result.decision)
  } catch (error) {
    const gov = toGovError(error, 'preflight')
    if (json) process.stdout.write(`${JSON.stringify({error: gov.toJSON()}, null, 2)}\n`)
    else process.stderr.write(renderError(gov))
    return gov.exit
  }
}
