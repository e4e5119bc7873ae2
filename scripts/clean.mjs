// Removes build output and generated manifests.
import {rmSync, readdirSync} from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
for (const dir of [root, ...readdirSync(path.join(root, 'plugins')).map((d) => path.join(root, 'plugins', d))]) {
  rmSync(path.join(dir, 'dist'), {recursive: true, force: true})
  rmSync(path.join(dir, 'oclif.manifest.json'), {force: true})
}
