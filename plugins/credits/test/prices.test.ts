import {expect} from 'chai'

import {PriceTable, buildEntry, computeCost} from '../src/index.js'

describe('prices and cost arithmetic', () => {
  const table = new PriceTable()

  it('prices uncached input, cached input and output separately; cached tokens are part of input', () => {
    // gpt-4o: input 2.50, cached 1.25, output 10.00 per million
    const price = table.find('openai', 'gpt-4o')!.price
    // 10 000 in of which 4 000 cached, 2 000 out: 6000*2.5 + 4000*1.25 + 2000*10 = 40 000 micro-dollars
    expect(computeCost({tokens_in: 10_000, cached_tokens_in: 4000, tokens_out: 2000}, price)).to.equal(0.04)
    // all cached: 10 000 * 1.25 = 0.0125; never input + cached on top of each other
    expect(computeCost({tokens_in: 10_000, cached_tokens_in: 10_000, tokens_out: 0}, price)).to.equal(0.0125)
    expect(computeCost({tokens_in: 10_000, cached_tokens_in: 0, tokens_out: 0}, price)).to.equal(0.025)
  })

  it('uses the input price for cached tokens when a model has no cache discount', () => {
    const price = table.find('openai', 'gpt-4-turbo')!.price
    expect(computeCost({tokens_in: 1_000_000, cached_tokens_in: 500_000, tokens_out: 0}, price)).to.equal(10)
  })

  it('matches dated and suffixed model names to their family, longest first, at a boundary', () => {
    expect(table.find('openai', 'gpt-4o-2024-08-06')!.key).to.equal('openai/gpt-4o')
    expect(table.find('openai', 'gpt-4o-mini-2024-07-18')!.key).to.equal('openai/gpt-4o-mini')
    expect(table.find('anthropic', 'claude-sonnet-4-5-20250929')!.key).to.equal('anthropic/claude-sonnet-4-5')
    expect(table.find('gemini', 'gemini-2.5-pro-preview-05-06')!.key).to.equal('google/gemini-2.5-pro')
    expect(table.find('OpenAI', 'GPT-4o')!.key).to.equal('openai/gpt-4o')
    expect(table.find('openai', 'gpt-4')).to.equal(undefined) // never matches gpt-4o or gpt-4.1
    expect(table.find('ollama', 'llama3.1:8b')!.price).to.deep.equal({input: 0, output: 0})
  })

  it('lets config prices override and extend the built-in table', () => {
    const custom = new PriceTable({openai: {'gpt-4o': {input: 1, output: 2}}, acme: {'*': {input: 3, cached_input: 1, output: 4}}})
    expect(custom.find('openai', 'gpt-4o')).to.deep.include({source: 'config', key: 'openai/gpt-4o'})
    expect(custom.find('openai', 'gpt-4o-mini')).to.deep.include({source: 'builtin'})
    expect(computeCost({tokens_in: 1_000_000, cached_tokens_in: 500_000, tokens_out: 1_000_000}, custom.find('acme', 'anything')!.price)).to.equal(6)
  })

  it('records an unknown model with cost null and a warning', () => {
    const {entry, warning} = buildEntry({provider: 'acme', model: 'x-1', tokens_in: 10, tokens_out: 5, task: 't'}, table)
    expect(entry.cost_usd).to.equal(null)
    expect(entry.tokens_in).to.equal(10)
    expect(warning).to.match(/No price known for acme\/x-1/)
  })

  it('rejects impossible token counts', () => {
    expect(() => buildEntry({provider: 'openai', model: 'gpt-4o', tokens_in: 10, cached_tokens_in: 11, tokens_out: 0}, table)).to.throw(/cannot exceed input tokens/)
    expect(() => buildEntry({provider: 'openai', model: 'gpt-4o', tokens_in: -1, tokens_out: 0}, table)).to.throw(/--tokens-in/)
    expect(() => buildEntry({provider: 'openai', model: 'gpt-4o', tokens_in: 1.5, tokens_out: 0}, table)).to.throw(/whole number/)
    expect(() => buildEntry({provider: '', model: 'gpt-4o', tokens_in: 1, tokens_out: 0}, table)).to.throw(/provider/)
  })

  it('keeps a known cost when the caller reports one, and rounds away float noise', () => {
    expect(buildEntry({provider: 'openai', model: 'gpt-4o', tokens_in: 1, tokens_out: 1, cost_usd: 0.5}, table).entry.cost_usd).to.equal(0.5)
    // 3 x 0.1-cent requests add up without 0.30000000000000004 artefacts at entry level
    const price = {input: 0.1, output: 0.2}
    expect(computeCost({tokens_in: 3_000_000, tokens_out: 0}, price)).to.equal(0.3)
  })
})
