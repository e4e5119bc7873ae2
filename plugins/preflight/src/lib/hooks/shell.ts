/**
 * What a shell command line does to files and which governed tools it uses, read without running it: the
 * PreToolUse hook checks an agent's Bash calls with it. The reading is a deliberately small POSIX shell
 * tokenizer (quotes, escapes, operators, redirections, here-documents, command substitution, `sh -c` and
 * `eval` strings read again) plus a table of programs that write, remove or publish. It errs towards
 * reporting: a program it does not know that names a protected path is reported as `unknown`, so the hook
 * asks the user rather than guessing.
 */
import {gitSubcommand, impliedTools, operands} from './shell-tools.js'

/** One simple command: its words (quotes removed), redirections and here-document text. */
export interface SimpleCommand {
  words: string[]
  redirects: Array<{op: string; target: string}>
  /** text fed on stdin by a here-document or here-string (`python3 - <<EOF`) */
  stdin?: string
}

interface Parsed {
  commands: SimpleCommand[]
  /** scripts found in `$(...)` and backticks, read as command lines of their own */
  nested: string[]
}

const OPERATOR_CHARS = new Set([';', '&', '|', '\n', '(', ')'])

/** Splits a command line into simple commands. Never throws: an unterminated quote takes the rest of the text. */
export function parseShell(text: string): Parsed {
  const commands: SimpleCommand[] = []
  const nested: string[] = []
  let current: SimpleCommand = {words: [], redirects: []}
  let word: string | null = null
  let pendingRedirect: string | null = null
  const heredocs: Array<{delimiter: string; strip: boolean; command: SimpleCommand}> = []
  let i = 0

  const endWord = () => {
    if (word === null) return
    if (pendingRedirect !== null) {
      if (pendingRedirect.startsWith('<<') && pendingRedirect !== '<<<') {
        heredocs.push({delimiter: word, strip: pendingRedirect === '<<-', command: current})
      } else if (pendingRedirect === '<<<') {
        current.stdin = (current.stdin ?? '') + word
      } else {
        current.redirects.push({op: pendingRedirect, target: word})
      }
      pendingRedirect = null
    } else {
      current.words.push(word)
    }
    word = null
  }
  const endCommand = () => {
    endWord()
    if (current.words.length > 0 || current.redirects.length > 0 || current.stdin !== undefined) commands.push(current)
    current = {words: [], redirects: []}
  }
  /** reads `$( ... )` from just after `$(`; returns the inner text */
  const readParens = (): string => {
    let depth = 1
    const start = i
    while (i < text.length) {
      const c = text[i]
      if (c === '\\') i += 2
      else if (c === "'") {
        const end = text.indexOf("'", i + 1)
        i = end === -1 ? text.length : end + 1
      } else if (c === '(') {
        depth++
        i++
      } else if (c === ')') {
        depth--
        i++
        if (depth === 0) return text.slice(start, i - 1)
      } else i++
    }
    return text.slice(start)
  }
  const readBackticks = (): string => {
    const start = i
    while (i < text.length && text[i] !== '`') i += text[i] === '\\' ? 2 : 1
    const inner = text.slice(start, i)
    i++
    return inner
  }
  const readHeredocBodies = () => {
    // called just after a newline: each pending here-document takes the lines up to its delimiter
    for (const doc of heredocs.splice(0)) {
      const lines: string[] = []
      while (i < text.length) {
        const eol = text.indexOf('\n', i)
        const line = text.slice(i, eol === -1 ? text.length : eol)
        i = eol === -1 ? text.length : eol + 1
        if ((doc.strip ? line.replace(/^\t+/, '') : line) === doc.delimiter) break
        lines.push(line)
      }
      doc.command.stdin = (doc.command.stdin ?? '') + lines.join('\n')
    }
  }

  while (i < text.length) {
    const c = text[i]
    if (c === '\\') {
      if (text[i + 1] === '\n') {
        i += 2
        continue
      }
      word = (word ?? '') + (text[i + 1] ?? '')
      i += 2
    } else if (c === "'") {
      const end = text.indexOf("'", i + 1)
      word = (word ?? '') + text.slice(i + 1, end === -1 ? text.length : end)
      i = end === -1 ? text.length : end + 1
    } else if (c === '"') {
      i++
      let value = ''
      while (i < text.length && text[i] !== '"') {
        if (text[i] === '\\' && i + 1 < text.length && '"\\$`\n'.includes(text[i + 1])) {
          value += text[i + 1]
          i += 2
        } else if (text[i] === '$' && text[i + 1] === '(') {
          i += 2
          const inner = readParens()
          nested.push(inner)
          value += `$(${inner})`
        } else if (text[i] === '`') {
          i++
          const inner = readBackticks()
          nested.push(inner)
          value += `\`${inner}\``
        } else {
          value += text[i]
          i++
        }
      }
      i++
      word = (word ?? '') + value
    } else if (c === '$' && text[i + 1] === '(') {
      i += 2
      const inner = readParens()
      nested.push(inner)
      word = `${word ?? ''}$(${inner})`
    } else if (c === '`') {
      i++
      const inner = readBackticks()
      nested.push(inner)
      word = `${word ?? ''}\`${inner}\``
    } else if (c === '#' && word === null) {
      while (i < text.length && text[i] !== '\n') i++
    } else if (c === ' ' || c === '\t') {
      endWord()
      i++
    } else if (c === '>' || c === '<' || (c === '&' && text[i + 1] === '>')) {
      // a word of digits right before is the file descriptor (2>file), not an argument
      if (word !== null && /^\d+$/.test(word)) word = null
      endWord()
      let op = c
      i++
      while (i < text.length && '<>|&-'.includes(text[i]) && op.length < 3) {
        // `>&2` duplicates a descriptor; `&&`/`||` after a redirection are operators, not part of it
        if ((text[i] === '&' || text[i] === '|') && (text[i + 1] === '&' || text[i + 1] === '|') && op !== '&') break
        op += text[i]
        i++
      }
      if (op.endsWith('&') && op !== '&>') {
        // >&2, <&0, >&- : descriptors, no file
        while (i < text.length && /[\d-]/.test(text[i])) i++
        continue
      }
      pendingRedirect = op === '<' ? '<' : op
    } else if (OPERATOR_CHARS.has(c)) {
      endCommand()
      i++
      if (c === '\n' && heredocs.length > 0) readHeredocBodies()
    } else if ((c === '{' || c === '}') && word === null && (text[i + 1] === undefined || /\s|;/.test(text[i + 1]))) {
      // a group's braces are syntax, not words
      endCommand()
      i++
    } else {
      word = (word ?? '') + c
      i++
    }
  }
  endCommand()
  // a here-document whose body never ended (no newline after the command) has no body
  return {commands: commands.filter((cmd) => cmd.words.length > 0 || cmd.redirects.length > 0), nested}
}

