import { describe, expect, test } from "bun:test"
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { paths } from "../../src/core/paths"
import { recordVerdict } from "../../src/guard"
import { listEvents } from "../../src/guard/record"
import { redact } from "../../src/guard/redact"
import { tmpdir } from "../fixture"

/** Runs fn with EGC_HOME pointed at a fresh private folder (optionally with a corrupt egc.db). */
function withHome(t: { path: string }, corruptDb: boolean, fn: (home: string) => void): void {
  const home = join(t.path, "egc")
  mkdirSync(home, { mode: 0o700 })
  if (corruptDb) writeFileSync(join(home, "egc.db"), "this is not a SQLite database\n".repeat(200))
  const saved = process.env.EGC_HOME
  process.env.EGC_HOME = home
  try {
    fn(home)
  } finally {
    process.env.EGC_HOME = saved
  }
}

const logOf = (home: string): string => {
  const file = join(home, "logs", "egc.log")
  return existsSync(file) ? readFileSync(file, "utf8") : ""
}

describe("verdict log", () => {
  test("denies and asks are recorded encrypted; allows are not", () => {
    const secret = "hunter2-very-secret-value"
    recordVerdict(
      { decision: "deny", rule: "git.reset-hard", reason: "discards changes" },
      { command: "git reset --hard", projectId: "p1", sessionId: "s1", tool: "claude" },
    )
    recordVerdict(
      { decision: "ask", rule: "db.update-all", reason: "UPDATE without WHERE" },
      { command: `PGPASSWORD=${secret} psql -c 'update t set x=1'`, projectId: "p1" },
    )
    recordVerdict({ decision: "allow" }, { command: "ls", projectId: "p1" })
    const events = listEvents({ projectId: "p1" })
    expect(events.map((e) => e.decision).sort()).toEqual(["ask", "deny"])
    const deny = events.find((e) => e.decision === "deny")!
    expect(deny).toMatchObject({
      rule: "git.reset-hard",
      command: "git reset --hard",
      reason: "discards changes",
      session: "s1",
      tool: "claude",
      project: "p1",
    })
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

  test("a record that fails leaves a log line in $EGC_HOME/logs naming the rule, the database and the error", () => {
    using good = tmpdir()
    withHome(good, false, (home) => {
      const v = { decision: "deny", rule: "git.reset-hard", reason: "r" } as const
      recordVerdict(v, { command: "git reset --hard", projectId: "p-ok" })
      expect(listEvents({ projectId: "p-ok" })).toHaveLength(1)
      expect(logOf(home)).toBe("")
    })
    using bad = tmpdir()
    withHome(bad, true, (home) => {
      const v = { decision: "deny", rule: "git.reset-hard", reason: "r" } as const
      expect(() => recordVerdict(v, { command: "git reset --hard secret-arg", projectId: "p-bad" })).not.toThrow()
      const log = logOf(home)
      expect(log).toMatch(/ERROR \[guard\] cannot record a guard verdict .* decision="deny" rule="git.reset-hard"/)
      expect(log).toContain(`db="${join(home, "egc.db")}"`)
      expect(log).toMatch(/error="[^"]+"/)
      expect(log).not.toContain("secret-arg")
    })
  })

  test("guard check answers the same with a corrupt verdict log, and logs why nothing was recorded", () => {
    const check = (home: string) => {
      const r = Bun.spawnSync([process.execPath, "run", "src/main.ts", "guard", "check", "git branch -D topic"], {
        cwd: join(import.meta.dir, "../.."),
        env: { ...process.env, EGC_HOME: home },
        stdout: "pipe",
        stderr: "pipe",
      })
      return { code: r.exitCode, stdout: r.stdout.toString() }
    }
    using good = tmpdir()
    let healthy: { code: number; stdout: string } = { code: 0, stdout: "" }
    withHome(good, false, (home) => {
      healthy = check(home)
      expect(healthy.code).toBe(2)
      expect(healthy.stdout).toContain("git.branch-force-delete")
      expect(logOf(home)).toBe("")
    })
    using bad = tmpdir()
    withHome(bad, true, (home) => {
      expect(check(home)).toEqual(healthy)
      expect(logOf(home)).toContain("cannot record a guard verdict")
      // no key yet beside a database that cannot be read: the key layer is first to refuse, and says why
      expect(logOf(home)).toMatch(/E_DB_CORRUPT|database cannot be read/)
    })
  }, 60_000)

  test("redaction removes tokens, passwords and URL credentials", () => {
    expect(redact("curl -H 'Authorization: Bearer abcdefghijklmnop' https://x")).not.toContain("abcdefghijklmnop")
    expect(redact("git clone https://user:pa55word@host/repo")).not.toContain("pa55word")
    expect(redact("mysql -uroot -psecretpw db")).not.toContain("secretpw")
    expect(redact(`export GITHUB_TOKEN=ghp_${"x".repeat(36)}`)).not.toContain("ghp_")
    expect(redact("ls -la")).toBe("ls -la")
  })
})
