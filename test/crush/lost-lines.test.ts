import { describe, expect, test } from "bun:test"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { crush } from "../../src/crush/pipeline"
import { StreamSummary } from "../../src/crush/stream"

/**
 * The lines issue 17 found lost, on real outputs (test/crush/golden/*.in, made from the real-output
 * set): each needed item is asserted present, beside something the filter did drop (it is working).
 */
const DIR = join(import.meta.dir, "golden")
const input = (name: string) => readFileSync(join(DIR, `${name}.in`), "utf8")
const run = (name: string, command: string) => crush(input(name), { command, runId: "r00000000000000000000000000" })

describe("needed lines survive", () => {
  test("git status with 45 modified files lists every path", () => {
    const text = input("git-status-many")
    const paths = [...text.matchAll(/^\tmodified:\s+(\S+)$/gm)].map((m) => m[1] as string)
    expect(paths.length).toBe(45)
    const out = run("git-status-many", "git status").output
    for (const p of paths) expect(out).toContain(p)
  })

  test("control: past 300 paths, the rest are counted by folder", () => {
    const many = `On branch main\nChanges not staged for commit:\n${Array.from({ length: 400 }, (_, i) => `\tmodified:   src/f${i}.ts`).join("\n")}\n`
    const out = crush(many, { command: "git status" }).output
    expect(out).toContain("\tmodified:   src/f299.ts\n")
    expect(out).not.toContain("src/f300.ts")
    expect(out).toContain("… 100 more paths past the first 300 (src/ 100)")
  })

  test("du keeps its last (total) line", () => {
    const r = run("listing-du-total", "du -sh node_modules/*")
    expect(r.mode).toBe("filtered")
    expect(r.output).toContain("24K\tnode_modules/yocto-queue\n")
    expect(r.output).not.toContain("node_modules/mime-db\n")
  })

  test("npm ls keeps invalid, UNMET DEPENDENCY, extraneous and the error lines; the deep tree goes", () => {
    const out = run("pkg-npm-ls-conflict", "npm ls --all").output
    for (const s of [
      "UNMET DEPENDENCY left-pad@^1.3.0",
      'lodash@4.17.21 invalid: "^3.10.0" from the root project',
      "ms-copy@2.0.0 extraneous",
      "npm error missing: left-pad@^1.3.0",
      "npm error code ELSPROBLEMS",
    ]) {
      expect(out).toContain(s)
    }
    expect(out).not.toContain("color-name@1.1.4")
  })

  test("log lines of one shape keep every distinct id", () => {
    const text = input("logs-tenant-ids")
    const out = run("logs-tenant-ids", "node server.js").output
    const ids = new Set(
      [...text.matchAll(/GET \/jobs\/(\d+)\/tenant\/(\d+) 404/g)].map((m) => `jobs/${m[1]} tenant/${m[2]}`),
    )
    expect(ids.size).toBeGreaterThan(20)
    for (const id of ids) expect(out.replaceAll(/GET \/(jobs\/\d+)\/(tenant\/\d+)/g, "$1 $2")).toContain(id)
    // control: the 200 responses of that shape are not all there
    expect(text.match(/ 200 /g)?.length ?? 0).toBeGreaterThan(out.match(/ 200 /g)?.length ?? 0)
  })

  test("a sorted log keeps its own-code frames though they no longer follow their traceback", () => {
    const out = run("logs-sorted-frames", "sort app.log").output
    expect(out).toContain("    at /tmp/rs/srv/server.js:14:35\n")
    expect(out).not.toMatch(/node_modules\/express\/lib\/router\/layer\.js/)
  })

  test("streaming mode (past 16 MB) keeps own-code frames, not a dependency's", () => {
    const s = new StreamSummary()
    const enc = new TextEncoder()
    for (let i = 0; i < 3000; i++) s.push(enc.encode(`step ${i} ok\n`))
    s.push(
      enc.encode(
        "TypeError: x is undefined\n    at load (/app/src/loader.js:12:7)\n    at next (/app/node_modules/express/lib/router/index.js:280:10)\n",
      ),
    )
    for (let i = 0; i < 3000; i++) s.push(enc.encode(`step ${i} ok\n`))
    const { text } = s.finish()
    expect(text).toContain("    at load (/app/src/loader.js:12:7)\n")
    expect(text).not.toContain("node_modules/express/lib/router/index.js:280")
  })
})
