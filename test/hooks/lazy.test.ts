import { describe, expect, test } from "bun:test"
import { join } from "node:path"
import { makeGitRepo, tmpdir } from "../fixture"

/** The hot path stays light: pre-tool, post-tool and a plain prompt never load the heavy modules. */
// the libraries, and memory's own search index (which replaced MiniSearch)
const HEAVY =
  /[\\/](zod|consola|minisearch|@modelcontextprotocol)[\\/]|[\\/]memory[\\/]read[\\/](cache|score|_postings|_stored)\.ts$/

function probe(event: string, cwd: string, command: string): { out: { stdout: string }; modules: string[] } {
  const r = Bun.spawnSync([process.execPath, join(import.meta.dir, "_lazy-probe.ts"), event, cwd, command], {
    env: process.env,
    stdout: "pipe",
    stderr: "pipe",
  })
  if (r.exitCode !== 0) throw new Error(r.stderr.toString())
  return JSON.parse(r.stdout.toString()) as { out: { stdout: string }; modules: string[] }
}

describe("lazy loading on the hook path", () => {
  test("pre-tool (guard and crusher), post-tool (observation) and a plain prompt load no zod, consola, search index or MCP SDK", () => {
    using dir = tmpdir()
    makeGitRepo(dir.path, { origin: "https://example.com/lazy/probe.git" })
    const pre = probe("pre-tool", dir.path, "git reset --hard HEAD~1")
    expect(pre.out.stdout).toContain("git.reset-hard")
    const post = probe("post-tool", dir.path, "npm test")
    const prompt = probe("prompt-submit", dir.path, "refactor the parser")
    for (const run of [pre, post, prompt]) expect(run.modules.filter((m) => HEAVY.test(m))).toEqual([])
    expect(pre.modules.some((m) => m.includes("/src/guard/"))).toBe(true)
  })

  test("the positive control: a remember prompt does load the memory layer (and its schemas)", () => {
    using dir = tmpdir()
    makeGitRepo(dir.path, { origin: "https://example.com/lazy/control.git" })
    const run = probe("prompt-submit", dir.path, "remember that we use tabs")
    expect(run.modules.some((m) => m.includes("/src/memory/"))).toBe(true)
    expect(run.modules.some((m) => HEAVY.test(m))).toBe(true)
  })
})
