import {readFile} from 'node:fs/promises'
import {createRequire} from 'node:module'

import type {SqlJsStatic} from 'sql.js'

let loading: Promise<SqlJsStatic> | undefined

/**
 * Loads sql.js (SQLite compiled to WebAssembly) once per process, with the wasm binary read from the installed
 * package (never fetched). Imported lazily so commands that do not query (status on a fresh index, replay,
 * appends) never pay for it.
 */
export function loadSqlJs(): Promise<SqlJsStatic> {
  loading ??= (async () => {
    const require = createRequire(import.meta.url)
    const wasm = await readFile(require.resolve('sql.js/dist/sql-wasm.wasm'))
    const {default: initSqlJs} = await import('sql.js')
    return initSqlJs({wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer})
  })()
  loading.catch(() => {
    loading = undefined
  })
  return loading
}
