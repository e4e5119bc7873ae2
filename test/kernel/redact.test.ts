/** The one redaction function (redactSecrets): every provider shape hidden, ordinary text left alone. */
import {mkdtempSync, readFileSync, rmSync, createWriteStream} from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import {expect} from 'chai'
import {GovError, REDACTED, redactDeep, redactSecrets, scanText} from 'govtool/core'

import {RedactingLog} from '../../plugins/exec/src/index.js'

// made up and assembled at run time: this file holds nothing a scanner would take for a real key
const j = (...parts: string[]) => parts.join('')
const R = 'q7Xk2Lp9Rz4Tv8Nw3Hs6Jd1Fg5Bm0YcW'
const KEYS: Record<string, string> = {
  openai: j('sk-', 'proj-', R, R),
  openaiLegacy: j('sk-', R, 'Ab3dEf'),
  anthropic: j('sk-', 'ant-', 'api03-', R, R, R),
  anthropicShort: j('sk-', 'ant-', R),
  github: j('ghp_', R, 'aB3d'),
  githubFine: j('github_', 'pat_', '11AQ7ZLM0', R, '_', R),
  githubOauth: j('gho_', R, 'xY9z'),
  aws: j('AKIA', 'Q3X7Z2LMN4PR8TUV'),
  google: j('AIza', 'Sy', R, 'a'),
  slack: j('xoxb', '-1234987650-5647382910-', R.slice(0, 24)),
  stripe: j('sk_', 'live_', R.slice(0, 24)),
  npm: j('npm_', R, 'Ab3d'),
  huggingface: j('hf_', R, 'Ab'),
  jwt: j('eyJ', 'hbGciOiJIUzI1NiJ9', '.eyJ', 'zdWIiOiIxMjM0NTY3ODkwIn0', '.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'),
}

