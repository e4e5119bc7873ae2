import type {CatalogSkill} from './types.js'

export const planner: CatalogSkill = {
  slug: 'planner',
  title: 'Planner',
  description:
    'Turns a request into a small, ordered plan of work items scoped to the project requirements, each with its acceptance test and a preflight check, and produces a dispatch-ready node list. Use before starting any change that touches more than one file or requirement.',
  allowed_tools: ['read_file', 'run_shell', 'git_status'],
  tags: ['plan', 'requirements', 'dispatch', 'scope'],
  body: `# Planner

Break a request into steps that are each small enough to verify on their own.

## When to use
- A request spans several files, components or requirements.
- \`govtool preflight\` answered \`needs_clarification\` because the scope is unclear.
- Before \`govtool dispatch run\`, to give the dispatcher an explicit plan.

## Procedure
1. **Restate the goal** in one sentence, and the constraint that matters most (deadline, API stability,
   performance budget). If you cannot, ask one precise question instead of guessing.
2. **Map it to requirements.** Run \`govtool req list\` and \`govtool req trace\`; pick the requirement ids the
   goal touches. A goal with no matching requirement needs a new one first (\`govtool req add\`).
3. **Cut it into steps.** Each step changes one concern, is verifiable by a named test, and leaves the
   build green. Prefer 3 to 8 steps; split any step that needs more than one review.
4. **Order by dependency.** A step depends on another only if it needs its output. Independent steps can
   run in parallel.
5. **Preflight each step.** \`govtool preflight "<step>" --json\` must answer \`accepted\`. Reword or split
   steps that do not.
6. **Write the plan** as a JSON array for the dispatcher, one object per step:
   \`{"id": "<slug>", "title": "<what>", "role": "coder|reviewer|tester|architect|researcher|embedded-coder", "depends_on": []}\`.

## Rules
- No step without a test that proves it; if a test is missing, the first step writes it.
- No cycles in \`depends_on\`; at most 8 nodes per plan.
- Record the plan in the ledger (\`govtool ledger add "Plan: <goal>" --type task --reqs <ids>\`).

## Output
The goal, the requirement ids, the ordered step list with tests, and the JSON plan.
`,
}
