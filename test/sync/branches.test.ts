import { Database } from "bun:sqlite"
import { describe, expect, test } from "bun:test"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { tmpdir } from "../fixture"
import { newHome, type Home } from "./_home"

type View = { title: string; status: string }

function git(args: string[], cwd: string): string {
  const id = ["-c", "user.name=t", "-c", "user.email=t@t.invalid", "-c", "commit.gpgsign=false"]
  const r = Bun.spawnSync(["git", ...id, ...args], { cwd, stdout: "pipe", stderr: "pipe" })
  if (r.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr.toString()}`)
  return r.stdout.toString()
}

function commit(repo: string, file: string) {
  writeFileSync(join(repo, file), file)
  git(["add", file], repo)
  git(["commit", "-q", "-m", file], repo)
}

const seen = async (home: Home, cwd: string, statuses = ["active"]) =>
  (await home.act<[View[]]>(cwd, [{ op: "list", statuses }]))[0].map((v) => v.title).sort()
const branches = async (home: Home, cwd: string, extra: string[] = []) => {
  const r = await home.egc(["memory", "branches", "--json", ...extra], cwd)
  if (r.code !== 0) throw new Error(r.stderr)
  return JSON.parse(r.stdout)
}

describe("memory follows git branches (real repositories)", () => {
  test("merge promotes (undo reverses), rename follows, deleted is archived after grace, detached and live branches stay", async () => {
    using t = tmpdir()
    const repo = t.path
    git(["init", "-q", "-b", "main"], repo)
    commit(repo, "a")
    const home = newHome("branches")
    const write = (title: string) =>
      home.act(repo, [{ op: "write", kind: "decision", title, body: `${title} body`, scope: "branch" }])

    git(["checkout", "-q", "-b", "feature/x"], repo)
    commit(repo, "b")
    await write("From feature")
    git(["checkout", "-q", "-b", "old-name"], repo)
    commit(repo, "c")
    await write("From old name")
    git(["checkout", "-q", "-b", "wip"], repo)
    commit(repo, "d")
    await write("Still working")
    git(["checkout", "-q", "--orphan", "spike"], repo)
    await write("From spike")
    git(["checkout", "-q", "-f", "--detach", "main"], repo)
    const ci = git(["rev-parse", "HEAD"], repo).trim()
    await write("Detached CI")
    git(["checkout", "-q", "main"], repo)

    // control: before the merge, main sees none of the branch items
    expect(await seen(home, repo)).toEqual([])
    git(["merge", "-q", "--no-ff", "-m", "merge feature", "feature/x"], repo)
    git(["branch", "-m", "old-name", "renamed"], repo)
    // wip stays checked out in a second worktree: never promoted
    using wt = tmpdir()
    git(["worktree", "add", "-q", join(wt.path, "w"), "wip"], repo)

    const first = await branches(home, repo)
    expect(first.promoted).toEqual([{ branch: "feature/x", items: 1, how: "merged" }])
    expect(first.renamed).toEqual([{ from: "old-name", to: "renamed", items: 1 }])
    expect(first.waiting.map((w: { branch: string }) => w.branch)).toEqual(["spike"])
    expect(first.archived).toEqual([])
    expect(await seen(home, repo)).toEqual(["From feature"])

    // the renamed branch's items are visible on the renamed branch
    git(["checkout", "-q", "renamed"], repo)
    expect(await seen(home, repo)).toContain("From old name")
    git(["checkout", "-q", "main"], repo)

    // undo puts the promoted item back on its branch
    const undo = JSON.parse((await home.egc(["memory", "branches", "--undo", "feature/x", "--json"], repo)).stdout)
    expect(undo.restored.length).toBe(1)
    expect(await seen(home, repo)).toEqual([])

    // after the grace period the person is asked; told "not merged", the item is archived, not destroyed
    const later = await branches(home, repo, ["--grace-days", "0"])
    expect(later.archived).toEqual([])
    expect(later.asked.map((a: { branch: string }) => a.branch)).toEqual(["spike"])
    const rejected = await home.egc(["memory", "reject", later.asked[0].id], repo)
    expect(rejected.code).toBe(0)
    const answered = await branches(home, repo, ["--grace-days", "0"])
    expect(answered.archived).toEqual([{ branch: "spike", items: 1 }])
    expect(await seen(home, repo)).toEqual([])
    git(["checkout", "-q", "--detach", ci], repo)
    const detached = await seen(home, repo, ["active", "archived"])
    expect(detached).toContain("Detached CI")
    expect(detached).not.toContain("Still working")
    git(["checkout", "-q", "main"], repo)

    // the audit trail is not sealed: its details say what moved and how, never a branch's name
    const db = new Database(join(home.path, "egc.db"), { readonly: true })
    const details = (db.query("SELECT detail FROM memory_audit").all() as Array<{ detail: string | null }>)
      .map((r) => r.detail ?? "")
      .join("\n")
    db.close()
    expect(details).toContain("merged")
    // ("renamed" is also the word for how a rename moved items: the line's last word, not a name)
    const named = details.replace(/ renamed$/gm, "")
    for (const name of ["feature/x", "old-name", "renamed", "spike", "wip"]) expect(named).not.toContain(name)
  }, 120_000)
})
