import {Help} from '@oclif/core'

/**
 * The root help opens with the five commands of a first session before the list of every command, so a new
 * user sees the path from install to a first governed change rather than 100 commands in alphabetical order.
 */
export const GETTING_STARTED = [
  ['govtool quickstart', 'see the gate work on a sample project (nothing of yours is touched)'],
  ['govtool import', 'bring the repository you are in under governance'],
  ['govtool preflight "fix the login timeout"', 'ask before a change: accepted, needs_clarification, blocked or rejected'],
  ['govtool verify', 'judge the change in your work tree against its requirements and tests'],
  ['govtool commit -m "..."', 'commit with the ledger checked and the staged diff scanned for secrets'],
] as const

export default class GovHelp extends Help {
  protected override formatRoot(): string {
    const width = Math.max(...GETTING_STARTED.map(([command]) => command.length))
    const lines = GETTING_STARTED.map(([command, what]) => `  $ ${command.padEnd(width)}  ${what}`)
    const fits = lines.every((line) => line.length <= this.opts.maxWidth)
    const block = fits ? lines : GETTING_STARTED.flatMap(([command, what]) => [`  $ ${command}`, `      ${what}`])
    return `${super.formatRoot()}\n\n${this.bold('GETTING STARTED')}\n${block.join('\n')}\n\n  Every command takes --help (-h) and --json; \`govtool commands\` lists them all.`
  }

  private bold(text: string): string {
    return process.stdout.isTTY && !process.env.NO_COLOR ? `\u001B[1m${text}\u001B[22m` : text
  }
}