/** A file a command writes or removes, as written in the command, with the directory it is relative to. */
export interface ShellTarget {
  path: string
  /** the directory relative paths resolve from; null when a `cd` made it unknown */
  cwd: string | null
  /** removes or moves the path away (a directory holding a protected path counts) */
  removal: boolean
  /** what does it: `rm`, `> redirection`, `sed -i`, `python -c` */
  via: string
}

/** A protected-looking path named by a program this reading does not know. */
export interface ShellMention {
  path: string
  cwd: string | null
  program: string
}

export interface ShellAnalysis {
  targets: ShellTarget[]
  /** words of unknown programs that may be paths (the caller checks them against the protected paths) */
  mentions: ShellMention[]
  /** governed tools the command line uses (permission profile names: git_push, publish, install_package...) */
  tools: string[]
  /** programs run, in order (for messages) */
  programs: string[]
}

const WRAPPERS = new Set(['sudo', 'doas', 'env', 'command', 'builtin', 'exec', 'nice', 'nohup', 'time', 'timeout', 'stdbuf', 'ionice', 'xargs', 'npx', 'pnpx', 'bunx'])
/** options of wrappers that take a value (`sudo -u root`, `timeout -s KILL 5`, `xargs -I {}`) */
const WRAPPER_VALUE_OPTIONS: Record<string, Set<string>> = {
  sudo: new Set(['-u', '-g', '-C', '-D', '-h', '-p', '-r', '-t', '-U']),
  env: new Set(['-u', '-C', '-S']),
  nice: new Set(['-n']),
  timeout: new Set(['-s', '-k']),
  ionice: new Set(['-c', '-n', '-p']),
  xargs: new Set(['-I', '-n', '-P', '-d', '-E', '-L', '-s', '-a']),
  npx: new Set(['-p', '--package']),
}

