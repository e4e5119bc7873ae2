import {existsSync} from 'node:fs'
import path from 'node:path'

/** Manifest files that name a project type on their own, most specific first. */
const MANIFEST_TYPES: readonly [string, string][] = [
  ['Cargo.toml', 'rust'],
  ['pyproject.toml', 'python'],
  ['setup.py', 'python'],
  ['setup.cfg', 'python'],
  ['tsconfig.json', 'node-typescript'],
  ['package.json', 'node-typescript'],
  ['CMakeLists.txt', 'c-embedded'],
]

/** A quick guess of the built-in project type from the manifests at the root (no directory walk). */
export function guessTypeFromManifests(root: string): string {
  for (const [file, type] of MANIFEST_TYPES) if (existsSync(path.join(root, file))) return type
  return 'generic'
}
