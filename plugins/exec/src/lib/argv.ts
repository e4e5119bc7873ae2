/**
 * Splits `govtool exec` arguments into govtool's own flags and the child's command line.
 *
 * - With `--`, everything after it is the child's: `govtool exec --timeout 5 -- ls -la --color`.
 * - Without it, govtool's flags are read up to the first word that is not one of them; that word is the
 *   command and everything after it (flags included) belongs to the child: `govtool exec npm test -- --watch`.
 */
export interface ExecArgv {
  /** govtool's flags, for oclif to parse */
  own: string[]
  /** the command and its arguments */
  child: string[]
}

/** Flags of `exec` that take a value. */
const VALUE_FLAGS = new Set(['--timeout', '--grace', '--project-dir'])
/** Flags of `exec` without a value. */
const BOOLEAN_FLAGS = new Set(['--json'])

export function splitExecArgv(argv: readonly string[]): ExecArgv {
  const own: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]
    if (word === '--') return {own, child: argv.slice(i + 1)}
    const name = word.split('=', 1)[0]
    if (VALUE_FLAGS.has(name)) {
      own.push(word)
      if (!word.includes('=') && i + 1 < argv.length) own.push(argv[++i])
      continue
    }
    if (BOOLEAN_FLAGS.has(word)) {
      own.push(word)
      continue
    }
    // An unknown flag before the command is govtool's to reject (a typo like --timout).
    if (word.startsWith('-') && word !== '-') {
      own.push(word)
      continue
    }
    return {own, child: argv.slice(i)}
  }
  return {own, child: []}
}
