import {execFile} from 'node:child_process'
import {existsSync} from 'node:fs'
import path from 'node:path'
import {promisify} from 'node:util'

import type {Config} from '@oclif/core'
import semver from 'semver'
import {z} from 'zod/v3'

import {getChannel, type Channel} from './channel.js'
import {userHome, type ProjectContext} from './context.js'
import {GovError} from './errors.js'

/** How govtool was installed: from an oclif tarball (self-updatable) or from npm (updated by npm). */
export type InstallMethod = 'tarball' | 'npm'

/** oclif's view of the govtool installation at `root` (version, platform, data dir, update host). */
export async function loadCliConfig(root: string): Promise<Config> {
  const {Config} = await import('@oclif/core')
  return Config.load(root)
}

export interface UpdateCheck {
  current: string
  latest: string | null
  channel: Channel
  update_available: boolean
  install_method: InstallMethod
  host: string
  message: string
}

const BuildManifestSchema = z
  .object({
    version: z.string().min(1),
    sha: z.string().optional(),
    gz: z.string().optional(),
    sha256gz: z.string().optional(),
    baseDir: z.string().optional(),
  })
  .passthrough()

/** The update host: `GOVTOOL_UPDATE_HOST`, else `oclif.update.s3.host` in package.json. Applied to `config`. */
export function applyUpdateHost(config: Config, env: NodeJS.ProcessEnv = process.env): string {
  const override = env.GOVTOOL_UPDATE_HOST?.trim()
  const s3 = (config.updateConfig.s3 ??= {} as NonNullable<typeof config.updateConfig.s3>)
  if (override) s3.host = override
  if (!s3.host) throw new GovError('No update host is configured.', {code: 'E_NO_UPDATE_HOST', hint: 'Set GOVTOOL_UPDATE_HOST to the URL of the update folder.'})
  return s3.host
}

/** A tarball install runs through the launcher script, which sets GOVTOOL_BINPATH; an npm install does not. */
export function installMethod(config: Pick<Config, 'binPath'>): InstallMethod {
  return config.binPath ? 'tarball' : 'npm'
}

export function npmUpdateCommand(channel: Channel): string {
  return `npm install -g govtool@${channel === 'dev' ? 'dev' : 'latest'}`
}

/** URL of a channel's build manifest, laid out as `oclif upload tarballs` lays out the update folder. */
export function channelManifestUrl(config: Config, channel: Channel): string {
  const platform = config.platform === 'wsl' ? 'linux' : config.platform
  const folder = config.updateConfig.s3?.folder ?? ''
  return config.s3Url(path.posix.join(folder, 'channels', channel, `${config.bin}-${platform}-${config.arch}-buildmanifest`))
}

/** Asks the update host for the newest version on `channel` (5 s timeout). */
export async function checkForUpdate(config: Config, channel: Channel, options: {timeoutMs?: number} = {}): Promise<UpdateCheck> {
  const host = applyUpdateHost(config)
  const url = channelManifestUrl(config, channel)
  const method = installMethod(config)
  let response: Response
  try {
    response = await fetch(url, {signal: AbortSignal.timeout(options.timeoutMs ?? 5000)})
  } catch (error) {
    throw new GovError(`Could not reach the update host ${host}: ${(error as Error).message}.`, {
      code: 'E_UPDATE_HOST_UNREACHABLE',
      hint: 'Check your network connection, or set GOVTOOL_UPDATE_HOST to a reachable update folder.',
    })
  }
  if (response.status === 404 || response.status === 403) {
    throw new GovError(`The update host has no '${channel}' channel for ${config.platform}-${config.arch}.`, {code: 'E_NO_CHANNEL', hint: 'Try the other channel: govtool channel set stable|dev.'})
  }
  if (!response.ok) throw new GovError(`The update host answered HTTP ${response.status} for ${url}.`, {code: 'E_UPDATE_HOST', hint: 'Try again later.'})
  const parsed = BuildManifestSchema.safeParse(await response.json().catch(() => undefined))
  if (!parsed.success) throw new GovError(`The update host sent an invalid build manifest (${url}).`, {code: 'E_BAD_MANIFEST', hint: 'Report this to whoever publishes your govtool builds.'})
  const latest = parsed.data.version
  const available = semver.valid(latest) && semver.valid(config.version) ? semver.gt(latest, config.version) : latest !== config.version
  const how = method === 'npm' ? `run '${npmUpdateCommand(channel)}'` : "run 'govtool update --yes'"
  return {
    current: config.version,
    latest,
    channel,
    update_available: Boolean(available),
    install_method: method,
    host,
    message: available ? `govtool ${latest} is available on ${channel} (you have ${config.version}); ${how}.` : `govtool ${config.version} is up to date on ${channel}.`,
  }
}

