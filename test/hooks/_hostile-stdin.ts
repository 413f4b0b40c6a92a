import fc from "fast-check"
import type { HookEvent, HookTool } from "../../src/hooks/types"
import { HOSTILE_PIECES, hostileText } from "../mcp/_arbitrary"
import { hasFixture, payload } from "./_payloads"

/** Hostile hook stdin, shared by test/hooks/hostile.test.ts and scripts/bench/hostile.ts. */
const deep = (n: number) => "[".repeat(n) + "]".repeat(n)

/** stdin no adapter can read: not JSON, not an object, cut short, too deep for some parsers. */
export function unreadable(tool: HookTool, event: HookEvent, cwd: string): fc.Arbitrary<string> {
  const real = JSON.stringify(
    payload(tool, hasFixture(tool, event) ? event : "pre-tool", { cwd, command: "git status" }),
  )
  return fc.oneof(
    fc.uint8Array({ minLength: 1, maxLength: 300 }).map((b) => Buffer.from(b).toString("latin1")),
    fc.integer({ min: 1, max: real.length - 1 }).map((n) => real.slice(0, n)),
    fc.constantFrom("null", "[]", "123", '"text"', "true", `\ufeff${real}`, `${real}}`, deep(5000), "{", "\u0000"),
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

const WRONG: unknown[] = [
  null,
  0,
  -1,
  true,
  [],
  {},
  "x".repeat(200_000),
  "\u0000",
  "/",
  "/nonexistent/\u202e",
  { a: { b: { c: [] } } },
  1e308,
]

/** A recorded payload with one field (top level or inside tool_input) replaced by a hostile value. */
export function readable(tool: HookTool, event: HookEvent, cwd: string): fc.Arbitrary<string> {
  const name = hasFixture(tool, event) ? event : "pre-tool"
  const text = fc.oneof(hostileText(0, 300), fc.constantFrom(...HOSTILE_PIECES))
  return fc.tuple(text, fc.constantFrom(...WRONG), fc.nat(), fc.boolean()).map(([t, wrong, pick, inner]) => {
    const p = fill(tool, name, cwd, t)
    const target =
      inner && p.tool_input && typeof p.tool_input === "object" ? (p.tool_input as Record<string, unknown>) : p
    const keys = Object.keys(target)
    const key = keys.length ? (keys[pick % keys.length] as string) : "extra"
    target[key] = wrong
    if (key === "transcript_path" || key === "transcriptPath") target[key] = pick % 2 ? "/dev/zero" : "/etc/passwd"
    return JSON.stringify(p)
  })
}

/** Copilot CLI's fixture nests JSON in a string, which the fill cannot escape twice: drop what would need escaping. */
function fill(tool: HookTool, name: string, cwd: string, t: string): Record<string, unknown> {
  try {
    return payload(tool, name, { cwd, command: t, prompt: t, error: t }) as Record<string, unknown>
  } catch {
    // what JSON.stringify would escape (quotes, backslashes, controls, lone surrogates) cannot nest twice
    const plain = t.replace(/[^\x20\x21\x23-\x5b\x5d-\x7e\u00a0-\ud7ff\ue000-\uffff]/g, "")
    return payload(tool, name, { cwd, command: plain, prompt: plain, error: plain }) as Record<string, unknown>
  }
}
