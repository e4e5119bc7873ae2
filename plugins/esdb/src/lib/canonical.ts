import {InputError} from 'govtool/core'

/** node:crypto on first use: loading it is 5-25 ms of a start-up that may hash nothing (issue 14, seventh pass) */
let cryptoModule: typeof import('node:crypto') | undefined
const crypto = (): typeof import('node:crypto') => (cryptoModule ??= process.getBuiltinModule('node:crypto'))

/**
 * The canonical serialisation the WAL hashes: JSON with object keys sorted (UTF-16 code-unit order) at every
 * depth, no whitespace, `undefined` object members left out (as JSON.stringify does). Values that JSON
 * cannot represent faithfully (NaN, Infinity, bigint, functions, symbols, undefined in an array) are
 * refused rather than silently changed, so what is hashed is exactly what is stored.
 */
export function canonicalJson(value: unknown): string {
  return encode(value, '$')
}

function encode(value: unknown, where: string): string {
  if (value === null) return 'null'
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value)
    case 'boolean':
      return value ? 'true' : 'false'
    case 'number':
      if (!Number.isFinite(value)) throw notJson(where, String(value))
      return JSON.stringify(value)
    case 'object':
      break
    default:
      throw notJson(where, typeof value)
  }
  const withToJson = value as {toJSON?: () => unknown}
  if (typeof withToJson.toJSON === 'function') return encode(withToJson.toJSON(), where)
  if (Array.isArray(value)) {
    let out = '['
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ','
      out += encode(value[i], `${where}[${i}]`)
    }
    return out + ']'
  }
  const object = value as Record<string, unknown>
  const keys = Object.keys(object).sort()
  let out = '{'
  let first = true
  for (const key of keys) {
    const member = object[key]
    if (member === undefined) continue
    if (!first) out += ','
    first = false
    out += JSON.stringify(key) + ':' + encode(member, `${where}.${key}`)
  }
  return out + '}'
}

function notJson(where: string, what: string): InputError {
  return new InputError(`ESDB values must be plain JSON; ${where} is ${what}.`, {
    code: 'E_ESDB_NOT_JSON',
    hint: 'Use strings, finite numbers, booleans, null, arrays and objects only.',
  })
}

export function sha256Hex(data: string | Uint8Array): string {
  return crypto().hash('sha256', data, 'hex')
}
