import { describe, expect, test } from "bun:test"
import { resolve } from "node:path"

/** The guard and the hooks import src/mesh on every tool call: it must not pull in zod or the MCP SDK. */
describe("src/mesh/index.ts stays cheap to import", () => {
  test("its bundle holds neither zod nor the MCP SDK", async () => {
    const out = await Bun.build({
      entrypoints: [resolve(import.meta.dir, "../../src/mesh/index.ts")],
      target: "bun",
      throw: false,
      metafile: true,
    })
    expect(out.success).toBe(true)
    const inputs = Object.keys(out.metafile?.inputs ?? {})
    expect(inputs.some((i) => i.includes("src/mesh/claims.ts"))).toBe(true)
    expect(inputs.filter((i) => /node_modules\/(zod|@modelcontextprotocol)/.test(i))).toEqual([])
  })
})
