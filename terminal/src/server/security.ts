// SPDX-License-Identifier: AGPL-3.0-only
/**
 * Who may talk to the terminal server. It hosts a shell, so nothing but the page it opened may reach it:
 *
 * - it listens on 127.0.0.1 only (server.ts);
 * - the Host header must name this server on a loopback name (DNS rebinding: a foreign site's name resolving to
 *   127.0.0.1 still carries its own Host);
 * - an Origin header, when present, must be this server's own origin (cross-site requests and WebSockets);
 * - every request carries the per-launch secret: once in the URL the launcher opens (`/?t=<secret>`), exchanged
 *   for an HttpOnly SameSite=Strict cookie, then only the cookie. Compared in constant time.
 */
import {randomBytes, timingSafeEqual} from 'node:crypto'
import type {IncomingMessage} from 'node:http'

export function newSecret(): string {
  return randomBytes(32).toString('base64url')
}

/** The cookie's name carries the port: cookies are not scoped by port, and two terminals may run at once. */
export function cookieName(port: number): string {
  return `govtool_terminal_${port}`
}

export function sessionCookie(port: number, secret: string): string {
  return `${cookieName(port)}=${secret}; HttpOnly; SameSite=Strict; Path=/`
}

export function sameSecret(given: string | undefined | null, secret: string): boolean {
  if (!given) return false
  const a = Buffer.from(given)
  const b = Buffer.from(secret)
  return a.length === b.length && timingSafeEqual(a, b)
}

export function readCookie(req: IncomingMessage, name: string): string | undefined {
  const header = req.headers.cookie
  if (!header) return undefined
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
  }
  return undefined
}

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]']

/** The Host values that name this server. */
export function allowedHosts(port: number): Set<string> {
  return new Set(LOOPBACK_NAMES.map((name) => `${name}:${port}`))
}

/** The Origin values of pages this server served. */
export function allowedOrigins(port: number): Set<string> {
  return new Set(LOOPBACK_NAMES.map((name) => `http://${name}:${port}`))
}

export type Refusal = {status: 401 | 403; code: string; message: string}

/**
 * Why a request must be refused, or undefined when it may go on. `secretInUrl` is true for the one request that
 * presents the secret in the query (the launch URL), which needs no cookie yet.
 */
export function refusal(req: IncomingMessage, port: number, secret: string, secretInUrl = false): Refusal | undefined {
  const host = req.headers.host ?? ''
  if (!allowedHosts(port).has(host.toLowerCase())) {
    return {status: 403, code: 'E_FOREIGN_HOST', message: `Host '${host}' is not this terminal's loopback address.`}
  }
  const origin = req.headers.origin
  if (origin !== undefined && !allowedOrigins(port).has(origin.toLowerCase())) {
    return {status: 403, code: 'E_FOREIGN_ORIGIN', message: `Origin '${origin}' may not use this terminal.`}
  }
  if (secretInUrl) return undefined
  if (!sameSecret(readCookie(req, cookieName(port)), secret)) {
    return {status: 401, code: 'E_NO_SESSION', message: 'This terminal needs the address it printed at start-up (it carries a one-time secret).'}
  }
  return undefined
}
