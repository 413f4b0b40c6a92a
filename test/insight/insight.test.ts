import { describe, expect, test } from "bun:test"
import { z } from "zod"
import { setClock } from "../../src/core/clock"
import { closeAllDbs, openDb } from "../../src/core/db"
import { DEFAULTS } from "../../src/core/config"
import { paths } from "../../src/core/paths"
import { resolveProject } from "../../src/core/project"
import { commandFamily, compressObservations, detectPatterns, recordObservation, redact } from "../../src/insight"
import { insightTools } from "../../src/mcp/tools/insight"
import { readStoreFile, tmpdir } from "../fixture"

const fail = (project: string, command: string, error: string) =>
  recordObservation({
    project,
    sessionId: "s1",
    tool: "claude-code",
    callName: "Bash",
    command,
    failed: true,
    exitCode: 1,
    errorText: error,
  })

describe("redaction", () => {
  test("removes credentials of many shapes and keeps the rest", () => {
    const text = redact(
      "curl -H 'Authorization: Bearer abcdefghijklmnop1234' https://user:hunter2pass@example.com --password s3cretValue AKIAABCDEFGHIJKLMNOP ghp_0123456789abcdefghijABCDEFGHIJ sk-ant-api03-abcdefghijklmnopqrstuv DB_PASSWORD=topsecret1",
    )
    for (const secret of [
      "abcdefghijklmnop1234",
      "hunter2pass",
      "s3cretValue",
      "AKIAABCDEFGHIJKLMNOP",
      "ghp_0123456789",
      "sk-ant-api03",
      "topsecret1",
    ])
      expect(text).not.toContain(secret)
    expect(text).toContain("curl")
    expect(text).toContain("example.com")
  })
  test("bounds length", () => {
    expect(redact("a ".repeat(10_000), 100).length).toBeLessThanOrEqual(101)
  })
})

describe("commandFamily", () => {
  test("skips env prefixes and wrappers, never returns a path", () => {
    expect(commandFamily("FOO=1 sudo npm test")).toBe("npm")
    expect(commandFamily("/home/alice/secret-project/bin/tool --x")).toBe("tool")
    expect(commandFamily("npx vitest run")).toBe("vitest")
    expect(commandFamily("$(weird)")).toBe("other")
  })
})

describe("observations", () => {
  test("are sealed at rest: neither command nor error text is in the database file", () => {
    using dir = tmpdir({ git: true })
    const project = resolveProject(dir.path).id
    fail(project, "okapictl --host db.internal-marker.example", "FATAL: role marker_role_xyz does not exist")
    openDb().exec("PRAGMA wal_checkpoint(TRUNCATE)")
    const bytes = readStoreFile(paths.db()).toString("latin1")
    expect(bytes).toContain("okapictl")
    expect(bytes).not.toContain("internal-marker")
    expect(bytes).not.toContain("marker_role_xyz")
  })

  test("a repeated failure becomes a pattern with a redacted sample; one project never sees another's", () => {
    using a = tmpdir({ git: true })
    using b = tmpdir({ git: true, files: { "x.txt": "other" } })
    const pa = resolveProject(a.path).id
    const pb = resolveProject(b.path).id
    expect(pa).not.toBe(pb)
    let last: ReturnType<typeof fail> | undefined
    for (let i = 0; i < 3; i++)
      last = fail(pa, "npm run build", `Error: Cannot find module '/tmp/x${i}/dep.js' token=abcd${i}efgh`)
    expect(last?.failures).toBe(3)
    recordObservation({
      project: pa,
      sessionId: "s1",
      tool: "claude-code",
      callName: "Bash",
      command: "ls",
      failed: false,
    })
    const found = detectPatterns(pa, { minCount: 3 })
    expect(found.patterns).toHaveLength(1)
    expect(found.patterns[0]).toMatchObject({ kind: "repeated-failure", family: "npm", count: 3 })
    expect(found.patterns[0]?.sample).toContain("Cannot find module")
    expect(found.patterns[0]?.sample).not.toMatch(/abcd\defgh/)
    expect(detectPatterns(pb, { minCount: 1 }).patterns).toHaveLength(0)
  })

  test("different errors do not group together", () => {
    using dir = tmpdir({ git: true })
    const p = resolveProject(dir.path).id
    fail(p, "cargo build", "error[E0425]: cannot find value `x` in this scope")
    fail(p, "cargo build", "error: linker `cc` not found")
    expect(detectPatterns(p, { minCount: 2 }).patterns).toHaveLength(0)
  })

  test("are bounded per project", () => {
    using dir = tmpdir({ git: true })
    const p = resolveProject(dir.path).id
    for (let i = 0; i < 15; i++)
      recordObservation(
        { project: p, sessionId: "s", tool: "codex", callName: "Bash", command: `echo ${i}`, failed: false },
        { max: 10 },
      )
    const n = openDb().query("SELECT COUNT(*) AS n FROM insight_observations WHERE project = ?").get(p) as { n: number }
    expect(n.n).toBe(10)
  })

  test("compression keeps counts and samples, deletes raw rows, and is idempotent", () => {
    using dir = tmpdir({ git: true })
    const p = resolveProject(dir.path).id
    const t0 = Date.UTC(2026, 0, 1)
    setClock(() => t0)
    try {
      for (let i = 0; i < 4; i++) fail(p, "pytest -q", "FAILED tests/test_api.py::test_login - AssertionError")
      setClock(() => t0 + 30 * 86_400_000)
      fail(p, "pytest -q", "FAILED tests/test_api.py::test_login - AssertionError")
      const first = compressObservations(p, { olderThanMs: 7 * 86_400_000 })
      expect(first).toEqual({ compressed: 4, groups: 1 })
      expect(compressObservations(p, { olderThanMs: 7 * 86_400_000 })).toEqual({ compressed: 0, groups: 0 })
      const found = detectPatterns(p, { minCount: 5 })
      expect(found.patterns[0]).toMatchObject({ kind: "repeated-failure", count: 5 })
      expect(found.patterns[0]?.sample).toContain("AssertionError")
      expect(fail(p, "pytest -q", "FAILED tests/test_api.py::test_login - AssertionError").failures).toBe(6)
    } finally {
      setClock(undefined)
    }
  })
})

describe("MCP tools", () => {
  test("detect_patterns and compress_observations validate input and act on the bound project only", async () => {
    using dir = tmpdir({ git: true })
    const project = resolveProject(dir.path)
    for (let i = 0; i < 3; i++) fail(project.id, "make", "make: *** [all] Error 2")
    const ctx = { project, boundProjects: [project], session: { id: "s" }, config: DEFAULTS }
    const [detect, compress] = insightTools
    expect(detect?.name).toBe("detect_patterns")
    const args = z.object(detect!.input).parse({})
    const out = (await detect!.handler(args as never, ctx)) as { patterns: Array<{ family: string; count: number }> }
    expect(out.patterns[0]).toMatchObject({ family: "make", count: 3 })
    expect(() => z.object(detect!.input).parse({ min_count: 1 })).toThrow()
    const c = (await compress!.handler(z.object(compress!.input).parse({ older_than_days: 0 }) as never, ctx)) as {
      compressed: number
    }
    expect(c.compressed).toBe(3)
    for (const tool of insightTools)
      expect(Object.keys(tool.annotations).sort()).toEqual([
        "destructiveHint",
        "idempotentHint",
        "openWorldHint",
        "readOnlyHint",
      ])
  })
})

process.on("beforeExit", () => closeAllDbs())
