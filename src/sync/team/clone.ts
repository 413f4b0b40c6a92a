import { existsSync, mkdirSync } from "node:fs"
import { dirname, join } from "node:path"
import { ensurePrivateDir, paths } from "../../core/paths"
import { git, gitOk } from "./git"

/**
 * The private working clone of the team remote, under $EGC_HOME/sync/<project id>. It holds only
 * envelopes. The branch is always `main`; local commits are rebased onto the remote's before a push.
 */
export const BRANCH = "main"

export function cloneDir(project: string): string {
  return join(paths.sync(), project, "repo")
}

export function ensureClone(project: string, remote: string): string {
  const dir = cloneDir(project)
  if (!existsSync(join(dir, ".git"))) {
    ensurePrivateDir(paths.sync())
    mkdirSync(dirname(dir), { recursive: true, mode: 0o700 })
    gitOk(["clone", "-q", remote, dir], dirname(dir), `cloning the team remote ${remote}`)
    if (git(["rev-parse", "-q", "--verify", "HEAD"], dir).code !== 0)
      gitOk(["symbolic-ref", "HEAD", `refs/heads/${BRANCH}`], dir, "setting the branch")
  }
  return dir
}

const hasRemoteBranch = (dir: string) =>
  git(["rev-parse", "-q", "--verify", `refs/remotes/origin/${BRANCH}`], dir).code === 0
const hasHead = (dir: string) => git(["rev-parse", "-q", "--verify", "HEAD"], dir).code === 0

/** Bring the clone up to the remote: fetch, then replay our unpushed commits on top (they never conflict). */
export function update(dir: string): void {
  gitOk(["fetch", "-q", "origin"], dir, "fetching the team remote")
  if (!hasRemoteBranch(dir)) return
  if (!hasHead(dir)) gitOk(["checkout", "-q", "-B", BRANCH, `origin/${BRANCH}`], dir, "checking out the team branch")
  else gitOk(["rebase", "-q", `origin/${BRANCH}`], dir, "rebasing on the team remote")
}

/** Commit what changed and push; a rejected push (a teammate pushed first) is rebased and retried. */
export function commitAndPush(dir: string, message: string): boolean {
  gitOk(["add", "-A", "."], dir, "staging envelopes")
  if (git(["diff", "--cached", "--quiet"], dir).code === 0) return false
  gitOk(["commit", "-q", "-m", message], dir, "committing envelopes")
  for (let attempt = 0; attempt < 8; attempt++) {
    if (git(["push", "-q", "origin", `HEAD:refs/heads/${BRANCH}`], dir).code === 0) return true
    update(dir)
  }
  gitOk(["push", "-q", "origin", `HEAD:refs/heads/${BRANCH}`], dir, "pushing to the team remote")
  return true
}
