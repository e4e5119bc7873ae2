import {accessSync, constants} from 'node:fs'
import path from 'node:path'

import {GovError, type ProjectContext} from 'govtool/core'

import {defaultRemote, remoteUrl} from './git.js'
import {loadStrategy} from './strategy.js'

/** The hosting platforms with a CLI govtool drives, and how to install each. */
export const PLATFORMS = {
  github: {
    cli: 'gh',
    label: 'GitHub CLI (gh)',
    install: 'Install the GitHub CLI from https://cli.github.com (brew install gh, winget install GitHub.cli, or your package manager), then run `gh auth login`.',
  },
  gitlab: {
    cli: 'glab',
    label: 'GitLab CLI (glab)',
    install: 'Install the GitLab CLI from https://gitlab.com/gitlab-org/cli (brew install glab, or your package manager), then run `glab auth login`.',
  },
  'azure-devops': {
    cli: 'az',
    label: 'Azure CLI (az) with the azure-devops extension',
    install: 'Install the Azure CLI from https://aka.ms/install-azure-cli, add `az extension add --name azure-devops`, then `az login` and `az devops configure --defaults organization=<url> project=<name>`.',
  },
} as const

export type PlatformName = keyof typeof PLATFORMS

export interface Platform {
  name: PlatformName
  cli: string
  /** absolute path of the CLI */
  path: string
}

/** Finds an executable on PATH (no shell, no `which`). */
export function findOnPath(command: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const dirs = (env.PATH ?? '').split(path.delimiter).filter(Boolean)
  const exts = process.platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';') : ['']
  for (const dir of dirs) {
    for (const ext of exts) {
      const candidate = path.join(dir, command + ext)
      try {
        accessSync(candidate, constants.X_OK)
        return candidate
      } catch {
        // not here
      }
    }
  }
  return undefined
}

/** The platform from scaffold.yml's vcs_platform, else guessed from the remote's URL, else GitHub. */
export async function detectPlatform(ctx: ProjectContext): Promise<{name: string; source: 'scaffold.yml' | 'remote' | 'default'}> {
  const {scaffold} = await loadStrategy(ctx)
  if (scaffold) return {name: scaffold.vcs_platform, source: 'scaffold.yml'}
  const remote = await defaultRemote(ctx)
  const url = remote ? await remoteUrl(ctx, remote) : undefined
  if (url && /gitlab/i.test(url)) return {name: 'gitlab', source: 'remote'}
  if (url && /dev\.azure\.com|visualstudio\.com/i.test(url)) return {name: 'azure-devops', source: 'remote'}
  if (url && /github/i.test(url)) return {name: 'github', source: 'remote'}
  return {name: 'github', source: 'default'}
}

/** The platform and its CLI; a clear error naming the install steps when the CLI is missing. */
export async function requirePlatform(ctx: ProjectContext, command: string): Promise<Platform> {
  const detected = await detectPlatform(ctx)
  if (!(detected.name in PLATFORMS)) {
    throw new GovError(`\`govtool ${command}\` is not available for vcs_platform '${detected.name}'.`, {
      code: 'E_PLATFORM_UNSUPPORTED',
      hint: `Supported platforms: ${Object.keys(PLATFORMS).join(', ')}. Set vcs_platform in scaffold.yml.`,
    })
  }
  const name = detected.name as PlatformName
  const info = PLATFORMS[name]
  const found = findOnPath(info.cli)
  if (!found) {
    throw new GovError(`\`govtool ${command}\` needs the ${info.label}, which is not installed (no \`${info.cli}\` on PATH).`, {
      code: 'E_PLATFORM_CLI_MISSING',
      hint: info.install,
    })
  }
  return {name, cli: info.cli, path: found}
}

export interface CliRun {
  code: number
  stdout: string
  stderr: string
}

/** Runs the platform CLI in the project (no prompts, 60 s limit). */
export async function runPlatform(ctx: ProjectContext, platform: Platform, args: readonly string[]): Promise<CliRun> {
  // loaded here, not at start-up: a command that finds no platform CLI never runs one
  const {execa} = await import('execa')
  const r = await execa(platform.path, args, {
    cwd: ctx.root,
    reject: false,
    stdin: 'ignore',
    timeout: 60_000,
    env: {GH_PROMPT_DISABLED: '1', NO_COLOR: '1', GLAB_NO_PROMPT: '1', GH_NO_UPDATE_NOTIFIER: '1'},
  })
  return {code: r.exitCode ?? 1, stdout: String(r.stdout ?? ''), stderr: String(r.stderr ?? '')}
}

/** Parses JSON output of a platform CLI; `undefined` when it is not JSON. */
export function parseJsonOutput(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
