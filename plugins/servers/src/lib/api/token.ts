/**
 * The API server's per-user access token: 32 random bytes (base64url, prefixed `gtk_`) in
 * `~/.govtool/serve-token` (GOVTOOL_HOME moves it), created on first use with mode 0600 in a 0700 directory,
 * read on every later start, so every client of this user (terminal, IDE extension) reads the same token and
 * no other local user can. A loopback port is reachable by every process on the machine, and a page in a
 * browser can reach it too; the Host/Origin guard stops the browser, the token stops the other processes.
 *
 * Clients send it as `Authorization: Bearer <token>`; an EventSource client, which cannot set headers, may put
 * it in the query string of a GET as `?access_token=<token>` (the access log never prints query strings).
 */
import {createHash, randomBytes, timingSafeEqual} from 'node:crypto'
import {chmod, stat} from 'node:fs/promises'
import path from 'node:path'

import {ensureDir, GovError, readTextIfExists, userHome, withLock, writeFileAtomic} from 'govtool/core'
import type Koa from 'koa'

export const TOKEN_FILE = 'serve-token'
const TOKEN_SHAPE = /^gtk_[\w-]{43}$/

export function tokenPath(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(userHome(env), TOKEN_FILE)
}

async function readToken(file: string): Promise<string | undefined> {
  const text = await readTextIfExists(file)
  if (text === undefined) return undefined
  const token = text.trim()
  if (!TOKEN_SHAPE.test(token)) {
    throw new GovError(`${file} does not hold a govtool access token.`, {code: 'E_BAD_STATE', hint: `Remove ${file}; serve creates a new token (clients then need the new one: serve --print-token).`})
  }
  return token
}

/**
 * The user's token, created when there is none. Two servers starting at once agree on one token (the file is
 * created under a lock); a token file readable by others is made private again.
 */
export async function accessToken(env: NodeJS.ProcessEnv = process.env): Promise<{token: string; file: string; created: boolean}> {
  const file = tokenPath(env)
  const dir = path.dirname(file)
  await ensureDir(dir)
  const dirMode = (await stat(dir)).mode & 0o777
  if (dirMode & 0o077) await chmod(dir, 0o700)
  const existing = await readToken(file)
  if (existing) {
    if (((await stat(file)).mode & 0o077) !== 0) await chmod(file, 0o600)
    return {token: existing, file, created: false}
  }
  return withLock(file, async () => {
    const raced = await readToken(file)
    if (raced) return {token: raced, file, created: false}
    const token = `gtk_${randomBytes(32).toString('base64url')}`
    await writeFileAtomic(file, `${token}\n`, {mode: 0o600})
    return {token, file, created: true}
  })
}

const digest = (text: string) => createHash('sha256').update(text).digest()

/** Compares in constant time (over digests, so the length of a guess tells nothing either). */
export function tokenMatches(expected: string, given: string | undefined): boolean {
  if (!given) return false
  return timingSafeEqual(digest(expected), digest(given))
}

/** The token a request carries: `Authorization: Bearer`, else (GET only) `?access_token=`. */
export function requestToken(ctx: Koa.Context): string | undefined {
  const header = ctx.get('authorization')
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header)
  if (bearer) return bearer[1]
  if (ctx.method === 'GET' || ctx.method === 'HEAD') {
    const query = ctx.query.access_token
    return typeof query === 'string' ? query : undefined
  }
  return undefined
}

/** Refuses (401) every request but those `open` lets through without the token. */
export function requireToken(token: string, open: (ctx: Koa.Context) => boolean): Koa.Middleware {
  return async (ctx, next) => {
    if (open(ctx) || tokenMatches(token, requestToken(ctx))) {
      await next()
      return
    }
    ctx.set('WWW-Authenticate', 'Bearer realm="govtool"')
    throw new GovError(ctx.get('authorization') || ctx.query.access_token ? 'Refused: the access token is not this server\'s.' : 'Refused: the request carries no access token.', {
      code: 'E_UNAUTHORIZED',
      hint: 'Send Authorization: Bearer <token> (or ?access_token=<token> on an event stream); `govtool serve --print-token` prints it.',
    })
  }
}
