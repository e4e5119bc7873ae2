/**
 * Round 29d (issue 22, scope found on one incidental shared word): "show the CLI and server versions side by side in
 * `notes --version`" asks the program to show something in its own version output, a change of the program (like
 * a place of a graphical interface, round 24b's shown-in-ui.ts), not to show the asker something. The places are
 * a command's help or version output: a backticked invocation with --version or --help, "the --help output", "the
 * help text", "the usage line", "the version output". What it leaves alone: "show me the help text", "show the output
 * of `notes --version`" (no thing shown in it: the output is what is asked for), "show what's in the help text".
 */

/** Where a command prints its help or its version: a place of the program's own output. */
export const COMMAND_OUTPUT_PLACE = /\b(?:in|on|inside|within|into)\s+(?:the\s+)?(?:`[a-z][\w-]*(?:\s+[\w-]+)*\s+(?:--version|--help|-v|-h)`|--?(?:version|help)\s+output|(?:help|usage|version)\s+(?:text|output|line|string|screen|banner))/

/** The object of a showing verb names a thing shown in a command's help or version output. */
export function shownInCommandOutput(object: string): boolean {
  const o = object.trim()
  if (!o.includes('help') && !o.includes('version') && !o.includes('usage')) return false
  return !/^(?:me|us|you|what|which|where|how|whatever|everything)\b/.test(o) && !/^(?:the\s+)?output\b/.test(o) && COMMAND_OUTPUT_PLACE.test(o)
}
