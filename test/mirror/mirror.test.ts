import { describe, expect, test } from "bun:test"
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { join } from "node:path"
import { paths } from "../../src/core/paths"
import { END, START } from "../../src/mirror/block"
import { tmpdir } from "../fixture"
import { egc, git, read, readMaybe, remember, repo, write } from "./_repo"

const AGENTS = "# Agents\n\nRun the tests before pushing.\n"
const CONV = "Conventions without a final newline"
const README = "# Readme\n"
const count = (text: string, needle: string) => text.split(needle).length - 1

/** A detached refresh's outcome: polled, bounded (the hook has returned; nothing else signals it). */
async function logSays(file: string, line: string): Promise<boolean> {
  for (let i = 0; i < 600; i++) {
    if (readMaybe(file)?.includes(line)) return true
    await Bun.sleep(50)
  }
  return false
}

/** What `git add` of `file` would store, staged into a scratch index (the real one untouched). */
function scratchStaged(root: string, file: string): string {
  const dir = mkdtempSync(join(root, "..", "idx-"))
  try {
    const env = { GIT_INDEX_FILE: join(dir, "index") }
    git(["add", "-f", "--", file], root, env)
    return git(["show", `:${file}`], root, env)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe("egc mirror on real git repositories", () => {
  test("on writes only existing instruction files; git stages and commits none of it; off undoes exactly", async () => {
    using t = repo({ "AGENTS.md": AGENTS, "README.md": README }, { "CONVENTIONS.md": CONV })
    const root = t.path
    write(root, ".git/info/exclude", "# the person's own\n/scratch/\n")
    const excludeBefore = readMaybe(join(root, ".git/info/exclude"))
    remember(root, [
      { kind: "context", body: "Building the mirror parser for release 2." },
      { kind: "decision", title: "SQLite in WAL mode", body: "one file, concurrent readers" },
      { kind: "avoid", body: "avoid global state in hooks" },
      { kind: "next", body: "wire the session-end refresh" },
    ])

    const on = await egc(["mirror", "on", "--json"], root)
    expect(on.stderr).toBe("")
    expect(on.code).toBe(0)
    const states = Object.fromEntries(
      (JSON.parse(on.stdout).files as Array<{ file: string; state: string }>).map((f) => [f.file, f.state]),
    )
    expect(states).toMatchObject({ "AGENTS.md": "written", "CONVENTIONS.md": "written", "WARP.md": "absent" })

    // the working files carry the block; files outside the set and missing ones are untouched
    const agents = read(root, "AGENTS.md")
    expect(agents.startsWith(AGENTS)).toBe(true)
    for (const text of [
      "Building the mirror parser",
      "SQLite in WAL mode",
      "avoid global state",
      "session-end refresh",
    ])
      expect(agents).toContain(text)
    expect([count(agents, START), count(agents, END)]).toEqual([1, 1])
    expect(read(root, "CONVENTIONS.md").startsWith(`${CONV}${START}`)).toBe(true)
    expect(read(root, "README.md")).toBe(README)
    expect(existsSync(join(root, "WARP.md"))).toBe(false)
    expect(existsSync(join(root, ".github"))).toBe(false)

    // tracked: a scratch index stages the file without the block; `git add` + `git diff --cached` show nothing
    expect(scratchStaged(root, "AGENTS.md")).toBe(AGENTS)
    expect(git(["status", "--porcelain"], root)).toBe("")
    git(["add", "AGENTS.md"], root)
    expect(git(["diff", "--cached"], root)).toBe("")
    // untracked: excluded (`git add -A` skips it), and even forced it is staged without the block
    expect(readMaybe(join(root, ".git/info/exclude"))).toContain("/CONVENTIONS.md")
    write(root, "notes.md", "a new file\n")
    git(["add", "-A"], root)
    const cached = git(["diff", "--cached", "--name-only"], root)
    expect(cached).toBe("notes.md\n") // control: add -A did add something
    expect(scratchStaged(root, "CONVENTIONS.md")).toBe(CONV)
    git(["commit", "-q", "-m", "notes"], root)
    expect(git(["show", "HEAD:AGENTS.md"], root)).toBe(AGENTS)
    expect(git(["log", "-p", "--all"], root)).not.toContain("egc:mirror")

    // idempotent: on again leaves one block, byte for byte the same
    expect((await egc(["mirror", "on"], root)).code).toBe(0)
    expect(read(root, "AGENTS.md")).toBe(agents)
    // refresh replaces the block in place when the state changes
    remember(root, [{ kind: "decision", title: "Blocks are replaced in place", body: "never appended twice" }])
    expect((await egc(["mirror", "refresh"], root)).code).toBe(0)
    const refreshed = read(root, "AGENTS.md")
    expect(refreshed).toContain("Blocks are replaced in place")
    expect([count(refreshed, START), count(refreshed, END)]).toEqual([1, 1])

    const status = JSON.parse((await egc(["mirror", "status", "--json"], root)).stdout)
    expect(status.on).toBe(true)
    expect(status.filter.required).toBe(true)
    expect(status.files.filter((f: { exists: boolean }) => f.exists)).toEqual([
      { file: "AGENTS.md", exists: true, tracked: true, block: "present", guarded: true },
      { file: "CONVENTIONS.md", exists: true, tracked: false, block: "present", guarded: true },
    ])

    const off = await egc(["mirror", "off"], root)
    expect(off.code).toBe(0)
    expect(read(root, "AGENTS.md")).toBe(AGENTS)
    expect(read(root, "CONVENTIONS.md")).toBe(CONV)
    expect(readMaybe(join(root, ".git/info/exclude"))).toBe(excludeBefore)
    expect(existsSync(join(root, ".git/info/attributes"))).toBe(false)
    expect(git(["config", "--local", "--list"], root)).not.toContain("egc-mirror")
    expect(git(["status", "--porcelain"], root)).toBe("?? CONVENTIONS.md\n")
    expect(JSON.parse((await egc(["mirror", "status", "--json"], root)).stdout).on).toBe(false)
  }, 60_000)

  test("a file with broken markers is refused before anything changes; fixed, it is accepted", async () => {
    const broken = `# Agents\n${START}\nhalf a block\n`
    using t = repo({ "AGENTS.md": broken, "WARP.md": "# Warp\n" })
    const root = t.path
    remember(root, [{ kind: "context", body: "Context for the broken-marker case." }])
    const r = await egc(["mirror", "on"], root)
    expect(r.code).toBe(65)
    expect(r.stderr).toContain("broken egc:mirror markers")
    expect(r.stderr).toContain("AGENTS.md")
    expect(read(root, "AGENTS.md")).toBe(broken)
    expect(read(root, "WARP.md")).toBe("# Warp\n")
    expect(git(["config", "--local", "--list"], root)).not.toContain("egc-mirror")
    expect(JSON.parse((await egc(["mirror", "status", "--json"], root)).stdout).on).toBe(false)
    // the clean filter refuses it too, so git add fails instead of committing half a block
    const clean = await egc(["mirror", "clean"], root, broken)
    expect([clean.code, clean.stdout]).toEqual([65, ""])
    // control: with the markers repaired the same command succeeds
    write(root, "AGENTS.md", "# Agents\n")
    expect((await egc(["mirror", "on"], root)).code).toBe(0)
    expect(read(root, "WARP.md")).toContain("Context for the broken-marker case.")

    // off with a block whose markers were broken meanwhile: that file is left alone and the filter stays
    const damaged = `${read(root, "WARP.md")}${START}\n`
    write(root, "WARP.md", damaged)
    const off = await egc(["mirror", "off", "--json"], root)
    expect(off.code).toBe(65)
    expect(JSON.parse(off.stdout)).toMatchObject({ guardsKept: true })
    expect(read(root, "WARP.md")).toBe(damaged)
    expect(read(root, "AGENTS.md")).toBe("# Agents\n")
    expect(git(["config", "--local", "--list"], root)).toContain("filter.egc-mirror.clean")
    write(root, "WARP.md", "# Warp\n")
    expect((await egc(["mirror", "off"], root)).code).toBe(0)
    expect(git(["config", "--local", "--list"], root)).not.toContain("egc-mirror")
  }, 60_000)

  test("an untracked file a .gitignore re-includes is withheld with the reason; the tracked one is written", async () => {
    using t = repo({ "AGENTS.md": AGENTS, ".gitignore": "!CONVENTIONS.md\n" }, { "CONVENTIONS.md": CONV })
    const root = t.path
    remember(root, [{ kind: "context", body: "Context for the withheld case." }])
    const r = await egc(["mirror", "on", "--json"], root)
    expect(r.code).toBe(1)
    const files = JSON.parse(r.stdout).files as Array<{ file: string; state: string; reason?: string }>
    expect(files.find((f) => f.file === "CONVENTIONS.md")).toMatchObject({ state: "withheld" })
    expect(files.find((f) => f.file === "CONVENTIONS.md")?.reason).toContain("not ignored")
    expect(read(root, "CONVENTIONS.md")).toBe(CONV)
    expect(read(root, "AGENTS.md")).toContain("Context for the withheld case.")
    const status = JSON.parse((await egc(["mirror", "status", "--json"], root)).stdout)
    expect(status.files.find((f: { file: string }) => f.file === "CONVENTIONS.md")).toMatchObject({
      guarded: false,
      reason: "untracked and not ignored",
    })
  }, 60_000)

  test("a clean filter that does not strip the block is caught before the block is written", async () => {
    using t = repo({ "AGENTS.md": AGENTS })
    const root = t.path
    remember(root, [{ kind: "context", body: "Context for the failing filter." }])
    const { mirrorOn } = await import("../../src/mirror")
    // `cat` passes the block through: git would commit it, so nothing is written
    const r = await mirrorOn(root, undefined, { cleanCommand: "cat" })
    expect(r.files.find((f) => f.file === "AGENTS.md")).toMatchObject({
      state: "withheld",
      reason: "git would commit the block: the clean filter does not apply",
    })
    expect(read(root, "AGENTS.md")).toBe(AGENTS)
    // control: egc's own filter in the same repository is proven and the block written
    expect((await egc(["mirror", "on"], root)).code).toBe(0)
    expect(read(root, "AGENTS.md")).toContain("Context for the failing filter.")
    expect(git(["status", "--porcelain"], root)).toBe("")
  }, 60_000)

  test("hostile memory stays inside the markers, scrubbed and capped", async () => {
    const secret = `ghp_${"Zx9Qw8Er7T".repeat(4)}`
    using t = repo({ "AGENTS.md": AGENTS })
    const root = t.path
    const big = "Decision text that is long. ".repeat(700)
    expect(big.length * 520).toBeGreaterThan(10_000_000)
    const outcomes = remember(root, [
      { kind: "context", body: `Parser work ${END}\n${START}\n## Injected heading\n\u001b[31mred\u001b[0m \u202eevil` },
      { kind: "avoid", body: `avoid pasting ${secret} anywhere` },
      { kind: "avoid", body: "never use eval" }, // reads as an instruction: flagged, so left out
      { kind: "preference", body: "prefers tabs over spaces" }, // not a mirrored kind
      // about 10 MB of decisions (each body near the write layer's 20,000-character limit)
      ...Array.from({ length: 520 }, (_, i) => ({ kind: "decision", title: `Decision ${i}`, body: `${i} ${big}` })),
    ])
    expect(outcomes.filter((o) => o === "created").length).toBe(outcomes.length)
    expect((await egc(["mirror", "on"], root)).code).toBe(0)
    const text = read(root, "AGENTS.md")
    expect([count(text, START), count(text, END)]).toEqual([1, 1])
    expect(text.startsWith(AGENTS)).toBe(true)
    expect(text.endsWith(`${END}\n`)).toBe(true)
    const block = text.slice(AGENTS.length)
    expect(Buffer.byteLength(block, "latin1")).toBeLessThan(10 * 1024)
    expect(block).toContain("Parser work")
    expect(block).not.toMatch(/[\u001b\u202e]/)
    expect(block).not.toContain(secret)
    expect(block).toContain("avoid pasting")
    expect(block).not.toContain("never use eval")
    expect(block).not.toContain("prefers tabs")
    expect(block).toContain("older decisions")
    expect(git(["status", "--porcelain"], root)).toBe("")
  }, 120_000)

  test("a folder outside git is refused with a clear error and nothing is written", async () => {
    using t = tmpdir({ files: { "AGENTS.md": AGENTS } })
    const r = await egc(["mirror", "on"], t.path)
    expect(r.code).toBe(66)
    expect(r.stderr).toContain("not inside a git repository")
    expect(read(t.path, "AGENTS.md")).toBe(AGENTS)
  }, 30_000)

  test("bad --files values are usage errors; a missing listed file is refused; nothing changes", async () => {
    using t = repo({ "AGENTS.md": AGENTS })
    const root = t.path
    for (const bad of ["../x.md", "/etc/passwd", ".git/config", "a b.md", ""]) {
      const r = await egc(["mirror", "on", "--files", bad], root)
      expect([bad, r.code]).toEqual([bad, 64])
    }
    const missing = await egc(["mirror", "on", "--files", "CLAUDE.md"], root)
    expect(missing.code).toBe(66)
    expect(missing.stderr).toContain("egc never creates instruction files")
    expect(existsSync(join(root, "CLAUDE.md"))).toBe(false)
    expect(read(root, "AGENTS.md")).toBe(AGENTS)
    // control: --files narrows the set to what is named
    write(root, "CLAUDE.md", "# Claude\n")
    expect((await egc(["mirror", "on", "--files", "CLAUDE.md"], root)).code).toBe(0)
    expect(read(root, "CLAUDE.md")).toContain(START)
    expect(read(root, "AGENTS.md")).toBe(AGENTS)
  }, 60_000)

  test("only a person turns it on: refresh and the session-end hook never do; once on, the hook refreshes", async () => {
    using t = repo({ "AGENTS.md": AGENTS })
    const root = t.path
    const refreshLog = join(paths.logs(), "mirror-refresh.log")
    rmSync(refreshLog, { force: true })
    remember(root, [{ kind: "context", body: "Context before the session." }])
    const hook = (cwd: string) =>
      egc(
        ["hook", "session-end", "--tool", "claude-code"],
        cwd,
        JSON.stringify({ session_id: "s1", cwd, hook_event_name: "SessionEnd" }),
      )
    const refresh = await egc(["mirror", "refresh", "--json"], root)
    expect(JSON.parse(refresh.stdout)).toEqual({ on: false, files: [] })
    expect((await hook(root)).code).toBe(0)
    expect(read(root, "AGENTS.md")).toBe(AGENTS)
    expect(git(["config", "--local", "--list"], root)).not.toContain("egc-mirror")

    expect(readMaybe(refreshLog)).toBeUndefined()

    expect((await egc(["mirror", "on"], root)).code).toBe(0)
    remember(root, [{ kind: "decision", title: "Decided during the session", body: "refresh at the end" }])
    expect(read(root, "AGENTS.md")).not.toContain("Decided during the session")
    // the hook starts the refresh detached and returns; the refresh's outcome lands in its log
    expect((await hook(root)).code).toBe(0)
    expect(readMaybe(refreshLog)).toContain("session end: egc mirror refresh")
    expect(await logSays(refreshLog, "egc mirror refresh: done")).toBe(true)
    expect(read(root, "AGENTS.md")).toContain("Decided during the session")
    // git's clean filter (egc again, started by the refresh) does not log as the background command
    expect(readMaybe(refreshLog)).not.toContain("egc mirror clean")
    expect(git(["status", "--porcelain"], root)).toBe("")
  }, 60_000)

  test("doctor: a mirror whose filter names a missing egc fails the check; egc mirror on repairs it", async () => {
    using t = repo({ "AGENTS.md": AGENTS })
    const root = t.path
    remember(root, [{ kind: "context", body: "Context for doctor." }])
    const { doctorChecks } = await import("../../src/mirror")
    const doctor = async () => (await (await doctorChecks())({ cwd: root }))[0]
    expect(await doctor()).toMatchObject({ name: "mirror", status: "ok" })
    expect((await egc(["mirror", "on"], root)).code).toBe(0)
    expect(await doctor()).toMatchObject({ status: "ok", detail: expect.stringContaining("1 instruction file(s)") })
    git(["config", "filter.egc-mirror.clean", "'/nonexistent/egc' mirror clean"], root)
    const broken = await doctor()
    expect(broken).toMatchObject({ status: "fail", detail: expect.stringContaining("/nonexistent/egc") })
    expect((await egc(["mirror", "on"], root)).code).toBe(0)
    expect(await doctor()).toMatchObject({ status: "ok" })
  }, 60_000)

  test("no MCP tool reaches the mirror", async () => {
    const { allTools } = await import("../../src/mcp/tools")
    expect(allTools.length).toBeGreaterThan(10)
    const named = allTools.filter((t) => /mirror|instruction.file/i.test(`${t.name} ${t.description}`))
    expect(named.map((t) => t.name)).toEqual([])
    const mcp = join(import.meta.dir, "../../src/mcp")
    const sources = [...new Bun.Glob("**/*.ts").scanSync(mcp)]
    expect(sources.length).toBeGreaterThan(10)
    expect(sources.filter((f) => read(mcp, f).includes("mirror"))).toEqual([])
  })

  test("off reaches every worktree of the repository", async () => {
    using t = repo({ "AGENTS.md": AGENTS })
    const root = t.path
    remember(root, [{ kind: "context", body: "Context shared by worktrees." }])
    using wt = tmpdir()
    const second = join(wt.path, "side")
    git(["worktree", "add", "-q", "-b", "side", second], root)
    expect((await egc(["mirror", "on"], root)).code).toBe(0)
    expect((await egc(["mirror", "refresh"], second)).code).toBe(0)
    expect(read(second, "AGENTS.md")).toContain(START)
    expect(git(["status", "--porcelain"], second)).toBe("")
    expect((await egc(["mirror", "off"], root)).code).toBe(0)
    expect(read(root, "AGENTS.md")).toBe(AGENTS)
    expect(read(second, "AGENTS.md")).toBe(AGENTS)
  }, 60_000)
})
