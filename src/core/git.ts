import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs"
import { dirname, isAbsolute, join, resolve, sep } from "node:path"

/**
 * A git repository read from its files, never by spawning git: hooks run on every tool call
 * and a process per call costs more than the whole hook budget.
 */
export interface GitRepo {
  /** Working tree root (the bare repository's own folder when bare). */
  root: string
  /** This worktree's git dir (`.git`, or `.git/worktrees/<name>`, or a submodule's module dir). */
  gitDir: string
  /** The shared git dir: equal for every worktree of one repository. */
  commonDir: string
  bare: boolean
  head: { kind: "branch"; name: string } | { kind: "detached"; commit: string } | { kind: "unknown" }
  origin: string | undefined
  defaultBranch: string | undefined
}

const read = (path: string): string | undefined => {
  try {
    return readFileSync(path, "utf8")
  } catch {
    return undefined
  }
}

const isDir = (path: string): boolean => {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}

export function canonical(path: string): string {
  try {
    return realpathSync.native(path)
  } catch {
    return resolve(path)
  }
}

/** Is `dir` itself a git dir (bare repository or .git folder)? */
function looksLikeGitDir(dir: string): boolean {
  return existsSync(join(dir, "HEAD")) && isDir(join(dir, "objects")) && isDir(join(dir, "refs"))
}

/**
 * Resolve a `.git` entry: a folder, or a file `gitdir: <path>` (worktrees, submodules).
 * Returns undefined for a pointer file that leads nowhere.
 */
function resolveGitEntry(entry: string): string | undefined {
  if (isDir(entry)) return entry
  const text = read(entry)
  if (text === undefined) return undefined
  const match = /^gitdir:\s*(.+?)\s*$/m.exec(text)
  if (!match?.[1]) return undefined
  const target = isAbsolute(match[1]) ? match[1] : resolve(dirname(entry), match[1])
  return isDir(target) ? target : undefined
}

export class BrokenGitPointer extends Error {}

/**
 * A `.git` file is believed only when its git dir points back to it, as git checks its worktrees:
 * a worktree's `<gitdir>/gitdir` names this `.git` file, or the git dir's `core.worktree` names
 * this folder, or it is a submodule's git dir under `<super>/.git/modules/` and this folder lies
 * inside that superproject. Otherwise any folder could claim another repository's identity.
 */
function pointsBack(entry: string, workDir: string, gitDir: string): boolean {
  const back = read(join(gitDir, "gitdir"))?.trim()
  if (back && canonical(isAbsolute(back) ? back : resolve(gitDir, back)) === canonical(entry)) return true
  const worktree = coreWorktree(read(join(gitDir, "config")) ?? "")
  if (worktree && canonical(isAbsolute(worktree) ? worktree : resolve(gitDir, worktree)) === workDir) return true
  const at = gitDir.indexOf(`${sep}.git${sep}modules${sep}`)
  if (at > 0) {
    const superRoot = gitDir.slice(0, at)
    return workDir.startsWith(`${superRoot}${sep}`) && looksLikeGitDir(join(superRoot, ".git"))
  }
  return false
}

function coreWorktree(config: string): string | undefined {
  let inCore = false
  let value: string | undefined
  for (const raw of config.split(/\r?\n/)) {
    const line = raw.trim()
    if (line.startsWith("[")) {
      inCore = /^\[\s*core\s*\]/i.test(line)
      continue
    }
    const kv = inCore ? /^worktree\s*=\s*(.*)$/i.exec(line) : null
    if (kv?.[1] !== undefined) value = unquote(kv[1])
  }
  return value || undefined
}

