// Writes oclif.manifest.json for the CLI and every plugin that has commands, in one process (faster than
// running `oclif manifest` once per package). Start-up then reads the manifests and imports only the
// command it runs.
import {readdirSync, readFileSync, writeFileSync, existsSync} from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {Plugin} from '@oclif/core'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
// With arguments (package directories), only those are written; by default the CLI and every plugin.
const args = process.argv.slice(2).map((a) => path.resolve(a))
const roots = args.length > 0 ? args : [root, ...readdirSync(path.join(root, 'plugins')).map((d) => path.join(root, 'plugins', d))]
let count = 0
for (const dir of roots) {
  const pjsonPath = path.join(dir, 'package.json')
  if (!existsSync(pjsonPath)) continue
  const pjson = JSON.parse(readFileSync(pjsonPath, 'utf8'))
  if (!pjson.oclif?.commands) continue
  const plugin = new Plugin({root: dir, type: 'core', ignoreManifest: true, errorOnManifestCreate: true, isRoot: dir === root})
  await plugin.load()
  writeFileSync(path.join(dir, 'oclif.manifest.json'), JSON.stringify(plugin.manifest, null, 2) + '\n')
  count += Object.keys(plugin.manifest.commands).length
}
console.log(`oclif manifests written: ${count} commands`)
