import { describe, expect, test } from "bun:test"
import { spawnSync } from "node:child_process"
import { mkdirSync, mkdtempSync } from "node:fs"
import { join } from "node:path"
import { judgeCommand } from "../../src/guard"
import { tmpdir, writeFile } from "../fixture"

/**
 * Recoverability on real repositories made in temp folders. Every command here is judged only:
 * nothing is deleted, reset or restored. git itself runs only to build the repositories.
 */
const git = (cwd: string, ...args: string[]) => {
  const r = spawnSync(
    "git",
    [
      "-c",
      "user.name=t",
      "-c",
      "user.email=t@t",
      "-c",
      "init.defaultBranch=main",
      "-c",
      "protocol.file.allow=always",
      ...args,
    ],
    { cwd, encoding: "utf8" },
  )
  if (r.status !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr}`)
}

function repo(root: string, files: Record<string, string>): string {
  git(root, "init", "-q")
  for (const [rel, content] of Object.entries(files)) writeFile(join(root, rel), content)
  git(root, "add", "-A")
  git(root, "commit", "-qm", "start")
  return root
}

const home = mkdtempSync(join(process.env.EGC_TEST_ROOT ?? "/tmp", "home-"))
const judge = (command: string, root: string, cwd = root) => judgeCommand(command, { cwd, home, projectRoot: root })
const FILES = { "src/a.ts": "export const a = 1\n", "docs/guide.md": "# guide\n", ".gitignore": "generated/\n" }

describe("recoverability (judged only, never run)", () => {
  test("a clean tree: deletes, resets and restores lose nothing; .git and home stay denied", () => {
    using tmp = tmpdir()
    const root = repo(tmp.path, FILES)
    for (const c of [
      "rm -rf src",
      "rm -r docs",
      "git reset --hard",
      "git reset --hard HEAD",
      "git checkout -- src/a.ts",
      "git checkout src/a.ts",
      "git checkout .",
      "git restore src/a.ts",
      "git restore --staged --worktree src",
      "truncate -s 0 src/a.ts",
      ": > src/a.ts",
      "find src -delete",
      "git ls-files | xargs rm",
      "git stash drop",
      "git clean -f",
      "rm -rf missing-folder",
    ])
      expect([c, judge(c, root).decision]).toEqual([c, "allow"])
    expect(judge("rm -rf .git", root).decision).toBe("deny")
    expect(judge("rm -rf ~", root).decision).toBe("deny")
    expect(judge("find . -delete", root).decision).toBe("deny")
    expect(judge("git reset --hard HEAD~1", root).decision).toBe("deny")
  })

  test("uncommitted changes: every way of discarding them is denied and names the file; other folders pass", () => {
    using tmp = tmpdir()
    const root = repo(tmp.path, FILES)
    writeFile(join(root, "src/a.ts"), "export const a = 2\n")
    for (const c of [
      "rm -rf src",
      "git reset --hard",
      "git checkout -- src/a.ts",
      "git checkout src/a.ts",
      "git checkout .",
      "git restore src/a.ts",
      "truncate -s 0 src/a.ts",
      ": > src/a.ts",
      "cp /dev/null src/a.ts",
      "find src -delete",
      "find src -type f -exec rm {} +",
      "git ls-files | xargs rm",
    ]) {
      const v = judge(c, root)
      expect([c, v.decision]).toEqual([c, "deny"])
      expect(v.reason).toContain("src/a.ts")
    }
    for (const c of [
      "rm -rf docs",
      "rm -rf build",
      "truncate -s 0 docs/guide.md",
      "git restore --staged src/a.ts",
      "git checkout -b topic",
      "rm src/a.ts",
    ])
      expect([c, judge(c, root).decision]).toEqual([c, "allow"])
  })

  test("untracked files: deletes and clean -f deny; reset --hard keeps them, so it passes", () => {
    using tmp = tmpdir()
    const root = repo(tmp.path, FILES)
    writeFile(join(root, "src/new.ts"), "new\n")
    expect(judge("rm -rf src", root).reason).toContain("src/new.ts")
    expect(judge("rm -rf src", root).decision).toBe("deny")
    expect(judge("git clean -fd", root).decision).toBe("deny")
    expect(judge("git reset --hard", root).decision).toBe("allow")
    expect(judge("rm -rf docs", root).decision).toBe("allow")
  })

  test("ignored output passes; a stash to lose denies", () => {
    using tmp = tmpdir()
    const root = repo(tmp.path, FILES)
    writeFile(join(root, "generated/out.js"), "x\n")
    expect(judge("rm -rf generated", root).decision).toBe("allow")
    writeFile(join(root, "src/a.ts"), "stash me\n")
    git(root, "stash", "-q")
    expect(judge("git stash drop", root).decision).toBe("deny")
    expect(judge("git stash list", root).decision).toBe("allow")
    expect(judge("rm -rf src", root).decision).toBe("allow")
  })

  test("a submodule: changes inside it deny a delete of it, a clean one passes", () => {
    using lib = tmpdir()
    repo(lib.path, { "index.js": "module.exports = 1\n" })
    using tmp = tmpdir()
    const root = repo(tmp.path, FILES)
    git(root, "submodule", "add", "-q", lib.path, "vendor/lib")
    git(root, "commit", "-qm", "sub")
    expect(judge("rm -rf vendor/lib", root).decision).toBe("allow")
    writeFile(join(root, "vendor/lib/index.js"), "changed\n")
    expect(judge("rm -rf vendor/lib", root).decision).toBe("deny")
    expect(judge("rm -rf vendor/lib/index.js vendor", root).decision).toBe("deny")
    expect(judge("rm -rf docs", root).decision).toBe("allow")
  })

  test("a linked worktree is judged by its own state", () => {
    using tmp = tmpdir()
    const root = repo(join(tmp.path), FILES)
    const wt = join(mkdtempSync(join(process.env.EGC_TEST_ROOT ?? "/tmp", "wt-")), "feature")
    git(root, "worktree", "add", "-q", "-b", "feature", wt)
    expect(judge("rm -rf src", wt).decision).toBe("allow")
    expect(judge("git reset --hard", wt).decision).toBe("allow")
    writeFile(join(wt, "src/a.ts"), "feature work\n")
    expect(judge("rm -rf src", wt).decision).toBe("deny")
    expect(judge("git reset --hard", wt).decision).toBe("deny")
    expect(judge("rm -rf src", root).decision).toBe("allow")
  })

  test("a folder git cannot read: a recursive delete asks; build output still passes", () => {
    using tmp = tmpdir()
    mkdirSync(join(tmp.path, "src"), { recursive: true })
    writeFile(join(tmp.path, "src/a.ts"), "x\n")
    expect(judge("rm -rf src", tmp.path).decision).toBe("ask")
    expect(judge("rm -rf node_modules", tmp.path).decision).toBe("allow")
    expect(judge("rm src/a.ts", tmp.path).decision).toBe("allow")
  })
})
