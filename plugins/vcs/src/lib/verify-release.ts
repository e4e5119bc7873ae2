import {GovConfig, InputError, readTextIfExists, type ProjectContext} from 'govtool/core'
import {z} from 'zod/v3'

import {defaultRemote, git} from './git.js'
import {normaliseVersion} from './release/index.js'

/**
 * After a release: is the version on the package index, are its docs up, does the tag exist (locally and on
 * the remote)? Each check says whether its host was reachable, so an offline run is a clear "could not
 * verify", never a false "missing".
 */

/** `release:` in scaffold.yml: where the package index and docs live. `{name}` and `{version}` are filled in. */
export const ReleaseConfigSchema = z
  .object({
    package_index_url: z.string().optional(),
    docs_url: z.string().optional(),
    tag_prefix: z.string().optional(),
  })
  .passthrough()

export type ReleaseConfig = z.infer<typeof ReleaseConfigSchema>

export type Ecosystem = 'npm' | 'pypi' | 'crates'

const DEFAULT_INDEX: Record<Ecosystem, string> = {
  npm: 'https://registry.npmjs.org/{name}/{version}',
  pypi: 'https://pypi.org/pypi/{name}/{version}/json',
  crates: 'https://crates.io/api/v1/crates/{name}/{version}',
}
const DEFAULT_DOCS: Partial<Record<Ecosystem, string>> = {
  pypi: 'https://{name}.readthedocs.io/en/{version}/',
  crates: 'https://docs.rs/{name}/{version}',
}

export interface ReleaseCheck {
  check: 'package_index' | 'docs' | 'tag_local' | 'tag_remote'
  target: string | null
  /** whether the host answered (null when the check was not run) */
  reachable: boolean | null
  /** whether the release is there (null when unknown: unreachable or not configured) */
  found: boolean | null
  status?: number
  detail: string
}

export interface VerifyReleaseResult {
  name: string | null
  version: string
  ecosystem: Ecosystem | null
  tag: string
  checks: ReleaseCheck[]
  /** every configured check reached its host and found the release */
  verified: boolean
  /** no network check reached its host */
  offline: boolean
  summary: string
}

export interface VerifyReleaseOptions {
  version?: string
  indexUrl?: string
  docsUrl?: string
  /** per network check, default 5000 ms */
  timeoutMs?: number
}

async function projectPackage(ctx: ProjectContext): Promise<{name: string; version?: string; ecosystem: Ecosystem} | undefined> {
  const pkg = await readTextIfExists(ctx.path('package.json'))
  if (pkg) {
    try {
      const json = JSON.parse(pkg) as {name?: string; version?: string}
      if (json.name) return {name: json.name, version: json.version, ecosystem: 'npm'}
    } catch {
      // not usable
    }
  }
  const py = await readTextIfExists(ctx.path('pyproject.toml'))
  if (py) {
    const name = tomlKey(py, ['project', 'tool.poetry'], 'name')
    if (name) return {name, version: tomlKey(py, ['project', 'tool.poetry'], 'version'), ecosystem: 'pypi'}
  }
  const cargo = await readTextIfExists(ctx.path('Cargo.toml'))
  if (cargo) {
    const name = tomlKey(cargo, ['package'], 'name')
    if (name) return {name, version: tomlKey(cargo, ['package'], 'version'), ecosystem: 'crates'}
  }
  return undefined
}

function tomlKey(text: string, sections: readonly string[], key: string): string | undefined {
  let section = ''
  for (const line of text.split('\n')) {
    const header = /^\s*\[([^\]]+)\]/.exec(line)
    if (header) section = header[1].trim()
    else if (sections.includes(section)) {
      const m = new RegExp(String.raw`^\s*${key}\s*=\s*["']([^"']+)["']`).exec(line)
      if (m) return m[1]
    }
  }
  return undefined
}

function fill(template: string, name: string, version: string): string {
  return template.replaceAll('{name}', encodeURIComponent(name).replace('%40', '@')).replaceAll('{version}', encodeURIComponent(version))
}

/** GET with a deadline: reachable when any HTTP answer came back; found on 2xx/3xx. */
export async function probeUrl(url: string, timeoutMs: number): Promise<{reachable: boolean; found: boolean | null; status?: number; detail: string}> {
  try {
    const response = await fetch(url, {method: 'GET', redirect: 'follow', signal: AbortSignal.timeout(timeoutMs), headers: {'user-agent': 'govtool-verify-release'}})
    await response.body?.cancel().catch(() => {})
    const found = response.status < 400
    return {reachable: true, found: response.status === 404 || response.status === 410 ? false : found ? true : null, status: response.status, detail: found ? `HTTP ${response.status}` : `HTTP ${response.status}${response.status === 404 ? ' (not published)' : ''}`}
  } catch (error) {
    const err = error as Error & {cause?: {code?: string}}
    const reason = err.name === 'TimeoutError' || err.name === 'AbortError' ? `no answer within ${timeoutMs} ms` : (err.cause?.code ?? err.message)
    return {reachable: false, found: null, detail: `unreachable: ${reason}`}
  }
}

