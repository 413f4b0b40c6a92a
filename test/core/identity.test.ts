import { describe, expect, test } from "bun:test"
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { normalizeRemote } from "../../src/core/git"
import { resolveProject } from "../../src/core/project"
import { makeGitRepo, tmpdir } from "../fixture"

describe("remote normalisation", () => {
  test("ssh, scp-like and https forms of one repository agree", () => {
    const forms = [
      "git@github.com:Acme/api.git",
      "ssh://git@github.com/Acme/api.git",
      "ssh://git@github.com:22/Acme/api",
      "https://github.com/Acme/api",
      "https://user:s3cret@github.com/Acme/api.git/",
      "HTTPS://GitHub.com/Acme/api.git",
      "git://github.com/Acme/api.git",
    ]
    // github.com ignores case in owner and repository names, so the id folds it (issue 19)
    for (const f of forms) expect(normalizeRemote(f)).toBe("github.com/acme/api")
  })

  test("case folds only on hosts that ignore it", () => {
    for (const host of ["github.com", "gitlab.com", "bitbucket.org"]) {
      expect(normalizeRemote(`git@${host}:Org/Tool.git`)).toBe(normalizeRemote(`https://${host}/org/tool`))
    }
    expect(normalizeRemote("git@git.example.com:Org/Tool.git")).toBe("git.example.com/Org/Tool")
    expect(normalizeRemote("git@git.example.com:Org/Tool.git")).not.toBe(
      normalizeRemote("https://git.example.com/org/tool"),
    )
  })

  test("credentials never survive normalisation", () => {
    expect(normalizeRemote("https://token:x-oauth@gitlab.example.com/g/sub/p.git")).toBe("gitlab.example.com/g/sub/p")
  })

  test("different repositories stay different", () => {
    expect(normalizeRemote("git@github.com:acme/api.git")).not.toBe(normalizeRemote("git@github.com:other/api.git"))
    expect(normalizeRemote("git@github.com:acme/my.app.git")).not.toBe(
      normalizeRemote("git@github.com:acme/my_app.git"),
    )
  })

  test("local paths are kept as paths, including Windows drive letters", () => {
    expect(normalizeRemote("/srv/git/api.git")).toBe("path:/srv/git/api.git")
    expect(normalizeRemote("C:/repos/api")).toBe("path:C:/repos/api")
  })
})

