import { describe, expect, test } from "bun:test"
import { writeFileSync } from "node:fs"
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

  test("session start follows git through sync's follow module without loading export, import, backup or team code", () => {
    using dir = tmpdir()
    const git = makeGitRepo(dir.path, { origin: "https://example.com/lazy/start.git" })
    // a default branch: without one there is nothing to follow and sync is not loaded at all
    writeFileSync(join(git, "refs", "heads", "main"), `${"a".repeat(40)}\n`)
    const run = probe("session-start", dir.path, "")
    const sync = run.modules.filter((m) => /[\\/]src[\\/]sync[\\/]/.test(m))
    // the positive control: branch-follow did load (so the check below looks at a run that reached sync)
    expect(sync.some((m) => /[\\/]sync[\\/]follow\.ts$/.test(m))).toBe(true)
    const heavy = /[\\/]sync[\\/](export|import|backup|passphrase|surface|team[\\/](team|push|pull|status))\.ts$/
    expect(sync.filter((m) => heavy.test(m))).toEqual([])
  })

  test("the positive control: a remember prompt does load the memory layer (and its schemas)", () => {
    using dir = tmpdir()
    makeGitRepo(dir.path, { origin: "https://example.com/lazy/control.git" })
    const run = probe("prompt-submit", dir.path, "remember that we use tabs")
    expect(run.modules.some((m) => m.includes("/src/memory/"))).toBe(true)
    expect(run.modules.some((m) => HEAVY.test(m))).toBe(true)
  })
})
