import {existsSync, readFileSync, symlinkSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {ProjectContext} from 'govtool/core'
import {cleanupTempDirs, makeTempDir} from 'govtool/testing'

import {COMPILER_TOOLS, ROLE_SPECS, findProgram, runCompilerTool, splitArgs, startDispatch} from '../src/index.js'
import {fakeOpenAI, openaiChunks} from '../../models/test/fakes.js'

const hasGcc = Boolean(findProgram('gcc'))
const hasClangFormat = Boolean(findProgram('clang-format'))

function project(): ProjectContext {
  const root = makeTempDir('govtool-dispatch-tools-')
  writeFileSync(path.join(root, 'hello.c'), '#include <stdio.h>\nint main(void){printf("hi\\n");return 0;}\n')
  writeFileSync(path.join(root, 'broken.c'), 'int main(void) { return }\n')
  return new ProjectContext(root)
}

describe('dispatch compiler and linter tools', function () {
  this.timeout(60_000)
  after(cleanupTempDirs)

  it('splits arguments like a shell and knows every tool of the spec', () => {
    expect(splitArgs('-c "a b.c" -o x\\ y.o \'-DX=1 2\'')).to.deep.equal(['-c', 'a b.c', '-o', 'x y.o', '-DX=1 2'])
    expect(splitArgs(['-c', 'a.c'])).to.deep.equal(['-c', 'a.c'])
    expect(COMPILER_TOOLS).to.deep.equal(['run_gcc', 'run_arm_gcc', 'run_aarch64_gcc', 'run_workbench_compiler', 'run_vendor_compiler', 'run_clang_format', 'run_clang_tidy', 'run_vsg'])
    expect(ROLE_SPECS['embedded-coder'].compiler_tools).to.deep.equal(COMPILER_TOOLS)
    expect(ROLE_SPECS.researcher.compiler_tools).to.deep.equal([])
  })

  it('a program that is not installed is a clear result naming it and how to install it', async () => {
    const ctx = project()
    const env = {...process.env, PATH: makeTempDir('govtool-empty-path-')}
    const arm = await runCompilerTool(ctx, 'run_arm_gcc', {args: '-c hello.c'}, undefined, env)
    expect(arm.ok).to.equal(false)
    expect(arm.output).to.equal('run_arm_gcc: arm-none-eabi-gcc is not installed (not found on PATH). To install it: apt-get install gcc-arm-none-eabi (Debian/Ubuntu), or the Arm GNU Toolchain from developer.arm.com.')
    const vsg = await runCompilerTool(ctx, 'run_vsg', {}, undefined, env)
    expect(vsg.output).to.match(/^run_vsg: vsg is not installed .*pip install vsg/)
    const tidy = await runCompilerTool(ctx, 'run_clang_tidy', {files: 'hello.c'}, undefined, env)
    expect(tidy.output).to.match(/clang-tidy is not installed.*apt-get install clang-tidy/)
    const wb = await runCompilerTool(ctx, 'run_workbench_compiler', {project_file: 'app.ewp'}, undefined, env)
    expect(wb.output).to.match(/iarbuild is not installed/)
  })

  it('stays inside the project: cwd, files and path arguments that lead out are refused', async () => {
    const ctx = project()
    symlinkSync('/tmp', path.join(ctx.root, 'out'))
    for (const [tool, args] of [
      ['run_gcc', {args: '-c hello.c -o ../escape.o'}],
      ['run_gcc', {args: ['-c', '/etc/hostname']}],
      ['run_gcc', {args: '-c hello.c', cwd: '..'}],
      ['run_gcc', {args: '-c hello.c', cwd: 'out'}],
      ['run_clang_format', {files: '../x.c'}],
      ['run_gcc', {args: '-c hello.c -o/tmp/x.o'}],
    ] as const) {
      const r = await runCompilerTool(ctx, tool, args as Record<string, unknown>)
      expect(r.ok, JSON.stringify(args)).to.equal(false)
      expect(r.output, JSON.stringify(args)).to.match(/outside the project|leads outside/)
    }
    expect(existsSync(path.join(path.dirname(ctx.root), 'escape.o'))).to.equal(false)
  })

  it('run_gcc compiles with the real gcc through the tracked runner (exit code, diagnostics)', async function () {
    if (!hasGcc) {
      console.log('      skipped: gcc is not installed (apt-get install gcc)')
      this.skip()
    }
    const ctx = project()
    const ok = await runCompilerTool(ctx, 'run_gcc', {args: '-Wall -o hello hello.c'})
    expect(ok.ok, ok.output).to.equal(true)
    expect(ok.output).to.match(/^run_gcc: exit 0/)
    expect(existsSync(path.join(ctx.root, 'hello'))).to.equal(true)
    const bad = await runCompilerTool(ctx, 'run_gcc', {args: '-c broken.c'})
    expect(bad.ok).to.equal(false)
    expect(bad.output).to.match(/^run_gcc: exit 1/)
    expect(bad.output).to.match(/broken\.c:1:\d+: error/)
    // it went through the tracked runner (its PID directory and logs)
    expect(existsSync(path.join(ctx.stateDir, 'pids'))).to.equal(true)
    expect(existsSync(path.join(ctx.stateDir, 'logs'))).to.equal(true)
    const slow = await runCompilerTool(ctx, 'run_gcc', {compiler: 'sleep', args: '5', timeout: 1})
    expect(slow.ok).to.equal(false)
    expect(slow.output).to.match(/^run_gcc: timed out after 1 s/)
  })

  it('run_clang_format prints a diff unless in_place, which rewrites the file', async function () {
    if (!hasClangFormat) {
      console.log('      skipped: clang-format is not installed (apt-get install clang-format)')
      this.skip()
    }
    const ctx = project()
    const before = readFileSync(path.join(ctx.root, 'hello.c'), 'utf8')
    const diff = await runCompilerTool(ctx, 'run_clang_format', {files: 'hello.c', style: 'LLVM'})
    expect(diff.ok, diff.output).to.equal(true)
    expect(diff.output).to.include('--- a/hello.c')
    expect(diff.output).to.include('+++ b/hello.c')
    expect(diff.output).to.include('+int main(void) {')
    expect(readFileSync(path.join(ctx.root, 'hello.c'), 'utf8')).to.equal(before)
    const applied = await runCompilerTool(ctx, 'run_clang_format', {files: ['hello.c'], style: 'LLVM', in_place: true})
    expect(applied.ok, applied.output).to.equal(true)
    expect(readFileSync(path.join(ctx.root, 'hello.c'), 'utf8')).to.include('int main(void) {\n')
    const again = await runCompilerTool(ctx, 'run_clang_format', {files: 'hello.c', style: 'LLVM'})
    expect(again.output).to.equal('run_clang_format: already formatted, no changes')
  })

  it('a tester node calls run_gcc through the agent loop and the result reaches the model', async function () {
    if (!hasGcc) {
      console.log('      skipped: gcc is not installed (apt-get install gcc)')
      this.skip()
    }
    const ctx = project()
    let round = 0
    const fake = await fakeOpenAI([], (body) => {
      const messages = body.messages as {role: string; content: string}[]
      if (messages.at(-1)!.role === 'tool') return {kind: 'sse', chunks: openaiChunks(`compiled: ${messages.at(-1)!.content.split('\n')[0]}`)}
      round++
      return {kind: 'sse', chunks: openaiChunks('I will compile it.', [{name: 'run_gcc', args: {args: '-o hello hello.c'}}])}
    })
    try {
      const summary = await startDispatch(ctx, {task: 't', dag_id: 'gcc1', plan: [{id: 'build', title: 'explain whether hello.c compiles', role: 'tester', depends_on: []}], endpoint: fake.url, env: {...process.env, OLLAMA_HOST: 'http://127.0.0.1:9'}}).done
      expect(round).to.equal(1)
      expect(summary.completed[0].summary).to.equal('compiled: run_gcc: exit 0')
      expect(existsSync(path.join(ctx.root, 'hello'))).to.equal(true)
      const offered = (fake.requests[0].body.tools as {function: {name: string}}[]).map((t) => t.function.name)
      expect(offered).to.include.members(['run_gcc', 'run_arm_gcc'])
      expect(offered).to.not.include('run_clang_tidy')
    } finally {
      await fake.close()
    }
  })
})
