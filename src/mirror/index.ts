/**
 * @module mirror — opt-in mirrors of the project state into instruction files, for tools that read
 * only those (issue 19 §4). Off by default; only a person's `egc mirror on` turns it on (the setting
 * lives in $EGC_HOME, the guard asks before an agent runs it, and no MCP tool reaches it). A block is
 * written only after git proves it keeps the block out of commits (verify.ts); refreshed by
 * `egc mirror on|refresh` and at the end of every hooked session; `off` takes out every block and
 * every guard line it added.
 */
import { existsSync } from "node:fs"
import { EgcError } from "../core/errors"
import { type Project, resolveProject } from "../core/project"
import type { Memory } from "../memory"
import { findBlock, setBlock, strip } from "./block"
import { mirrorText } from "./content"
import { DEFAULT_FILES, presence, readBytes } from "./files"
import { git, zList } from "./git"
import { filterCommand, filterRequired, guardedPaths, removeFilter, selfCleanCommand, setSection } from "./guards"
import { repoKey, settingOf, turnOff, turnOn } from "./store"
import { ignored, preCheck, trackedOf } from "./verify"
import { type FileResult, removeMirror, type Where, writeMirror } from "./write"

export { parseFiles } from "./files"
export const doctorChecks = () => import("./doctor").then((m) => m.mirrorChecks)
/** Session end: the refresh, started detached (the hook never waits for git). */
export const background = () => import("./background")

interface Here extends Where {
  project: Project
  key: string
}

function here(cwd: string): Here {
  const project = resolveProject(cwd)
  const repo = project.repo
  if (!repo)
    throw new EgcError("E_NOT_FOUND", `${project.root} is not inside a git repository`, {
      hint: "a mirror is written only where git's clean filter keeps it out of commits: run it in a git checkout",
    })
  if (repo.bare) throw new EgcError("E_USAGE", `${repo.root} is a bare repository: it has no instruction files`)
  return { project, root: repo.root, commonDir: repo.commonDir, key: repoKey(repo.commonDir) }
}

interface MirrorOptions {
  memory?: Memory
  /** The command git runs as the clean filter (default: this egc's `mirror clean`). */
  cleanCommand?: string
}

const openMemory = async (given?: Memory) => given ?? (await import("../memory")).openMemory()

async function refreshAt(at: Here, files: string[], opts: MirrorOptions): Promise<FileResult[]> {
  const content = mirrorText(await openMemory(opts.memory), at.project)
  return writeMirror(at, files, content, opts.cleanCommand ?? selfCleanCommand())
}

/** Turn the mirror on for this repository and write it. Broken markers refuse it all, before any change. */
export async function mirrorOn(cwd: string, files: string[] | undefined, opts: MirrorOptions = {}) {
  const at = here(cwd)
  const set = files ?? [...DEFAULT_FILES]
  if (files) {
    const missing = files.filter((f) => presence(at.root, f).kind !== "file")
    if (missing.length)
      throw new EgcError("E_NOT_FOUND", `not a regular file in ${at.root}: ${missing.join(", ")}`, {
        hint: "egc never creates instruction files: create them first, or leave them out of --files",
      })
  }
  const broken = set.flatMap((f) => {
    if (presence(at.root, f).kind !== "file") return []
    const found = findBlock(readBytes(`${at.root}/${f}`))
    return found.kind === "broken" ? [`${f}: ${found.reason}`] : []
  })
  if (broken.length)
    throw new EgcError("E_INPUT", `broken egc:mirror markers in ${broken.length} file(s); nothing was changed`, {
      details: broken,
      hint: "remove the stray <!-- egc:mirror:start/end --> lines by hand, then run egc mirror on again",
    })
  turnOn(at.key, files)
  return { on: true, files: await refreshAt(at, set, opts) }
}

/** Rewrite the mirror when it is on (a no-op otherwise: refreshing never turns it on). */
export async function mirrorRefresh(cwd: string, opts: MirrorOptions = {}) {
  const at = here(cwd)
  const setting = settingOf(at.key)
  if (!setting) return { on: false, files: [] as FileResult[] }
  return { on: true, files: await refreshAt(at, setting.files ?? [...DEFAULT_FILES], opts) }
}

function worktreeRoots(at: Here): string[] {
  const out = zList(git(["worktree", "list", "--porcelain", "-z"], at.root).stdout)
  const roots = out.filter((l) => l.startsWith("worktree ")).map((l) => l.slice(9))
  return [...new Set([at.root, ...roots.filter((r) => r !== at.root && existsSync(r))])]
}

/** Every block out of every worktree, then every guard line egc added; guards stay while a block cannot go. */
export function mirrorOff(cwd: string) {
  const at = here(cwd)
  const setting = settingOf(at.key)
  const files = [...new Set([...DEFAULT_FILES, ...(setting?.files ?? []), ...guardedPaths(at.commonDir)])]
  const results: Array<FileResult & { worktree?: string }> = []
  for (const root of worktreeRoots(at))
    for (const file of files) {
      const r = removeMirror(root, file)
      if (r.state !== "absent" && r.state !== "unchanged")
        results.push({ ...r, ...(root !== at.root ? { worktree: root } : {}) })
    }
  const stuck = results.filter((r) => r.state === "refused")
  if (!stuck.length) {
    setSection(at.commonDir, "attributes", [])
    setSection(at.commonDir, "exclude", [])
    removeFilter(at.root)
  }
  const was = turnOff(at.key)
  return { was, guardsKept: stuck.length > 0, files: results }
}

export function mirrorStatus(cwd: string) {
  const at = here(cwd)
  const setting = settingOf(at.key)
  const files = setting?.files ?? [...DEFAULT_FILES]
  const command = filterCommand(at.root)
  const existing = files.filter((f) => presence(at.root, f).kind === "file")
  const tracked = trackedOf(at.root, existing)
  const rows = files.map((file) => {
    const p = presence(at.root, file)
    if (p.kind !== "file") return { file, exists: false as const, ...(p.kind === "other" ? { reason: p.why } : {}) }
    const text = readBytes(`${at.root}/${file}`)
    const found = findBlock(text)
    const block = found.kind === "one" ? "present" : found.kind === "broken" ? "broken" : "none"
    const isTracked = tracked.has(file)
    // no block yet: would one be kept out? (a probe block, hashed by git, never written)
    const withBlock =
      found.kind === "one"
        ? text
        : found.kind === "none"
          ? (setBlock(text, "probe") as { text: string }).text
          : undefined
    const check = withBlock === undefined ? undefined : preCheck(at.root, file, withBlock, strip(withBlock) as string)
    const excluded = isTracked || ignored(at.root, file)
    const reason =
      found.kind === "broken"
        ? `markers: ${found.reason}`
        : check && !check.ok
          ? check.reason
          : excluded
            ? undefined
            : "untracked and not ignored"
    const guarded = !!check?.ok && excluded
    return { file, exists: true as const, tracked: isTracked, block, guarded, ...(reason ? { reason } : {}) }
  })
  return {
    on: !!setting,
    ...(setting?.since ? { since: setting.since } : {}),
    filter: { command: command ?? null, required: filterRequired(at.root) },
    files: rows,
  }
}

/** The clean filter: stdin without its block; undefined when the markers are broken (git add then fails). */
export function cleanFilter(input: Buffer): Buffer | undefined {
  const out = strip(input.toString("latin1"))
  return out === undefined ? undefined : Buffer.from(out, "latin1")
}
