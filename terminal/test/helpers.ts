// SPDX-License-Identifier: AGPL-3.0-only
import {mkdtempSync, rmSync} from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

import {startTerminalServer, type TerminalServer, type TerminalServerOptions} from '../src/server/server.js'

export const TERMINAL_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const REPO_ROOT = path.resolve(TERMINAL_ROOT, '..')
export const GOVTOOL_BIN = path.join(REPO_ROOT, 'bin', 'run.js')

export interface Started {
  server: TerminalServer
  secret: string
  home: string
  project: string
  cookie: string
  close(): Promise<void>
}

/** A terminal server on a free port with its own GOVTOOL_HOME and project directory. */
export async function startTerminal(options: Partial<TerminalServerOptions> = {}): Promise<Started> {
  const base = mkdtempSync(path.join(os.tmpdir(), 'govtool-terminal-'))
  const home = path.join(base, 'home')
  const project = path.join(base, 'project')
  const {mkdirSync} = await import('node:fs')
  mkdirSync(home, {recursive: true})
  mkdirSync(project, {recursive: true})
  const secret = 'test-secret-' + Math.random().toString(36).slice(2)
  const env = {...process.env, GOVTOOL_HOME: home, GOVTOOL_BIN, GOVTOOL_TERMINAL_SHELL: '/bin/bash', PS1: '$ ', ...options.env}
  const server = await startTerminalServer({port: 0, secret, governancePort: 0, dataDir: home, cwd: project, manageGovernance: false, ...options, env})
  return {
    server,
    secret,
    home,
    project,
    cookie: `govtool_terminal_${server.port}=${secret}`,
    async close() {
      await server.close()
      rmSync(base, {recursive: true, force: true})
    },
  }
}

export interface RawResponse {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

/** A request with exactly the headers given (Host and Origin included), which fetch would not send. */
export function raw(port: number, pathname: string, headers: Record<string, string>, method = 'GET', body?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request({host: '127.0.0.1', port, path: pathname, method, headers, setHost: false}, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => (text += c))
      res.on('end', () => resolve({status: res.statusCode ?? 0, headers: res.headers, body: text}))
    })
    req.on('error', reject)
    req.end(body)
  })
}

/** A git project with one requirement about notes.md (the gate accepts requests to write it). */
export async function seedNotesProject(dir: string): Promise<void> {
  const {execFileSync} = await import('node:child_process')
  const {mkdirSync, writeFileSync} = await import('node:fs')
  mkdirSync(path.join(dir, 'docs'), {recursive: true})
  writeFileSync(path.join(dir, 'docs', 'REQUIREMENTS.md'), '# Requirements\n\n## REQ-001. Project notes file\n- **ID:** REQ-001\n- **Description:** The project keeps its notes in notes.md; writing and updating notes.md is allowed.\n- **Status:** implemented\n')
  writeFileSync(path.join(dir, 'docs', 'TESTS.md'), '# Tests\n\n### TEST-001 notes file exists\n- **Covers**: REQ-001\n')
  writeFileSync(path.join(dir, 'notes.md'), 'first notes\n')
  for (const args of [['init', '-q'], ['add', '-A'], ['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'start']]) execFileSync('git', args, {cwd: dir})
}

/** Free loopback port (listen on 0, close). */
export async function freePort(): Promise<number> {
  const {createServer} = await import('node:net')
  return new Promise((resolve) => {
    const s = createServer()
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as {port: number}).port
      s.close(() => resolve(port))
    })
  })
}