const REMOVERS = new Set(['rm', 'rmdir', 'unlink', 'shred', 'mv', 'srm', 'trash', 'trash-put'])
const ALL_ARG_WRITERS = new Set(['touch', 'truncate', 'chmod', 'chown', 'chgrp', 'chattr', 'setfacl', 'tee', 'vi', 'vim', 'nvim', 'nano', 'emacs', 'ed', 'ex', 'pico', 'joe', 'micro'])
const LAST_ARG_WRITERS = new Set(['cp', 'install', 'ln', 'rsync', 'scp'])
/** programs that only read the files they are given */
const READERS = new Set([
  'cat', 'less', 'more', 'head', 'tail', 'grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack', 'wc', 'diff', 'cmp', 'file', 'stat', 'ls', 'tree', 'md5sum',
  'sha1sum', 'sha256sum', 'sha512sum', 'shasum', 'cksum', 'jq', 'yq', 'bat', 'nl', 'od', 'xxd', 'hexdump', 'strings', 'sort', 'uniq', 'cut', 'tr',
  'test', '[', '[[', 'echo', 'printf', 'realpath', 'readlink', 'dirname', 'basename', 'du', 'df', 'find', 'awk', 'gawk', 'sed', 'perl', 'ruby',
  'column', 'fold', 'fmt', 'pr', 'paste', 'join', 'comm', 'look', 'view', 'true', 'false', 'pwd', 'which', 'type', 'whoami', 'date', 'cd', 'pushd',
  'popd', 'govtool', 'git', 'open', 'xdg-open', 'code', 'glow', 'mdcat', 'pandoc', 'markdownlint', 'vale',
])
const INTERPRETERS: Record<string, string[]> = {
  python: ['-c'], python2: ['-c'], python3: ['-c'], pypy: ['-c'], pypy3: ['-c'],
  node: ['-e', '--eval', '-p', '--print'], nodejs: ['-e', '--eval', '-p', '--print'], deno: ['eval'], bun: ['-e', '--eval'],
  perl: ['-e', '-E'], ruby: ['-e'], php: ['-r'], Rscript: ['-e'], lua: ['-e'], osascript: ['-e'],
}
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish', 'ash'])
const WRITE_API = /\b(?:write|writeFile|writeFileSync|appendFile|appendFileSync|createWriteStream|unlink|unlinkSync|rm|rmSync|rmdir|rmdirSync|rename|renameSync|truncate|truncateSync|copyFile|copyFileSync|remove|removedirs|rmtree|move|replace|write_text|write_bytes|touch|chmod|print\s*>>|File\.write|File\.delete|IO\.write|FileUtils|shutil|os\.remove|unlinkat|open\s*\([^)]*['"](?:w|a|r\+|x)[bt+]*['"]|fopen\s*\([^)]*['"][wax])/
const REDIRECT_WRITES = new Set(['>', '>>', '>|', '&>', '&>>', '<>'])

const isAssignment = (w: string) => /^[A-Za-z_][A-Za-z0-9_]*=/.test(w)
const base = (program: string) => program.split('/').pop() ?? program

