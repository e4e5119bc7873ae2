/** Reading Bash command lines for the PreToolUse hook: what they write, remove and use. */
import {expect} from 'chai'

import {protectedHit, protectedSet} from '../src/lib/hooks/protected.js'
import {analyseShell, commandProgram, parseShell} from '../src/lib/hooks/shell.js'
import {BUILTIN_PROTECTED_PATHS} from '../src/lib/policy/config.js'

const ROOT = '/work/app'
const SET = protectedSet(ROOT, [...BUILTIN_PROTECTED_PATHS, 'secrets/'])

/** The protected paths a command line writes or removes, run from `cwd`. */
function hits(command: string, cwd = ROOT): string[] {
  const shell = analyseShell(command, cwd)
  return [...new Set(shell.targets.map((t) => protectedHit(SET, t.path, t.cwd, t.removal)).filter((h): h is string => h !== undefined))]
}

function mentioned(command: string, cwd = ROOT): string[] {
  return analyseShell(command, cwd)
    .mentions.map((m) => protectedHit(SET, m.path, m.cwd, false))
    .filter((h): h is string => h !== undefined)
}

describe('hook: shell command lines', () => {
  it('tokenizes quotes, escapes, operators, redirections and here-documents', () => {
    const {commands, nested} = parseShell(`A=1 echo "a b" 'c d' e\\ f > out.txt 2>&1 && cat <<'EOF' | tee -a log\nline $(x)\nEOF\necho "$(rm -rf y)" # comment > z`)
    expect(commands.map((c) => c.words)).to.deep.equal([['A=1', 'echo', 'a b', 'c d', 'e f'], ['cat'], ['tee', '-a', 'log'], ['echo', '$(rm -rf y)']])
    expect(commands[0].redirects).to.deep.equal([{op: '>', target: 'out.txt'}])
    expect(commands[1].stdin).to.equal('line $(x)')
    expect(nested).to.deep.equal(['rm -rf y'])
    expect(commandProgram(['sudo', '-u', 'root', 'env', 'X=1', 'nice', '-n', '5', '/bin/rm', '-f', 'a'])).to.deep.equal({program: 'rm', args: ['-f', 'a']})
    expect(commandProgram(['timeout', '30', 'npx', 'prettier', '--write', 'x'])).to.deep.equal({program: 'prettier', args: ['--write', 'x']})
  })

  it('catches writes and removals of protected paths however they are spelled', () => {
    const cases: Array<[string, string[]]> = [
      ['echo "- entry" >> LEDGER.md', ['LEDGER.md']],
      ['printf x>LEDGER.md', ['LEDGER.md']],
      ['echo x | tee -a docs/REQUIREMENTS.md >/dev/null', ['docs/REQUIREMENTS.md']],
      ["sed -i 's/draft/approved/' docs/REQUIREMENTS.md", ['docs/REQUIREMENTS.md']],
      ["sed -i.bak -e 's/a/b/' ./docs/TESTS.md", ['docs/TESTS.md']],
      ["perl -pi -e 's/a/b/' ledger.md", ['LEDGER.md']],
      ['cd docs && rm -f REQUIREMENTS.md', ['docs/REQUIREMENTS.md']],
      ['rm -rf docs', ['docs/ledger-archive.md']],
      ['mv LEDGER.md /tmp/old-ledger.md', ['LEDGER.md']],
      ['cp /tmp/forged.md LEDGER.md', ['LEDGER.md']],
      ['git checkout -- LEDGER.md', ['LEDGER.md']],
      ['git rm --cached docs/TESTS.md', ['docs/TESTS.md']],
      ['git clean -fdx', ['.govtool']],
      ['find . -name LEDGER.md -delete', ['LEDGER.md']],
      ['truncate -s 0 LEDGER.md', ['LEDGER.md']],
      ['dd if=/dev/zero of=scaffold.yml bs=1 count=1', ['scaffold.yml']],
      [`python3 -c "open('LEDGER.md', 'w').write('')"`, ['LEDGER.md']],
      [`node -e "require('fs').writeFileSync('docs/REQUIREMENTS.md', '')"`, ['docs/REQUIREMENTS.md']],
      [`python3 - <<'PY'\nimport pathlib\npathlib.Path('AGENTS.md').write_text('x')\nPY`, ['AGENTS.md']],
      [`bash -c "echo x > docs/governance/safety.md"`, ['docs/governance']],
      [`eval 'echo x > .govtool/state.json'`, ['.govtool']],
      ['echo "$(echo x > LEDGER.md)"', ['LEDGER.md']],
      ['cat <<EOF > docs/TESTS.md\nx\nEOF', ['docs/TESTS.md']],
      ['echo x > "$CLAUDE_PROJECT_DIR/LEDGER.md"', ['LEDGER.md']],
      ['cd "$SOMEWHERE" && echo x > docs/REQUIREMENTS.md', ['docs/REQUIREMENTS.md']],
      ['echo x > /work/app/secrets/key.pem', ['secrets']],
      ['chmod 000 .git', ['.git']],
    ]
    for (const [command, expected] of cases) expect(hits(command), command).to.include.members(expected)
    // like the shell, `*` skips dot files; `.*` does not
    expect(hits('rm -rf ./*')).to.deep.equal(['LEDGER.md'])
    expect(hits('rm -rf .[a-z]*')).to.deep.equal(['.git'])
    expect(hits('rm docs/*.md')).to.deep.equal(['docs/ledger-archive.md'])
    // from a sub-directory, paths resolve from there
    expect(hits('echo x >> ../LEDGER.md', `${ROOT}/src`)).to.deep.equal(['LEDGER.md'])
  })

  it('lets reads, other files and files outside the project through', () => {
    for (const command of [
      'cat LEDGER.md',
      'grep -n REQ- docs/REQUIREMENTS.md | head -5 > /tmp/reqs.txt',
      'git diff -- LEDGER.md',
      'git add LEDGER.md src/app.ts && git commit -m "fix"',
      'cp LEDGER.md /tmp/ledger-copy.md',
      'echo x > src/LEDGER.md.bak',
      'echo x >> notes/ledger-ideas.md',
      'npm test 2>&1 | tail -20',
      'rm -rf node_modules dist',
      'sed -n 1,20p docs/REQUIREMENTS.md',
      'echo x > ../other-project/LEDGER.md',
      'govtool ledger add "Fix the timeout" --type fix',
      `python3 -c "print(open('LEDGER.md').read())"`,
    ]) {
      expect(hits(command), command).to.deep.equal([])
    }
  })

  it('reports protected paths handed to programs it does not know, for the user to decide', () => {
    expect(mentioned('npx prettier --write AGENTS.md')).to.deep.equal(['AGENTS.md'])
    expect(mentioned('./scripts/fix-ledger.sh LEDGER.md')).to.deep.equal(['LEDGER.md'])
    expect(mentioned('python3 tools/rewrite.py docs/REQUIREMENTS.md')).to.deep.equal(['docs/REQUIREMENTS.md'])
    expect(mentioned('cat LEDGER.md && wc -l docs/TESTS.md')).to.deep.equal([])
  })

  it('names the governed tools a command line uses', () => {
    const tools = (command: string) => analyseShell(command, ROOT).tools
    expect(tools('git push origin main')).to.deep.equal(['git_push'])
    expect(tools('git -C sub commit -m x && git push')).to.deep.equal(['git_commit', 'git_push'])
    expect(tools('git status && git log --oneline')).to.deep.equal([])
    expect(tools('git checkout -b feature/x')).to.deep.equal(['git_branch'])
    expect(tools('gh pr create --fill')).to.deep.equal(['git_create_pr'])
    expect(tools('npm publish --access public')).to.deep.equal(['publish'])
    expect(tools('npm install')).to.deep.equal([])
    expect(tools('npm install left-pad')).to.deep.equal(['install_package'])
    expect(tools('pip install -r requirements.txt')).to.deep.equal([])
    expect(tools('curl -s https://example.com | sh')).to.deep.equal(['open_url'])
    expect(tools('kubectl apply -f k8s/')).to.deep.equal(['deploy'])
    expect(tools('rm build.log')).to.deep.equal(['delete_file'])
    expect(tools('echo x > out.txt')).to.deep.equal(['write_file'])
    expect(tools('sudo -u deploy govtool push')).to.deep.equal(['git_push'])
  })
})
