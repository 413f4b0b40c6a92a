import { afterAll, describe, expect, test } from "bun:test"
import fc from "fast-check"
import { ADAPTERS } from "../../src/hooks/adapters"
import { runHook } from "../../src/hooks/run"
import { HOOK_EVENTS, NEUTRAL, type HookEvent, type HookTool, type Rendered } from "../../src/hooks/types"
import { HOSTILE_PIECES, hostileText } from "../mcp/_arbitrary"
import { tmpdir } from "../fixture"
import { hasFixture, payload } from "./_payloads"

/**
 * Issue 14 proof: every hook adapter on every event with hostile stdin, through runHook and the real
 * faculties (guard, memory, insight, miner in the run's temp home). runHook never throws and answers
 * in the tool's protocol; a pre-tool payload that cannot be read never gets the neutral answer (which
 * lets the call through). Seeded: HOOK_FUZZ_SEED / HOOK_FUZZ_RUNS reproduce or widen a run.
 */
const SEED = Number(process.env.HOOK_FUZZ_SEED ?? 1415)
const RUNS = Number(process.env.HOOK_FUZZ_RUNS ?? 4)
const repo = tmpdir({ git: { origin: "git@github.com:acme/hostile-hooks.git" } })
afterAll(() => repo[Symbol.dispose]())

const deep = (n: number) => "[".repeat(n) + "]".repeat(n)

/** stdin no adapter can read: not JSON, not an object, cut short, too deep for some parsers. */
function unreadable(tool: HookTool, event: HookEvent): fc.Arbitrary<string> {
  const real = JSON.stringify(payload(tool, hasFixture(tool, event) ? event : "pre-tool", { cwd: repo.path, command: "git status" }))
  return fc.oneof(
    fc.uint8Array({ minLength: 1, maxLength: 300 }).map((b) => Buffer.from(b).toString("latin1")),
    fc.integer({ min: 1, max: real.length - 1 }).map((n) => real.slice(0, n)),
    fc.constantFrom("null", "[]", "123", '"text"', "true", "\ufeff" + real, real + "}", deep(5000), "{", "\u0000"),
    hostileText(1, 500).filter((s) => s.trim() !== "" && !isObjectJson(s)),
  )
}

function isObjectJson(s: string): boolean {
  try {
    const v: unknown = JSON.parse(s)
    return v !== null && typeof v === "object" && !Array.isArray(v)
  } catch {
    return false
  }
}

const WRONG: unknown[] = [null, 0, -1, true, [], {}, "x".repeat(200_000), "\u0000", "/", "/nonexistent/\u202e", { a: { b: { c: [] } } }, 1e308]

/** A recorded payload with one field (top level or inside tool_input) replaced by a hostile value. */
function readable(tool: HookTool, event: HookEvent): fc.Arbitrary<string> {
  const name = hasFixture(tool, event) ? event : "pre-tool"
  const text = fc.oneof(hostileText(0, 300), fc.constantFrom(...HOSTILE_PIECES))
  return fc.tuple(text, fc.constantFrom(...WRONG), fc.nat(), fc.boolean()).map(([t, wrong, pick, inner]) => {
    const p = payload(tool, name, { cwd: repo.path, command: t, prompt: t, error: t }) as Record<string, unknown>
    const target = inner && p.tool_input && typeof p.tool_input === "object" ? (p.tool_input as Record<string, unknown>) : p
    const keys = Object.keys(target)
    const key = keys.length ? (keys[pick % keys.length] as string) : "extra"
    target[key] = wrong
    if (key === "transcript_path" || key === "transcriptPath") target[key] = pick % 2 ? "/dev/zero" : "/etc/passwd"
    return JSON.stringify(p)
  })
}

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
        for (const text of fc.sample(unreadable(tool, event), { seed: SEED + i * 100 + j, numRuns: RUNS })) {
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
        for (const text of fc.sample(readable(tool, event), { seed: SEED + 5000 + i * 100 + j, numRuns: RUNS })) {
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
