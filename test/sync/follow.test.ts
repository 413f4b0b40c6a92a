import { describe, expect, test } from "bun:test"
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { sha256Hex as sha256 } from "../../src/core/crypto"
import { spawnCaptured } from "../e2e/_binary"
import { tmpdir } from "../fixture"
import { newHome, type Home } from "./_home"

/** Automatic branch-follow on the hook path: session start (a real `egc hook` process); `egc status` only reads it. */
const MAIN = join(import.meta.dir, "..", "..", "src", "main.ts")
const REAL_GIT = Bun.which("git") ?? "/usr/bin/git"
type View = { title: string; kind: string }

function git(args: string[], cwd: string): string {
  const id = ["-c", "user.name=t", "-c", "user.email=t@t.invalid", "-c", "commit.gpgsign=false"]
  const r = Bun.spawnSync([REAL_GIT, ...id, ...args], { cwd, stdout: "pipe", stderr: "pipe" })
  if (r.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr.toString()}`)
  return r.stdout.toString()
}

function commit(repo: string, file: string) {
  writeFileSync(join(repo, file), file)
  git(["add", file], repo)
  git(["commit", "-q", "-m", file], repo)
}

/** A `git` on PATH that notes each call, then runs the real one: shows when the hook spawned git. */
function countingGit(dir: string): { path: string; calls: () => string[] } {
  const bin = join(dir, "bin")
  mkdirSync(bin)
  const log = join(dir, "git-calls")
  writeFileSync(join(bin, "git"), `#!/bin/sh\nprintf '%s\\n' "$*" >> '${log}'\nexec '${REAL_GIT}' "$@"\n`)
  chmodSync(join(bin, "git"), 0o755)
  const calls = () => (existsSync(log) ? readFileSync(log, "utf8").trim().split("\n").filter(Boolean) : [])
  return { path: `${bin}:${process.env.PATH ?? ""}`, calls }
}

async function sessionStart(home: Home, cwd: string, path?: string) {
  const stdin = JSON.stringify({ session_id: "s1", cwd, hook_event_name: "SessionStart", source: "startup" })
  const env = { EGC_HOME: home.path, ...(path ? { PATH: path } : {}) }
  const r = await spawnCaptured([process.execPath, "run", MAIN, "hook", "session-start", "--tool", "claude-code"], {
    cwd,
    env,
    stdin,
  })
  expect(r.code).toBe(0)
  const context = r.stdout.trim() ? (JSON.parse(r.stdout).hookSpecificOutput?.additionalContext as string) : ""
  return context ?? ""
}

const followed = (context: string) => /## Memory followed git\n(.*)/.exec(context)?.[1]
const write = (home: Home, repo: string, title: string, scope = "branch") =>
  home.act(repo, [{ op: "write", kind: "decision", title, body: `${title} body`, scope }])
const titles = async (home: Home, cwd: string) =>
  (await home.act<[View[]]>(cwd, [{ op: "list", statuses: ["active"] }]))[0].map((v) => v.title).sort()

/** A repository under `dir` on main with one commit. */
function mainRepo(dir: string): string {
  const repo = join(dir, "repo")
  mkdirSync(repo)
  git(["init", "-q", "-b", "main"], repo)
  commit(repo, "a")
  return repo
}

