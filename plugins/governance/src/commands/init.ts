import path from 'node:path'

import {Flags} from '@oclif/core'
import {GovCommand, color, loadProjectTypes} from 'govtool'

import {initProject, loadScaffoldConfig, promptScaffold, type InitResult} from '../lib/scaffold/index.js'

export default class Init extends GovCommand<InitResult> {
  static override summary = 'Create a governed project from a scaffold.yml: governance files, CI, type directories, git.'
  static override description = `Creates <output-dir>/<name>/ (name from scaffold.yml) with AGENTS.md, LEDGER.md, docs/REQUIREMENTS.md,
docs/TESTS.md, docs/governance/*.md, scaffold.yml, the CI config of vcs_platform running the project type's
tools, dependency-update config, scripts/, agent integration files and the type's directories and starter
files, then a git repository with a first commit (unless --no-git).

Without --config the fields are asked for on a terminal. Nothing is written, and the exit code is 1, when
the project directory exists and is not empty. Files are rendered in memory, written into a temporary
sibling directory and renamed into place, so an interrupted init leaves no half-written project.`

  static override examples = [
    '<%= config.bin %> init --config scaffold.yml --output-dir ~/src',
    '<%= config.bin %> init --config scaffold.yml --guided --no-git',
    '<%= config.bin %> init',
  ]

  static override flags = {
    config: Flags.string({summary: 'scaffold.yml to create the project from (else interactive prompts).', helpValue: 'PATH'}),
    'output-dir': Flags.string({summary: 'Directory to create the project directory in.', default: '.', helpValue: 'PATH'}),
    git: Flags.boolean({summary: 'Initialise a git repository with a first commit (--no-git to skip).', default: true, allowNo: true}),
    guided: Flags.boolean({summary: 'Add REQ-{COMPONENT}-001/002 stubs, tests covering them and docs/architecture.md.', default: false}),
  }

  async run(): Promise<InitResult> {
    const {flags} = await this.parse(Init)
    const registry = await loadProjectTypes(this.config)
    let guided = flags.guided
    let input
    if (flags.config) {
      const loaded = await loadScaffoldConfig(path.resolve(flags.config))
      input = {scaffold: loaded.scaffold, scaffoldText: loaded.text}
    } else {
      const answers = await promptScaffold(registry)
      input = {scaffold: answers.scaffold}
      guided ||= answers.guided
    }
    const spinner = this.spin(`Creating ${input.scaffold.name}`)
    const result = await initProject({...input, outputDir: path.resolve(flags['output-dir']), registry, git: flags.git, guided})
    spinner.stop('done')
    if (!this.jsonEnabled()) {
      this.log(`${color.green('Created')} ${result.project_dir} (type ${result.type}${result.guided ? ', guided' : ''}): ${result.files.length} files.`)
      if (result.git?.committed) this.log(`git: first commit ${result.git.commit?.slice(0, 12)} on ${input.scaffold.default_branch}.`)
      else if (result.git) this.warnUser(result.git.warning ?? 'no git commit was made')
      this.log(`Next: cd ${path.relative(process.cwd(), result.project_dir) || '.'} && govtool doctor && govtool audit`)
    }
    return result
  }
}
