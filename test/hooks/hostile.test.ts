import { afterAll, beforeAll, describe, expect, test } from "bun:test"
import { join } from "node:path"
import { closeAllDbs } from "../../src/core/db"
import fc from "fast-check"
import { ADAPTERS } from "../../src/hooks/adapters"
import { runHook } from "../../src/hooks/run"
import { HOOK_EVENTS, NEUTRAL, type HookTool, type Rendered } from "../../src/hooks/types"
import { tmpdir } from "../fixture"
import { readable, unreadable } from "./_hostile-stdin"
import { payload } from "./_payloads"

/**
 * Issue 14 proof: every hook adapter on every event with hostile stdin, through runHook and the real
 * faculties (guard, memory, insight, miner in the run's temp home). runHook never throws and answers
 * in the tool's protocol; a pre-tool payload that cannot be read never gets the neutral answer (which
 * lets the call through). Seeded: HOOK_FUZZ_SEED / HOOK_FUZZ_RUNS reproduce or widen a run.
 */
const SEED = Number(process.env.HOOK_FUZZ_SEED ?? 1415)
const RUNS = Number(process.env.HOOK_FUZZ_RUNS ?? 4)
const repo = tmpdir({ git: { origin: "git@github.com:acme/hostile-hooks.git" } })
// the real faculties write observations, verdicts and pending items: its own EGC_HOME
const home = tmpdir()
const shared = process.env.EGC_HOME
beforeAll(() => {
  process.env.EGC_HOME = join(home.path, "egc")
})
afterAll(() => {
  closeAllDbs()
  process.env.EGC_HOME = shared
  repo[Symbol.dispose]()
  home[Symbol.dispose]()
})

const EXITS = new Set([0, 1, 2])
// Kiro and Amazon Q take context as plain text on stdout; every other answer is one JSON object
const PLAIN_CONTEXT = new Set<HookTool>(["kiro", "amazonq"])
const wellFormed = (r: Rendered, tool: HookTool) => {
  expect(typeof r.stdout).toBe("string")
  expect(EXITS.has(r.exitCode)).toBe(true)
  if (r.stdout.trim() && !PLAIN_CONTEXT.has(tool)) expect(() => JSON.parse(r.stdout)).not.toThrow()
}

describe("every hook adapter with hostile stdin", () => {
  const tools = Object.keys(ADAPTERS) as HookTool[]
  let runs = 0

  test("unreadable stdin: never throws; pre-tool never answers neutrally", async () => {
    for (const [i, tool] of tools.entries()) {
      const neutral = ADAPTERS[tool].render("pre-tool", NEUTRAL, undefined)
      for (const [j, event] of HOOK_EVENTS.entries()) {
        for (const text of fc.sample(unreadable(tool, event, repo.path), { seed: SEED + i * 100 + j, numRuns: RUNS })) {
          const r = await runHook(event, tool, { payload: { text, truncated: false } })
          runs++
          wellFormed(r, tool)
          if (event === "pre-tool") expect(r).not.toEqual(neutral)
        }
      }
    }
  }, 60_000)

  test("readable stdin with hostile fields: never throws, answers in the tool's protocol", async () => {
    for (const [i, tool] of tools.entries()) {
      for (const [j, event] of HOOK_EVENTS.entries()) {
        for (const text of fc.sample(readable(tool, event, repo.path), {
          seed: SEED + 5000 + i * 100 + j,
          numRuns: RUNS,
        })) {
          wellFormed(await runHook(event, tool, { payload: { text, truncated: false } }), tool)
          runs++
        }
      }
    }
    expect(runs).toBe(tools.length * HOOK_EVENTS.length * RUNS * 2)
  }, 60_000)

  test("a shell call whose command is not a string is not let through on any adapter", async () => {
    for (const tool of tools) {
      const p = payload(tool, "pre-tool", { cwd: repo.path, command: "git status" }) as Record<string, unknown>
      const input = (p.tool_input ?? p.toolInput ?? p.tool_info) as Record<string, unknown> | undefined
      if (!input || typeof input !== "object" || !("command" in input)) continue
      const run = () => runHook("pre-tool", tool, { payload: { text: JSON.stringify(p), truncated: false } })
      const neutral = ADAPTERS[tool].render("pre-tool", NEUTRAL, undefined)
      for (const wrong of [42, { cmd: "rm" }, [1, 2], null]) {
        input.command = wrong
        expect({ tool, wrong, r: await run() }).not.toEqual({ tool, wrong, r: neutral })
      }
      // an argv array (Codex local_shell) is judged as the line it runs: denied here, allowed for ls
      input.command = ["bash", "-lc", "git reset --hard HEAD~1"]
      const denied = await run()
      expect({ tool, r: denied }).not.toEqual({ tool, r: neutral })
      expect(denied.stdout + denied.stderr).toContain("git.")
      input.command = ["ls", "-la"]
      expect({ tool, r: await run() }).toEqual({ tool, r: neutral })
    }
  })
})
