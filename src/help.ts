import {Help, type Command} from '@oclif/core'

/**
 * The root help opens with the five commands of a first session before the list of every command, so a new
 * user sees the path from install to a first governed change rather than 100 commands in alphabetical order.
 */
export const GETTING_STARTED = [
  ['govtool quickstart', 'watch the gate work on a sample project (offline, a few seconds)'],
  ['govtool import', 'bring the repository you are in under governance'],
  ['govtool preflight "fix the login timeout"', 'ask before a change: accepted, needs_clarification, blocked or rejected'],
  ['govtool verify', 'judge the change in your work tree against its requirements and tests'],
  ['govtool commit -m "..."', 'commit the tracked changes, refusing a staged secret, with the ledger checked'],
] as const

/**
 * govtool has a `plugin` command (its own: what the installed plugins contribute, and whether they loaded)
 * beside oclif's `plugins` manager (install, link, update, remove packages). The manager's help comes from
 * @oclif/plugin-plugins, so the difference is added to it here; `govtool plugin --help` says it in its own
 * description.
 */
const PLUGIN_MANAGER_NOTE =
  '`govtool plugins` (plural) is the plugin manager: it installs, links, updates and removes plugin packages. `govtool plugin` (singular) is a different command: it lists what the installed plugins contribute to govtool (project types) and whether each one loaded, with the import error of a broken one. After installing or linking a plugin, run `govtool plugin` to check it.'
const NOTES: Readonly<Record<string, string>> = {
  plugins: PLUGIN_MANAGER_NOTE,
  'plugins:install': PLUGIN_MANAGER_NOTE,
  'plugins:link': PLUGIN_MANAGER_NOTE,
}

export default class GovHelp extends Help {
  protected override formatCommand(command: Command.Loadable): string {
    const text = super.formatCommand(command)
    const note = NOTES[command.id]
    return note ? `${text}\n\n${this.section('GOVTOOL PLUGIN OR PLUGINS?', this.wrap(note))}` : text
  }

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
