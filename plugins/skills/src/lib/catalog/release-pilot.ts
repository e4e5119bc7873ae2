import type {CatalogSkill} from './types.js'

export const releasePilot: CatalogSkill = {
  slug: 'release-pilot',
  title: 'Release pilot',
  description:
    'Runs a release checklist end to end: confirms the tree is clean and healthy, every in-scope requirement is covered, the changelog is honest, bumps the version, tags, and verifies the published artifacts. Use when preparing any versioned release.',
  allowed_tools: ['read_file', 'run_shell', 'git_status', 'git_diff', 'git_commit', 'git_push', 'git_create_pr'],
  tags: ['release', 'versioning', 'changelog', 'ci'],
  body: `# Release pilot

Ship a version that matches what its changelog says, or do not ship it.

## When to use
- Preparing a versioned release (\`govtool release <version>\`).
- Cutting a release candidate for testers.

## Pre-flight checks (all must pass)
1. **Clean tree on the release branch**: \`git status --short\` is empty; the branch follows the
   strategy in scaffold.yml (\`govtool branch list\`).
2. **Healthy governance**: \`govtool audit\` exits 0; \`govtool session-end\` reports no open problems.
3. **Coverage**: \`govtool req gaps\` lists no P1 requirement without a test.
4. **CI green** on the commit being released (\`govtool status\`).
5. **Version choice**: breaking change means major, new feature minor, fixes only patch. Confirm with
   the ledger entries since the last tag (\`govtool ledger list --since <date of last tag>\`).

## Release
1. Write the changelog entry from the ledger: one line per feature or fix, with requirement ids.
   Nothing that is not in the ledger, nothing from the ledger left out.
2. \`govtool preflight "release <version>"\`: releases need clarification by design; confirm explicitly.
3. \`govtool release <version>\` to bump every manifest; review the diff it made.
4. Commit, tag \`v<version>\`, push (\`govtool push\`), open the PR if the flow needs one (\`govtool pr\`).
5. After publishing: \`govtool verify-release\` checks the package index, docs and tag.

## Abort criteria
Stop and report instead of releasing when any pre-flight check fails, when \`verify-release\` finds a
mismatch, or when the changelog cannot be reconciled with the ledger. Record the abort in the ledger.

## Report
Version, tag, commit, changelog summary, checks run with results, and links to the published artifacts.
`,
}
