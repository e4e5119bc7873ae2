import {color, defineOperation, mark, renderTable} from 'govtool/core'
import {z} from 'zod/v3'

import {ReleaseResultSchema, VerifyReleaseResultSchema} from './schemas.js'

export const releaseOp = defineOperation({
  id: 'release',
  summary: 'Bump the version everywhere it is kept, add a CHANGELOG section, and list stale references.',
  description: `Edits package.json (and package-lock.json), pyproject.toml, Cargo.toml, every __version__ module, README badges, and adds a CHANGELOG section (Unreleased entries move under the new version; else the commits since the last tag). Then lists lines that still name the old version (changelogs, the ledger and lock files are history and are not listed).

The new version must be newer than the current one (the first manifest's, else the latest tag's). --dry-run lists the edits and writes nothing; otherwise each file is replaced atomically. Nothing is committed or tagged: the result lists the next steps.

A release obeys the AEE phase rules preflight applies (preflight.phase_rules in docs/GOVTOOL.yml; by default releases from the verification phase on): before that it is refused (exit 3) with the instruction preflight gives a release request; a dry run still lists the edits, with that instruction as a warning. Lines naming govtool's own spec_version (scaffold.yml, and the governance spec lines govtool writes into AGENTS.md and docs/governance/) are not stale references, even when it equals the project's version.`,
  examples: ['<%= config.bin %> release 1.4.0 --dry-run', '<%= config.bin %> release 2.0.0'],
  project: true,
  effect: 'write',
  input: z.object({
    version: z.string().describe('the new version (semantic: 1.4.0, 2.0.0-rc.1; a leading v is dropped)'),
    dry_run: z.boolean().default(false).describe('List the edits and stale references; write nothing.'),
  }),
  cli: {fields: {version: {arg: true}}},
  result: ReleaseResultSchema,
  async run(ctx, input, io) {
    const {release} = await import('../lib/release/index.js')
    const result = await release(ctx.project(), input.version, {dryRun: input.dry_run})
    for (const warning of result.warnings) io.warn(warning)
    return result
  },
  render(result) {
    const lines = [`${result.dry_run ? color.yellow('dry run:') : color.green('released')} ${result.previous ?? '(none)'} -> ${result.version}`]
    lines.push(
      renderTable(result.edits, [
        {header: 'File', get: (e) => `${e.file}:${e.line}`},
        {header: 'Kind', get: (e) => e.kind + (e.created ? ' (new file)' : '')},
        {header: 'Change', get: (e) => (e.before ? `${e.before}  ->  ${e.after}` : e.after)},
      ]),
    )
    if (result.stale_references.length > 0) {
      lines.push(`\n${color.yellow(`${result.stale_references.length}${result.stale_truncated ? '+' : ''} line(s) still mention ${result.previous}:`)}`)
      for (const s of result.stale_references.slice(0, 50)) lines.push(`  ${s.file}:${s.line}  ${s.text}`)
    }
    lines.push(`\nNext: ${result.next_steps.join('; ')}`)
    return lines.join('\n')
  },
})

export const verifyReleaseOp = defineOperation({
  id: 'verify-release',
  summary: 'Check that a release is on the package index, its docs are up and its tag exists.',
  description: `The package index and docs host default to the ecosystem's (npm, PyPI + Read the Docs, crates.io + docs.rs) and are set with release.package_index_url / release.docs_url in scaffold.yml ({name} and {version} are filled in) or the flags. The tag (v<version>, or release.tag_prefix) is looked up locally and on the remote.

Each check says whether its host answered; offline, the result says so rather than reporting the release missing. Checks with nothing configured (no docs host, no remote) are skipped. Exit 0 when verified, 1 otherwise.`,
  examples: [
    '<%= config.bin %> verify-release',
    '<%= config.bin %> verify-release --version 1.4.0 --timeout 10',
    '<%= config.bin %> verify-release --index-url http://localhost:4873/{name}/{version} --timeout 2',
  ],
  project: true,
  effect: 'read',
  input: z.object({
    version: z.string().optional().describe('Version to verify (default: the one in the project manifest).'),
    index_url: z.string().optional().describe('Package index URL template, e.g. https://registry.npmjs.org/{name}/{version}.'),
    docs_url: z.string().optional().describe('Docs URL template, e.g. https://{name}.readthedocs.io/en/{version}/.'),
    timeout: z.number().int().min(1).default(5).describe('Seconds to wait for each host.'),
  }),
  result: VerifyReleaseResultSchema,
  async run(ctx, input) {
    const {verifyRelease} = await import('../lib/verify-release.js')
    return verifyRelease(ctx.project(), {version: input.version, indexUrl: input.index_url, docsUrl: input.docs_url, timeoutMs: input.timeout * 1000})
  },
  exitCode: (result) => (result.verified ? 0 : 1),
  render(result) {
    const lines = result.checks.map((c) => {
      const m = c.reachable === null ? color.dim('-') : c.reachable && c.found ? mark.ok() : c.reachable ? mark.fail() : mark.warn()
      return `${m} ${c.check.padEnd(13)} ${c.target ?? ''}  ${color.dim(c.detail)}`
    })
    lines.push(`\n${result.verified ? color.green(result.summary) : result.offline ? color.yellow(result.summary) : color.red(result.summary)}`)
    return lines.join('\n')
  },
})
