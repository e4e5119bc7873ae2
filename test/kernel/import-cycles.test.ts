import {expect} from 'chai'
import {parseCircular, parseDependencyTree} from 'dpdm'
import {REPO_ROOT} from 'govtool/testing'

/**
 * No import cycles in the kernel or any plugin, counting dynamic `import()` too: a cycle hidden behind a
 * dynamic import (and a hand-copied interface to avoid the static one) is still a cycle between modules.
 */
describe('import graph', () => {
  it('has no cycles, static or dynamic', async function () {
    this.timeout(120_000)
    const tree = await parseDependencyTree(['src/**/*.ts', 'plugins/*/src/**/*.ts'], {context: REPO_ROOT, transform: true, skipDynamicImports: false})
    const cycles = parseCircular(tree, false).map((cycle) => cycle.join(' -> '))
    expect(cycles).to.deep.equal([])
  })
})
