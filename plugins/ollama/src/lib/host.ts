import {InputError} from 'govtool/core'

/** The daemon's default address (SPEC.md: `localhost:11434`). */
export const DEFAULT_OLLAMA_URL = 'http://127.0.0.1:11434'

/**
 * The daemon's base URL from `OLLAMA_HOST`, parsed the way the daemon's own client does: `host`, `host:port`,
 * `:port`, `http://host[:port]` or `https://host[:port]` (a URL without a port gets the scheme's default
 * port; a bare host gets 11434). A bind-all address (`0.0.0.0`, `::`) means "this machine" for a client.
 */
export function ollamaBaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env.OLLAMA_HOST?.trim()
  if (!raw) return DEFAULT_OLLAMA_URL
  let scheme = 'http'
  let rest = raw
  let defaultPort = '11434'
  const sep = raw.indexOf('://')
  if (sep !== -1) {
    scheme = raw.slice(0, sep).toLowerCase()
    rest = raw.slice(sep + 3)
    if (scheme === 'http') defaultPort = '80'
    else if (scheme === 'https') defaultPort = '443'
    else {
      throw new InputError(`OLLAMA_HOST has an unsupported scheme "${scheme}".`, {
        code: 'E_OLLAMA_HOST',
        hint: 'Use host:port or an http:// or https:// URL, e.g. OLLAMA_HOST=127.0.0.1:11434.',
      })
    }
  }
  const slash = rest.indexOf('/')
  const hostPort = slash === -1 ? rest : rest.slice(0, slash)
  const pathPart = slash === -1 ? '' : rest.slice(slash).replace(/\/+$/, '')
  let host: string
  let port: string
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(hostPort)
  if (bracketed) {
    host = bracketed[1]
    port = bracketed[2] ?? defaultPort
  } else if ((hostPort.match(/:/g) ?? []).length > 1) {
    host = hostPort // bare IPv6 without port
    port = defaultPort
  } else {
    const colon = hostPort.lastIndexOf(':')
    host = colon === -1 ? hostPort : hostPort.slice(0, colon)
    port = colon === -1 ? defaultPort : hostPort.slice(colon + 1)
  }
  if (host === '' || host === '0.0.0.0') host = '127.0.0.1'
  if (host === '::') host = '::1'
  if (!/^\d{1,5}$/.test(port) || Number(port) > 65_535) {
    throw new InputError(`OLLAMA_HOST has an invalid port "${port}".`, {
      code: 'E_OLLAMA_HOST',
      hint: 'Use host:port with a port between 1 and 65535, e.g. OLLAMA_HOST=127.0.0.1:11434.',
    })
  }
  const hostPart = host.includes(':') ? `[${host}]` : host
  return `${scheme}://${hostPart}:${port}${pathPart}`
}