/** Strips variable assignments and wrappers (`sudo`, `env`, `xargs`, `npx`...): the program and its arguments. */
export function commandProgram(words: readonly string[]): {program: string; args: string[]} | undefined {
  let i = 0
  for (;;) {
    while (i < words.length && isAssignment(words[i])) i++
    if (i >= words.length) return undefined
    const name = base(words[i])
    if (!WRAPPERS.has(name)) return {program: name, args: words.slice(i + 1)}
    const valueOptions = WRAPPER_VALUE_OPTIONS[name] ?? new Set<string>()
    i++
    while (i < words.length && (words[i].startsWith('-') || (name === 'env' && isAssignment(words[i])))) {
      if (valueOptions.has(words[i])) i++
      i++
    }
    // `timeout 5 cmd`, `nice 10 cmd`: a leading number is the wrapper's own value
    if ((name === 'timeout' || name === 'nice') && i < words.length && /^\d+(?:\.\d+)?[smhd]?$/.test(words[i])) i++
  }
}

/** Files a program with these arguments writes or removes (its redirections aside). */
function programTargets(program: string, args: readonly string[]): Array<{path: string; removal: boolean; via: string}> {
  const out: Array<{path: string; removal: boolean; via: string}> = []
  const add = (paths: readonly string[], removal: boolean, via = program) => {
    for (const p of paths) if (p) out.push({path: p, removal, via})
  }
  if (REMOVERS.has(program)) add(operands(args), true)
  else if (ALL_ARG_WRITERS.has(program)) add(operands(args, new Set(['-s', '--size', '-m', '--mode', '-r', '--reference'])), program === 'truncate')
  else if (LAST_ARG_WRITERS.has(program)) {
    const t = args.indexOf('-t')
    const ops = operands(args, new Set(['-t', '--target-directory', '-S', '--suffix', '-m', '--mode', '-o', '-g', '-e']))
    if (t !== -1 && args[t + 1]) add([args[t + 1]], false)
    else if (ops.length > 1) add([ops.at(-1)!], program === 'rsync' && args.includes('--delete'))
  } else if (program === 'dd') {
    add(args.filter((a) => a.startsWith('of=')).map((a) => a.slice(3)), false)
  } else if (program === 'sed' || program === 'perl' || program === 'ruby') {
    const inPlace = args.some((a) => a === '--in-place' || a.startsWith('--in-place=') || /^-[A-Za-z]*i/.test(a))
    if (inPlace) add(operands(args, new Set(['-e', '-f', '--expression', '--file', '-E'].filter((o) => program !== 'sed' || o !== '-E'))), false, `${program} -i`)
  } else if (program === 'awk' || program === 'gawk') {
    const i = args.indexOf('-i')
    if (i !== -1 && args[i + 1] === 'inplace') add(operands(args.slice(i + 2), new Set(['-f', '-v', '-F'])).slice(1), false, `${program} -i inplace`)
  } else if (program === 'git') {
    const sub = gitSubcommand(args)
    if (sub && (sub.name === 'rm' || sub.name === 'mv')) add(operands(sub.args), true, `git ${sub.name}`)
    else if (sub && (sub.name === 'checkout' || sub.name === 'restore')) {
      const dash = sub.args.indexOf('--')
      const paths = dash === -1 ? (sub.name === 'restore' ? operands(sub.args, new Set(['-s', '--source'])) : []) : sub.args.slice(dash + 1)
      add(paths, false, `git ${sub.name}`)
    } else if (sub && sub.name === 'clean' && sub.args.some((a) => /^-[A-Za-z]*[xX]/.test(a))) {
      const paths = operands(sub.args, new Set(['-e', '--exclude']))
      add(paths.length > 0 ? paths : ['.govtool'], true, 'git clean -x')
    }
  } else if (program === 'find') {
    const removes = args.includes('-delete') || args.some((a, i) => (a === '-exec' || a === '-execdir' || a === '-ok') && REMOVERS.has(base(args[i + 1] ?? '')))
    if (removes) {
      const start: string[] = []
      for (const a of args) {
        if (a.startsWith('-') || a === '(' || a === '!') break
        start.push(a)
      }
      add(start.length > 0 ? start : ['.'], true, 'find -delete')
      for (let i = 0; i < args.length - 1; i++) if (['-name', '-iname', '-path', '-ipath', '-wholename'].includes(args[i])) add([`**/${args[i + 1]}`], true, 'find -delete')
    }
  }
  return out
}

