/**
 * The ninth speed stop's two cuts never change an answer (issue 22): a work item id computed in one shot is the id the
 * streamed sha256 gave (so every work item already on disk keeps its id), and an index's remembered id positions are
 * the positions a fresh binary search finds, asked once or many times, in any case, for ids the project has and ids
 * it lacks. Nothing here is timed.
 */
import {createHash} from 'node:crypto'
import {readFileSync} from 'node:fs'

import {expect} from 'chai'

import {analyseRequest} from '../src/lib/analyse/intent.js'
import {buildSections, findLine, indexFromSections, type ScopeModel} from '../src/lib/scope-index.js'
import {normaliseRequest} from '../src/lib/text/tokens.js'
import {workItemId} from '../src/lib/work-items.js'

/** The id as the streamed Hash object computed it before the one-shot `hash` (work-items.ts until this stop). */
function streamedId(projectRoot: string, request: string, intent: string, requirementIds: readonly string[]): string {
  const h = createHash('sha256')
  h.update(projectRoot)
  h.update('\n')
  h.update(normaliseRequest(request))
  h.update('\n')
  h.update(intent)
  h.update('\n')
  h.update([...requirementIds].sort().join(','))
  return `WI-${h.digest('hex').slice(0, 12)}`
}

const corpus = (): string[] => {
  const lines = readFileSync(new URL('corpus/requests.tsv', import.meta.url), 'utf8').split('\n')
  return lines.filter((l) => l && !l.startsWith('#')).map((l) => l.split('\t').slice(2).join('\t'))
}

describe('decision-time memos and one-shot hashes give the same answers', () => {
  it('a work item id is the streamed sha256 id over every corpus request, with non-ASCII roots and ids', () => {
    const roots = ['/p', '/home/zoë/proj ect', 'C:\\work\\notes']
    const ids = [[], ['REQ-2', 'REQ-1'], ['SYNC-003', 'req-ü-1']]
    let k = 0
    for (const text of corpus()) {
      const intent = analyseRequest(text).intent
      const root = roots[k % roots.length]
      const reqs = ids[k % ids.length]
      k++
      expect(workItemId(root, text, intent, reqs), text).to.equal(streamedId(root, text, intent, reqs))
    }
    expect(k).to.be.greaterThan(1000)
  })

  it("an index's remembered id positions are what the binary search finds, on every ask", () => {
    const requirements = Array.from({length: 300}, (_, i) => ({id: `REQ-${String(i + 1).padStart(3, '0')}`, title: `thing ${i}`, description: `does ${i}`, status: i % 7 === 0 ? 'deprecated' : 'implemented'}))
    requirements.push({id: 'REQ-001', title: 'a repeated id', description: 'the first one wins', status: 'implemented'})
    const model: ScopeModel = {requirements, tests: []}
    const sections = buildSections(model)
    const index = indexFromSections(sections)
    const asks = [...model.requirements.map((r) => r.id), 'REQ-999', 'req-010', 'Req-200', 'REQ-', '', 'TEST-001']
    for (let round = 0; round < 3; round++) {
      for (const id of asks) {
        const line = findLine(sections.byId, id.toUpperCase())
        expect(index.lookup(id), `${id} (round ${round})`).to.equal(line === undefined ? undefined : Number(line))
      }
    }
    expect(index.lookup('REQ-001')).to.equal(0)
    expect(index.lookup('req-999')).to.equal(undefined)
  })
})