/** Find the repository containing `start` (walking up), or undefined when there is none. */
export function findRepo(start: string): GitRepo | undefined {
  let dir = canonical(start)
  for (;;) {
    const entry = join(dir, ".git")
    if (existsSync(entry)) {
      const gitDir = resolveGitEntry(entry)
      if (!gitDir) throw new BrokenGitPointer(`${entry} points to a git directory that does not exist`)
      const real = canonical(gitDir)
      if (!isDir(entry) && !pointsBack(entry, dir, real)) {
        throw new BrokenGitPointer(
          `${entry} points to ${real}, which does not point back to it (not a worktree or submodule of that repository)`,
        )
      }
      return describe(dir, real, false)
    }
    if (looksLikeGitDir(dir) && /\bbare\s*=\s*true\b/i.test(read(join(dir, "config")) ?? "")) {
      return describe(dir, dir, true)
    }
    const parent = dirname(dir)
    if (parent === dir) return undefined
    dir = parent
  }
}

function describe(root: string, gitDir: string, bare: boolean): GitRepo {
  const commonRel = read(join(gitDir, "commondir"))?.trim()
  const commonDir = commonRel ? canonical(isAbsolute(commonRel) ? commonRel : resolve(gitDir, commonRel)) : gitDir
  const config = read(join(commonDir, "config")) ?? ""
  return {
    root,
    gitDir,
    commonDir,
    bare,
    head: readHead(gitDir),
    origin: remoteUrl(config, "origin"),
    defaultBranch: defaultBranch(commonDir),
  }
}

function readHead(gitDir: string): GitRepo["head"] {
  const text = read(join(gitDir, "HEAD"))?.trim()
  if (!text) return { kind: "unknown" }
  const ref = /^ref:\s*refs\/heads\/(.+)$/.exec(text)
  if (ref?.[1]) return { kind: "branch", name: ref[1] }
  if (/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(text)) return { kind: "detached", commit: text }
  return { kind: "unknown" }
}

/** The url of a remote from git's config file (the last `url` of its section wins, as in git). */
function remoteUrl(config: string, name: string): string | undefined {
  let inSection = false
  let url: string | undefined
  for (const raw of config.split(/\r?\n/)) {
    const line = raw.trim()
    if (line.startsWith("[")) {
      const m = /^\[\s*remote\s+"(.*)"\s*\]/.exec(line)
      inSection = m?.[1] === name
      continue
    }
    if (!inSection) continue
    const kv = /^url\s*=\s*(.*)$/i.exec(line)
    if (kv?.[1] !== undefined) url = unquote(kv[1])
  }
  return url || undefined
}

