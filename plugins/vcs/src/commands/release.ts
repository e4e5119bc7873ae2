import {Args, Flags} from '@oclif/core'
import {GovCommand, color, projectFlags} from 'govtool'

import {release, type ReleaseResult} from '../lib/release/index.js'

export default class Release extends GovCommand<ReleaseResult> {
  static override summary = 'Bump the version everywhere it is kept, add a CHANGELOG section, and list stale references.'
  static override description = `Edits package.json (and package-lock.json), pyproject.toml, Cargo.toml, every __version__ module, README badges, and adds a CHANGELOG section (Unreleased entries move under the new version; else the commits since the last tag). Then lists lines that still name the old version. --dry-run lists the edits and writes nothing; otherwise each file is replaced atomically. Nothing is committed or tagged.`

  static override examples = ['<%= config.bin %> release 1.4.0 --dry-run', '<%= config.bin %> release 2.0.0']
  static override args = {version: Args.string({description: 'the new version (semantic: 1.4.0, 2.0.0-rc.1; a leading v is dropped)', required: true})}
  static override flags = {
    ...projectFlags,
    'dry-run': Flags.boolean({summary: 'List the edits and stale references; write nothing.', default: false}),
  }

  async run(): Promise<ReleaseResult> {
    const {args, flags} = await this.parse(Release)
    const result = await release(this.project(flags), args.version, {dryRun: flags['dry-run']})
    for (const w of result.warnings) this.warnUser(w)
    if (!this.jsonEnabled()) {
      this.log(`${result.dry_run ? color.yellow('dry run:') : color.green('released')} ${result.previous ?? '(none)'} -> ${result.version}`)
      this.table(result.edits, [
        {header: 'File', get: (e) => `${e.file}:${e.line}`},
        {header: 'Kind', get: (e) => e.kind + (e.created ? ' (new file)' : '')},
        {header: 'Change', get: (e) => (e.before ? `${e.before}  ->  ${e.after}` : e.after)},
      ])
      if (result.stale_references.length > 0) {
        this.log(`\n${color.yellow(`${result.stale_references.length}${result.stale_truncated ? '+' : ''} line(s) still mention ${result.previous}:`)}`)
        for (const s of result.stale_references.slice(0, 50)) this.log(`  ${s.file}:${s.line}  ${s.text}`)
      }
      this.log(`\nNext: ${result.next_steps.join('; ')}`)
    }
    return result
  }
}
