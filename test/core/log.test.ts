import { describe, expect, test } from "bun:test"
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { createLogger, logToFile, logToStderr } from "../../src/core/log"
import { paths } from "../../src/core/paths"

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
})
