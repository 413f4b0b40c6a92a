import { afterEach, describe, expect, test } from "bun:test"
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { logToFile } from "../../src/core/log"
import { paths } from "../../src/core/paths"
import { lazyGuard } from "../../src/hooks/faculties"
import type { CrushPort, GuardPort, HookDeps } from "../../src/hooks/ports"
import { runHook, type RunOptions } from "../../src/hooks/run"
import { STDIN_LIMIT } from "../../src/hooks/stdin"
import { ADAPTERS } from "../../src/hooks/adapters"
import { HOOK_PROBE_MARK, HOOK_TOOLS, NEUTRAL, type HookTool } from "../../src/hooks/types"
import { tmpdir } from "../fixture"
import { payload } from "./_payloads"

/** Stand-ins for faculties not merged yet: they decide on a marker word, never on real commands. */
const guard: GuardPort = {
  judgeCommand: (c) =>
    c.includes("DENYME")
      ? { decision: "deny", rule: "test.marker", reason: "the marker is refused", alternative: "echo fine" }
      : c.includes("ASKME")
        ? { decision: "ask", reason: "needs a person" }
        : { decision: "allow" },
}
const crush: CrushPort = { rewriteForCrush: (c, { bin }) => `${bin} crush -- ${c}` }
const deps: HookDeps = { guard, crush }
const ok = (text: string) => ({ payload: { text, truncated: false }, deps, bin: "/bin/egc" })
/** A pre-tool call of `tool` on `command` in `cwd`, with the given faculty bindings. */
const preTool = (tool: HookTool, cwd: string, command: string, opts: Partial<RunOptions> = {}) =>
  runHook("pre-tool", tool, {
    payload: { text: JSON.stringify(payload(tool, "pre-tool", { cwd, command })), truncated: false },
    ...opts,
  })
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
  delete process.env.EGC_HOOK_PROBE
})

