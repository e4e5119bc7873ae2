#!/usr/bin/env -S node --import tsx
// Development entry point: runs the TypeScript sources through tsx (no build needed). CommonJS like bin/run.js
// (bin/package.json); oclif is given the package root, not this file (it would take bin/package.json for the root's).
'use strict'

const root = process.getBuiltinModule('node:path').join(typeof __dirname === 'string' ? __dirname : process.getBuiltinModule('node:path').dirname(process.argv[1]), '..')
import('@oclif/core').then(({execute}) => execute({development: true, dir: root}))
