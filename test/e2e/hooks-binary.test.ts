import { describe, expect, test } from "bun:test"
import { HOOK_TOOLS } from "../../src/hooks/types"
import { makeGitRepo, tmpdir } from "../fixture"
import { payload } from "../hooks/_payloads"
import { runEgc } from "./_binary"

/** `egc hook` as the compiled binary, one round trip per tool. Commands here are judged, never run. */
const DESTRUCTIVE = "git reset --hard HEAD~1"

describe("egc hook (compiled)", () => {
  test("every tool gets the guard's refusal in its own format, and stdout is protocol only", async () => {
    using dir = tmpdir()
    makeGitRepo(dir.path, { origin: "https://example.com/e2e/bin.git" })
    for (const tool of HOOK_TOOLS) {
      const r = await runEgc(["hook", "pre-tool", "--tool", tool], {
        cwd: dir.path,
        stdin: JSON.stringify(payload(tool, "pre-tool", { cwd: dir.path, command: DESTRUCTIVE })),
      })
      const blockedByExit = tool === "windsurf" || tool === "kiro" || tool === "amazonq"
      expect([tool, r.code]).toEqual([tool, blockedByExit ? 2 : 0])
      if (blockedByExit) {
        expect(r.stdout).toBe("")
        expect(r.stderr).toContain("git.reset-hard")
      } else {
        expect(r.stdout.trim().split("\n")).toHaveLength(1)
        expect(JSON.stringify(JSON.parse(r.stdout))).toContain("git.reset-hard")
      }
    }
  }, 60_000)

  test("malformed stdin asks, oversized stdin is blocked, a bad command line exits 64 with stdout empty", async () => {
    const malformed = await runEgc(["hook", "pre-tool", "--tool", "claude-code"], { stdin: "{oops" })
    expect(malformed.code).toBe(0)
    expect(JSON.parse(malformed.stdout).hookSpecificOutput.permissionDecision).toBe("ask")
    const huge = await runEgc(["hook", "pre-tool", "--tool", "claude-code"], {
      stdin: `{"tool_input":{"command":"${"a".repeat(1024 * 1024 + 10)}"}}`,
    })
    expect(huge.code).toBe(0)
    expect(JSON.parse(huge.stdout).hookSpecificOutput.permissionDecision).toBe("deny")
    const bad = await runEgc(["hook", "pre-tool", "--tool", "notepad"], { stdin: "{}" })
    expect([bad.code, bad.stdout]).toEqual([64, ""])
    expect(bad.stderr).toContain("unknown tool")
  }, 60_000)

  test("EGC_DISABLE=1 answers neutrally", async () => {
    using dir = tmpdir()
    makeGitRepo(dir.path)
    const r = await runEgc(["hook", "pre-tool", "--tool", "claude-code"], {
      cwd: dir.path,
      env: { EGC_DISABLE: "1" },
      stdin: JSON.stringify(payload("claude-code", "pre-tool", { cwd: dir.path, command: DESTRUCTIVE })),
    })
    expect([r.code, r.stdout]).toEqual([0, ""])
  }, 60_000)
})
