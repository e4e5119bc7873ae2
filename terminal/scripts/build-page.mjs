// SPDX-License-Identifier: AGPL-3.0-only
// Builds the page into dist/public: src/page/main.ts bundled with esbuild (xterm included), the static files of
// public/, and xterm's stylesheet. Run by `npm run build` at the root (through this package's build script).
import {copyFileSync, mkdirSync, readdirSync} from 'node:fs'
import {createRequire} from 'node:module'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

import {build} from 'esbuild'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const out = path.join(root, 'dist', 'public')
mkdirSync(out, {recursive: true})
await build({entryPoints: [path.join(root, 'src', 'page', 'main.ts')], bundle: true, format: 'esm', target: 'es2022', outfile: path.join(out, 'app.js'), minify: true, sourcemap: true, legalComments: 'linked', logLevel: 'warning'})
for (const name of readdirSync(path.join(root, 'public'))) copyFileSync(path.join(root, 'public', name), path.join(out, name))
const require = createRequire(import.meta.url)
copyFileSync(path.join(path.dirname(require.resolve('@xterm/xterm/package.json')), 'css', 'xterm.css'), path.join(out, 'xterm.css'))
