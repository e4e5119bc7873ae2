/**
 * The forbidden rules' patterns are compiled straight to machine code the first time a process runs them.
 *
 * V8 compiles a new regular expression to bytecode for its interpreter on the first run, and to machine code only
 * on a later one (tier-up). For the gate's rules that order is the expensive one: about 110 patterns of 0.5-32 KB
 * of source each (540 KB in all), most run once or twice by a one-shot process, and compiling such an alternation
 * to bytecode costs several times its compilation to machine code (every rule run once over one request: 5.2-6.3 s
 * the default way, 1.1 s compiled to machine code first, on a loaded 2-core machine). V8 skips the interpreter when
 * a pattern's first subject is long (1,000 characters or more, its `kTierUpForSubjectLengthValue`), so a long
 * pattern runs once over 1,000 spaces before its first real run: that compiles it to machine code, and the run
 * itself fails fast. V8's `--no-regexp-tier-up` does the same for every pattern, but a flag set with
 * `v8.setFlagsFromString` once patterns have run crashed the process (SIGSEGV under the test runner), and a command
 * line flag cannot be relied on (npm's shims, `node bin/run.js`). Short patterns keep the default: their bytecode is
 * cheap. Should V8 change the rule, the warm-up is one failing run of a compiled pattern: never a different answer.
 */
const LONG_SOURCE = 250
const SUBJECT = ' '.repeat(1000)
const compiled = new WeakSet<RegExp>()

/** `re`, compiled to machine code first if it is long and has not run in this process (the same object back). */
export function machineCode(re: RegExp): RegExp {
  if (re.source.length >= LONG_SOURCE && !compiled.has(re)) {
    compiled.add(re)
    const last = re.lastIndex
    re.test(SUBJECT)
    re.lastIndex = last
  }
  return re
}

/** Whether `machineCode` has compiled `re` in this process (for the tests). */
export function warmedUp(re: RegExp): boolean {
  return compiled.has(re)
}
