// Writes the generated part of every plugin's README.md: between `<!-- commands:start -->` and
// `<!-- commands:end -->` a "Commands" reference (each operation's command line, summary, description, flags
// and examples) and between `<!-- config:start -->` and `<!-- config:end -->` the docs/GOVTOOL.yml keys the
// plugin declares. Everything comes from the BUILT declarations (each plugin's dist/operations.js and its
// package.json "govtool": {"config": ...} module), so run `npm run build` first; `npm run readmes` does both.
// The rest of a README is hand-written and left as it is. test/e2e/readmes.test.ts fails when a README's
// generated sections differ from what this script would write now.
//
//   node scripts/readmes.mjs           write the READMEs
//   node scripts/readmes.mjs --check   write nothing; list the stale READMEs and exit 1 if there are any
import {existsSync, readdirSync, readFileSync, writeFileSync} from 'node:fs'
import path from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export const MARKERS = {
  commands: ['<!-- commands:start -->', '<!-- commands:end -->'],
  config: ['<!-- config:start -->', '<!-- config:end -->'],
}

const core = () => import(pathToFileURL(path.join(ROOT, 'dist', 'core.js')).href)

/** The plugin packages (plugins/<dir> with a package.json), sorted by directory name. */
export function pluginDirs(root = ROOT) {
  return readdirSync(path.join(root, 'plugins'))
    .filter((d) => existsSync(path.join(root, 'plugins', d, 'package.json')))
    .sort()
    .map((d) => path.join(root, 'plugins', d))
}

/** The operations a package declares (its built ./operations export), sorted by command line. */
export async function packageOperations(dir) {
  const pjson = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'))
  const target = pjson.exports?.['./operations']?.default
  if (!target) return []
  const file = path.join(dir, target)
  if (!existsSync(file)) throw new Error(`${path.relative(ROOT, file)} is missing: run \`npm run build\` first`)
  const {operations} = await import(pathToFileURL(file).href)
  return [...operations].sort((a, b) => commandWords(a).localeCompare(commandWords(b)))
}

/** The config sections a package declares (package.json "govtool": {"config": module}). */
export async function packageConfigSections(dir) {
  const pjson = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'))
  const target = pjson.govtool?.config
  if (!target) return []
  const file = path.join(dir, target)
  if (!existsSync(file)) throw new Error(`${path.relative(ROOT, file)} is missing: run \`npm run build\` first`)
  return (await import(pathToFileURL(file).href)).default.map((s) => ({...s, plugin: pjson.name}))
}

export const commandWords = (op) => op.command ?? op.id.replaceAll('.', ' ')

