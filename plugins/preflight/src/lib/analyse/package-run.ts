/**
 * Round 18b (issue 22): a package manager's command line typed as the request ("npm run lint pls", "yarn test",
 * "npx tsc --noEmit") runs that check: read as "run npm run lint", whose command the run rules then judge like any
 * other (a project check is a RUN, anything else asks which command). The runners are data.
 */

/** Package managers and the subcommands that run something. */
export const PACKAGE_RUNNERS = ['npm', 'yarn', 'pnpm', 'bun']
export const RUNNING_SUBCOMMANDS = ['run', 'test', 't', 'run-script', 'exec', 'lint', 'typecheck']
export const EXECUTORS = ['npx', 'pnpx', 'bunx']

/** The command line at the start of a clause. */
export const PACKAGE_RUN = new RegExp(`^(?=(?:${PACKAGE_RUNNERS.join('|')})\\s+(?:${RUNNING_SUBCOMMANDS.join('|')})\\b|(?:${EXECUTORS.join('|')})\\s+[a-z@])`)
