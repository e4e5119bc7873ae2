/** Project facts the health checks share: scaffold.yml read without throwing, the type registry, line counts. */
import {readdirSync} from 'node:fs'
import path from 'node:path'

import {builtinTypes} from '@govtool/plugin-types'
import {
  ScaffoldSchema,
  isGovError,
  readTextIfExists,
  validateWith,
  type ProjectContext,
  type ProjectTypeRegistry,
  type RegisteredProjectType,
  type Scaffold,
} from 'govtool/core'

import {scopedRead} from './read-scope.js'
import {parseScaffoldText, validateScaffold} from './scaffold-memo.js'
import type {ParseProblem} from './types.js'

export interface ScaffoldRead {
  exists: boolean
  scaffold?: Scaffold
  /** why scaffold.yml could not be read (file and line) */
  problem?: ParseProblem
}

/** scaffold.yml, validated; a malformed one is returned as a problem naming file and line, never thrown. */
export async function readScaffoldSafe(ctx: ProjectContext): Promise<ScaffoldRead> {
  // once per read scope (checkpoint, the findings, the phase checklists); callers never change what they get
  return scopedRead(ctx, `scaffold:${ctx.file('scaffold')}`, () => readScaffoldOnce(ctx))
}

async function readScaffoldOnce(ctx: ProjectContext): Promise<ScaffoldRead> {
  const file = ctx.file('scaffold')
  try {
    // loadYamlFile's read, with the parse from the memo when scaffold.yml is unchanged
    const text = await readTextIfExists(file)
    if (text === undefined) return {exists: false}
    const yaml = await parseScaffoldText(ctx, text, file)
    const valid = await validateScaffold(ctx, text, yaml)
    // an invalid file: validateWith throws the error naming the field and its line
    return {exists: true, scaffold: valid.success ? valid.data : validateWith(ScaffoldSchema, yaml.data ?? {}, {file, yaml})}
  } catch (error) {
    if (isGovError(error)) {
      const message = error.message.replace(`${error.file ?? file}${error.line ? `:${error.line}` : ''}: `, '')
      return {exists: true, problem: {file: ctx.relative(file), line: error.line ?? 1, message}}
    }
    return {exists: true, problem: {file: ctx.relative(file), line: 1, message: (error as Error).message}}
  }
}

/** The registry of the built-in types, used when the caller has not loaded the plugins' registry. */
export function builtinRegistry(): ProjectTypeRegistry {
  const types = new Map<string, RegisteredProjectType>()
  for (const t of builtinTypes) types.set(t.name, {...t, plugin: '@govtool/plugin-types'})
  return {types, plugins: []}
}

export function lineCount(text: string): number {
  if (text === '') return 0
  return text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length
}

/** Markdown files directly inside a directory (sorted); empty when it does not exist. */
export async function markdownFiles(dir: string): Promise<string[]> {
  try {
    // without the thread pool (issue 14, start-up eighth pass)
    const names = readdirSync(dir)
    return names.filter((n) => n.toLowerCase().endsWith('.md')).sort().map((n) => path.join(dir, n))
  } catch {
    return []
  }
}

/** CI configuration files govtool knows, project-relative, that exist. */
export async function ciConfigFiles(ctx: ProjectContext): Promise<string[]> {
  const found: string[] = []
  try {
    const names = readdirSync(ctx.path('.github', 'workflows'))
    for (const n of names.sort()) if (/\.ya?ml$/i.test(n)) found.push(`.github/workflows/${n}`)
  } catch {
    // no GitHub workflows
  }
  for (const rel of ['.gitlab-ci.yml', 'azure-pipelines.yml', 'bitbucket-pipelines.yml', '.circleci/config.yml', 'Jenkinsfile']) {
    if (ctx.exists(rel)) found.push(rel)
  }
  return found
}
