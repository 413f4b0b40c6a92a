import { basename, dirname } from "node:path"
import { type Edge, facultyOf } from "./_graph"

/** Layers, lowest first: a file may import its own layer's faculties or lower ones, never higher. */
const LAYER: Record<string, number> = {
  core: 0,
  memory: 1,
  mesh: 1,
  guard: 1,
  crush: 1,
  insight: 1,
  hooks: 2,
  mcp: 2,
  install: 2,
  ui: 2,
  release: 2,
  sync: 2,
  mirror: 2,
  cli: 3,
}

/** core is a set of small modules, each its own public surface; every other faculty has one door. */
const OPEN_FACULTIES = new Set(["core"])

export interface Violation {
  rule: "through-index" | "private" | "layer" | "core-leaf"
  edge: Edge
}

const insideTree = (folder: string, file: string) => file === folder || file.startsWith(`${folder}/`)

export function violations(edges: Edge[]): Violation[] {
  const found: Violation[] = []
  for (const edge of edges) {
    const from = facultyOf(edge.from)
    const to = facultyOf(edge.to)
    if (basename(edge.to).startsWith("_") && !insideTree(dirname(edge.to), edge.from))
      found.push({ rule: "private", edge })
    if (!from || !to || from === to) continue
    if (from === "core") found.push({ rule: "core-leaf", edge })
    if (!OPEN_FACULTIES.has(to) && edge.to !== `${to}/index.ts`) found.push({ rule: "through-index", edge })
    if ((LAYER[to] ?? 9) > (LAYER[from] ?? 9)) found.push({ rule: "layer", edge })
  }
  return found
}

export const describeViolation = (v: Violation) => `${v.rule}: src/${v.edge.from} → src/${v.edge.to}`
