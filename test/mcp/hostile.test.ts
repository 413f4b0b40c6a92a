import { afterAll, beforeAll, describe, expect, test } from "bun:test"
import fc from "fast-check"
import { z } from "zod"
import { join } from "node:path"
import { closeAllDbs } from "../../src/core/db"
import { newId } from "../../src/core/ids"
import { resolveProject } from "../../src/core/project"
import { openMemory } from "../../src/memory"
import { isUnreadable } from "../../src/memory/read"
import { defineTool, type ToolDef } from "../../src/mcp/tool"
import { allTools } from "../../src/mcp/tools"
import { tmpdir } from "../fixture"
import { connect, textOf } from "./_client"
import { fuzzTools, type Fuzzed } from "./_fuzz"
import { notAnObject } from "./_arbitrary"

/**
 * Issue 14 proof: every MCP tool fuzzed from its own published schema through a real SDK client,
 * with valid arguments and hostile variants (wrong types, oversized and deeply nested values,
 * unknown keys, controls, bidi, NUL). Every call ends as a result or a tool error, never a protocol
 * error or an internal error; afterwards the server still answers and every acknowledged write is
 * there. Seeded: FUZZ_SEED reproduces a failure (fast-check prints seed and path), FUZZ_RUNS widens it.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 1414)
const RUNS = Number(process.env.FUZZ_RUNS ?? 40)

const repo = tmpdir({ git: { origin: "git@github.com:acme/hostile.git" } })
let c: Awaited<ReturnType<typeof connect>>
const acked: string[] = []
// the fuzz writes memory, mesh and insight rows: its own EGC_HOME, so no other test counts them
const home = tmpdir()
const shared = process.env.EGC_HOME

beforeAll(async () => {
  process.env.EGC_HOME = join(home.path, "egc")
  c = await connect({ cwd: repo.path, tools: allTools, sessionId: newId("s_") })
  for (let i = 0; i < 5; i++) {
    const r = await c.client.callTool({
      name: "store_decision",
      arguments: { decision: `Keep decision ${i} before the fuzz`, context: `seeded control ${i}` },
    })
    acked.push((r.structuredContent as { id: string }).id)
  }
})
afterAll(async () => {
  await c.close()
  closeAllDbs()
  process.env.EGC_HOME = shared
  repo[Symbol.dispose]()
  home[Symbol.dispose]()
})

describe("every MCP tool under fuzzed and hostile arguments", () => {
  let fuzzed: Fuzzed
  test("every call ends as a result or a tool error", async () => {
    fuzzed = await fuzzTools(c.client, { seed: SEED, runs: RUNS })
    expect(fuzzed.tools.sort()).toEqual(allTools.map((t) => t.name).sort())
    expect(fuzzed.bad).toEqual([])
    // both sides were reached: valid arguments ran the handlers, hostile ones were refused
    expect(fuzzed.tally.result).toBeGreaterThan(fuzzed.tools.length * 5)
    expect(fuzzed.tally["tool-error"]).toBeGreaterThan(fuzzed.tools.length * RUNS * 0.5)
    for (const id of fuzzed.acked) acked.push(id)
  }, 60_000)

  test("arguments that are not an object are refused by the protocol or the tool", async () => {
    for (const args of fc.sample(notAnObject, { seed: SEED, numRuns: 10 })) {
      const r = await c.client.callTool({ name: "store_decision", arguments: args as Record<string, unknown> }).then(
        (res) => (res.isError && !/internal error/.test(textOf(res)) ? "tool-error" : `unexpected ${textOf(res)}`),
        (e: Error) => (/-32602|Invalid/i.test(e.message) ? "refused" : `unexpected ${e.message}`),
      )
      expect(["tool-error", "refused"]).toContain(r)
    }
  })

  test("afterwards the server answers and nothing acknowledged was lost", async () => {
    const health = await c.client.callTool({ name: "server_health", arguments: {} })
    expect(health.isError).toBeFalsy()
    expect((await c.client.listTools()).tools.length).toBe(allTools.length)
    expect(acked.length).toBeGreaterThan(5)
    const memory = openMemory()
    const project = resolveProject(repo.path)
    const lost = acked.filter((id) => {
      const item = memory.get({ project, id })
      return !item || isUnreadable(item)
    })
    expect(lost).toEqual([])
    expect(memory.auditVerify().ok).toBe(true)
  })
})

describe("the harness can fail", () => {
  test("a tool that throws on some input is found, with its seed", async () => {
    const fragile = defineTool({
      name: "fragile_echo",
      title: "fragile",
      description: "test only",
      profile: "full",
      input: { text: z.string().max(100) },
      output: { text: z.string() },
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      handler: ({ text }) => {
        if (text.includes("\u202e") || text.length > 20) throw new TypeError("fragile")
        return { text }
      },
    })
    using dir = tmpdir({ git: true })
    const broken = await connect({ cwd: dir.path, tools: [fragile as unknown as ToolDef] })
    try {
      const f = await fuzzTools(broken.client, { seed: SEED, runs: 30 })
      expect(f.bad.length).toBeGreaterThan(0)
      expect(f.bad[0]).toContain("fragile_echo")
      expect(f.tally["internal-error"]).toBeGreaterThan(0)
    } finally {
      await broken.close()
    }
  })
})
