// Gate decision quality on the held-apart test split of the labelled corpus
// (plugins/preflight/test/corpus/requests.tsv, decided in three project states): agreement with the labels,
// precision and recall per decision, requirement recall, and the share of requests let through that must not
// pass. The dev split is shown for comparison: the rules are tuned on dev only. Latency at 5,000
// requirements is in the preflight rows.
import path from 'node:path'
import {pathToFileURL} from 'node:url'

export default async function bench({REPO_ROOT}) {
  const {score} = await import(pathToFileURL(path.join(REPO_ROOT, 'plugins', 'preflight', 'test', 'corpus', 'evaluate.mjs')).href)
  const rows = []
  const dev = await score({only: 'dev'})
  const test = await score({only: 'test'})
  const pct = (x) => x * 100
  const perDecision = Object.entries(test.per_decision)
    .map(([d, s]) => `${d} P ${pct(s.precision).toFixed(0)}% R ${pct(s.recall).toFixed(0)}%`)
    .join('; ')
  rows.push({name: `agreement with the labels, test split (${test.cases} requests x 3 states)`, value: pct(test.agreement), unit: '%', target: '>= 97%', note: `dev split ${pct(dev.agreement).toFixed(1)}%; ${perDecision}`})
  rows.push({name: 'let through that must not pass, test split', value: pct(test.let_through), unit: '%', target: '0', note: `${test.let_through_count} decisions; dev split ${dev.let_through_count}`})
  rows.push({name: 'requirement recall, test split', value: pct(test.requirement_recall), unit: '%', target: '>= 95%', note: `dev split ${pct(dev.requirement_recall).toFixed(1)}%`})
  return rows
}
