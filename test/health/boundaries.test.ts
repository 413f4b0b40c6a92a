import { describe, expect, test } from "bun:test"
import { importGraph } from "./_graph"
import { describeViolation, violations } from "./_rules"

describe("import boundaries (AGENTS.md: faculties, index.ts, _private files, layers)", () => {
  test("the rules catch each kind of violation, and pass the allowed shapes", () => {
    const found = violations([
      { from: "mcp/tools/mesh/session.ts", to: "mesh/sessions.ts" },
      { from: "memory/recall.ts", to: "memory/read/_score.ts" },
      { from: "core/db.ts", to: "memory/index.ts" },
      { from: "memory/recall.ts", to: "hooks/index.ts" },
      // allowed: through index, a parent's private file from its subtree, core from anywhere
      { from: "mcp/tools/mesh/session.ts", to: "mesh/index.ts" },
      { from: "memory/write/item.ts", to: "memory/_store.ts" },
      { from: "guard/judge.ts", to: "core/config.ts" },
    ]).map(describeViolation)
    expect(found).toEqual([
      "through-index: src/mcp/tools/mesh/session.ts → src/mesh/sessions.ts",
      "private: src/memory/recall.ts → src/memory/read/_score.ts",
      "core-leaf: src/core/db.ts → src/memory/index.ts",
      "layer: src/core/db.ts → src/memory/index.ts",
      "layer: src/memory/recall.ts → src/hooks/index.ts",
    ])
  })

  test("src/ keeps them", () => {
    const edges = importGraph()
    expect(edges.length).toBeGreaterThan(500)
    expect(violations(edges).map(describeViolation)).toEqual([])
  })
})
