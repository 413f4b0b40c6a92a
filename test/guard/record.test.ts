import { describe, expect, test } from "bun:test"
import { readdirSync, readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { paths } from "../../src/core/paths"
import { recordVerdict } from "../../src/guard"
import { listEvents } from "../../src/guard/record"
import { redact } from "../../src/guard/redact"

describe("verdict log", () => {
  test("denies and asks are recorded encrypted; allows are not", () => {
    const secret = "hunter2-very-secret-value"
    recordVerdict({ decision: "deny", rule: "git.reset-hard", reason: "discards changes" }, { command: "git reset --hard", projectId: "p1", sessionId: "s1", tool: "claude" })
    recordVerdict({ decision: "ask", rule: "db.update-all", reason: "UPDATE without WHERE" }, { command: `PGPASSWORD=${secret} psql -c 'update t set x=1'`, projectId: "p1" })
    recordVerdict({ decision: "allow" }, { command: "ls", projectId: "p1" })
    const events = listEvents({ projectId: "p1" })
    expect(events.map((e) => e.decision).sort()).toEqual(["ask", "deny"])
    const deny = events.find((e) => e.decision === "deny")!
    expect(deny).toMatchObject({ rule: "git.reset-hard", command: "git reset --hard", reason: "discards changes", session: "s1", tool: "claude", project: "p1" })
    expect(deny.commandHash).toMatch(/^[0-9a-f]{16,}$/)
    const ask = events.find((e) => e.decision === "ask")!
    expect(ask.command).toContain("PGPASSWORD=[REDACTED:assigned-secret]")
    expect(ask.command).not.toContain(secret)
    const dir = dirname(paths.db())
    const files = readdirSync(dir).filter((f) => f.startsWith("egc.db"))
    expect(files.length).toBeGreaterThan(0)
    for (const f of files) {
      const bytes = readFileSync(join(dir, f)).toString("latin1")
      expect(bytes).not.toContain("git reset --hard")
      expect(bytes).not.toContain("update t set")
      expect(bytes).not.toContain(secret)
    }
  })

  test("other projects' events stay out of a project's list", () => {
    recordVerdict({ decision: "deny", rule: "fs.rm-root", reason: "r" }, { command: "rm -rf /", projectId: "p2" })
    expect(listEvents({ projectId: "p2" }).every((e) => e.project === "p2")).toBe(true)
    expect(listEvents({ projectId: "p-none" })).toEqual([])
  })

  test("recording never throws, even when the store is unusable", () => {
    const saved = process.env.EGC_HOME
    process.env.EGC_HOME = "/proc/egc-cannot-be-here"
    try {
      expect(() => recordVerdict({ decision: "deny", rule: "x.y", reason: "r" }, { command: "x" })).not.toThrow()
    } finally {
      process.env.EGC_HOME = saved
    }
  })

  test("redaction removes tokens, passwords and URL credentials", () => {
    expect(redact("curl -H 'Authorization: Bearer abcdefghijklmnop' https://x")).not.toContain("abcdefghijklmnop")
    expect(redact("git clone https://user:pa55word@host/repo")).not.toContain("pa55word")
    expect(redact("mysql -uroot -psecretpw db")).not.toContain("secretpw")
    expect(redact(`export GITHUB_TOKEN=ghp_${"x".repeat(36)}`)).not.toContain("ghp_")
    expect(redact("ls -la")).toBe("ls -la")
  })
})
