import type {CatalogSkill} from './types.js'

export const onboardingCoach: CatalogSkill = {
  slug: 'onboarding-coach',
  title: 'Onboarding coach',
  description:
    'Walks a newcomer (human or agent) through a governed project: what it is, where the rules live, how to make a first safe change end to end, and what not to touch. Use at the start of a first session on a project.',
  allowed_tools: ['read_file', 'run_shell', 'git_status'],
  tags: ['onboarding', 'docs', 'governance', 'learning'],
  body: `# Onboarding coach

Get someone from "just cloned it" to "made a verified change" in one session.

## When to use
- First session on a project, or after a long absence.
- A contributor keeps tripping over the same governance step.

## Procedure
1. **Orient (5 minutes).** Read AGENTS.md top to bottom, then scaffold.yml (project type, branching
   strategy, AEE phase). Run \`govtool checkpoint\` and \`govtool phase status\` and explain what they show.
2. **Map the rules.** Show where requirements live (docs/REQUIREMENTS.md), how tests cover them
   (docs/TESTS.md, \`Covers:\` lines), and where every change is recorded (LEDGER.md). Run
   \`govtool req trace\` to show one requirement with its tests.
3. **Check the toolchain.** Run \`govtool doctor\`; fix missing tools before writing code.
4. **Health baseline.** Run \`govtool audit\`. Explain each issue it lists and whether it blocks work.
5. **First change, end to end.** Pick a tiny, real improvement (a typo in docs, a missing test).
   Walk through: \`govtool preflight "<request>"\` (accepted), make the change, run the tests,
   \`govtool verify\`, \`govtool ledger add\`, \`govtool commit\`.
6. **What not to touch.** Generated files, LEDGER.md history, other people's branches, and anything
   preflight blocks. Explain why each rule exists.

## Teaching style
- One concept at a time; let the learner run every command themselves.
- After each step ask them to predict the next command's output before running it.
- Keep a running list of open questions and answer them at the end.

## Done when
The learner has made one change that passed verify and is recorded in the ledger, and can say where
requirements, tests and the ledger live without looking.
`,
}
