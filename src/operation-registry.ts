/**
 * The operations of the installed govtool plugins, for kernel code that composes them by id (`quickstart`
 * runs `init`, `preflight`, `verify`, `ledger add` and `checkpoint` exactly as their commands do). The kernel
 * never imports a plugin's modules by path: it loads each package's `./operations` export, as oclif and the
 * fast runner do. Under the fast runner the bundle registers its own loaders (`registerOperationLoaders`), so
 * the lists come from the bundle rather than a second, unbundled copy of the same code.
 */
import {readFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import path from 'node:path'
import {pathToFileURL} from 'node:url'

import {GovError} from './errors.js'
import type {AnyOperation} from './operation.js'

type Loader = () => Promise<{operations: AnyOperation[]}>

let registered: Record<string, Loader> | undefined
const loaded = new Map<string, Promise<AnyOperation[]>>()

/** The fast runner's loaders (package name -> its bundled operation list); generated code calls this. */
export function registerOperationLoaders(loaders: Record<string, Loader>): void {
  registered = loaders
}

/** The @govtool packages the installation at `root` depends on, with a loader for each one's operation list. */
function pluginLoaders(root: string): Record<string, Loader> {
  if (registered) return Object.fromEntries(Object.entries(registered).filter(([name]) => name !== 'govtool'))
  const pjson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {dependencies?: Record<string, string>}
  const req = createRequire(path.join(root, 'package.json'))
  const loaders: Record<string, Loader> = {}
  for (const name of Object.keys(pjson.dependencies ?? {}).filter((n) => n.startsWith('@govtool/')).sort()) {
    loaders[name] = async () => {
      const pjsonFile = req.resolve(`${name}/package.json`)
      const target = (JSON.parse(readFileSync(pjsonFile, 'utf8')) as {exports?: Record<string, {default?: string}>}).exports?.['./operations']?.default
      if (!target) return {operations: []}
      return (await import(pathToFileURL(path.join(path.dirname(pjsonFile), target)).href)) as {operations: AnyOperation[]}
    }
  }
  return loaders
}

/** The operation lists of some packages (every one when `names` is undefined), each loaded once per process. */
async function listsOf(root: string, names?: readonly string[]): Promise<AnyOperation[]> {
  const loaders = Object.entries(pluginLoaders(root)).filter(([name]) => !names || names.includes(name))
  const lists = await Promise.all(
    loaders.map(([name, load]) => {
      const key = `${root}\0${name}`
      if (!loaded.has(key)) loaded.set(key, load().then((m) => m.operations))
      return loaded.get(key)!
    }),
  )
  return lists.flat()
}

/** Every operation of the @govtool plugins installed at `root` (the root package's own are not included). */
export async function pluginOperations(root: string): Promise<AnyOperation[]> {
  return listsOf(root)
}

/**
 * The plugin operations with these ids, in that order; a missing one is an error naming it. `packages` names
 * where they are expected, so that only those lists load; the others are searched when one is elsewhere.
 */
export async function findOperations<const Ids extends readonly string[]>(root: string, ids: Ids, packages?: readonly string[]): Promise<{[K in keyof Ids]: AnyOperation}> {
  let all = await listsOf(root, packages)
  if (packages && ids.some((id) => !all.some((o) => o.id === id))) all = await listsOf(root)
  return ids.map((id) => {
    const op = all.find((o) => o.id === id)
    if (!op) {
      throw new GovError(`The operation ${id} is not installed.`, {
        code: 'E_NOT_FOUND',
        hint: 'Reinstall govtool (its core plugins provide it); `govtool plugin` lists what loaded.',
      })
    }
    return op
  }) as {[K in keyof Ids]: AnyOperation}
}