export async function verifyRelease(ctx: ProjectContext, options: VerifyReleaseOptions = {}): Promise<VerifyReleaseResult> {
  const timeoutMs = options.timeoutMs ?? 5000
  const config = await GovConfig.load(ctx)
  const scaffold = config.scaffoldFile?.data as Record<string, unknown> | undefined
  const parsed = ReleaseConfigSchema.safeParse(scaffold?.release ?? {})
  if (!parsed.success) {
    throw new InputError(`scaffold.yml: field 'release': ${parsed.error.issues[0].message}`, {code: 'E_CONFIG', file: ctx.file('scaffold'), hint: 'release: takes package_index_url, docs_url and tag_prefix (strings).'})
  }
  const releaseConfig = parsed.data
  const pkg = await projectPackage(ctx)
  const versionText = options.version ?? pkg?.version
  if (!versionText) {
    throw new InputError('No version to verify: none given and no manifest holds one.', {code: 'E_NO_VERSION', hint: 'Pass the version: `govtool verify-release --version 1.2.0`.'})
  }
  const version = normaliseVersion(versionText)
  const tag = `${releaseConfig.tag_prefix ?? 'v'}${version}`
  const checks: ReleaseCheck[] = []

  const indexTemplate = options.indexUrl ?? releaseConfig.package_index_url ?? (pkg ? DEFAULT_INDEX[pkg.ecosystem] : undefined)
  const docsTemplate = options.docsUrl ?? releaseConfig.docs_url ?? (pkg ? DEFAULT_DOCS[pkg.ecosystem] : undefined)
  const name = pkg?.name ?? null
  const network: Promise<ReleaseCheck>[] = []
  for (const [check, template] of [['package_index', indexTemplate], ['docs', docsTemplate]] as const) {
    if (!template) {
      network.push(Promise.resolve({check, target: null, reachable: null, found: null, detail: `not configured (set release.${check === 'docs' ? 'docs_url' : 'package_index_url'} in scaffold.yml)`}))
      continue
    }
    const url = fill(template, name ?? '', version)
    network.push(probeUrl(url, timeoutMs).then((p) => ({check, target: url, ...p})))
  }

  const local = await git(ctx, ['tag', '--list', tag], {allowFailure: true})
  const localFound = local.code === 0 && local.stdout.trim() === tag
  checks.push({check: 'tag_local', target: tag, reachable: local.code === 0 ? true : null, found: local.code === 0 ? localFound : null, detail: local.code === 0 ? (localFound ? 'tag exists' : 'no such tag') : 'not a git repository'})
  const remote = local.code === 0 ? await defaultRemote(ctx) : undefined
  let remoteCheck: Promise<ReleaseCheck>
  if (!remote) remoteCheck = Promise.resolve({check: 'tag_remote', target: null, reachable: null, found: null, detail: 'no remote configured'})
  else {
    remoteCheck = git(ctx, ['ls-remote', '--tags', remote, `refs/tags/${tag}`], {allowFailure: true, timeoutMs}).then((r) => {
      if (r.code !== 0) return {check: 'tag_remote', target: `${remote}:${tag}`, reachable: false, found: null, detail: `unreachable: ${r.stderr.trim().split('\n')[0] || `git exited ${r.code}`}`}
      const found = r.stdout.includes(`refs/tags/${tag}`)
      return {check: 'tag_remote', target: `${remote}:${tag}`, reachable: true, found, detail: found ? 'tag pushed' : 'tag not on the remote'}
    })
  }
  const [index, docs, tagRemote] = await Promise.all([...network, remoteCheck])
  checks.unshift(index, docs)
  checks.push(tagRemote)

  const run = checks.filter((c) => c.reachable !== null)
  const networked = checks.filter((c) => c.check !== 'tag_local' && c.reachable !== null)
  const offline = networked.length > 0 && networked.every((c) => c.reachable === false)
  // checks that are not configured (no docs host, no remote) are reported as skipped and do not block
  const verified = run.some((c) => c.check === 'package_index' || c.check === 'tag_remote') && run.every((c) => c.reachable && c.found === true)
  const missing = run.filter((c) => c.reachable && c.found === false).map((c) => c.check)
  const unreachable = run.filter((c) => c.reachable === false).map((c) => c.check)
  let summary: string
  const skipped = checks.filter((c) => c.reachable === null).map((c) => c.check)
  if (verified) summary = `${name ?? 'release'} ${version} verified (${run.map((c) => c.check).join(', ')})${skipped.length > 0 ? `; not checked: ${skipped.join(', ')}` : ''}.`
  else if (offline) summary = `Offline: none of the hosts answered (${unreachable.join(', ')}), so ${version} could not be verified. Local tag: ${localFound ? 'present' : 'missing'}.`
  else {
    const parts = [...(missing.length > 0 ? [`missing: ${missing.join(', ')}`] : []), ...(unreachable.length > 0 ? [`unreachable: ${unreachable.join(', ')}`] : [])]
    if (skipped.length > 0) parts.push(`not checked: ${skipped.join(', ')}`)
    summary = `${name ?? 'release'} ${version} not verified (${parts.join('; ')}).`
  }
  return {name, version, ecosystem: pkg?.ecosystem ?? null, tag, checks, verified, offline, summary}
}

