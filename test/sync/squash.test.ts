import { describe, expect, test } from "bun:test"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { namesBranch } from "../../src/sync/squash"
import { tmpdir } from "../fixture"
import { newHome, type Home } from "./_home"

type View = { id: string; title: string; status: string; kind: string; scope: string }

function git(args: string[], cwd: string): string {
  const id = ["-c", "user.name=t", "-c", "user.email=t@t.invalid", "-c", "commit.gpgsign=false"]
  const r = Bun.spawnSync(["git", ...id, ...args], { cwd, stdout: "pipe", stderr: "pipe" })
  if (r.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr.toString()}`)
  return r.stdout.toString()
}

function commit(repo: string, file: string, message = file) {
  writeFileSync(join(repo, file), file)
  git(["add", file], repo)
  git(["commit", "-q", "-m", message], repo)
}

const list = async (home: Home, cwd: string, statuses: string[]) =>
  (await home.act<[View[]]>(cwd, [{ op: "list", statuses }]))[0]
const titles = async (home: Home, cwd: string, statuses = ["active"]) =>
  (await list(home, cwd, statuses))
    .filter((v) => v.kind !== "question")
    .map((v) => v.title)
    .sort()
async function ok(home: Home, args: string[], cwd: string) {
  const r = await home.egc(args, cwd)
  if (r.code !== 0) throw new Error(`egc ${args.join(" ")} → ${r.code}: ${r.stderr}`)
  return r.stdout
}
const follow = async (home: Home, cwd: string) =>
  JSON.parse(await ok(home, ["memory", "branches", "--json", "--grace-days", "0"], cwd))

describe("which commit names a branch (squash merges)", () => {
  test("GitHub, GitLab and squash forms name it; a mere mention or another branch does not", () => {
    const named = [
      "Merge pull request #12 from acme/feature/login\n\nAdd login",
      "Merge branch 'feature/login' into 'main'",
      "Squashed commit of branch feature/login",
      "Add OAuth login from feature/login (#31)",
    ]
    for (const m of named) expect(namesBranch([m], "feature/login")).toBe(true)
    const not = [
      "Merge pull request #12 from acme/feature/login-v2",
      "Merge branch 'feature/login-v2'",
      "Add OAuth login from feature/login-v2 (#31)",
      "feature/login: notes, no pull request number",
      "Squashed commit of the following:\n\ncommit 1234\n    feature/login work",
    ]
    for (const m of not) expect(namesBranch([m], "feature/login")).toBe(false)
    // a plain word in a squash title is too common to count; its exact merge forms still do
    expect(namesBranch(["Fix crash on start (#4)"], "fix")).toBe(false)
    expect(namesBranch(["Merge pull request #4 from me/fix"], "fix")).toBe(true)
    // a name with regex characters is matched literally
    expect(namesBranch(["Merge branch 'a+b'"], "a.b")).toBe(false)
    expect(namesBranch(["Merge branch 'a+b'"], "a+b")).toBe(true)
  })
})

describe("squash merges and deleted branches (real repositories)", () => {
  test("a naming commit promotes; an unnamed squash or a deletion asks the person once; only a person's answer counts", async () => {
    using t = tmpdir()
    const repo = t.path
    git(["init", "-q", "-b", "main"], repo)
    commit(repo, "a")
    const home = newHome("squash")
    const write = (title: string) =>
      home.act(repo, [{ op: "write", kind: "decision", title, body: `${title} body`, scope: "branch" }])
    for (const [branch, title] of [
      ["feature/login", "Login via OAuth"],
      ["fix-typo", "Typo rule"],
      ["feature/other", "Other thing"],
      ["dead", "Dead end"],
      ["agented", "Agent wants this"],
    ] as const) {
      git(["checkout", "-q", "-b", branch, "main"], repo)
      commit(repo, branch.replace("/", "-"))
      await write(title)
    }
    git(["checkout", "-q", "main"], repo)
    git(["merge", "-q", "--squash", "feature/login"], repo)
    git(["commit", "-q", "-m", "Squashed commit of branch feature/login"], repo)
    git(["branch", "-q", "-D", "feature/login"], repo)
    // still there (stale): promoted by its squash title, never by ancestry
    git(["merge", "-q", "--squash", "fix-typo"], repo)
    git(["commit", "-q", "-m", "Fix typos across the docs, from fix-typo (#12)"], repo)
    git(["merge", "-q", "--squash", "feature/other"], repo)
    git(["commit", "-q", "-m", "Squashed commit of the following:\n\nfeature work"], repo)
    for (const b of ["feature/other", "dead", "agented"]) git(["branch", "-q", "-D", b], repo)
    expect(await titles(home, repo)).toEqual([])

    const first = await follow(home, repo)
    const byBranch = (a: { branch: string }, b: { branch: string }) => (a.branch < b.branch ? -1 : 1)
    expect(first.promoted.sort(byBranch)).toEqual([
      { branch: "feature/login", items: 1, how: "squash" },
      { branch: "fix-typo", items: 1, how: "squash" },
    ])
    expect(first.archived).toEqual([])
    expect(first.asked.map((a: { branch: string }) => a.branch).sort()).toEqual(["agented", "dead", "feature/other"])
    expect(await titles(home, repo)).toEqual(["Login via OAuth", "Typo rule"])
    const questions = (await list(home, repo, ["pending"])).filter((v) => v.kind === "question")
    expect(questions.map((q) => q.title).sort()).toEqual([
      "Branch agented was deleted: were its 1 items merged into main?",
      "Branch dead was deleted: were its 1 items merged into main?",
      "Branch feature/other was deleted: were its 1 items merged into main?",
    ])
    const q = (b: string) => questions.find((v) => v.title.startsWith(`Branch ${b} `)) as View

    // asked once: a second run asks nothing new and moves nothing
    const again = await follow(home, repo)
    expect(again.asked).toEqual([])
    expect(again.waiting.map((w: { branch: string }) => w.branch).sort()).toEqual(["agented", "dead", "feature/other"])
    expect((await list(home, repo, ["pending"])).filter((v) => v.kind === "question")).toHaveLength(3)
    // egc status lists what waits for the person, and reads only
    const waiting = async () => JSON.parse((await ok(home, ["status", "--json"], repo)) as string).branches.waiting
    expect(await waiting()).toEqual(questions.map((v) => v.title).sort())
    expect(await ok(home, ["status"], repo)).toContain(
      "waiting for your answer: Branch dead was deleted: were its 1 items merged into main? (egc memory review)",
    )

    // the person answers two through review; an agent's approval reaching the write layer is no answer
    await ok(home, ["memory", "approve", q("feature/other").id], repo)
    await ok(home, ["memory", "reject", q("dead").id], repo)
    await home.act(repo, [{ op: "approve", title: q("agented").title, source: "agent" }])
    const answered = await follow(home, repo)
    expect(answered.promoted).toEqual([{ branch: "feature/other", items: 1, how: "answered" }])
    expect(answered.archived).toEqual([{ branch: "dead", items: 1 }])
    expect(answered.waiting.map((w: { branch: string }) => w.branch)).toEqual(["agented"])
    expect(await waiting()).toEqual([q("agented").title])
    expect(await titles(home, repo)).toEqual(["Login via OAuth", "Other thing", "Typo rule"])
    // archived, not destroyed: a branch of that name sees it again
    git(["checkout", "-q", "-b", "dead"], repo)
    expect(await titles(home, repo, ["archived"])).toEqual(["Dead end"])
    git(["checkout", "-q", "main"], repo)
    // the answered question is closed, not left as memory
    const left = (await list(home, repo, ["active", "pending"])).filter((v) => v.kind === "question")
    expect(left.map((v) => v.title)).toEqual([q("agented").title])
  }, 120_000)
})
