import type {ProjectType} from 'govtool'

/**
 * The built-in project types. Each names its language, build system and test framework, the doctor
 * toolset in the 7 categories, the directories `init` creates and the steps its CI runs.
 */
const python: ProjectType = {
  name: 'python',
  description: 'Python package or service (pyproject.toml, pytest, ruff, mypy).',
  language: 'python',
  build_system: 'pyproject',
  test_framework: 'pytest',
  dependency_file: 'pyproject.toml',
  directories: ['src', 'tests', 'scripts'],
  toolset: {
    lint: [{name: 'ruff', run: 'ruff check .', install_hint: 'pip install ruff'}],
    typecheck: [{name: 'mypy', run: 'mypy src', install_hint: 'pip install mypy'}],
    test: [{name: 'pytest', run: 'pytest -q', install_hint: 'pip install pytest'}],
    security: [{name: 'pip-audit', run: 'pip-audit', install_hint: 'pip install pip-audit'}, {name: 'bandit', run: 'bandit -r src', install_hint: 'pip install bandit'}],
    build: [{name: 'python3', command: 'python3', run: 'python3 -m build', install_hint: 'install Python 3.10+ from python.org or your package manager'}],
    format: [{name: 'ruff', run: 'ruff format --check .', install_hint: 'pip install ruff'}],
    compliance: [{name: 'govtool', command: 'govtool', run: 'govtool audit', install_hint: 'npm install -g govtool'}],
  },
}

const nodeTypescript: ProjectType = {
  name: 'node-typescript',
  description: 'Node.js library, CLI or service in TypeScript (npm, tsc, eslint, mocha or vitest).',
  language: 'typescript',
  build_system: 'npm',
  test_framework: 'mocha',
  dependency_file: 'package.json',
  directories: ['src', 'test', 'scripts'],
  toolset: {
    lint: [{name: 'eslint', command: 'npx', version_args: ['eslint', '--version'], run: 'npx eslint .', install_hint: 'npm install --save-dev eslint'}],
    typecheck: [{name: 'tsc', command: 'npx', version_args: ['tsc', '--version'], run: 'npx tsc --noEmit', install_hint: 'npm install --save-dev typescript'}],
    test: [{name: 'npm', run: 'npm test', install_hint: 'install Node.js 20+ (includes npm)'}],
    security: [{name: 'npm-audit', command: 'npm', run: 'npm audit --omit=dev', install_hint: 'install Node.js 20+ (includes npm)'}],
    build: [{name: 'node', run: 'npm run build --if-present', install_hint: 'install Node.js 20+'}],
    format: [{name: 'prettier', command: 'npx', version_args: ['prettier', '--version'], run: 'npx prettier --check .', install_hint: 'npm install --save-dev prettier'}],
    compliance: [{name: 'govtool', command: 'govtool', run: 'govtool audit', install_hint: 'npm install -g govtool'}],
  },
}

const rust: ProjectType = {
  name: 'rust',
  description: 'Rust crate or workspace (cargo, clippy, rustfmt, cargo test).',
  language: 'rust',
  build_system: 'cargo',
  test_framework: 'cargo-test',
  dependency_file: 'Cargo.toml',
  directories: ['src', 'tests', 'benches'],
  toolset: {
    lint: [{name: 'clippy', command: 'cargo', version_args: ['clippy', '--version'], run: 'cargo clippy -- -D warnings', install_hint: 'rustup component add clippy'}],
    typecheck: [{name: 'cargo-check', command: 'cargo', run: 'cargo check', install_hint: 'install Rust with rustup'}],
    test: [{name: 'cargo-test', command: 'cargo', run: 'cargo test', install_hint: 'install Rust with rustup'}],
    security: [{name: 'cargo-audit', command: 'cargo', version_args: ['audit', '--version'], run: 'cargo audit', install_hint: 'cargo install cargo-audit'}],
    build: [{name: 'cargo', run: 'cargo build --release', install_hint: 'install Rust with rustup'}],
    format: [{name: 'rustfmt', run: 'cargo fmt --check', install_hint: 'rustup component add rustfmt'}],
    compliance: [{name: 'govtool', command: 'govtool', run: 'govtool audit', install_hint: 'npm install -g govtool'}],
  },
}

