import {chmodSync, mkdirSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {makeTempDir} from 'govtool/testing'

/** A directory holding fake executables (`name` -> shell script body), for PATH. */
export function fakeBin(scripts: Record<string, string>): string {
  const dir = path.join(makeTempDir('govtool-fakebin-'), 'bin')
  mkdirSync(dir, {recursive: true})
  for (const [name, body] of Object.entries(scripts)) {
    const file = path.join(dir, name)
    writeFileSync(file, `#!/bin/sh\n${body}\n`)
    chmodSync(file, 0o755)
  }
  return dir
}
