// SPDX-License-Identifier: AGPL-3.0-only
/**
 * Benchmark run records (SPEC.md "Other records": task, condition, rep, tokens, cost_usd, passed, quality,
 * rework_turns) and the derived cost-of-pass: the mean cost divided by the pass rate, per task and condition.
 * No run passed: cost-of-pass is null (infinite).
 */
export interface EvalRun {
  task: string
  condition: string
  rep: number
  tokens: number
  cost_usd: number
  passed: boolean
  quality: number
  rework_turns: number
}

export interface CostOfPass {
  task: string
  condition: string
  runs: number
  pass_rate: number
  mean_cost_usd: number
  cost_of_pass_usd: number | null
}

export function costOfPass(runs: readonly EvalRun[]): CostOfPass[] {
  const groups = new Map<string, EvalRun[]>()
  for (const run of runs) {
    const key = `${run.task}\u0000${run.condition}`
    groups.set(key, [...(groups.get(key) ?? []), run])
  }
  return [...groups.values()].map((group) => {
    const passRate = group.filter((r) => r.passed).length / group.length
    const meanCost = group.reduce((sum, r) => sum + r.cost_usd, 0) / group.length
    return {task: group[0].task, condition: group[0].condition, runs: group.length, pass_rate: passRate, mean_cost_usd: meanCost, cost_of_pass_usd: passRate > 0 ? meanCost / passRate : null}
  })
}

/** Parses a JSONL file of run records; lines that are not records are skipped and counted. */
export function parseRuns(text: string): {runs: EvalRun[]; skipped: number} {
  const runs: EvalRun[] = []
  let skipped = 0
  for (const line of text.split('\n')) {
    if (!line.trim()) continue
    try {
      const r = JSON.parse(line) as Partial<EvalRun>
      if (typeof r.task === 'string' && typeof r.condition === 'string' && typeof r.cost_usd === 'number' && typeof r.passed === 'boolean') {
        runs.push({task: r.task, condition: r.condition, rep: Number(r.rep ?? 0), tokens: Number(r.tokens ?? 0), cost_usd: r.cost_usd, passed: r.passed, quality: Number(r.quality ?? 0), rework_turns: Number(r.rework_turns ?? 0)})
      } else skipped++
    } catch {
      skipped++
    }
  }
  return {runs, skipped}
}
