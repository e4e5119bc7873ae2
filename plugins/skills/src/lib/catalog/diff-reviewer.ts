import type {CatalogSkill} from './types.js'

export const diffReviewer: CatalogSkill = {
  slug: 'diff-reviewer',
  title: 'Diff reviewer',
  description:
    'Reviews a diff like a careful senior engineer: correctness, scope creep, tests, security and governance traceability, with findings ranked by severity and each tied to a line. Use on any diff before it is committed or merged.',
  allowed_tools: ['read_file', 'git_diff', 'git_status'],
  tags: ['review', 'diff', 'security', 'quality'],
  body: `# Diff reviewer

Review what actually changed, not what the description says changed.

## When to use
- Before \`govtool commit\` or \`govtool pr\`.
- When a dispatch node with the reviewer role receives a coder's output.

## Procedure
1. **Read the whole diff first** (\`git diff\`, or \`git diff <base>...HEAD\` for a branch) and the work item
   it claims to implement. Note every file outside that scope.
2. **Correctness.** For each hunk: does it do what it intends on the happy path, on empty input, on the
   largest input, on error paths? Look for off-by-one, unchecked nulls, swallowed errors, races on shared
   files, and resources that are opened but not closed.
3. **Tests.** Is each behaviour change covered by a test that would fail without it? Are the tests
   asserting outcomes rather than implementation details? Were any tests deleted or skipped?
4. **Security.** Inputs validated at the boundary; no secrets in code, logs or fixtures; no shell or
   path built from user input without escaping; no new network access without need.
5. **Governance.** The change is traceable: requirement ids in the ledger entry, docs/TESTS.md updated
   when tests were added, LEDGER.md has an entry for this change.
6. **Simplicity.** Could the same result come with less code or fewer new concepts? Name the simpler way.

## Findings format
One line each, most severe first:
\`[blocker|major|minor|nit] path/to/file:LINE: what is wrong. Why it matters. Suggested fix.\`
Blockers: wrong results, data loss, security holes, broken build. Majors: missing tests for changed
behaviour, scope creep, unhandled errors. Finish with a verdict: approve, approve with changes, or
request changes.

## Rules
- Every finding cites a file and line from the diff.
- Do not rewrite the change yourself; describe the fix.
- Praise nothing that is not specific.
`,
}
