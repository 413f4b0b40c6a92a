import { existsSync, statSync } from "node:fs"
import { isAbsolute, resolve } from "node:path"
import { keyedHash } from "./crypto"
import { EgcError } from "./errors"
import { BrokenGitPointer, canonical, findRepo, normalizeRemote, normalizeRemoteExact, type GitRepo } from "./git"
import { loadKeys } from "./keys"

/**
 * Project identity (DESIGN principle 4): the normalised origin remote when there is one, else the
 * canonical git common dir (all worktrees of a repository are one project), else the canonical
 * directory. Never a display name or a path tail. Ids are keyed hashes, so they reveal nothing.
 */
export interface Project {
  id: string
  /** How the id was derived, for `egc project` and doctor. */
  basis: "origin" | "git" | "dir"
  /** Clear display form; callers encrypt it before storing it. */
  display: string
  root: string
  repo: GitRepo | undefined
  /** The scope of the current checkout: `branch:<key>` or `commit:<sha>` (or undefined outside git). */
  scope: string | undefined
  branch: string | undefined
  commit: string | undefined
  defaultBranch: string | undefined
  /**
   * Ids this project was stored under by an older identity rule (a mixed-case remote on a host that
   * ignores case): memory re-keys their items to `id` through its write layer on first use.
   */
  aliases?: string[]
}

export function resolveProject(cwd: string): Project {
  const dir = isAbsolute(cwd) ? cwd : resolve(cwd)
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new EgcError("E_IDENTITY", `${dir} is not a directory`, {
      hint: "run egc from inside a project folder or pass --cwd",
    })
  }
  let repo: GitRepo | undefined
  try {
    repo = findRepo(dir)
  } catch (e) {
    if (e instanceof BrokenGitPointer) {
      throw new EgcError("E_IDENTITY", e.message, { hint: "repair the .git file (git worktree repair) or remove it" })
    }
    throw e
  }
  const hashKey = loadKeys().hash
  if (!repo) {
    const root = canonical(dir)
    return {
      id: projectIdFrom(hashKey, `dir:${root}`),
      basis: "dir",
      display: root,
      root,
      repo,
      scope: undefined,
      branch: undefined,
      commit: undefined,
      defaultBranch: undefined,
    }
  }
  const origin = repo.origin ? remoteKey(repo.origin, repo.commonDir) : undefined
  const basisValue = origin ? `origin:${origin}` : `git:${repo.commonDir}`
  const exact = repo.origin ? normalizeRemoteExact(repo.origin) : undefined
  const aliases = origin && exact && exact !== origin ? { aliases: [projectIdFrom(hashKey, `origin:${exact}`)] } : {}
  const branch = repo.head.kind === "branch" ? repo.head.name : undefined
  const commit = repo.head.kind === "detached" ? repo.head.commit : undefined
  return {
    id: projectIdFrom(hashKey, basisValue),
    basis: origin ? "origin" : "git",
    // the id folds case where the host does; people still see the remote as they wrote it
    display: exact && origin && exact.toLowerCase() === origin ? exact : (origin ?? repo.root),
    root: repo.root,
    repo,
    scope: branch !== undefined ? branchScope(hashKey, branch) : commit ? `commit:${commit}` : undefined,
    branch,
    commit,
    defaultBranch: repo.defaultBranch,
    ...aliases,
  }
}

/** The normalised origin a project's id is derived from (team sync binds envelopes to it). */
function remoteKey(url: string, commonDir: string): string {
  const normal = normalizeRemote(url)
  if (normal.startsWith("path:")) {
    const p = normal.slice(5)
    return `path:${canonical(isAbsolute(p) ? p : resolve(commonDir, p))}`
  }
  return normal
}

function projectIdFrom(key: Uint8Array, basis: string): string {
  return `p_${keyedHash(key, `project|${basis}`).slice(0, 32)}`
}

/** `branch:<keyed hash>`: injective for practical purposes, and reveals no branch name. */
export function branchScope(key: Uint8Array, branch: string): string {
  return `branch:${keyedHash(key, `branch|${branch}`).slice(0, 24)}`
}

export function branchScopeFor(branch: string): string {
  return branchScope(loadKeys().hash, branch)
}
