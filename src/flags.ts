import {Flags} from '@oclif/core'

/** `--project-dir`: every command that operates on a project includes `...projectFlags`. */
export const projectFlags = {
  'project-dir': Flags.string({
    summary: 'Project root to operate on (default: the current directory).',
    helpValue: 'PATH',
  }),
}

/** `--yes`: skip confirmation prompts (needed when stdin is not a TTY). */
export const yesFlag = Flags.boolean({
  char: 'y',
  summary: 'Do not ask for confirmation.',
  default: false,
})
