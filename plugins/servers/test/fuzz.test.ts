import {cpSync} from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

import {expect} from 'chai'
import fc from 'fast-check'
import {ProjectContext} from 'govtool/core'
import {cleanupTempDirs, isolatedEnv, makeTempDir} from 'govtool/testing'

import {startGovernanceServer, type GovernanceServer} from '../src/index.js'

const NOTES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'preflight', 'test', 'fixtures', 'notes')
const RUNS = Number(process.env.GOVTOOL_FUZZ_RUNS ?? 10_000)

const agent = new http.Agent({keepAlive: true, maxSockets: 8})

function post(url: URL, route: string, body: string, contentType: string): Promise<{status: number; body: string; type: string}> {
  return new Promise((resolve, reject) => {
    const req = http.request({host: url.hostname, port: url.port, path: route, method: 'POST', agent, headers: {'content-type': contentType, 'content-length': Buffer.byteLength(body)}}, (res) => {
      let text = ''
      res.setEncoding('utf8').on('data', (d: string) => (text += d))
      res.on('end', () => resolve({status: res.statusCode ?? 0, body: text, type: String(res.headers['content-type'] ?? '')}))
    })
    req.on('error', reject)
    req.end(body)
  })
}

/** Bodies that are not what the endpoint takes: broken JSON, wrong types, wrong shapes, junk bytes. */
const malformed = fc.oneof(
  fc.string({maxLength: 200}).filter((s) => {
    try {
      JSON.parse(s)
      return false
    } catch {
      return true
    }
  }),
  fc.jsonValue({maxDepth: 3}).map((v) => JSON.stringify(v)),
  fc.record({messages: fc.oneof(fc.constant([]), fc.array(fc.record({role: fc.oneof(fc.constant(7), fc.constant(null), fc.constant('system')), content: fc.jsonValue({maxDepth: 2})}), {maxLength: 3}))}, {requiredKeys: []}).map((v) => JSON.stringify(v)),
  fc.record({utterance: fc.oneof(fc.integer(), fc.constant(null), fc.array(fc.string())), verbose: fc.oneof(fc.string(), fc.integer())}, {requiredKeys: []}).map((v) => JSON.stringify(v)),
  fc.record({test_results: fc.oneof(fc.string(), fc.record({passed: fc.oneof(fc.string(), fc.constant(-1))})), changed: fc.oneof(fc.integer(), fc.constant('a,b')), diff: fc.integer()}, {requiredKeys: []}).map((v) => JSON.stringify(v)),
  fc.uint8Array({maxLength: 64}).map((bytes) => Buffer.from(bytes).toString('latin1')),
)

describe('governance-serve under malformed input', function () {
  this.timeout(600_000)
  let server: GovernanceServer
  before(async () => {
    const dir = makeTempDir('govtool-fuzz-')
    cpSync(NOTES, dir, {recursive: true})
    server = await startGovernanceServer({project: new ProjectContext(dir, isolatedEnv(makeTempDir())), port: 0, upstream: null})
  })
  after(async () => {
    await server.close()
    agent.destroy()
    cleanupTempDirs()
  })

  for (const route of ['/preflight', '/verify', '/v1/chat/completions']) {
    it(`answers ${RUNS} malformed bodies to ${route} with 4xx JSON, and stays up`, async () => {
      const url = new URL(server.url)
      await fc.assert(
        fc.asyncProperty(malformed, fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain'), async (body, type) => {
          const res = await post(url, route, body, type)
          // a body that happens to be a valid request is answered 200; everything else is a 4xx, never a 5xx
          if (res.status === 200) return
          expect(res.status, `${route} ${body}`).to.be.within(400, 499)
          expect(res.type).to.contain('application/json')
          const json = JSON.parse(res.body) as {error?: {message?: unknown}}
          expect(json.error?.message, res.body).to.be.a('string')
          expect(res.body).not.to.match(/\n\s+at /)
        }),
        {numRuns: RUNS},
      )
      const health = await fetch(`${server.url}/health`)
      expect(health.status).to.equal(200)
    })
  }
})
