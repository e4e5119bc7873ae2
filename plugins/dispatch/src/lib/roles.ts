/** The worker roles (SPEC.md "Roles and compiler tools"): a system prompt and the tools of each. */
import type {CompilerTool} from './tools.js'
import type {WorkerRole} from './types.js'

export interface RoleSpec {
  purpose: string
  /** the agent loop's own tools offered (agent.permissions still applies) */
  agent_tools: readonly string[]
  compiler_tools: readonly CompilerTool[]
}

const READ = ['read_file', 'git_status', 'git_diff'] as const
const WRITE = [...READ, 'write_file'] as const

export const ROLE_SPECS: Record<WorkerRole, RoleSpec> = {
  coder: {purpose: 'write and patch code', agent_tools: WRITE, compiler_tools: ['run_gcc', 'run_arm_gcc', 'run_clang_format', 'run_clang_tidy', 'run_vsg']},
  reviewer: {purpose: 'review code and linting', agent_tools: READ, compiler_tools: ['run_clang_tidy', 'run_vsg']},
  tester: {purpose: 'write and run tests', agent_tools: WRITE, compiler_tools: ['run_gcc', 'run_arm_gcc']},
  architect: {purpose: 'design and document', agent_tools: WRITE, compiler_tools: ['run_clang_format']},
  researcher: {purpose: 'search and synthesise', agent_tools: READ, compiler_tools: []},
  'embedded-coder': {
    purpose: 'embedded C/C++/VHDL',
    agent_tools: WRITE,
    compiler_tools: ['run_gcc', 'run_arm_gcc', 'run_aarch64_gcc', 'run_workbench_compiler', 'run_vendor_compiler', 'run_clang_format', 'run_clang_tidy', 'run_vsg'],
  },
}

/** The role's part of a node's system prompt. */
export function rolePrompt(role: WorkerRole, dagId: string, nodeId: string): string {
  const spec = ROLE_SPECS[role]
  return [
    `You are the ${role} worker (${spec.purpose}) of dispatch run ${dagId}, node ${nodeId}. Do only this node's task; other workers do the rest of the DAG.`,
    spec.compiler_tools.length > 0 ? `Your compiler and linter tools: ${spec.compiler_tools.join(', ')}.` : 'You have no compiler tools.',
    'End with a short summary of what you did and the files you changed.',
  ].join('\n')
}
