import { afterEach, describe, expect, test } from "bun:test"
import { readFileSync, writeFileSync, mkdirSync } from "node:fs"
import { join } from "node:path"
import { logToFile } from "../../src/core/log"
import { paths } from "../../src/core/paths"
import type { CrushPort, GuardPort, HookDeps } from "../../src/hooks/ports"
import { runHook } from "../../src/hooks/run"
import { STDIN_LIMIT } from "../../src/hooks/stdin"
import { tmpdir } from "../fixture"
import { payload } from "./_payloads"

/** Stand-ins for faculties not merged yet: they decide on a marker word, never on real commands. */
const guard: GuardPort = {
  judgeCommand: (c) => (c.includes("DENYME") ? { decision: "deny", rule: "test.marker", reason: "the marker is refused", alternative: "echo fine" } : c.includes("ASKME") ? { decision: "ask", reason: "needs a person" } : { decision: "allow" }),
}
const crush: CrushPort = { rewriteForCrush: (c, { bin }) => `${bin} crush -- ${c}` }
const deps: HookDeps = { guard, crush }
const ok = (text: string) => ({ payload: { text, truncated: false }, deps, bin: "/bin/egc" })
const logText = () => {
  try {
    return readFileSync(join(paths.logs(), "egc.log"), "utf8")
  } catch {
    return ""
  }
}

logToFile()

afterEach(() => {
  delete process.env.EGC_DISABLE
})

describe("runHook", () => {
  test("guard deny wins and the denied command is never rewritten", async () => {
    using dir = tmpdir({ git: true })
    const r = await runHook("pre-tool", "claude-code", ok(JSON.stringify(payload("claude-code", "pre-tool", { cwd: dir.path, command: "DENYME now" }))))
    const out = JSON.parse(r.stdout)
    expect(out.hookSpecificOutput.permissionDecision).toBe("deny")
    expect(out.hookSpecificOutput.permissionDecisionReason).toContain("test.marker")
    expect(out.hookSpecificOutput.permissionDecisionReason).toContain("echo fine")
    expect(out.hookSpecificOutput.updatedInput).toBeUndefined()
  })

  test("ask is passed on as ask, without a rewrite", async () => {
    using dir = tmpdir({ git: true })
    const r = await runHook("pre-tool", "claude-code", ok(JSON.stringify(payload("claude-code", "pre-tool", { cwd: dir.path, command: "ASKME" }))))
    expect(JSON.parse(r.stdout).hookSpecificOutput).toMatchObject({ permissionDecision: "ask" })
    expect(r.stdout).not.toContain("crush")
  })

  test("an allowed command is rewritten through the crusher with no permission granted", async () => {
    using dir = tmpdir({ git: true })
    const r = await runHook("pre-tool", "claude-code", ok(JSON.stringify(payload("claude-code", "pre-tool", { cwd: dir.path, command: "git status" }))))
    const out = JSON.parse(r.stdout).hookSpecificOutput
    expect(out.updatedInput.command).toBe("/bin/egc crush -- git status")
    expect(out.permissionDecision).toBeUndefined()
  })

  test("crush.rewrite=false in the project config turns the rewrite off", async () => {
    using dir = tmpdir({ git: true, files: { ".egc/config.json": JSON.stringify({ crush: { rewrite: false } }) } })
    const r = await runHook("pre-tool", "claude-code", ok(JSON.stringify(payload("claude-code", "pre-tool", { cwd: dir.path, command: "git status" }))))
    expect(r.stdout).toBe("")
  })

  test("a truncated payload blocks a guarding event and is neutral elsewhere", async () => {
    const big = { payload: { text: "x".repeat(STDIN_LIMIT), truncated: true }, deps }
    const pre = await runHook("pre-tool", "claude-code", big)
    expect(JSON.parse(pre.stdout).hookSpecificOutput.permissionDecision).toBe("deny")
    const windsurf = await runHook("pre-tool", "windsurf", big)
    expect(windsurf.exitCode).toBe(2)
    const start = await runHook("session-start", "claude-code", big)
    expect(start).toEqual({ stdout: "", stderr: "", exitCode: 0 })
  })

  test("malformed JSON is allowed with a logged warning", async () => {
    const r = await runHook("pre-tool", "claude-code", ok("{not json"))
    expect(r).toEqual({ stdout: "", stderr: "", exitCode: 0 })
    const gem = await runHook("pre-tool", "gemini", ok("[1,2]"))
    expect(gem.stdout.trim()).toBe("{}")
  })

  test("an internal error is caught, logged and answered neutrally", async () => {
    using dir = tmpdir({ git: true })
    const broken: HookDeps = {
      guard: {
        judgeCommand: () => {
          throw new Error("guard exploded")
        },
      },
    }
    const r = await runHook("pre-tool", "cursor", { payload: { text: JSON.stringify(payload("cursor", "pre-tool", { cwd: dir.path })), truncated: false }, deps: broken })
    expect(r).toEqual({ stdout: "", stderr: "", exitCode: 0 })
  })

  test("a cwd that does not exist is neutral, not a crash", async () => {
    const r = await runHook("session-start", "gemini", ok(JSON.stringify(payload("gemini", "session-start", { cwd: "/nonexistent/egc/dir" }))))
    expect(r.stdout.trim()).toBe("{}")
    expect(r.exitCode).toBe(0)
  })

  test("EGC_DISABLE=1 answers neutrally even for a marker the guard would deny", async () => {
    using dir = tmpdir({ git: true })
    process.env.EGC_DISABLE = "1"
    const r = await runHook("pre-tool", "claude-code", ok(JSON.stringify(payload("claude-code", "pre-tool", { cwd: dir.path, command: "DENYME" }))))
    expect(r.stdout).toBe("")
  })

  test("hooks.disabled switches one event or one event:tool pair off", async () => {
    using dir = tmpdir({ git: true, files: { ".egc/config.json": JSON.stringify({ hooks: { disabled: ["pre-tool:gemini"] } }) } })
    const gem = await runHook("pre-tool", "gemini", ok(JSON.stringify(payload("gemini", "pre-tool", { cwd: dir.path, command: "DENYME" }))))
    expect(gem.stdout.trim()).toBe("{}")
    const claude = await runHook("pre-tool", "claude-code", ok(JSON.stringify(payload("claude-code", "pre-tool", { cwd: dir.path, command: "DENYME" }))))
    expect(JSON.parse(claude.stdout).hookSpecificOutput.permissionDecision).toBe("deny")
  })

  test("an invalid config file is logged and answered neutrally", async () => {
    using dir = tmpdir({ git: true })
    mkdirSync(join(dir.path, ".egc"), { recursive: true })
    writeFileSync(join(dir.path, ".egc", "config.json"), "{ broken")
    const r = await runHook("pre-tool", "claude-code", ok(JSON.stringify(payload("claude-code", "pre-tool", { cwd: dir.path, command: "DENYME" }))))
    expect(r.stdout).toBe("")
    expect(logText()).toContain("hook failed")
  })
})

describe("doctor", () => {
  test("reports the last day's hook failures from the log", async () => {
    const { hookChecks } = await import("../../src/hooks/doctor")
    await runHook("pre-tool", "claude-code", { payload: { text: "{oops", truncated: false }, deps })
    const checks = await hookChecks({ cwd: "." })
    const log = checks.find((c) => c.name === "hook log")
    expect(log?.status).toBe("warn")
    expect(log?.detail).toMatch(/[1-9]\d* unreadable/)
  })
})
