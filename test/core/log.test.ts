import { describe, expect, test } from "bun:test"
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { backgroundLine, createLogger, logToFile, logToStderr } from "../../src/core/log"
import { paths } from "../../src/core/paths"
import { tmpdir } from "../fixture"
import { runSource } from "../cli/_egc"

describe("log", () => {
  test("file sink: 0600 lines with key=value extras, rotated past 1 MB", () => {
    logToFile()
    const log = createLogger("test")
    log.info("hello", { n: 1, s: "a b" })
    const file = join(paths.logs(), "egc.log")
    expect(readFileSync(file, "utf8")).toMatch(/INFO \[test\] hello n=1 s="a b"\n$/)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    log.debug("not shown at the default level")
    expect(readFileSync(file, "utf8")).not.toContain("not shown")
    writeFileSync(file, "x".repeat(1_000_001))
    log.warn("after rotation")
    expect(existsSync(`${file}.1`)).toBe(true)
    expect(readFileSync(file, "utf8")).toContain("after rotation")
    expect(readFileSync(file, "utf8")).not.toContain("xxxx")
    logToStderr()
  })

  test("a log level named like an object member ('constructor') is the default level, not 'log everything'", () => {
    logToFile()
    const log = createLogger("test")
    const file = join(paths.logs(), "egc.log")
    process.env.EGC_LOG_LEVEL = "constructor"
    try {
      log.debug("debug line under a bogus level")
      log.info("info line under a bogus level")
    } finally {
      delete process.env.EGC_LOG_LEVEL
      logToStderr()
    }
    expect(readFileSync(file, "utf8")).toContain("info line under a bogus level")
    expect(readFileSync(file, "utf8")).not.toContain("debug line under a bogus level")
  })

  test("a command started in the background leaves its outcome, redacted, in logs/<name>.log", async () => {
    using t = tmpdir()
    const home = join(t.path, "egc")
    const token = `ghp_${"A1b2C3d4E5".repeat(4)}`
    const bg = { EGC_HOME: home, EGC_BACKGROUND_LOG: "sync-push" }
    // a failing command: its error line (which names the secret-bearing remote) is logged, redacted
    const failed = await runSource(["sync", "join", "--remote", `https://x:${token}@example.invalid/t.git`], {
      cwd: t.path,
      env: bg,
    })
    expect(failed.code).not.toBe(0)
    // a succeeding one beside it
    const ok = await runSource(["version"], { cwd: t.path, env: bg })
    expect(ok.code).toBe(0)
    const log = readFileSync(join(home, "logs", "sync-push.log"), "utf8")
    expect(log).toMatch(/egc sync join: exit \d+: /)
    expect(log).toContain("egc version: done")
    expect(log).not.toContain(token)
    // a name that is not a plain word is ignored: nothing is written outside logs/
    const odd = await runSource(["version"], { cwd: t.path, env: { EGC_HOME: home, EGC_BACKGROUND_LOG: "../x" } })
    expect(odd.code).toBe(0)
    expect(existsSync(join(home, "x.log"))).toBe(false)
  })

  test("backgroundLine redacts like every log line", () => {
    const token = `ghp_${"Z9y8X7w6V5".repeat(4)}`
    backgroundLine("bg-test", `push failed for https://u:${token}@host/r.git`)
    const text = readFileSync(join(paths.logs(), "bg-test.log"), "utf8")
    expect(text).toContain("push failed for")
    expect(text).not.toContain(token)
  })
})
