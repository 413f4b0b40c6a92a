import { describe, expect, test } from "bun:test"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { resolveProject } from "../../src/core/project"
import { openMemory } from "../../src/memory"
import { detectIntent } from "../../src/hooks/intent"
import { captureTitle, rememberKind } from "../../src/hooks/intent/kind"
import { CONTEXT_CAP_CHARS } from "../../src/hooks/handlers/_context"
import { runHook } from "../../src/hooks/run"
import type { HookTool } from "../../src/hooks/types"
import { tmpdir } from "../fixture"
import { payload } from "./_payloads"

/**
 * test/hooks/capture.tsv: `lang<TAB>kind<TAB>title<TAB>prompt` for every remember prompt of the
 * intent sets plus, per language, a prohibition (avoid) and a choice against an alternative
 * (preference, never avoid). Titles are the first clause without leftover trigger words.
 */
const ROWS = readFileSync(join(import.meta.dir, "capture.tsv"), "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => {
    const [lang = "", kind = "", title = "", prompt = ""] = l.split("\t")
    return { lang, kind, title, prompt }
  })
const LANGS = ["en", "pt", "es", "fr", "de", "it", "ja", "zh", "ko", "ru", "hi", "tr", "ar"]

describe("captured items: kind and title in every intent language", () => {
  for (const lang of LANGS) {
    test(lang, () => {
      const rows = ROWS.filter((r) => r.lang === lang)
      expect(rows.length).toBeGreaterThanOrEqual(12)
      // each language has every kind, so a rule that files everything one way fails here
      expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(["decision", "preference", "avoid"]))
      for (const r of rows) {
        const intent = detectIntent(r.prompt)
        expect(intent?.kind).toBe("remember")
        const text = intent?.text ?? ""
        expect({ prompt: r.prompt, kind: rememberKind(text, r.prompt) as string, title: captureTitle(text) }).toEqual({
          prompt: r.prompt,
          kind: r.kind,
          title: r.title,
        })
        expect(r.title.length).toBeGreaterThan(0)
        expect(r.title.length).toBeLessThanOrEqual(80)
      }
    })
  }
  test("a choice against an alternative is not an avoid; a prohibition is", () => {
    expect(rememberKind("we use pnpm, not npm, in this repo")).toBe("preference")
    expect(rememberKind("never use npm in this repo")).toBe("avoid")
    expect(rememberKind("the API returns dates in UTC")).toBe("decision")
  })
})

const call = (event: Parameters<typeof runHook>[0], tool: HookTool, body: Record<string, unknown>) =>
  runHook(event, tool, { payload: { text: JSON.stringify(body), truncated: false }, bin: "/bin/egc" })
const contextOf = (stdout: string) =>
  stdout ? (JSON.parse(stdout).hookSpecificOutput?.additionalContext as string | undefined) : undefined
const agent = { source: "agent" as const, sessionId: "agent-1", tool: "test" }

describe("through the prompt-submit hook", () => {
  test("a remember prompt is stored with a readable title and its kind", async () => {
    using a = tmpdir({ git: { origin: "https://example.com/team/capture.git" } })
    await call(
      "prompt-submit",
      "claude-code",
      payload("claude-code", "prompt-submit", {
        cwd: a.path,
        prompt: "remember that we use pnpm, not npm, in this repo",
      }),
    )
    await call(
      "prompt-submit",
      "claude-code",
      payload("claude-code", "prompt-submit", { cwd: a.path, prompt: "Remember: the staging database is read-only" }),
    )
    const items = openMemory().list({
      project: resolveProject(a.path),
      kinds: ["preference", "decision", "avoid"],
      statuses: ["active", "pending"],
    })
    const byBody = new Map(items.map((v) => [v.body, v]))
    expect(byBody.get("we use pnpm, not npm, in this repo")).toMatchObject({ kind: "preference", title: "We use pnpm" })
    // one clause: the title is the sentence itself, never empty
    expect(byBody.get("the staging database is read-only")).toMatchObject({
      kind: "decision",
      title: "The staging database is read-only",
    })
  })
})

describe("session start with thousands of decisions", () => {
  test("the injection holds the newest decisions, every next step in order, within the frame cap", async () => {
    using a = tmpdir({ git: { origin: "https://example.com/team/big.git" } })
    using quiet = tmpdir({ git: { origin: "https://example.com/team/quiet.git" } })
    const mem = openMemory()
    const p = resolveProject(a.path)
    const next = ["ship the refund webhook", "archive the old export job", "announce the freeze"]
    mem.applyStatePatch({ context: "Payments monolith", avoid: ["manual ledger edits"] }, { project: p, actor: agent })
    for (let i = 0; i < 2000; i += 50) {
      const decisions = Array.from({ length: 50 }, (_, k) => ({
        what: `decision ${i + k} on the payments path`,
        why: "the reason is long enough to cost a few tokens in the injected context",
      }))
      mem.applyStatePatch({ decisions }, { project: p, actor: agent })
    }
    mem.applyStatePatch({ next }, { project: p, actor: agent })
    mem.applyStatePatch(
      { context: "Quiet project", decisions: [{ what: "only decision" }], next: ["quiet next"] },
      { project: resolveProject(quiet.path), actor: agent },
    )
    const ctx =
      contextOf(
        (await call("session-start", "claude-code", payload("claude-code", "session-start", { cwd: a.path }))).stdout,
      ) ?? ""
    expect(ctx.length).toBeLessThanOrEqual(CONTEXT_CAP_CHARS)
    expect(ctx).not.toContain("(truncated")
    expect(ctx).toContain("Payments monolith")
    expect(ctx).toContain("- manual ledger edits")
    expect(ctx).toContain("- decision 1999 on the payments path")
    expect(ctx).not.toContain("- decision 0 on the payments path")
    expect(ctx).toMatch(/- \d+ older decisions — search_history/)
    const at = next.map((s) => ctx.indexOf(`- ${s}`))
    expect(at.every((i) => i > 0)).toBe(true)
    expect([...at].sort((x, y) => x - y)).toEqual(at)
    // positive control in the same store: a small project is shown whole, nothing counted
    const small =
      contextOf(
        (await call("session-start", "claude-code", payload("claude-code", "session-start", { cwd: quiet.path })))
          .stdout,
      ) ?? ""
    expect(small).toContain("- only decision")
    expect(small).toContain("- quiet next")
    expect(small).not.toContain("older decisions")
    expect(small).not.toContain("decision 1999")
  }, 60_000)
})

