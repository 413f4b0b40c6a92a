import { readFileSync } from "node:fs"
import { join } from "node:path"
import type { HookTool } from "../../src/hooks/types"

/**
 * Recorded hook payloads per tool (test/hooks/fixtures/<tool>.json, shaped after each tool's
 * documentation or, for Claude Code and Gemini CLI, after payloads seen from the real clients).
 * Placeholders are filled per test.
 */
export interface Fill {
  cwd: string
  command?: string
  prompt?: string
  error?: string
  transcript?: string
}

export function payload(tool: HookTool, name: string, fill: Fill): Record<string, unknown> {
  const all = JSON.parse(readFileSync(join(import.meta.dir, "fixtures", `${tool}.json`), "utf8")) as Record<
    string,
    unknown
  >
  const raw = all[name]
  if (!raw) throw new Error(`no fixture ${tool}/${name}`)
  // function replacers: a value holding "$'" or "$&" must go in verbatim, not as a replacement pattern
  const text = JSON.stringify(raw)
    .replaceAll("__CWD__", () => fill.cwd)
    .replaceAll("__COMMAND__", () => jsonEscape(fill.command ?? "ls"))
    .replaceAll("__PROMPT__", () => jsonEscape(fill.prompt ?? "hello"))
    .replaceAll("__ERROR__", () => jsonEscape(fill.error ?? "Error: something failed"))
    .replaceAll("__TRANSCRIPT__", () => jsonEscape(fill.transcript ?? join(fill.cwd, "transcript.jsonl")))
  return JSON.parse(text) as Record<string, unknown>
}

/** Escapes for a JSON string body (test values carry no quotes: Copilot nests JSON in a string). */
const jsonEscape = (s: string) => JSON.stringify(s).slice(1, -1)

export function hasFixture(tool: HookTool, name: string): boolean {
  const all = JSON.parse(readFileSync(join(import.meta.dir, "fixtures", `${tool}.json`), "utf8")) as Record<
    string,
    unknown
  >
  return name in all
}