const cEmbedded: ProjectType = {
  name: 'c-embedded',
  description: 'Embedded C/C++ firmware for ARM Cortex-M (arm-none-eabi-gcc, CMake, clang-tidy, Unity tests).',
  language: 'c',
  build_system: 'cmake',
  test_framework: 'unity',
  dependency_file: 'CMakeLists.txt',
  directories: ['src', 'include', 'tests', 'linker', 'startup'],
  toolset: {
    lint: [{name: 'clang-tidy', run: 'clang-tidy src/*.c', install_hint: 'apt-get install clang-tidy'}, {name: 'cppcheck', run: 'cppcheck --error-exitcode=1 src', install_hint: 'apt-get install cppcheck'}],
    typecheck: [{name: 'gcc', run: 'gcc -fsyntax-only -Wall -Iinclude src/*.c', install_hint: 'apt-get install gcc'}],
    test: [{name: 'ctest', run: 'ctest --test-dir build', install_hint: 'apt-get install cmake'}],
    security: [{name: 'flawfinder', run: 'flawfinder src', install_hint: 'pip install flawfinder'}],
    build: [{name: 'arm-none-eabi-gcc', run: 'cmake -B build && cmake --build build', install_hint: 'apt-get install gcc-arm-none-eabi'}, {name: 'cmake', install_hint: 'apt-get install cmake'}],
    format: [{name: 'clang-format', run: 'clang-format --dry-run --Werror src/*.c', install_hint: 'apt-get install clang-format'}],
    compliance: [{name: 'govtool', command: 'govtool', run: 'govtool audit', install_hint: 'npm install -g govtool'}],
  },
}

const fpgaVhdl: ProjectType = {
  name: 'fpga-vhdl',
  description: 'FPGA design in VHDL (GHDL simulation, VSG style checks, cocotb or VUnit testbenches).',
  language: 'vhdl',
  build_system: 'make',
  test_framework: 'vunit',
  dependency_file: 'Makefile',
  directories: ['rtl', 'tb', 'constraints', 'sim'],
  toolset: {
    lint: [{name: 'vsg', run: 'vsg -f rtl/*.vhd', install_hint: 'pip install vsg'}],
    typecheck: [{name: 'ghdl', version_args: ['--version'], run: 'ghdl -s --std=08 rtl/*.vhd', install_hint: 'apt-get install ghdl'}],
    test: [{name: 'vunit', command: 'python3', version_args: ['-c', 'import vunit; print(vunit.__version__)'], run: 'python3 tb/run.py', install_hint: 'pip install vunit_hdl'}],
    security: [],
    build: [{name: 'yosys', version_args: ['-V'], run: 'make synth', install_hint: 'apt-get install yosys'}],
    format: [{name: 'vsg', run: 'vsg -f rtl/*.vhd --fix', install_hint: 'pip install vsg'}],
    compliance: [{name: 'govtool', command: 'govtool', run: 'govtool audit', install_hint: 'npm install -g govtool'}],
  },
}

const generic: ProjectType = {
  name: 'generic',
  description: 'Any project: governance files only, with git and govtool as the toolset.',
  directories: ['src', 'docs'],
  toolset: {
    lint: [],
    typecheck: [],
    test: [],
    security: [],
    build: [{name: 'make', install_hint: 'apt-get install make'}],
    format: [],
    compliance: [{name: 'git', install_hint: 'apt-get install git'}, {name: 'govtool', command: 'govtool', run: 'govtool audit', install_hint: 'npm install -g govtool'}],
  },
}

const builtinTypes: ProjectType[] = [python, nodeTypescript, rust, cEmbedded, fpgaVhdl, generic]

export default builtinTypes