describe("prompt-submit recall within the frame", () => {
  test("a history question over many long matches: whole ranked lines, each shortened, within the cap, never cut", async () => {
    using a = tmpdir({ git: { origin: "https://example.com/team/history.git" } })
    const mem = openMemory()
    const p = resolveProject(a.path)
    for (let i = 0; i < 12; i++) {
      mem.write(
        {
          kind: "decision",
          title: `Export batching decision ${i}`,
          body: `We batch the nightly export in pages (variant ${i}). ${"The reasoning is long and detailed. ".repeat(40)}`,
        },
        { project: p, actor: agent },
      )
    }
    const r = await call(
      "prompt-submit",
      "claude-code",
      payload("claude-code", "prompt-submit", {
        cwd: a.path,
        prompt: "why did we decide on batching the nightly export?",
      }),
    )
    const ctx = contextOf(r.stdout) ?? ""
    expect(ctx).toContain("## From project history")
    expect(ctx.length).toBeLessThanOrEqual(CONTEXT_CAP_CHARS)
    expect(ctx).not.toContain("(truncated")
    const lines = ctx.split("\n").filter((l) => l.startsWith("- [decision] Export batching decision"))
    // the recall's eight best, each a line of its own, shortened so one long body cannot take the frame
    expect(lines.length).toBe(8)
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(600)
    expect(lines.every((l) => l.endsWith("…"))).toBe(true)
  })
})

describe("resume within the frame", () => {
  test("over thousands of decisions: the state (next steps included) and the recall each get their share, neither cut", async () => {
    using a = tmpdir({ git: { origin: "https://example.com/team/resume.git" } })
    const mem = openMemory()
    const p = resolveProject(a.path)
    const next = ["wire the refund webhook", "backfill March invoices", "write the export runbook"]
    mem.applyStatePatch(
      { context: "Refunds service", avoid: ["retrying charges by hand"] },
      { project: p, actor: agent },
    )
    for (let i = 0; i < 1500; i += 50) {
      const decisions = Array.from({ length: 50 }, (_, k) => ({
        what: `decision ${i + k} about the current work on refunds`,
        why: `next steps depend on it; ${"the reasoning runs long. ".repeat(6)}`,
      }))
      mem.applyStatePatch({ decisions }, { project: p, actor: agent })
    }
    mem.applyStatePatch({ next }, { project: p, actor: agent })
    const r = await call(
      "prompt-submit",
      "claude-code",
      payload("claude-code", "prompt-submit", { cwd: a.path, prompt: "where did we leave off?" }),
    )
    const ctx = contextOf(r.stdout) ?? ""
    expect(ctx.length).toBeLessThanOrEqual(CONTEXT_CAP_CHARS)
    expect(ctx).not.toContain("(truncated")
    const state = ctx.indexOf("## Project state")
    const recall = ctx.indexOf("## Where we left off")
    expect(state).toBeGreaterThan(0)
    expect(recall).toBeGreaterThan(state)
    // the state's own sections, each within its share: next steps in the order written, the newest decision
    const at = next.map((s) => ctx.indexOf(`- ${s}`))
    expect(at.every((i) => i > state && i < recall)).toBe(true)
    expect([...at].sort((x, y) => x - y)).toEqual(at)
    expect(ctx.slice(state, recall)).toContain("- decision 1499 about the current work on refunds")
    expect(ctx.slice(state, recall)).toMatch(/- \d+ older decisions — search_history/)
    // the recall's ranked lines, whole (or the count of the rest), and the frame closes after them
    const lines = ctx
      .slice(recall)
      .split("\n")
      .filter((l) => l.startsWith("- ["))
    expect(lines.length).toBeGreaterThan(2)
    // whole lines: a decision with its why, or a next step (the kind is indexed, so "where did we leave off"
    // may rank one), never a line cut in the middle
    const whole = (l: string) =>
      /^- \[decision\] decision \d+ about the current work on refunds: /.test(l) ||
      next.some((s) => l === `- [next] ${s}`)
    expect(lines.filter((l) => !whole(l))).toEqual([])
    expect(lines.some((l) => l.startsWith("- [decision]"))).toBe(true)
    expect(ctx).toMatch(/(the reasoning runs long\.|— memory_recall)\n<\/egc-memory>$/)
  }, 60_000)
})
