import {color, defineOperation, renderTable} from 'govtool/core'
import {z} from 'zod/v3'

import {BranchListSchema, CreatedBranchSchema} from './schemas.js'

export const branchListOp = defineOperation({
  id: 'branch.list',
  summary: 'List local branches with the role each plays in the branching strategy.',
  description: `Roles follow scaffold.yml (gitflow, trunk-based or github-flow): the protected branches first, then the others by name, the current one marked with *. Ahead/behind count commits against the branch its pull request goes to (empty for protected branches, or when that branch does not exist locally).`,
  examples: ['<%= config.bin %> branch list', '<%= config.bin %> branch list --json'],
  project: true,
  effect: 'read',
  input: z.object({}),
  result: BranchListSchema,
  async run(ctx) {
    const {listBranches} = await import('../lib/branch.js')
    return listBranches(ctx.project())
  },
  render: (result) =>
    [
      color.dim(`strategy: ${result.strategy}`),
      renderTable(result.branches, [
        {header: '', get: (b) => (b.current ? '*' : '')},
        {header: 'Branch', get: (b) => (b.protected ? color.bold(b.name) : b.name)},
        {header: 'Role', get: (b) => b.role},
        {header: 'Ahead/behind', get: (b) => (b.ahead === null ? '' : `+${b.ahead}/-${b.behind}`)},
        {header: 'Upstream', get: (b) => b.upstream ?? ''},
      ]),
    ].join('\n'),
})

export const branchCreateOp = defineOperation({
  id: 'branch.create',
  summary: 'Create a branch named and based as the branching strategy says.',
  description: `gitflow: NAME becomes feature/NAME unless it starts with feature/, bugfix/, release/, hotfix/ or support/; features, bugfixes and releases start from develop, hotfixes and support branches from main.

trunk-based and github-flow: a short-lived branch from main, named as given.

Protected branch names are refused. The strategy and branch names come from scaffold.yml (default: github-flow, main). A base branch that exists only on the remote is used through its remote-tracking copy; the new branch does not track it.`,
  examples: [
    '<%= config.bin %> branch create add-login',
    '<%= config.bin %> branch create hotfix/crash-on-start',
    '<%= config.bin %> branch create release/1.4.0 --no-switch',
  ],
  project: true,
  effect: 'write',
  input: z.object({
    name: z.string().describe('branch name (a gitflow prefix is added when missing)'),
    switch: z.boolean().default(true).describe('Switch to the new branch (--no-switch only creates it).'),
  }),
  cli: {fields: {name: {arg: true}, switch: {allowNo: true}}},
  result: CreatedBranchSchema,
  async run(ctx, input) {
    const {createBranch} = await import('../lib/branch.js')
    return createBranch(ctx.project(), input.name, {switchTo: input.switch})
  },
  render: (result) => `${color.green('created')} ${result.branch} from ${result.from} (${result.strategy}: ${result.role})${result.switched ? '; switched to it' : ''}`,
})
