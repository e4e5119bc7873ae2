// SPDX-License-Identifier: AGPL-3.0-only
/**
 * The dispatch panel's DAG layout (SPEC.md "Terminal client behaviour", layout rule): a node's level (column)
 * is the length of its longest dependency path, roots at 0; the nodes of a level are spread evenly down the
 * height; an edge is a cubic curve from the parent's right edge to the child's left edge, with an arrowhead at
 * the child, drawn behind the nodes. Dependencies on unknown nodes are ignored; a cycle (the dispatcher refuses
 * them) is broken by the node order so the layout always terminates.
 */
export interface DagNodeInput {
  id: string
  depends_on: readonly string[]
}

export interface PlacedNode {
  id: string
  level: number
  /** index within its level */
  index: number
  x: number
  y: number
}

export interface PlacedEdge {
  from: string
  to: string
  /** start: the parent's right edge, middle height */
  x1: number
  y1: number
  /** end: the child's left edge, middle height */
  x2: number
  y2: number
  /** the SVG path: M x1 y1 C c1 c2 x2 y2 */
  d: string
}

export interface Layout {
  nodes: PlacedNode[]
  edges: PlacedEdge[]
  width: number
  height: number
  levels: number
}

export interface LayoutOptions {
  nodeWidth?: number
  nodeHeight?: number
  columnGap?: number
  /** the height the levels spread over (default: enough for the fullest level) */
  height?: number
  rowPitch?: number
  margin?: number
}

export function levels(nodes: readonly DagNodeInput[]): Map<string, number> {
  const byId = new Map(nodes.map((n) => [n.id, n]))
  const level = new Map<string, number>()
  const visiting = new Set<string>()
  const visit = (id: string): number => {
    const known = level.get(id)
    if (known !== undefined) return known
    if (visiting.has(id)) return 0
    visiting.add(id)
    const deps = (byId.get(id)?.depends_on ?? []).filter((d) => byId.has(d) && d !== id)
    const value = deps.length === 0 ? 0 : 1 + Math.max(...deps.map(visit))
    visiting.delete(id)
    level.set(id, value)
    return value
  }
  for (const n of nodes) visit(n.id)
  return level
}

export function layoutDag(nodes: readonly DagNodeInput[], options: LayoutOptions = {}): Layout {
  const nodeWidth = options.nodeWidth ?? 160
  const nodeHeight = options.nodeHeight ?? 40
  const columnGap = options.columnGap ?? 80
  const rowPitch = options.rowPitch ?? 64
  const margin = options.margin ?? 20
  const level = levels(nodes)
  const columns: string[][] = []
  for (const n of nodes) (columns[level.get(n.id) ?? 0] ??= []).push(n.id)
  const fullest = Math.max(1, ...columns.map((c) => c?.length ?? 0))
  const height = options.height ?? fullest * rowPitch + 2 * margin
  const inner = height - 2 * margin
  const placed = new Map<string, PlacedNode>()
  columns.forEach((column, l) => {
    column?.forEach((id, index) => {
      // evenly spread: the centre of slot i of n equal slots
      const cy = margin + ((index + 0.5) * inner) / column.length
      placed.set(id, {id, level: l, index, x: margin + l * (nodeWidth + columnGap), y: cy - nodeHeight / 2})
    })
  })
  const edges: PlacedEdge[] = []
  for (const n of nodes) {
    const child = placed.get(n.id)!
    for (const dep of n.depends_on) {
      const parent = placed.get(dep)
      if (!parent || dep === n.id) continue
      const x1 = parent.x + nodeWidth
      const y1 = parent.y + nodeHeight / 2
      const x2 = child.x
      const y2 = child.y + nodeHeight / 2
      const bend = Math.max(20, (x2 - x1) / 2)
      edges.push({from: dep, to: n.id, x1, y1, x2, y2, d: `M ${x1} ${y1} C ${x1 + bend} ${y1}, ${x2 - bend} ${y2}, ${x2} ${y2}`})
    }
  }
  return {nodes: nodes.map((n) => placed.get(n.id)!), edges, width: 2 * margin + columns.length * nodeWidth + Math.max(0, columns.length - 1) * columnGap, height, levels: columns.length}
}
