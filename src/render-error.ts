import {GovError, isGovError} from './errors.js'
import {terminalSafe} from './terminal-text.js'
import {color} from './ui.js'

/** The human form of an error: `Error: message` and an indented hint. */
export function renderError(error: GovError): string {
  let out = `${color.red('Error:')} ${terminalSafe(error.message)}\n`
  if (error.hint) out += `${color.dim('Hint:')} ${terminalSafe(error.hint)}\n`
  return out
}

/** Normalises anything thrown into a GovError with an exit code and a hint. */
export function toGovError(error: unknown, commandId = ''): GovError {
  if (isGovError(error)) return error
  const err = error instanceof Error ? error : new Error(String(error))
  const help = commandId ? `govtool ${commandId.replaceAll(':', ' ')} --help` : 'govtool --help'
  // oclif's flag/argument parser errors
  if ('parse' in err || /^(Missing|Unexpected|Nonexistent|Expected|The following error occurred|Parsing --)/.test(err.message)) {
    // oclif's messages are a heading ("Missing 1 required arg:", "The following errors occurred:") followed by
    // the specifics and a "See more help" line; keep the specifics, drop the help line (the hint says it).
    const lines = err.message
      .split('\n')
      .map((l) => l.trim().replace(/^Error: /, ''))
      .filter((l) => l && !/^See more help with/.test(l))
    const message = lines.length > 1 ? `${lines[0].replace(/:$/, '')}: ${lines.slice(1).join('; ')}` : (lines[0] ?? err.message)
    return new GovError(message, {
      code: 'E_USAGE',
      hint: `See ${help} for the flags and arguments it takes.`,
    })
  }
  if (err.name === 'ZodError') {
    return new GovError(`Invalid input: ${err.message}`, {code: 'E_INPUT', hint: `See ${help}.`})
  }
  const code = (err as NodeJS.ErrnoException).code
  if (code === 'EACCES' || code === 'EPERM') {
    return new GovError(err.message, {code: 'E_PERMISSION', hint: 'Check the file permissions of the path named above.'})
  }
  if (code === 'ENOSPC') return new GovError(err.message, {code: 'E_DISK_FULL', hint: 'Free some disk space and run the command again.'})
  return new GovError(`Unexpected error: ${err.message}`, {
    code: 'E_UNEXPECTED',
    hint: 'Run again with DEBUG=1 for the stack trace, and report it if it persists.',
  })
}