describe("runHook", () => {
  test("guard deny wins and the denied command is never rewritten", async () => {
    using dir = tmpdir({ git: true })
    const r = await runHook(
      "pre-tool",
      "claude-code",
      ok(JSON.stringify(payload("claude-code", "pre-tool", { cwd: dir.path, command: "DENYME now" }))),
    )
    const out = JSON.parse(r.stdout)
    expect(out.hookSpecificOutput.permissionDecision).toBe("deny")
    expect(out.hookSpecificOutput.permissionDecisionReason).toContain("test.marker")
    expect(out.hookSpecificOutput.permissionDecisionReason).toContain("echo fine")
    expect(out.hookSpecificOutput.updatedInput).toBeUndefined()
  })

  test("ask is passed on as ask, without a rewrite", async () => {
    using dir = tmpdir({ git: true })
    const r = await runHook(
      "pre-tool",
      "claude-code",
      ok(JSON.stringify(payload("claude-code", "pre-tool", { cwd: dir.path, command: "ASKME" }))),
    )
    expect(JSON.parse(r.stdout).hookSpecificOutput).toMatchObject({ permissionDecision: "ask" })
    expect(r.stdout).not.toContain("crush")
  })

  test("an allowed command is rewritten through the crusher with no permission granted", async () => {
    using dir = tmpdir({ git: true })
    const r = await runHook(
      "pre-tool",
      "claude-code",
      ok(JSON.stringify(payload("claude-code", "pre-tool", { cwd: dir.path, command: "git status" }))),
    )
    const out = JSON.parse(r.stdout).hookSpecificOutput
    expect(out.updatedInput.command).toBe("/bin/egc crush -- git status")
    expect(out.permissionDecision).toBeUndefined()
  })

  test("crush.rewrite=false in the project config turns the rewrite off", async () => {
    using dir = tmpdir({ git: true, files: { ".egc/config.json": JSON.stringify({ crush: { rewrite: false } }) } })
    const r = await runHook(
      "pre-tool",
      "claude-code",
      ok(JSON.stringify(payload("claude-code", "pre-tool", { cwd: dir.path, command: "git status" }))),
    )
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

  // Was "a probe answers neutrally": EGC_HOOK_PROBE let an empty pre-tool payload pass on an environment variable.
  test("doctor's probe (EGC_HOOK_PROBE=1, empty payload) asks on pre-tool for every tool, never passes", async () => {
    const empty = { payload: { text: "", truncated: false }, deps }
    process.env.EGC_HOOK_PROBE = "1"
    const claude = await runHook("pre-tool", "claude-code", empty)
    const out = JSON.parse(claude.stdout).hookSpecificOutput
    expect(out.hookEventName).toBe("PreToolUse")
    expect(out.permissionDecision).toBe("ask")
    expect(out.permissionDecisionReason).toContain(HOOK_PROBE_MARK)
    for (const tool of HOOK_TOOLS) {
      const r = await runHook("pre-tool", tool, empty)
      expect({ tool, r }).not.toEqual({ tool, r: ADAPTERS[tool].render("pre-tool", NEUTRAL, undefined) })
      expect({ tool, marked: `${r.stdout}${r.stderr}`.includes(HOOK_PROBE_MARK) }).toEqual({ tool, marked: true })
      expect({ tool, allow: /"(allow|approve)"/.test(r.stdout) }).toEqual({ tool, allow: false })
    }
    // positive controls: the probe on a non-guarding event is neutral and not logged as unreadable;
    // the same empty payload without the probe still asks, and is logged
    const start = await runHook("session-start", "claude-code", empty)
    expect(start).toEqual({ stdout: "", stderr: "", exitCode: 0 })
    expect(logText()).not.toContain("unreadable")
    delete process.env.EGC_HOOK_PROBE
    const plain = await runHook("pre-tool", "claude-code", empty)
    expect(JSON.parse(plain.stdout).hookSpecificOutput.permissionDecision).toBe("ask")
    expect(plain.stdout).not.toContain(HOOK_PROBE_MARK)
    expect(logText()).toContain("unreadable")
  })

  // Was "malformed JSON is allowed": a guarding event we cannot read now asks (principle 10).
  test("malformed JSON on pre-tool asks the person; on other events it is answered neutrally", async () => {
    const r = await runHook("pre-tool", "claude-code", ok("{not json"))
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe("ask")
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecisionReason).toContain("could not be read")
    const start = await runHook("session-start", "claude-code", ok("{not json"))
    expect(start).toEqual({ stdout: "", stderr: "", exitCode: 0 })
    const fine = await runHook(
      "pre-tool",
      "claude-code",
      ok(JSON.stringify({ tool_name: "Bash", tool_input: { command: "ls" }, cwd: process.cwd() })),
    )
    expect(fine.stdout).not.toContain("ask")
  })

  // Was "answered neutrally": a pre-tool failure allowed the call. Now the guard judges it alone (principle 10).
  test("a pre-tool handler failure answers with the guard's default verdict, or ask if that fails too", async () => {
    using dir = tmpdir({ git: true })
    const broken: HookDeps = {
      guard: {
        judgeCommand: () => {
          throw new Error("guard exploded")
        },
      },
    }
    const call = (command: string, extra: Partial<RunOptions> = {}) =>
      preTool("cursor", dir.path, command, { deps: broken, ...extra })
    const harmless = await call("ls")
    expect(harmless).toEqual({ stdout: "", stderr: "", exitCode: 0 })
    const dangerous = await call("rm -rf /")
    expect(JSON.parse(dangerous.stdout)).toMatchObject({ permission: "deny" })
    const fallback: GuardPort = {
      judgeCommand: () => {
        throw new Error("fallback exploded too")
      },
    }
    const unjudged = await call("ls", { fallback })
    expect(JSON.parse(unjudged.stdout)).toMatchObject({ permission: "ask" })
    expect(logText()).toContain("answered with the guard's default verdict")
  })

  test("a cwd that does not exist is neutral, not a crash", async () => {
    const r = await runHook(
      "session-start",
      "gemini",
      ok(JSON.stringify(payload("gemini", "session-start", { cwd: "/nonexistent/egc/dir" }))),
    )
    expect(r.stdout.trim()).toBe("{}")
    expect(r.exitCode).toBe(0)
  })

  test("EGC_DISABLE=1 answers neutrally even for a marker the guard would deny", async () => {
    using dir = tmpdir({ git: true })
    process.env.EGC_DISABLE = "1"
    const r = await runHook(
      "pre-tool",
      "claude-code",
      ok(JSON.stringify(payload("claude-code", "pre-tool", { cwd: dir.path, command: "DENYME" }))),
    )
    expect(r.stdout).toBe("")
  })

  test("hooks.disabled switches one event or one event:tool pair off", async () => {
    using dir = tmpdir({ git: true })
    writeFileSync(paths.config(), JSON.stringify({ hooks: { disabled: ["pre-tool:gemini"] } }))
    try {
      const gem = await preTool("gemini", dir.path, "DENYME", { deps })
      expect(gem.stdout.trim()).toBe("{}")
      const claude = await preTool("claude-code", dir.path, "DENYME", { deps })
      expect(JSON.parse(claude.stdout).hookSpecificOutput.permissionDecision).toBe("deny")
    } finally {
      rmSync(paths.config(), { force: true })
    }
  })

  test("hooks.disabled in the person's config switches one event:tool pair off; a project file cannot", async () => {
    const file = JSON.stringify({ hooks: { disabled: ["pre-tool:claude-code"] } })
    using dir = tmpdir({ git: true, files: { ".egc/config.json": file } })
    const claude = await preTool("claude-code", dir.path, "DENYME", { deps })
    const out = JSON.parse(claude.stdout)
    expect(out.hookSpecificOutput.permissionDecision).toBe("deny")
    expect(out.systemMessage).toContain("not trusted")
    expect(out.systemMessage).toContain("pre-tool:claude-code")
  })
})

describe("a broken config keeps the guard on and says so", () => {
  const realGuard: HookDeps = { guard: lazyGuard() }
  const claude = (cwd: string, command: string) => preTool("claude-code", cwd, command, { deps: realGuard })
  const decision = (r: { stdout: string }) =>
    r.stdout.trim() ? JSON.parse(r.stdout).hookSpecificOutput?.permissionDecision : undefined
  afterEach(() => rmSync(paths.config(), { force: true }))

  test("with a valid config the real guard denies rm -rf / and allows ls, without a warning", async () => {
    using dir = tmpdir({ git: true, files: { ".egc/config.json": JSON.stringify({ crush: { rewrite: false } }) } })
    const denied = await claude(dir.path, "rm -rf /")
    expect(decision(denied)).toBe("deny")
    expect(JSON.parse(denied.stdout).systemMessage).toBeUndefined()
    expect(await claude(dir.path, "ls")).toEqual({ stdout: "", stderr: "", exitCode: 0 })
  })

  // Was "logged and answered neutrally": a missing brace turned the guard off.
  test("a broken project file: rm -rf / is still denied and the answer carries the warning", async () => {
    using dir = tmpdir({ git: true })
    mkdirSync(join(dir.path, ".egc"), { recursive: true })
    writeFileSync(join(dir.path, ".egc", "config.json"), '{ "guard": { "enabled": false }')
    const r = await claude(dir.path, "rm -rf /")
    expect(decision(r)).toBe("deny")
    expect(JSON.parse(r.stdout).systemMessage).toContain(join(dir.path, ".egc", "config.json"))
    expect(JSON.parse(r.stdout).systemMessage).toContain("built-in defaults")
    const ls = await claude(dir.path, "ls")
    expect(decision(ls)).toBeUndefined()
    expect(JSON.parse(ls.stdout).systemMessage).toContain("not valid JSON")
    expect(logText()).toContain("config invalid")
  })

  test("a broken user file (one bad value): rm -rf / is still denied, on Gemini and Kiro too", async () => {
    using dir = tmpdir({ git: true })
    writeFileSync(paths.config(), JSON.stringify({ guard: { enabled: "no" } }))
    const r = await claude(dir.path, "rm -rf /")
    expect(decision(r)).toBe("deny")
    expect(JSON.parse(r.stdout).systemMessage).toContain(paths.config())
    const gem = await preTool("gemini", dir.path, "rm -rf /", { deps: realGuard })
    expect(JSON.parse(gem.stdout)).toMatchObject({ decision: "deny" })
    expect(JSON.parse(gem.stdout).systemMessage).toContain("guard.enabled")
    const kiro = await preTool("kiro", dir.path, "rm -rf /", { deps: realGuard })
    expect(kiro.exitCode).toBe(2)
    expect(kiro.stderr).toContain(paths.config())
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