/**
 * Installs a version from the update host through @oclif/plugin-update (download, sha256 check, extract into
 * the data dir's client folder, switch the launcher). Refuses for npm installs, saying what to run instead.
 */
export async function installUpdate(config: Config, options: {channel: Channel; version?: string}): Promise<void> {
  applyUpdateHost(config)
  if (installMethod(config) === 'npm') {
    throw new GovError('This govtool was installed from npm, so it cannot replace itself.', {
      code: 'E_NPM_INSTALL',
      hint: `Update it with npm: ${options.version ? `npm install -g govtool@${options.version}` : npmUpdateCommand(options.channel)}`,
    })
  }
  type UpdateCommand = new (argv: string[], config: Config) => {_run(): Promise<unknown>}
  const {commands} = (await import('@oclif/plugin-update')) as unknown as {commands: {update: UpdateCommand}}
  const argv = options.version ? ['--version', options.version] : [options.channel]
  // Instantiate directly: the static run() reloads the config from disk, which would drop the host override.
  await new commands.update(argv, config)._run()
}

/** The launcher the update installed: `<dataDir>/client/bin/govtool`. */
export function clientLauncher(config: Config): string {
  return path.join(config.scopedEnvVar('OCLIF_CLIENT_HOME') ?? path.join(config.dataDir, 'client'), 'bin', config.bin)
}

export interface SelfUpdateResult {
  updated: boolean
  channel: Channel
  version: string | null
  install_method: InstallMethod
}

/** `self-update`: installs the newest build on `channel` (default: the effective channel) or exactly `version`. */
export async function selfUpdate(config: Config, options: {channel?: Channel; version?: string}): Promise<SelfUpdateResult> {
  const channel = options.channel ?? (await getChannel(userHome(), config.version)).channel
  await installUpdate(config, {channel, version: options.version})
  return {updated: true, channel, version: options.version ?? null, install_method: installMethod(config)}
}

export interface UpdateResult extends UpdateCheck {
  updated: boolean
  migrated: boolean
  migrate_output?: string
}

export interface UpdateOptions {
  /** only report whether a newer version exists */
  check?: boolean
  /** install without asking */
  yes?: boolean
  /** the project whose layout follows the new version (its migrate-project runs when it has a scaffold.yml) */
  project: ProjectContext
  /** asks a person (a terminal); without it and without `yes` nothing is installed */
  ask?: (question: string) => Promise<boolean>
}

/**
 * `update`: checks the effective channel for a newer version; with `yes` (or a yes to `ask`) installs it as
 * `selfUpdate` does, then runs the new version's migrate-project on the project when it has a scaffold.yml,
 * so the project's layout follows the tool.
 */
export async function updateGovtool(config: Config, options: UpdateOptions): Promise<UpdateResult> {
  const {channel} = await getChannel(userHome(), config.version)
  const check = await checkForUpdate(config, channel)
  const result: UpdateResult = {...check, updated: false, migrated: false}
  if (options.check || !check.update_available || !check.latest) return result
  if (!options.yes) {
    const question = `govtool ${check.latest} is available on ${channel} (you have ${check.current}). Install it?`
    if (!options.ask || !(await options.ask(question))) return result
  }
  await installUpdate(config, {channel})
  result.updated = true
  const launcher = clientLauncher(config)
  if (existsSync(options.project.file('scaffold')) && existsSync(launcher)) {
    const {stdout} = await promisify(execFile)(launcher, ['migrate-project', '--project-dir', options.project.root], {cwd: path.dirname(launcher)})
    result.migrated = true
    result.migrate_output = stdout.trim()
  }
  return result
}