/**
 * Reads a command line: the files it writes or removes (with the directory each resolves from, following
 * `cd`), the paths unknown programs name, and the governed tools it uses. `cwd` is where it runs.
 */
export function analyseShell(command: string, cwd: string, depth = 0): ShellAnalysis {
  const result: ShellAnalysis = {targets: [], mentions: [], tools: [], programs: []}
  if (depth > 4) return result
  const {commands, nested} = parseShell(command)
  let dir: string | null = cwd
  const merge = (other: ShellAnalysis) => {
    result.targets.push(...other.targets)
    result.mentions.push(...other.mentions)
    result.tools.push(...other.tools)
    result.programs.push(...other.programs)
  }
  for (const script of nested) merge(analyseShell(script, dir ?? cwd, depth + 1))
  for (const cmd of commands) {
    for (const r of cmd.redirects) {
      if (REDIRECT_WRITES.has(r.op) && r.target !== '/dev/null' && !r.target.startsWith('/dev/std') && !r.target.startsWith('/dev/fd')) {
        result.targets.push({path: r.target, cwd: dir, removal: false, via: `${r.op} redirection`})
      }
    }
    if (cmd.redirects.some((r) => REDIRECT_WRITES.has(r.op))) result.tools.push('write_file')
    const found = commandProgram(cmd.words)
    if (!found) continue
    const {program, args} = found
    result.programs.push(program)
    if (program === 'cd' || program === 'pushd') {
      const to = operands(args)[0]
      dir = to === undefined || to === '-' || to.includes('$') || to.includes('`') || to.startsWith('~') ? null : dir === null ? (to.startsWith('/') ? to : null) : joinPath(dir, to)
      continue
    }
    result.tools.push(...impliedTools(program, args))
    const targets = programTargets(program, args)
    for (const t of targets) result.targets.push({...t, cwd: dir})
    if (targets.some((t) => !t.removal)) result.tools.push('write_file')
    // code run by an interpreter: -c/-e strings, and here-documents or here-strings on stdin
    const codeFlags = INTERPRETERS[program]
    const code: string[] = []
    if (codeFlags) {
      for (let i = 0; i < args.length - 1; i++) if (codeFlags.includes(args[i])) code.push(args[i + 1])
      if (cmd.stdin !== undefined) code.push(cmd.stdin)
    }
    if (SHELLS.has(program)) {
      const c = args.indexOf('-c')
      if (c !== -1 && args[c + 1] !== undefined) merge(analyseShell(args[c + 1], dir ?? cwd, depth + 1))
      else if (cmd.stdin !== undefined) merge(analyseShell(cmd.stdin, dir ?? cwd, depth + 1))
      continue
    }
    if (program === 'eval' || program === 'source' || program === '.') {
      if (program === 'eval') merge(analyseShell(args.join(' '), dir ?? cwd, depth + 1))
      continue
    }
    for (const text of code) {
      if (!WRITE_API.test(text)) continue
      for (const m of text.matchAll(/['"`]([^'"`\n]{1,300})['"`]/g)) result.targets.push({path: m[1], cwd: dir, removal: /unlink|rm|remove|rmtree|rename|move/.test(text), via: `${program} code`})
    }
    if (code.length > 0 || READERS.has(program) || REMOVERS.has(program) || ALL_ARG_WRITERS.has(program) || LAST_ARG_WRITERS.has(program) || program === 'dd') continue
    // anything else that names a path (a script, a formatter with --write) may change it: the caller asks
    for (const a of operands(args)) if (/[\w.]/.test(a) && !/^[a-z]+:\/\//i.test(a)) result.mentions.push({path: a.replace(/^[A-Za-z-]+=/, ''), cwd: dir, program})
  }
  result.tools = [...new Set(result.tools)]
  return result
}

/** POSIX join of a directory and a relative or absolute path, `..` and `.` resolved. */
function joinPath(dir: string, to: string): string {
  const parts = (to.startsWith('/') ? to : `${dir}/${to}`).split('/')
  const out: string[] = []
  for (const p of parts) {
    if (p === '' || p === '.') continue
    if (p === '..') out.pop()
    else out.push(p)
  }
  return `/${out.join('/')}`
}