describe("automatic branch-follow (session start; egc status reads)", () => {
  test("runs only when the refs changed, says in one line what moved; rebase loses nothing, rename follows", async () => {
    using t = tmpdir()
    const repo = mainRepo(t.path)
    const home = newHome("follow")
    const counting = countingGit(t.path)
    git(["checkout", "-q", "-b", "feature/x"], repo)
    commit(repo, "b")
    await write(home, repo, "From x")
    git(["checkout", "-q", "-b", "feature/y", "main"], repo)
    commit(repo, "c")
    await write(home, repo, "From y")
    git(["checkout", "-q", "main"], repo)

    // the first run looks (one merge-base per candidate, one log for squash names) and moves nothing
    expect(followed(await sessionStart(home, repo, counting.path))).toBeUndefined()
    const looked = counting.calls()
    expect(looked.filter((c) => / merge-base /.test(c))).toHaveLength(2)
    expect(looked.filter((c) => / log /.test(c))).toHaveLength(1)
    // nothing changed since: no git process at all, nothing said
    expect(followed(await sessionStart(home, repo, counting.path))).toBeUndefined()
    expect(counting.calls()).toEqual(looked)
    // refs changed, but no branch with items and not the default branch: follow runs, still no git process
    git(["branch", "scratch"], repo)
    expect(followed(await sessionStart(home, repo, counting.path))).toBeUndefined()
    expect(counting.calls()).toEqual(looked)

    git(["merge", "-q", "--no-ff", "-m", "merge x", "feature/x"], repo)
    const merged = await sessionStart(home, repo, counting.path)
    expect(followed(merged)).toBe("memory followed git: feature/x merged into main: 1 item moved")
    expect(merged).toContain("From x")
    expect(followed(await sessionStart(home, repo, counting.path))).toBeUndefined()

    // a rebase moves the branch head: looked at again, nothing moved, nothing lost
    git(["checkout", "-q", "feature/y"], repo)
    git(["rebase", "-q", "main"], repo)
    git(["checkout", "-q", "main"], repo)
    const before = counting.calls().length
    expect(followed(await sessionStart(home, repo, counting.path))).toBeUndefined()
    expect(counting.calls().length).toBeGreaterThan(before)
    git(["checkout", "-q", "feature/y"], repo)
    expect(await titles(home, repo)).toContain("From y")
    git(["checkout", "-q", "main"], repo)

    git(["branch", "-m", "feature/y", "feature/z"], repo)
    expect(followed(await sessionStart(home, repo, counting.path))).toBe(
      "memory followed git: feature/y renamed feature/z: 1 item followed",
    )
    git(["checkout", "-q", "feature/z"], repo)
    expect(await titles(home, repo)).toContain("From y")
    git(["checkout", "-q", "main"], repo)

    // egc status shows the last move; nothing changed since, so nothing is pending
    const status = await home.egc(["status", "--json"], repo)
    expect(status.code).toBe(0)
    const s = JSON.parse(status.stdout)
    expect(s.branches.pending).toBe(false)
    expect(s.branches.last.line).toBe("memory followed git: feature/y renamed feature/z: 1 item followed")
    expect((await home.egc(["status"], repo)).stdout).toMatch(/^branches +\(\d{4}-\d\d-\d\d\) memory followed git/m)
  }, 180_000)

  test("egc status only reads: a pending merge is shown, not followed (nothing written); session start follows it", async () => {
    using t = tmpdir()
    const repo = mainRepo(t.path)
    const home = newHome("follow-status")
    git(["checkout", "-q", "-b", "feature/x"], repo)
    commit(repo, "b")
    await write(home, repo, "From x")
    git(["checkout", "-q", "main"], repo)
    expect(followed(await sessionStart(home, repo))).toBeUndefined()
    // a first status creates the tables of the faculties it reads (guard, crush, told): schema, not data
    expect(JSON.parse((await home.egc(["status", "--json"], repo)).stdout).branches).toEqual({
      last: null,
      pending: false,
      waiting: [],
    })
    git(["merge", "-q", "--no-ff", "-m", "merge x", "feature/x"], repo)

    const files = () =>
      ["egc.db", "egc.db-wal"].map((f) => {
        const path = join(home.path, f)
        return existsSync(path) ? sha256(readFileSync(path)) : null
      })
    const before = files()
    for (const args of [["status", "--json"], ["status"]]) {
      const r = await home.egc(args, repo)
      expect(r.code).toBe(0)
      if (args.includes("--json"))
        expect(JSON.parse(r.stdout).branches).toEqual({ last: null, pending: true, waiting: [] })
      else expect(r.stdout).toMatch(/^branches +git's branches changed since: the next session start follows them$/m)
    }
    expect(files()).toEqual(before)
    expect(await titles(home, repo)).toEqual([])

    // the positive control: session start does follow the same change, and status then shows it
    expect(followed(await sessionStart(home, repo))).toBe(
      "memory followed git: feature/x merged into main: 1 item moved",
    )
    expect(files()).not.toEqual(before)
    expect(await titles(home, repo)).toEqual(["From x"])
    const after = JSON.parse((await home.egc(["status", "--json"], repo)).stdout).branches
    expect(after.pending).toBe(false)
    expect(after.last.line).toBe("memory followed git: feature/x merged into main: 1 item moved")
  }, 120_000)

  test("a follow that fails never breaks session start, loses nothing, runs again; a bidi branch name shows escaped", async () => {
    using t = tmpdir()
    const repo = mainRepo(t.path)
    const home = newHome("follow-fail")
    await write(home, repo, "Main rule", "project")
    // git allows bidi controls in a branch name: the line shows them escaped
    const name = "feature/x\u202eevil"
    git(["checkout", "-q", "-b", name], repo)
    commit(repo, "b")
    await write(home, repo, "From x")
    git(["checkout", "-q", "main"], repo)
    git(["merge", "-q", "--no-ff", "-m", "merge x", name], repo)

    // no git on PATH: the merge-base check throws inside the hook
    mkdirSync(join(t.path, "empty"))
    const broken = await sessionStart(home, repo, join(t.path, "empty"))
    expect(broken).toContain("Main rule")
    expect(followed(broken)).toBeUndefined()
    const log = readFileSync(join(home.path, "logs", "egc.log"), "utf8")
    expect(log).toMatch(/session-start source failed.*what="branches"/)
    expect(await titles(home, repo)).toEqual(["Main rule"])

    const fixed = await sessionStart(home, repo)
    expect(followed(fixed)).toBe("memory followed git: feature/x\\u202eevil merged into main: 1 item moved")
    expect(await titles(home, repo)).toEqual(["From x", "Main rule"])
  }, 120_000)

  test("a CI-style detached checkout (no local branch, no default branch): nothing moves, the hook answers", async () => {
    using t = tmpdir()
    const origin = join(t.path, "origin")
    const ci = join(t.path, "ci")
    mkdirSync(origin)
    mkdirSync(ci)
    git(["init", "-q", "-b", "main"], origin)
    commit(origin, "a")
    git(["init", "-q"], ci)
    git(["remote", "add", "origin", origin], ci)
    git(["fetch", "-q", "--depth=1", "origin", "main"], ci)
    git(["checkout", "-q", "--detach", "FETCH_HEAD"], ci)
    expect(git(["for-each-ref", "refs/heads"], ci).trim()).toBe("")
    const home = newHome("follow-ci")
    await write(home, ci, "CI run note")
    const context = await sessionStart(home, ci)
    expect(context).toContain("CI run note")
    expect(followed(context)).toBeUndefined()
    const r = JSON.parse((await home.egc(["memory", "branches", "--json"], ci)).stdout)
    expect(r).toEqual({ promoted: [], renamed: [], archived: [], asked: [], waiting: [] })
    const s = JSON.parse((await home.egc(["status", "--json"], ci)).stdout)
    expect(s.branches).toEqual({ last: null, pending: false, waiting: [] })
    expect(await titles(home, ci)).toEqual(["CI run note"])
  }, 120_000)
})
