import type {CatalogSkill} from './types.js'

export const verifier: CatalogSkill = {
  slug: 'verifier',
  title: 'Verifier',
  description:
    'Verifies a change before it is called done: runs the tests, maps the change to its requirements and runs `govtool verify`, then acts on the verdict (done, retry with a strategy, or stop). Use after every implementation step and before any commit.',
  allowed_tools: ['read_file', 'run_shell', 'git_status', 'git_diff'],
  tags: ['verify', 'tests', 'quality', 'governance'],
  body: `# Verifier

Confirm that a change does what its work item asked, with evidence, before anyone calls it done.

## When to use
- After implementing or fixing something, before \`govtool commit\`.
- When a reviewer asks "how do you know this works?".
- After a retry, to check that the retry strategy actually closed the gap.

## Procedure
1. **Collect the change set.** Run \`git status --short\` and \`git diff\`. List every changed file; note
   files you did not expect to touch: each one needs a reason or a revert.
2. **Find the scope.** Take the work item id and requirement ids from the accepted preflight
   (\`govtool preflight "<request>" --json\`). Read those requirements in docs/REQUIREMENTS.md and the tests
   that cover them in docs/TESTS.md.
3. **Run the tests.** Use the project's own test command (see AGENTS.md or \`govtool doctor\`). Record
   passed, failed and errored counts. A test that was skipped or deleted to get green counts as failed.
4. **Verify.** Pipe one JSON object to \`govtool verify --stdin --work-item-id <WI>\`:
   \`{"diff": "<git diff>", "files_changed": [...], "test_results": {"passed": N, "failed": M}}\`.
5. **Act on the exit code.**
   - \`0\`: equilibrium reached and confidence at or above the threshold. Report and stop.
   - \`2\`: retry. Follow \`retry_strategy\` exactly: \`fix_tests\` (fix the code, not the assertion),
     \`narrow_scope\` (revert unrelated edits), \`expand_scope\` (the change is incomplete; add what is missing).
   - \`3\`: stop. Do not try again blindly; summarise what failed and ask the user how to proceed
     (\`rollback\` means revert the change set first).

## Rules
- Never report success without a verify exit code of 0 in this session.
- Never weaken, skip or delete a test to make it pass; if a test is wrong, say so and ask.
- Keep the retry budget in mind (verify reports \`retry_budget\`); when it is spent, stop.

## Report
End with a short block: work item, requirements covered, tests run (passed/failed), verify decision and
confidence, and the next action.
`,
}
