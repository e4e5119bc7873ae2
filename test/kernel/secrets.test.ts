import {expect} from 'chai'
import {describeSecretFinding, entropy, isPlaceholder, scanDiff, scanText, secretFileKind, type SecretKind} from 'govtool/core'

// Every secret below is made up and assembled at run time, so that this file itself holds no token that a
// scanner (ours, or a hosting platform's push protection) would take for a real one.
const j = (...parts: string[]) => parts.join('')
const RANDOM = 'q7Xk2Lp9Rz4Tv8Nw3Hs6Jd1Fg5Bm0YcW'
const HEX = '8d9a7b6c5e4f3a2b1c0d9e8f7a6b5c4d'
const SECRETS: Record<string, string> = {
  aws: j('AKIA', 'Q3X7Z2LMN4PR8TUV'),
  github: j('ghp_', RANDOM, 'aB3d'),
  githubPat: j('github_', 'pat_', '11AQ7ZLM0', RANDOM, '_', RANDOM, 'xY7'),
  gitlab: j('glpat', '-', 'x9Yk2Lm4Np6Qr8St0Uv1'),
  npm: j('npm_', RANDOM, 'Ab3d'),
  slack: j('xoxb', '-', '1234987650-5647382910-', RANDOM.slice(0, 24)),
  slackHook: j('https://hooks.slack.', 'com/services/', 'T0Q4W8Z3D/B4E5F6G7H/', RANDOM.slice(0, 24)),
  openai: j('sk-', 'proj-', RANDOM, RANDOM),
  anthropic: j('sk-', 'ant-', 'api03-', RANDOM, RANDOM, RANDOM),
  google: j('AIza', 'Sy', RANDOM, 'a'),
  googleOauth: j('GOCSPX', '-', RANDOM.slice(0, 28)),
  stripe: j('sk_', 'live_', RANDOM.slice(0, 24)),
}
const PASSWORD = j('Tr0ub4', 'dor&3x')
const PEM_BODY = 'MIIEowIBAAKCAQEAx9kq2b3Wm6Yf0zJ8Tq4Vv1nR5sL7pD2eK9hG3cB6aN8uM0yXwZ1'
const begin = (label: string) => j('-----BEGIN ', label, 'PRIVATE KEY-----')
const end = (label: string) => j('-----END ', label, 'PRIVATE KEY-----')

function kinds(text: string, file?: string): SecretKind[] {
  return scanText(text, {file}).map((f) => f.kind)
}