/** Text for Markdown outside code: angle brackets would otherwise be read as HTML tags. */
function prose(text) {
  return text
    .split(/(`[^`]*`)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replaceAll('<', '&lt;').replaceAll('>', '&gt;')))
    .join('')
}

function inline(value) {
  if (typeof value === 'string') return value === '' ? '""' : value
  if (Array.isArray(value)) return `[${value.map((v) => inline(v)).join(', ')}]`
  if (value !== null && typeof value === 'object') return `{${Object.entries(value).map(([k, v]) => `${k}: ${inline(v)}`).join(', ')}}`
  return String(value)
}

/** A code span that survives backticks inside the value. */
function code(text) {
  const s = String(text)
  return s.includes('`') ? `\`\` ${s} \`\`` : `\`${s}\``
}

function flagType(spec) {
  switch (spec.kind) {
    case 'boolean':
      return spec.hint.allowNo ? 'boolean, also `--no-' + spec.name + '`' : 'boolean'
    case 'enum':
      return `one of: ${spec.options.join(', ')}`
    case 'integer':
    case 'number': {
      const noun = spec.kind === 'integer' ? 'whole number' : 'number'
      const bound = (n) => (Number.isInteger(n) ? String(n) : String(Math.round(n * 1e6) / 1e6))
      if (spec.min !== undefined && spec.max !== undefined) return `${noun} from ${bound(spec.min)} to ${bound(spec.max)}`
      if (spec.min !== undefined) return `${noun}, at least ${bound(spec.min)}`
      if (spec.max !== undefined) return `${noun}, at most ${bound(spec.max)}`
      return noun
    }
    case 'strings':
      return spec.rest ? 'words' : spec.hint.delimiter ? 'comma-separated list' : 'text, repeatable'
    default:
      return spec.hint.file ? 'file (its text is the value)' : 'text'
  }
}

function flagLabel(spec) {
  if (spec.arg) return spec.rest ? `${spec.name.toUpperCase()}...` : spec.name.toUpperCase()
  const short = spec.hint.char ? `-${spec.hint.char}, ` : ''
  const value = spec.kind === 'boolean' ? '' : ` ${spec.hint.helpValue ?? (spec.kind === 'enum' ? spec.options.join('|') : spec.name.toUpperCase().replaceAll('-', '_'))}`
  return `${short}--${spec.name}${value}`
}

function flagLine(spec) {
  const facts = [spec.arg ? (spec.rest ? 'argument, the rest of the line' : 'argument') : undefined, flagType(spec)]
  if (spec.required && spec.default === undefined) facts.push('required')
  if (spec.default !== undefined && !(spec.kind === 'boolean' && spec.default === false)) facts.push(`default ${code(inline(spec.default))}`)
  if (spec.hint.env) facts.push(`env ${code(spec.hint.env)}`)
  const summary = spec.summary ? `: ${prose(spec.summary.trim())}` : ''
  return `- ${code(flagLabel(spec))} (${facts.filter(Boolean).join('; ')})${summary}`
}

function usage(op, specs) {
  const parts = [`govtool ${commandWords(op)}`]
  for (const s of specs.filter((s) => s.arg)) {
    const name = s.rest ? `${s.name.toUpperCase()}...` : s.name.toUpperCase()
    parts.push(s.required && s.default === undefined ? name : `[${name}]`)
  }
  if (specs.some((s) => !s.arg && !s.hint.hidden) || op.project) parts.push('[FLAGS]')
  return parts.join(' ')
}

/** The "Commands" section of a package (without markers). */
export async function commandsSection(operations) {
  const {fieldSpecs} = await core()
  if (operations.length === 0) return '## Commands\n\nThis plugin adds no commands.'
  const out = [
    '## Commands',
    '',
    'Generated from the declared operations by `npm run readmes`; do not edit by hand. Every command also takes `--json` (the result, or the error, as JSON) and `-h`/`--help`; `govtool <command> --help` shows the same text.',
  ]
  for (const op of operations) {
    const specs = fieldSpecs(op).filter((s) => !s.hint.hidden)
    out.push('', `### \`govtool ${commandWords(op)}\``, '', prose(op.summary.trim()))
    if (op.aliases?.length) out.push('', `Also: ${op.aliases.map((a) => code(`govtool ${a.replaceAll(':', ' ')}`)).join(', ')}.`)
    out.push('', '```sh', usage(op, specs), '```')
    for (const paragraph of (op.description ?? '').split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean)) out.push('', prose(paragraph))
    const args = specs.filter((s) => s.arg)
    const flags = specs.filter((s) => !s.arg).sort((a, b) => a.name.localeCompare(b.name))
    const lines = [...args.map((s) => flagLine(s)), ...flags.map((s) => flagLine(s))]
    if (op.project) lines.push('- `--project-dir PATH` (text): Project root to operate on (default: the current directory).')
    for (const alias of op.cli?.jsonAliases ?? []) lines.push(`- ${code(alias)} (boolean): Same as \`--json\` (kept for scripts written for older versions).`)
    if (lines.length > 0) out.push('', lines.length === 1 && args.length === 1 && flags.length === 0 && !op.project ? '**Argument**' : '**Arguments and flags**', '', ...lines)
    const examples = (op.examples ?? []).map((e) => e.replaceAll('<%= config.bin %>', 'govtool').trim())
    if (examples.length > 0) out.push('', '**Examples**', '', '```sh', ...examples, '```')
  }
  return out.join('\n')
}

