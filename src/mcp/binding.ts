import { realpathSync } from "node:fs"
import { isAbsolute, relative, resolve, sep } from "node:path"
import { fileURLToPath } from "node:url"
import { resolveProject, type Project } from "../core/project"
import { ToolFailure } from "./tool"

/**
 * Which projects a server may act on: the projects of the client's MCP roots when it offers them,
 * else the project of the working directory. A call may name one of them by a path inside a
 * bound root; any other path (another repository, a `..` escape, a symlink leading out) is refused.
 */
export interface Binding {
  /** Canonical root folders the client offered (or the working directory). */
  roots: readonly string[]
  projects: readonly Project[]
  /** Why a folder bound nothing (a wrong key, an unreadable identity), said when no project is bound. */
  problems?: readonly string[]
}

export function bindFolders(folders: readonly string[]): Binding {
  const roots: string[] = []
  const projects: Project[] = []
  const problems: string[] = []
  for (const folder of folders) {
    let root: string
    try {
      root = realpathSync.native(folder)
      const project = resolveProject(root)
      roots.push(root)
      if (!projects.some((p) => p.id === project.id && p.root === project.root)) projects.push(project)
    } catch (error) {
      // a root that is not a readable folder binds nothing; the reason is kept for the error
      problems.push(error instanceof Error ? error.message : String(error))
    }
  }
  return { roots, projects, ...(problems.length ? { problems } : {}) }
}

/** file:// root URIs to local folders; other schemes are not folders we can bind. */
export function rootFolders(uris: readonly string[]): string[] {
  const out: string[] = []
  for (const uri of uris) {
    if (!uri.startsWith("file://")) continue
    try {
      out.push(fileURLToPath(uri))
    } catch {
      // malformed URI: ignore it, as a root we cannot read
    }
  }
  return out
}

export const isInside = (root: string, path: string): boolean => {
  const rel = relative(root, path)
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel))
}

/** The project a call acts on: the named one (checked), else the first bound project. */
export function projectFor(binding: Binding, named: string | undefined): Project {
  const first = binding.projects[0]
  if (!first) {
    const why = binding.problems?.[0]
    if (why) throw new ToolFailure(`this server is bound to no project: ${why}`, "E_SCOPE")
    throw new ToolFailure(
      "this server is bound to no readable project folder; start the client inside a project or offer a root folder",
      "E_SCOPE",
    )
  }
  if (named === undefined || named === "") return first
  if (named.includes("\0")) throw new ToolFailure("project path contains a NUL byte; pass a folder path")
  const base = binding.roots[0] ?? first.root
  const wanted = resolve(base, named)
  let real: string
  try {
    real = realpathSync.native(wanted)
  } catch {
    throw new ToolFailure(
      `project path ${named} does not exist; pass one of: ${binding.roots.join(", ")}`,
      "E_NOT_FOUND",
    )
  }
  const root = binding.roots.find((r) => isInside(r, real))
  if (!root)
    throw new ToolFailure(
      `project path ${named} is outside the folders this session is bound to (${binding.roots.join(", ")}); a session may only act on its own projects`,
      "E_SCOPE",
    )
  const project = resolveProject(real)
  const bound = binding.projects.find((p) => p.id === project.id && isInside(p.root, real))
  if (!bound)
    throw new ToolFailure(
      `project path ${named} is not one of this session's projects; pass one of: ${binding.roots.join(", ")}`,
      "E_SCOPE",
    )
  return bound
}
