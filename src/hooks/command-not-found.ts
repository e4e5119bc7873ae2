import type {Hook} from '@oclif/core'

import {GovError} from '../errors.js'
import {renderError} from '../render-error.js'

/** Edit distance between two command ids (spaces as separators), for "did you mean". */
function distance(a: string, b: string): number {
  const row = Array.from({length: b.length + 1}, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const next = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1))
      prev = row[j]
      row[j] = next
    }
  }
  return row[b.length]
}

/**
 * An unknown command is rendered like every other govtool error (JSON on stdout with --json), exit 2,
 * with the closest commands or topics as the hint. Arguments may follow the misspelled words
 * (`govtool ledgr add "fix"`), so each candidate is compared with as many typed words as it has.
 */
const hook: Hook<'command_not_found'> = async function (opts) {
  const words = opts.id.split(':').filter(Boolean)
  const candidates = [
    ...opts.config.commands.filter((c) => !c.hidden).map((c) => c.id.replaceAll(':', ' ')),
    ...opts.config.topics.filter((t) => !t.hidden).map((t) => t.name.replaceAll(':', ' ')),
  ]
  const scored = [...new Set(candidates)]
    .map((id) => {
      const n = id.split(' ').length
      const typed = words.slice(0, n).join(' ')
      return {id, typed, d: distance(typed, id)}
    })
    .filter((x) => x.typed.length > 0 && x.d > 0 && x.d <= Math.max(2, Math.floor(x.typed.length / 3)))
    .sort((x, y) => x.d - y.d || y.id.split(' ').length - x.id.split(' ').length || x.id.localeCompare(y.id))
  const close = [...new Set(scored.map((x) => x.id))].slice(0, 3).map((id) => `govtool ${id}`)
  const shown = scored[0]?.typed ?? words[0] ?? opts.id
  const error = new GovError(`Unknown command "${shown}".`, {
    code: 'E_UNKNOWN_COMMAND',
    hint: close.length > 0 ? `Did you mean ${close.join(', ')}? See govtool --help for every command.` : 'See govtool --help for every command.',
  })
  if (opts.argv?.includes('--json')) process.stdout.write(`${JSON.stringify({error: error.toJSON()}, null, 2)}\n`)
  else process.stderr.write(renderError(error))
  process.exitCode = 2
  return true
}

export default hook
