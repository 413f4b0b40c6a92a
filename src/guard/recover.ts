import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { basename, dirname, join, relative } from "node:path"
import { env } from "../core/env"
import { findRepo } from "../core/git"
import { inside } from "./paths"

/**
 * What a delete, truncation or overwrite inside a repository would lose for good. Git state comes
 * from one `git status --porcelain=v1 -z` limited to the paths (a process, not a read of the index
 * format: the index alone cannot tell untracked-but-ignored from untracked without reimplementing
 * gitignore). It has a short time limit; past it, or outside a readable repository, the answer is
 * unknown and the caller asks.
 */
type Risk = { known: true; files: string[] } | { known: false; why: string }

/**
 * delete: what rm/truncate loses (work-tree changes and untracked files; staged content survives in
 * the index). worktree: what checkout/restore of paths overwrites (unstaged changes). all: staged
 * and unstaged changes (reset --hard, restore --staged --worktree). untracked: what clean -f deletes.
 */
export type Loss = "delete" | "worktree" | "all" | "untracked"

const STATUS_TIMEOUT_MS = 400
const MAX_NAMED = 5

/** Build output and caches: deleting them loses nothing a build or an install cannot bring back. */
const REBUILDABLE = new Set([
  "node_modules",
  "dist",
  "build",
  "out",
  "target",
  ".next",
  ".nuxt",
  ".svelte-kit",
  ".output",
  "coverage",
  ".nyc_output",
  "__pycache__",
  ".pytest_cache",
  ".mypy_cache",
  ".ruff_cache",
  ".cache",
  ".parcel-cache",
  ".turbo",
  ".gradle",
  ".tox",
  ".nox",
  ".venv",
  "venv",
  ".terraform",
  ".angular",
  ".expo",
  ".vercel",
  ".serverless",
  ".eslintcache",
  ".swc",
  "DerivedData",
  ".dart_tool",
  "_build",
  "deps",
  ".stack-work",
  "dist-newstyle",
  ".pnpm-store",
  ".yarn-cache",
  "bower_components",
  "tmp",
  ".tmp",
])

export const isRebuildable = (abs: string, root: string | undefined): boolean => {
  const rel = root ? relative(root, abs) : basename(abs)
  return rel.split("/").some((part) => REBUILDABLE.has(part))
}

const exists = (p: string): boolean => {
  try {
    statSync(p)
    return true
  } catch {
    return false
  }
}

/** The nearest existing folder at or above `abs`, where git can start looking for its repository. */
function startDir(abs: string): string {
  let dir = abs
  while (!exists(dir) && dirname(dir) !== dir) dir = dirname(dir)
  try {
    return statSync(dir).isDirectory() ? dir : dirname(dir)
  } catch {
    return dirname(dir)
  }
}

/** node:child_process costs every guard call a few ms of CPU to load; only a command that could lose work runs git. */
const childProcess = (): typeof import("node:child_process") => require("node:child_process")

function status(dir: string, paths: string[]): { entries: Array<{ xy: string; path: string }> } | { why: string } {
  const r = childProcess().spawnSync(
    "git",
    ["-C", dir, "status", "--porcelain=v1", "-z", "--untracked-files=normal", "--no-renames", "--", ...paths],
    {
      encoding: "utf8",
      timeout: STATUS_TIMEOUT_MS,
      env: { ...env.all(), GIT_OPTIONAL_LOCKS: "0", GIT_TERMINAL_PROMPT: "0", LC_ALL: "C" },
      stdio: ["ignore", "pipe", "pipe"],
      maxBuffer: 4 * 1024 * 1024,
    },
  )
  if (r.error)
    return {
      why:
        (r.error as NodeJS.ErrnoException).code === "ETIMEDOUT"
          ? `git status took longer than ${STATUS_TIMEOUT_MS} ms`
          : `git could not run (${r.error.message})`,
    }
  if (r.status !== 0) return { why: "the folder is not in a readable git repository" }
  const entries = r.stdout
    .split("\0")
    .filter((e) => e.length > 3)
    .map((e) => ({ xy: e.slice(0, 2), path: e.slice(3) }))
  return { entries }
}

function lost(xy: string, loss: Loss): boolean {
  const [x, y] = [xy[0]!, xy[1]!]
  if (xy === "!!") return false
  if (xy === "??") return loss === "delete" || loss === "untracked"
  if (loss === "untracked") return false
  if (loss === "all") return x !== " " || (y !== " " && y !== "D")
  return y !== " " && y !== "D"
}

/** Files under `targets` (absolute) that `loss` would destroy, relative to the repository root. */
export function atRisk(targets: string[], loss: Loss): Risk {
  if (!targets.length) return { known: true, files: [] }
  const dir = startDir(targets[0]!)
  const repo = findRepo(dir)
  let risk: Risk
  if (!repo || repo.bare)
    risk = { known: false, why: `${dir} is not inside a git repository, so nothing there can be restored` }
  else {
    const within = targets.filter((t) => inside(t, repo.root))
    if (within.length < targets.length) risk = { known: false, why: "some paths are outside the repository" }
    else {
      const r = status(
        repo.root,
        within.map((t) => (t === repo.root ? "." : relative(repo.root, t))),
      )
      risk =
        "why" in r
          ? { known: false, why: r.why }
          : { known: true, files: r.entries.filter((e) => lost(e.xy, loss)).map((e) => e.path) }
    }
  }
  return risk
}

export const nameFiles = (files: string[]): string =>
  `${files.slice(0, MAX_NAMED).join(", ")}${files.length > MAX_NAMED ? ` and ${files.length - MAX_NAMED} more` : ""}`

/** Does the repository around `dir` have a stash to lose? undefined when it cannot tell. */
export function hasStash(dir: string): boolean | undefined {
  const repo = findRepo(startDir(dir))
  if (!repo) return undefined
  if (existsSync(join(repo.commonDir, "refs", "stash"))) return true
  try {
    return /\srefs\/stash$/m.test(readFileSync(join(repo.commonDir, "packed-refs"), "utf8"))
  } catch {
    return false
  }
}

/** Is `name` a branch, tag or remote branch of the repository around `dir`? undefined when it cannot tell. */
export function isRef(dir: string, name: string): boolean | undefined {
  const repo = findRepo(startDir(dir))
  if (!repo) return undefined
  const common = repo.commonDir
  if (/^(HEAD|FETCH_HEAD|ORIG_HEAD|@|-)$|[~^]|^[0-9a-f]{7,40}$/.test(name)) return true
  for (const ref of [`refs/heads/${name}`, `refs/tags/${name}`, `refs/remotes/${name}`])
    if (existsSync(join(common, ref))) return true
  let packed = ""
  try {
    packed = readFileSync(join(common, "packed-refs"), "utf8")
  } catch {}
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
  if (new RegExp(`\\srefs/(heads|tags|remotes)/${escaped}$|\\srefs/remotes/[^/\\s]+/${escaped}$`, "m").test(packed))
    return true
  try {
    const remotes = readdirSync(join(common, "refs", "remotes"))
    return remotes.some((r) => existsSync(join(common, "refs", "remotes", r, name)))
  } catch {
    return false
  }
}
