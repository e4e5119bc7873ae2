// SPDX-License-Identifier: AGPL-3.0-only
/** A few DOM helpers (no framework): element creation, JSON calls to the same-origin server. */

type Child = Node | string | number | null | undefined | false

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string | number | boolean | ((e: Event) => void)> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag)
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value === 'function') el.addEventListener(name.replace(/^on/, ''), value)
    else if (value === true) el.setAttribute(name, '')
    else if (value !== false) el.setAttribute(name, String(value))
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) el.append(child instanceof Node ? child : String(child))
  return el
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super((body as {error?: {message?: string}})?.error?.message ?? `HTTP ${status}`)
  }
}

export async function call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {method, headers: body === undefined ? {} : {'content-type': 'application/json'}, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin'})
  const text = await res.text()
  let value: unknown = text
  try {
    value = JSON.parse(text)
  } catch {
    // text
  }
  if (!res.ok) throw new HttpError(res.status, value)
  return value as T
}

/** POST to one of the governance server's operation routes through the same-origin proxy. */
export const op = <T = Record<string, unknown>>(id: string, input: Record<string, unknown> = {}): Promise<T> => call<T>('POST', `/gov/${id.replaceAll('.', '/')}`, input)

export function table(headers: string[], rows: Child[][], id?: string): HTMLTableElement {
  return h('table', id ? {id} : {}, h('thead', {}, h('tr', {}, ...headers.map((x) => h('th', {}, x)))), h('tbody', {}, ...rows.map((r) => h('tr', {}, ...r.map((c) => h('td', {}, c))))))
}
