// Mocha's dot reporter plus one closing line in the plain form CI reads: "N passed, N failed, N skipped".
const Mocha = require('mocha')

const {Dot} = Mocha.reporters
const {EVENT_RUN_END} = Mocha.Runner.constants

class GovtoolReporter extends Dot {
  constructor(runner, options) {
    super(runner, options)
    runner.once(EVENT_RUN_END, () => {
      const s = runner.stats ?? {passes: 0, failures: 0, pending: 0}
      process.stdout.write(`\n${s.passes} passed, ${s.failures} failed, ${s.pending} skipped\n`)
    })
  }
}

module.exports = GovtoolReporter