describe("project identity", () => {
  test("two clones of github.com/Org/Tool in different case get one id; the old id is an alias", () => {
    using a = tmpdir({ git: { origin: "git@github.com:Org/Tool.git" } })
    using b = tmpdir({ git: { origin: "https://github.com/org/tool" } })
    using c = tmpdir({ git: { origin: "https://github.com/org/other" } })
    const pa = resolveProject(a.path)
    const pb = resolveProject(b.path)
    expect(pa.id).toBe(pb.id)
    expect(resolveProject(c.path).id).not.toBe(pa.id)
    expect(pa.aliases?.length).toBe(1)
    expect(pa.aliases?.[0]).not.toBe(pa.id)
    expect(pb.aliases).toBeUndefined()
  })

  test("two unrelated repositories at /a/acme/api and /b/acme/api get different ids", () => {
    using t = tmpdir()
    const a = join(t.path, "a", "acme", "api")
    const b = join(t.path, "b", "acme", "api")
    makeGitRepo(a)
    makeGitRepo(b)
    const pa = resolveProject(a)
    const pb = resolveProject(b)
    expect(pa.basis).toBe("git")
    expect(pa.id).not.toBe(pb.id)
    expect(resolveProject(a).id).toBe(pa.id)
  })

  test("my.app and my_app never collide (with and without git)", () => {
    using t = tmpdir()
    mkdirSync(join(t.path, "my.app"))
    mkdirSync(join(t.path, "my_app"))
    expect(resolveProject(join(t.path, "my.app")).id).not.toBe(resolveProject(join(t.path, "my_app")).id)
    makeGitRepo(join(t.path, "g", "my.app"))
    makeGitRepo(join(t.path, "g", "my_app"))
    expect(resolveProject(join(t.path, "g", "my.app")).id).not.toBe(resolveProject(join(t.path, "g", "my_app")).id)
  })

  test("clones with the same origin over ssh and https are one project; a subfolder resolves to its repo", () => {
    using t = tmpdir()
    makeGitRepo(join(t.path, "one"), { origin: "git@github.com:Acme/api.git" })
    makeGitRepo(join(t.path, "two"), { origin: "https://github.com/Acme/api" })
    mkdirSync(join(t.path, "one", "src", "deep"), { recursive: true })
    const one = resolveProject(join(t.path, "one", "src", "deep"))
    expect(one.basis).toBe("origin")
    expect(one.root).toEndWith("/one")
    expect(one.id).toBe(resolveProject(join(t.path, "two")).id)
    expect(one.display).toBe("github.com/Acme/api")
  })

  test("worktrees of one repository share the id and keep their own branches", () => {
    using t = tmpdir()
    const main = join(t.path, "repo")
    const git = makeGitRepo(main, { branch: "main" })
    const wtGit = join(git, "worktrees", "feat")
    mkdirSync(wtGit, { recursive: true })
    writeFileSync(join(wtGit, "HEAD"), "ref: refs/heads/feature\n")
    writeFileSync(join(wtGit, "commondir"), "../..\n")
    const wt = join(t.path, "wt-feat")
    writeFileSync(join(wtGit, "gitdir"), `${join(wt, ".git")}\n`)
    mkdirSync(wt)
    writeFileSync(join(wt, ".git"), `gitdir: ${wtGit}\n`)
    const pm = resolveProject(main)
    const pw = resolveProject(wt)
    expect(pw.id).toBe(pm.id)
    expect(pw.branch).toBe("feature")
    expect(pm.branch).toBe("main")
    expect(pw.scope).not.toBe(pm.scope)
    expect(pw.root).toBe(wt)
  })

  test("a detached HEAD gets its own commit scope", () => {
    using t = tmpdir()
    const sha = "a".repeat(40)
    makeGitRepo(t.path, { detached: sha })
    const p = resolveProject(t.path)
    expect(p.branch).toBeUndefined()
    expect(p.commit).toBe(sha)
    expect(p.scope).toBe(`commit:${sha}`)
  })

  test("branch scopes are keyed hashes: distinct and free of the branch name", () => {
    using t = tmpdir()
    makeGitRepo(join(t.path, "x"), { branch: "feature/a-b" })
    makeGitRepo(join(t.path, "y"), { branch: "feature/a_b" })
    const x = resolveProject(join(t.path, "x"))
    const y = resolveProject(join(t.path, "y"))
    expect(x.scope).toMatch(/^branch:[0-9a-f]{24}$/)
    expect(x.scope).not.toBe(y.scope)
    expect(x.scope).not.toContain("feature")
  })

  test("a submodule (.git file pointing into the parent's modules) is its own project", () => {
    using t = tmpdir()
    const parentGit = makeGitRepo(join(t.path, "parent"), { origin: "git@github.com:acme/parent.git" })
    const modGit = join(parentGit, "modules", "lib")
    mkdirSync(join(modGit, "refs", "heads"), { recursive: true })
    mkdirSync(join(modGit, "objects"), { recursive: true })
    writeFileSync(join(modGit, "HEAD"), "ref: refs/heads/main\n")
    writeFileSync(
      join(modGit, "config"),
      '[core]\n\tbare = false\n[remote "origin"]\n\turl = https://github.com/acme/lib.git\n',
    )
    const sub = join(t.path, "parent", "lib")
    mkdirSync(sub, { recursive: true })
    writeFileSync(join(sub, ".git"), "gitdir: ../.git/modules/lib\n")
    const p = resolveProject(sub)
    expect(p.display).toBe("github.com/acme/lib")
    expect(p.id).not.toBe(resolveProject(join(t.path, "parent")).id)
  })

  test("default branch comes from origin/HEAD, else an existing main or master", () => {
    using t = tmpdir()
    const git = makeGitRepo(join(t.path, "r"), { branch: "topic" })
    writeFileSync(join(git, "refs", "heads", "master"), `${"b".repeat(40)}\n`)
    expect(resolveProject(join(t.path, "r")).defaultBranch).toBe("master")
    writeFileSync(join(git, "refs", "remotes", "origin", "HEAD"), "ref: refs/remotes/origin/trunk\n")
    expect(resolveProject(join(t.path, "r")).defaultBranch).toBe("trunk")
  })

  test("a folder outside git is identified by its canonical path", () => {
    using t = tmpdir()
    const p = resolveProject(t.path)
    expect(p.basis).toBe("dir")
    expect(p.scope).toBeUndefined()
  })

  test("a symlinked project root resolves to the same project as its target", () => {
    using t = tmpdir()
    makeGitRepo(join(t.path, "real"))
    symlinkSync(join(t.path, "real"), join(t.path, "link"))
    expect(resolveProject(join(t.path, "link")).id).toBe(resolveProject(join(t.path, "real")).id)
  })

  test("paths with spaces and non-ASCII characters work", () => {
    using t = tmpdir()
    const dir = join(t.path, "my project", "São Paulo 日本")
    makeGitRepo(dir)
    const p = resolveProject(dir)
    expect(p.root).toBe(dir)
    expect(p.basis).toBe("git")
  })

  test("a .git file pointing nowhere is a clear error", () => {
    using t = tmpdir()
    writeFileSync(join(t.path, ".git"), "gitdir: /nonexistent/worktrees/x\n")
    expect(() => resolveProject(t.path)).toThrow(/points to a git directory that does not exist/)
  })

  test("a crafted .git file outside any repository does not get that repository's identity", () => {
    using t = tmpdir()
    const a = join(t.path, "A")
    const aGit = makeGitRepo(a, { origin: "git@github.com:acme/a.git", branch: "main" })
    const idA = resolveProject(a).id
    // only a pointer to A's git dir
    const thief = join(t.path, "elsewhere", "thief")
    mkdirSync(thief, { recursive: true })
    writeFileSync(join(thief, ".git"), `gitdir: ${aGit}\n`)
    expect(() => resolveProject(thief)).toThrow(/does not point back/)
    // a pointer to one of A's worktrees whose back-link names another folder
    const wtGit = join(aGit, "worktrees", "feat")
    mkdirSync(wtGit, { recursive: true })
    writeFileSync(join(wtGit, "HEAD"), "ref: refs/heads/feat\n")
    writeFileSync(join(wtGit, "commondir"), "../..\n")
    const real = join(t.path, "real-wt")
    mkdirSync(real)
    writeFileSync(join(wtGit, "gitdir"), `${join(real, ".git")}\n`)
    writeFileSync(join(real, ".git"), `gitdir: ${wtGit}\n`)
    writeFileSync(join(thief, ".git"), `gitdir: ${wtGit}\n`)
    expect(() => resolveProject(thief)).toThrow(/does not point back/)
    // a pointer into A's modules from a folder outside A
    const modGit = join(aGit, "modules", "lib")
    for (const d of ["objects", "refs/heads"]) mkdirSync(join(modGit, d), { recursive: true })
    writeFileSync(join(modGit, "HEAD"), "ref: refs/heads/main\n")
    writeFileSync(join(thief, ".git"), "gitdir: ../../A/.git/modules/lib\n")
    expect(() => resolveProject(thief)).toThrow(/does not point back/)
    // the positive controls in the same world: the real worktree and A itself
    expect(resolveProject(real).id).toBe(idA)
    expect(resolveProject(real).branch).toBe("feat")
    expect(resolveProject(a).id).toBe(idA)
  })

  test("a bare repository is identified by its origin, else its own folder", () => {
    using t = tmpdir()
    const bare = join(t.path, "api.git")
    for (const d of ["objects", "refs/heads"]) mkdirSync(join(bare, d), { recursive: true })
    writeFileSync(join(bare, "HEAD"), "ref: refs/heads/main\n")
    writeFileSync(join(bare, "config"), "[core]\n\tbare = true\n")
    const p = resolveProject(bare)
    expect(p.repo?.bare).toBe(true)
    expect(p.basis).toBe("git")
    expect(p.branch).toBe("main")
  })

  test("a path that is not a directory is a clear error", () => {
    expect(() => resolveProject("/nonexistent/egc/project")).toThrow(/is not a directory/)
  })

  test("matches what real git says for a clone, a worktree and a detached checkout", () => {
    using t = tmpdir()
    const repo = join(t.path, "real repo")
    const git = (cwd: string, ...args: string[]) => {
      const r = Bun.spawnSync(
        ["git", "-c", "user.email=t@example.com", "-c", "user.name=t", "-c", "init.defaultBranch=main", ...args],
        { cwd, stdout: "pipe", stderr: "pipe" },
      )
      if (r.exitCode !== 0) throw new Error(r.stderr.toString())
      return r.stdout.toString().trim()
    }
    mkdirSync(repo)
    git(repo, "init", "-q")
    writeFileSync(join(repo, "a.txt"), "a\n")
    git(repo, "add", "a.txt")
    git(repo, "commit", "-qm", "first")
    git(repo, "remote", "add", "origin", "git@github.com:Acme/Real.git")
    git(repo, "worktree", "add", "-q", "-b", "side", join(t.path, "side wt"))
    const main = resolveProject(repo)
    const side = resolveProject(join(t.path, "side wt"))
    expect(main.branch).toBe("main")
    expect(side.branch).toBe("side")
    expect(side.id).toBe(main.id)
    expect(main.display).toBe("github.com/Acme/Real")
    const crafted = join(t.path, "crafted")
    mkdirSync(crafted)
    writeFileSync(join(crafted, ".git"), `gitdir: ${join(repo, ".git")}\n`)
    expect(() => resolveProject(crafted)).toThrow(/does not point back/)
    const head = git(repo, "rev-parse", "HEAD")
    git(repo, "checkout", "-q", "--detach")
    expect(resolveProject(repo).commit).toBe(head)
  })
})