describe('redactSecrets', () => {
  for (const [name, key] of Object.entries(KEYS)) {
    it(`hides a ${name} key in prose, keeping the words around it`, () => {
      const out = redactSecrets(`deploy with ${key}, then restart`)
      expect(out).to.equal(`deploy with ${REDACTED}, then restart`)
    })
  }

  it('hides every token the scanner finds', () => {
    for (const key of Object.values(KEYS)) {
      const out = redactSecrets(`x = "${key}"`)
      expect(out, key).to.not.contain(key)
      expect(scanText(out).filter((f) => f.kind !== 'generic_secret'), out).to.deep.equal([])
    }
  })

  it('hides a private key block, on one line or several, ended or cut off', () => {
    const body = j('MIIEowIBAAKCAQEAx9kq2b3Wm6Yf0zJ8Tq4Vv1nR5sL7', 'pD2eK9hG3cB6aN8uM0yXwZ1')
    const begin = j('-----BEGIN RSA ', 'PRIVATE KEY-----')
    const end = j('-----END RSA ', 'PRIVATE KEY-----')
    expect(redactSecrets(`key: ${begin}\n${body}\n${body}\n${end}\nafter`)).to.equal(`key: ${REDACTED}\nafter`)
    expect(redactSecrets(`${begin} ${body} ${end} after`)).to.equal(`${REDACTED} after`)
    expect(redactSecrets(`cut ${begin}\n${body}`)).to.equal(`cut ${REDACTED}`)
  })

  it('hides the value of a secret-named assignment, Bearer credentials and URL passwords', () => {
    const value = j('Zq8vN2xLp4', 'Rt6Yw9Kc3M')
    expect(redactSecrets(`DB_PASSWORD=${value} next`)).to.equal(`DB_PASSWORD=${REDACTED} next`)
    expect(redactSecrets(`{"client_secret": "${value}"}`)).to.equal(`{"client_secret": "${REDACTED}"}`)
    expect(redactSecrets(`export API_KEY='${value}'`)).to.equal(`export API_KEY='${REDACTED}'`)
    expect(redactSecrets(`Authorization: Bearer ${value}`)).to.equal(`Authorization: Bearer ${REDACTED}`)
    expect(redactSecrets(`Authorization: Basic ${j('dXNlcjpw', 'YXNzd29yZA==')}`)).to.equal(`Authorization: Basic ${REDACTED}`)
    expect(redactSecrets(`git clone https://bob:${value}@git.example.com/r.git`)).to.equal(`git clone https://bob:${REDACTED}@git.example.com/r.git`)
  })

  it('leaves ordinary text, ids, hashes, UUIDs, timestamps, paths and references alone', () => {
    const plain = [
      'Fix the login retry for REQ-001, REQ-CLI-002 and TEST-012a (work item WI-65a3cd0cedce).',
      'commit 3f2a9c1d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a39 and chain hash 0123456789abcdef',
      'sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      'request id 123e4567-e89b-12d3-a456-426614174000 at 2025-06-01T12:00:00.000Z',
      'see src/lib/task-runner.ts and https://example.com/docs?page=2',
      'Basic authentication is configured; Bearer tokens expire',
      'the token_url=https://auth.example.com/token and cache_key=abcdef0123456789abcdef',
      'api_key = process.env.OPENAI_API_KEY; password: ${DB_PASSWORD}; secret = MY_SECRET_NAME',
      'task-runner, sk-learn is a typo, skills build, ask-ant-colony',
      'password: hunter (too weak to be a generated secret)',
      'Desk-based key ideas: sk-some-long-kebab-case-identifier-name-here',
    ]
    for (const text of plain) expect(redactSecrets(text), text).to.equal(text)
  })

  it('is idempotent and leaves a redacted text as it is', () => {
    const once = redactSecrets(`a ${KEYS.github} b API_KEY=${j('Zq8vN2xLp4', 'Rt6Yw9Kc3M')}`)
    expect(redactSecrets(once)).to.equal(once)
  })

  it('redactDeep redacts every string of a value and keeps what has none', () => {
    const value = {a: [`x ${KEYS.npm}`, 1, null], b: {c: KEYS.aws, d: true}}
    expect(redactDeep(value)).to.deep.equal({a: [`x ${REDACTED}`, 1, null], b: {c: REDACTED, d: true}})
    const clean = {a: ['x'], b: {c: 'y'}}
    expect(redactDeep(clean)).to.equal(clean)
  })

  it('error messages and hints are redacted', () => {
    const error = new GovError(`bad id ${KEYS.github}`, {hint: `try ${KEYS.openai}`})
    expect(error.message).to.equal(`bad id ${REDACTED}`)
    expect(error.hint).to.equal(`try ${REDACTED}`)
  })
})

describe('exec logs: RedactingLog', () => {
  it('redacts keys split across chunks and private key blocks across lines', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'govtool-redact-'))
    try {
      const file = path.join(dir, 'out.log')
      const log = new RedactingLog(createWriteStream(file))
      const key = KEYS.github
      const begin = j('-----BEGIN OPENSSH ', 'PRIVATE KEY-----')
      const end = j('-----END OPENSSH ', 'PRIVATE KEY-----')
      const body = j('b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ', 'AAAAAAAABAAAAMwAAAAtzc2gtZWQyNTUxOQ')
      const text = `token ${key} ok\nééé\n${begin}\n${body}\n${body}\n${end}\nlast ${KEYS.slack}`
      const bytes = Buffer.from(text)
      // one byte at a time: tokens and multi-byte characters split everywhere
      for (let i = 0; i < bytes.length; i++) log.write(bytes.subarray(i, i + 1))
      await log.end()
      const out = readFileSync(file, 'utf8')
      expect(out).to.equal(`token ${REDACTED} ok\nééé\n${REDACTED}\nlast ${REDACTED}`)
    } finally {
      rmSync(dir, {recursive: true, force: true})
    }
  })
})