describe('secrets scanner', () => {
  describe('finds', () => {
    const cases: [string, string, SecretKind, string?][] = [
      ['an AWS access key id', `aws_access_key_id = ${SECRETS.aws}`, 'aws_access_key_id'],
      ['an AWS secret access key', `aws_secret_access_key = ${RANDOM}Ab12cD34`, 'aws_secret_access_key', 'credentials'],
      ['a GitHub token', `const token = "${SECRETS.github}"`, 'github_token', 'src/app.ts'],
      ['a GitHub fine-grained token', `GH=${SECRETS.githubPat}`, 'github_token'],
      ['a GitLab token', `private_token: ${SECRETS.gitlab}`, 'gitlab_token', 'ci.yml'],
      ['an npm token', `//registry.npmjs.org/:_authToken=${SECRETS.npm}`, 'npm_token', '.npmrc'],
      ['a Slack token', `slack(${JSON.stringify(SECRETS.slack)})`, 'slack_token', 'bot.js'],
      ['a Slack webhook', `webhook: ${SECRETS.slackHook}`, 'slack_webhook'],
      ['an OpenAI key', `OPENAI_API_KEY="${SECRETS.openai}"`, 'openai_api_key'],
      ['an Anthropic key', `client = Anthropic(api_key="${SECRETS.anthropic}")`, 'anthropic_api_key', 'main.py'],
      ['a Google API key', `<meta name="key" content="${SECRETS.google}">`, 'google_api_key', 'index.html'],
      ['a Google OAuth client secret', `"client_secret": "${SECRETS.googleOauth}"`, 'google_oauth_secret', 'client.json'],
      ['a Stripe live key', `stripe.api_key = '${SECRETS.stripe}'`, 'stripe_secret_key', 'pay.py'],
      ['a generic api_key assignment', `api_key = "${HEX}"`, 'generic_secret', 'settings.py'],
      ['a JSON secret', `{"clientSecret": "${RANDOM}"}`, 'generic_secret', 'app.json'],
      ['an unquoted secret in a config file', `DB_PASSWORD=${PASSWORD}`, 'generic_secret', 'deploy.conf'],
      ['a YAML secret', `  signing_key: ${HEX}`, 'generic_secret', 'config.yml'],
      ['a PEM private key', [begin('RSA '), PEM_BODY, end('RSA ')].join('\n'), 'private_key', 'server.pem'],
      ['a private key in a string', `const key = "${begin('')}\\n${PEM_BODY}\\n"`, 'private_key', 'keys.js'],
      ['an OpenSSH private key', [begin('OPENSSH '), 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtz', end('OPENSSH ')].join('\n'), 'private_key', 'deploy_key'],
    ]
    for (const [what, text, kind, file] of cases) {
      it(what, () => {
        expect(kinds(text, file)).to.include(kind)
      })
    }

    it('files that are secrets by their name: .env and SSH private keys', () => {
      expect(secretFileKind('.env')).to.equal('env_file')
      expect(secretFileKind('config/.env.production')).to.equal('env_file')
      expect(secretFileKind('.env.local')).to.equal('env_file')
      expect(secretFileKind('home/.ssh/id_rsa')).to.equal('private_key_file')
      expect(secretFileKind('id_ed25519')).to.equal('private_key_file')
      expect(secretFileKind('keys/server.ppk')).to.equal('private_key_file')
      expect(kinds('DEBUG=1\n', '.env')).to.deep.equal(['env_file'])
    })

    it('names the line of each finding and never the value', () => {
      const text = ['# settings', 'debug = true', `token = "${SECRETS.github}"`, '', `password = "${PASSWORD}"`].join('\n')
      const findings = scanText(text, {file: 'settings.toml'})
      expect(findings).to.deep.equal([
        {file: 'settings.toml', line: 3, kind: 'github_token'},
        {file: 'settings.toml', line: 5, kind: 'generic_secret'},
      ])
      const shown = JSON.stringify(findings) + findings.map((f) => describeSecretFinding(f)).join('\n')
      for (const part of [SECRETS.github, SECRETS.github.slice(4, 14), PASSWORD, PASSWORD.slice(0, 6)]) expect(shown).not.to.contain(part)
      expect(describeSecretFinding(findings[0])).to.equal('settings.toml:3: GitHub token')
      expect(describeSecretFinding({line: 2, kind: 'private_key'})).to.equal('line 2: private key')
    })
  })

  describe('leaves alone', () => {
    const clean: [string, string, string?][] = [
      ['placeholders in angle brackets', 'API_KEY=<token>\nGITHUB_TOKEN=<your token here>'],
      ['xxx placeholders', `api_key = "xxxxxxxxxxxxxxxxxxxxxxxx"\ntoken: ghp_${'x'.repeat(36)}`],
      ['"your-..." values', 'OPENAI_API_KEY=your-openai-api-key-goes-here\nsecret = "your_secret_here_12345"'],
      ['the documented AWS example keys', j('AWS_ACCESS_KEY_ID=AKIA', 'IOSFODNN7', 'EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCY', 'EXAMPLEKEY')],
      ['environment lookups and templates', 'api_key = os.environ["API_KEY"]\ntoken: ${{ secrets.GITHUB_TOKEN }}\npassword = process.env.DB_PASSWORD\nSECRET="${SECRET}"\nkey: {{ .Values.apiKey }}', 'app.py'],
      ['names of variables', 'api_key: OPENAI_API_KEY\nclient_secret = settings.oauth.client_secret'],
      ['names that are about a secret, not one', `max_tokens = 4096\ntoken_url = "https://example.org/oauth/token"\npassword_min_length: 12\ncache_key = "user-profile-1234abcd9999"\naws_access_key_id_env: AWS_KEY\nsecret_name: prod-db-credentials-2024`],
      ['low-entropy or short values', 'password = "password"\nsecret = "abc"\napi_key = "aaaaaaaaaaaaaaaaaaaa"\ntoken: "12345678901234567890"'],
      ['test values', `token: "test-token-${HEX}"\napi_key = "mock_key_${HEX}"`, 'test/auth.test.ts'],
      ['unquoted expressions in source code', 'const apiKey = loadKeyFromVault1234567(name)\nconst token = someVeryLongVariableName2', 'src/app.ts'],
      ['kebab-case words after sk-', 'sk-some-long-kebab-case-identifier-name-here-and-more'],
      ['a private key header without a key body (documentation)', `${begin('RSA ')}\n...\n${end('RSA ')}`, 'README.md'],
      ['a private key header inside a regular expression', '/-----BEGIN [A-Z ]*PRIVATE KEY-----/'],
      ['booleans and nulls', 'secret: true\ntoken = null\npassword: none'],
      ['UUID-free ids and hashes in lock files', '"integrity": "sha512-abc123XYZ789abc123XYZ789abc123XYZ789"\n"resolved": "https://registry.npmjs.org/x/-/x-1.0.0.tgz"', 'package-lock.json'],
    ]
    for (const [what, text, file] of clean) {
      it(what, () => {
        expect(scanText(text, {file})).to.deep.equal([])
      })
    }

    it('example files: not secret files, and generic assignments in them are models', () => {
      for (const file of ['.env.example', '.env.sample', '.env.template', '.env.dist', 'config/.env.defaults']) expect(secretFileKind(file), file).to.equal(undefined)
      expect(secretFileKind('id_rsa.pub')).to.equal(undefined)
      expect(scanText(`API_TOKEN=${HEX}\nDB_PASSWORD=${PASSWORD}\n`, {file: '.env.example'})).to.deep.equal([])
      expect(scanText(`api_key: ${HEX}\n`, {file: 'config.sample.yml'})).to.deep.equal([])
      // a real provider token is a real token wherever it is
      expect(kinds(`GITHUB_TOKEN=${SECRETS.github}\n`, '.env.example')).to.deep.equal(['github_token'])
    })

    it('placeholders and entropy, the two measures behind it', () => {
      for (const v of ['xxxxxxxx', 'your-api-key', 'changeme', 'EXAMPLEKEY123', '<token>', '1234567890abcdef', 'redacted']) expect(isPlaceholder(v), v).to.equal(true)
      expect(isPlaceholder(RANDOM)).to.equal(false)
      expect(entropy('aaaa')).to.equal(0)
      expect(entropy(RANDOM)).to.be.greaterThan(4)
    })
  })

  describe('diffs', () => {
    const diff = [
      'diff --git a/.env b/.env',
      'new file mode 100644',
      'index 0000000..1111111',
      '--- /dev/null',
      '+++ b/.env',
      '@@ -0,0 +1,2 @@',
      '+DEBUG=1',
      `+STRIPE_KEY=${SECRETS.stripe}`,
      'diff --git a/src/settings.py b/src/settings.py',
      'index 2222222..3333333 100644',
      '--- a/src/settings.py',
      '+++ b/src/settings.py',
      '@@ -10,3 +10,4 @@ def load():',
      ' debug = False',
      `-api_key = "${HEX}"`,
      '+api_key = os.environ["API_KEY"]',
      ` name = "x"`,
      `+token = "${SECRETS.github}"`,
      '@@ -40 +41 @@',
      `-old = 1`,
      `+secret_token = "${RANDOM}"`,
      'diff --git a/old_id_rsa b/old_id_rsa',
      'deleted file mode 100600',
      'index 4444444..0000000',
      '--- a/old_id_rsa',
      '+++ /dev/null',
      '@@ -1,3 +0,0 @@',
      `-${begin('RSA ')}`,
      `-${PEM_BODY}`,
      `-${end('RSA ')}`,
      'diff --git a/keys/id_ed25519 b/keys/id_ed25519',
      'new file mode 100600',
      'index 0000000..5555555',
      'Binary files /dev/null and b/keys/id_ed25519 differ',
      'diff --git a/with space.txt b/with space.txt',
      'new file mode 100644',
      '--- /dev/null',
      '+++ b/with space.txt\t',
      '@@ -0,0 +1 @@',
      `+key: ${SECRETS.google}`,
      '\\ No newline at end of file',
      'diff --git "a/caf\\303\\251.txt" "b/caf\\303\\251.txt"',
      'new file mode 100644',
      '--- /dev/null',
      '+++ "b/caf\\303\\251.txt"',
      '@@ -0,0 +1 @@',
      `+${SECRETS.npm}`,
      '',
    ].join('\n')

    it('scans added lines with their line numbers in the new file, and the names of added files; not removed lines or deleted files', () => {
      expect(scanDiff(diff)).to.deep.equal([
        {file: '.env', line: 1, kind: 'env_file'},
        {file: '.env', line: 2, kind: 'stripe_secret_key'},
        {file: 'src/settings.py', line: 13, kind: 'github_token'},
        {file: 'src/settings.py', line: 41, kind: 'generic_secret'},
        {file: 'keys/id_ed25519', line: 1, kind: 'private_key_file'},
        {file: 'with space.txt', line: 1, kind: 'google_api_key'},
        {file: 'café.txt', line: 1, kind: 'npm_token'},
      ])
    })

    it('finds nothing in an empty diff or one that only removes', () => {
      expect(scanDiff('')).to.deep.equal([])
      expect(scanDiff(diff.split('diff --git a/old_id_rsa')[1].split('diff --git a/keys')[0].replace(/^/, 'diff --git a/old_id_rsa'))).to.deep.equal([])
    })

    it('a private key split over added lines of a hunk', () => {
      const d = ['diff --git a/k.pem b/k.pem', 'new file mode 100644', '--- /dev/null', '+++ b/k.pem', '@@ -0,0 +1,4 @@', `+${begin('EC ')}`, '+Proc-Type: 4,ENCRYPTED', `+${PEM_BODY}`, `+${end('EC ')}`, ''].join('\n')
      expect(scanDiff(d)).to.deep.equal([{file: 'k.pem', line: 1, kind: 'private_key'}])
    })
  })
})