function valueAt(object, keys) {
  let value = object
  for (const key of keys) value = value === null || typeof value !== 'object' ? undefined : value[key]
  return value
}

/** The "Configuration" section of a package (without markers). */
export async function configSection(sections) {
  if (sections.length === 0) return '## Configuration\n\nThis plugin reads no configuration.'
  const {configKeys, configRegistry, describeAllowed, sectionDefaults} = await core()
  const registry = configRegistry(sections)
  const out = [
    '## Configuration',
    '',
    'Generated from the config sections this plugin declares by `npm run readmes`; do not edit by hand. These keys live in the project\'s docs/GOVTOOL.yml, which `govtool init` and `govtool import` write with every key at its default; `govtool config list` shows each value in force and where it comes from, `govtool config get KEY` one of them, and `govtool config set KEY VALUE` checks and changes one.',
  ]
  const keys = configKeys(registry)
  for (const section of registry.sections) {
    out.push('', `### \`${section.path}\``, '', prose(section.title.trim()), '')
    const defaults = sectionDefaults(section)
    for (const key of keys.filter((k) => k.section === section)) {
      const value = valueAt(defaults, key.relative)
      const doc = section.keys[key.relative.join('.')]
      const example = typeof doc === 'object' ? doc.example : undefined
      const facts = [value === undefined ? `unset by default${example === undefined ? '' : `, for example ${code(example)}`}` : `default ${code(inline(value))}`, prose(describeAllowed(key.schema))]
      out.push(`- ${code(key.key)} (${facts.join('; ')})${key.description ? `: ${prose(key.description.trim())}` : ''}`)
    }
  }
  return out.join('\n')
}

/** The generated sections of one package: {commands, config}. */
export async function generatedSections(dir) {
  return {
    commands: await commandsSection(await packageOperations(dir)),
    config: await configSection(await packageConfigSections(dir)),
  }
}

/** The text between a pair of markers (trimmed), or undefined when the README lacks them. */
export function currentSection(text, name) {
  const [start, end] = MARKERS[name]
  const i = text.indexOf(start)
  const j = text.indexOf(end)
  if (i === -1 || j === -1 || j < i) return undefined
  return text.slice(i + start.length, j).trim()
}

/**
 * The README with its generated sections replaced. A README without a pair of markers gets it before its
 * "How it is built" heading, or at the end.
 */
export function withSections(text, sections) {
  let out = text
  for (const name of ['commands', 'config']) {
    const [start, end] = MARKERS[name]
    const block = `${start}\n${sections[name]}\n${end}`
    const i = out.indexOf(start)
    const j = out.indexOf(end)
    if (i !== -1 && j > i) {
      out = out.slice(0, i) + block + out.slice(j + end.length)
      continue
    }
    const built = out.search(/^## How it is built$/m)
    out = built === -1 ? `${out.trimEnd()}\n\n${block}\n` : `${out.slice(0, built)}${block}\n\n${out.slice(built)}`
  }
  return out
}

async function main() {
  const check = process.argv.includes('--check')
  const stale = []
  for (const dir of pluginDirs()) {
    const file = path.join(dir, 'README.md')
    const rel = path.relative(ROOT, file)
    if (!existsSync(file)) {
      stale.push(`${rel}: missing (write its hand-written part, then run \`npm run readmes\`)`)
      continue
    }
    const text = readFileSync(file, 'utf8')
    const next = withSections(text, await generatedSections(dir))
    if (next === text) continue
    if (check) stale.push(`${rel}: generated sections are stale`)
    else {
      writeFileSync(file, next)
      console.log(`wrote ${rel}`)
    }
  }
  if (stale.length > 0) {
    console.error([...stale, 'Run `npm run readmes` to regenerate them.'].join('\n'))
    process.exitCode = 1
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main()
