import {GovError} from './errors.js'

/** True when both stdin and stdout are terminals (prompts are allowed). */
export function isInteractive(): boolean {
  // stdout first: process.stdin is created on first access, a stream a command whose output is not a terminal never needs
  return Boolean(process.stdout.isTTY && process.stdin.isTTY) && process.env.CI !== 'true'
}

/**
 * Asks a yes/no question on a TTY. Without a TTY it refuses with an error that names the flag to pass,
 * so scripts never hang on a prompt.
 */
export async function confirm(question: string, options: {flag?: string; defaultYes?: boolean} = {}): Promise<boolean> {
  if (!isInteractive()) {
    throw new GovError(`${question} needs confirmation, and there is no terminal to ask on.`, {
      code: 'E_NEEDS_CONFIRMATION',
      hint: `Pass ${options.flag ?? '--yes'} to confirm without a prompt.`,
    })
  }
  // loaded here: readline (and its stream modules) for the one command line in many that prompts (issue 14)
  const {createInterface} = process.getBuiltinModule('node:readline/promises')
  const rl = createInterface({input: process.stdin, output: process.stdout})
  try {
    const answer = (await rl.question(`${question} ${options.defaultYes ? '[Y/n]' : '[y/N]'} `)).trim().toLowerCase()
    if (answer === '') return Boolean(options.defaultYes)
    return answer === 'y' || answer === 'yes'
  } finally {
    rl.close()
  }
}