function unquote(value: string): string {
  const v = value.replace(/\s[;#].*$/, "").trim()
  return v.startsWith('"') && v.endsWith('"') ? v.slice(1, -1) : v
}

function refExists(commonDir: string, ref: string): boolean {
  if (existsSync(join(commonDir, ref))) return true
  const packed = read(join(commonDir, "packed-refs")) ?? ""
  return packed.split("\n").some((line) => line.endsWith(` ${ref}`))
}

function defaultBranch(commonDir: string): string | undefined {
  const originHead = read(join(commonDir, "refs", "remotes", "origin", "HEAD"))?.trim()
  const m = originHead && /^ref:\s*refs\/remotes\/origin\/(.+)$/.exec(originHead)
  if (m?.[1]) return m[1]
  for (const name of ["main", "master"]) if (refExists(commonDir, `refs/heads/${name}`)) return name
  return undefined
}

/** Hosts that treat owner and repository names case-insensitively: their paths are folded to lower case. */
const CASE_INSENSITIVE_HOSTS: ReadonlySet<string> = new Set(["github.com", "gitlab.com", "bitbucket.org"])

/**
 * Normalise a remote url so that the ssh, scp-like and https forms of one repository agree:
 * `git@github.com:Acme/api.git`, `ssh://git@github.com/Acme/api` and
 * `https://user:token@github.com/acme/api.git/` all become `github.com/acme/api` (the path is folded
 * only on CASE_INSENSITIVE_HOSTS; elsewhere `Acme` and `acme` may be two repositories).
 * Credentials are dropped. Local paths stay paths (made absolute by the caller).
 */
export function normalizeRemote(url: string): string {
  const exact = normalizeRemoteExact(url)
  const slash = exact.indexOf("/")
  if (slash <= 0 || exact.startsWith("path:") || exact.startsWith("file:")) return exact
  return CASE_INSENSITIVE_HOSTS.has(exact.slice(0, slash)) ? exact.toLowerCase() : exact
}

/** The normalisation of egc before 0.x folded case: kept to find the ids items were stored under. */
export function normalizeRemoteExact(url: string): string {
  let u = url.trim()
  let host = ""
  let path = ""
  const scheme = /^([a-z][a-z0-9+.-]*):\/\/(.*)$/i.exec(u)
  if (scheme?.[1] && scheme[2] !== undefined) {
    const proto = scheme[1].toLowerCase()
    if (proto === "file") return `file:${scheme[2]}`
    const rest = scheme[2]
    const slash = rest.indexOf("/")
    const authority = slash === -1 ? rest : rest.slice(0, slash)
    path = slash === -1 ? "" : rest.slice(slash + 1)
    host = authority.replace(/^.*@/, "")
  } else {
    const scp = /^(?:[^@/]+@)?([^:/]+):(?!\/\/)(.*)$/.exec(u)
    if (!scp?.[1] || scp[2] === undefined || /^[a-zA-Z]$/.test(scp[1])) return `path:${u}`
    host = scp[1]
    path = scp[2]
  }
  host = host.toLowerCase().replace(/:(22|80|443)$/, "")
  u = path
    .replace(/^\/+/, "")
    .replace(/\/+$/, "")
    .replace(/\.git$/i, "")
    .replace(/\/+$/, "")
  return `${host}/${u}`
}

/** Every local branch with its head commit, from loose refs and packed-refs (loose wins, as in git). */
export function listBranches(commonDir: string): Map<string, string> {
  const out = new Map<string, string>()
  for (const line of (read(join(commonDir, "packed-refs")) ?? "").split("\n")) {
    const m = /^([0-9a-f]{40,64}) refs\/heads\/(.+)$/.exec(line.trim())
    if (m?.[1] && m[2]) out.set(m[2], m[1])
  }
  const walk = (dir: string, prefix: string) => {
    let names: string[]
    try {
      names = readdirSync(dir)
    } catch {
      return
    }
    for (const name of names) {
      const path = join(dir, name)
      if (isDir(path)) walk(path, `${prefix}${name}/`)
      else {
        const sha = read(path)?.trim()
        if (sha && /^[0-9a-f]{40,64}$/.test(sha)) out.set(`${prefix}${name}`, sha)
      }
    }
  }
  walk(join(commonDir, "refs", "heads"), "")
  return out
}

/** Branches checked out in any worktree of the repository (they are being worked on, never promoted). */
export function checkedOutBranches(commonDir: string): Set<string> {
  const heads = [join(commonDir, "HEAD")]
  try {
    for (const wt of readdirSync(join(commonDir, "worktrees"))) heads.push(join(commonDir, "worktrees", wt, "HEAD"))
  } catch {
    // no linked worktrees
  }
  const out = new Set<string>()
  for (const h of heads) {
    const m = /^ref:\s*refs\/heads\/(.+)$/.exec(read(h)?.trim() ?? "")
    if (m?.[1]) out.add(m[1])
  }
  return out
}

/** The branch `old` was renamed to, from git's reflogs (`git branch -m` writes "Branch: renamed …"). */
export function renamedTo(commonDir: string, old: string, branches: Iterable<string>): string | undefined {
  const marker = `Branch: renamed refs/heads/${old} to refs/heads/`
  for (const name of branches) {
    const log = read(join(commonDir, "logs", "refs", "heads", name)) ?? ""
    const at = log.lastIndexOf(marker)
    if (
      at >= 0 &&
      log
        .slice(at + marker.length)
        .split("\n")[0]
        ?.trim() === name
    )
      return name
  }
  return undefined
}
