/**
 * Splits `govtool exec` arguments into govtool's own flags and the child's command line, the way the exec
 * operation's passthrough declaration does (`splitPassthrough` in govtool/core, from exec's own flags):
 *
 * - With `--`, everything after it is the child's: `govtool exec --timeout 5 -- ls -la --color`.
 * - Without it, govtool's flags are read up to the first word that is not one of them; that word is the
 *   command and everything after it (flags included) belongs to the child: `govtool exec npm test -- --watch`.
 *   An unknown flag before the command stays govtool's to reject (a typo like --timout).
 */
import {splitPassthrough} from 'govtool/core'

import {execOp} from '../ops/exec.js'

export interface ExecArgv {
  /** govtool's flags, for the parser to read */
  own: string[]
  /** the command and its arguments */
  child: string[]
}

export function splitExecArgv(argv: readonly string[]): ExecArgv {
  const {own, rest} = splitPassthrough(execOp, argv)
  return {own, child: rest}
}
