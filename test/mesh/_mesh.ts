import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { resolveProject, type Project } from "../../src/core/project"
import { announce } from "../../src/mesh"
import { makeGitRepo } from "../fixture"

let n = 0
/** Announce a session of this process in the project; ids are unique per test file run. */
export function session(project: Project, opts: { task?: string; tool?: string; pid?: number } = {}): string {
  const id = `t${process.pid}-${++n}`
  announce(project, { id, pid: opts.pid ?? process.pid, tool: opts.tool ?? "test", cwd: project.root, task: opts.task })
  return id
}

/** A linked worktree of the repository at `main` (the files git writes for `git worktree add`). */
export function addWorktree(main: string, at: string, branch: string): Project {
  const wtGit = join(main, ".git", "worktrees", branch)
  mkdirSync(wtGit, { recursive: true })
  writeFileSync(join(wtGit, "HEAD"), `ref: refs/heads/${branch}\n`)
  writeFileSync(join(wtGit, "commondir"), "../..\n")
  writeFileSync(join(wtGit, "gitdir"), `${join(at, ".git")}\n`)
  mkdirSync(at, { recursive: true })
  writeFileSync(join(at, ".git"), `gitdir: ${wtGit}\n`)
  return resolveProject(at)
}

export function repo(path: string): Project {
  makeGitRepo(path)
  return resolveProject(path)
}

/** A pid that is certainly gone: a child that has exited and been reaped. */
export async function deadPid(): Promise<number> {
  const p = Bun.spawn(["true"])
  await p.exited
  return p.pid
}
