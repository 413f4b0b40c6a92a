import { realpathSync } from "node:fs"
import { dirname, isAbsolute, relative, resolve, sep } from "node:path"
import { EgcError } from "../core/errors"
import { patternsOverlap } from "./overlap"

/**
 * Claim patterns: a path or glob relative to the working-tree root, in POSIX form. Absolute paths
 * must lie inside the root; `..` may not leave it; a pattern that matches everything is refused.
 */
const WILD = /[*?[\]{}]/

export const isGlob = (pattern: string): boolean => WILD.test(pattern)

export function normalizePattern(root: string, input: string): string {
  const raw = input.trim()
  if (raw === "" || raw.includes("\0")) throw refused(input, "is empty or holds a NUL byte")
  if (raw.length > 1024) throw refused(`${raw.slice(0, 40)}…`, "is longer than 1024 characters")
  let rel = raw.replaceAll("\\", "/")
  if (isAbsolute(raw)) {
    const real = realPrefix(raw)
    const inside = relative(realPrefix(root), real)
    if (inside.startsWith("..") || isAbsolute(inside)) throw refused(input, `is outside the working tree ${root}`)
    rel = inside.split(sep).join("/")
  }
  const parts: string[] = []
  for (const part of rel.split("/")) {
    if (part === "" || part === ".") continue
    if (part === "..") {
      if (parts.length === 0 || isGlob(parts.at(-1)!)) throw refused(input, "leaves the working tree with ..")
      parts.pop()
    } else parts.push(part)
  }
  if (raw.endsWith("/") && parts.length) parts.push("**")
  if (parts.length === 0) throw refused(input, "names the whole working tree")
  if (parts.every((p) => /^\*+$/.test(p)) || parts[0] === "**")
    throw refused(input, "matches (nearly) everything; claim a folder such as src/api/** or a file instead")
  return parts.join("/")
}

/** The canonical form of a path whose tail may not exist yet (a file about to be created). */
function realPrefix(path: string): string {
  const abs = resolve(path)
  let head = abs
  const tail: string[] = []
  for (;;) {
    try {
      return resolve(realpathSync.native(head), ...tail.reverse())
    } catch {
      const up = dirname(head)
      if (up === head) return abs
      tail.push(head.slice(up.length + (up.endsWith(sep) ? 0 : 1)))
      head = up
    }
  }
}

export function relativeInside(root: string, absPath: string): string | undefined {
  const rel = relative(realPrefix(root), realPrefix(absPath))
  if (rel === "" || rel.startsWith("..") || isAbsolute(rel)) return undefined
  return rel.split(sep).join("/")
}

const globs = new Map<string, Bun.Glob>()
const glob = (p: string): Bun.Glob => {
  let g = globs.get(p)
  if (!g) globs.set(p, (g = new Bun.Glob(p)))
  return g
}

/** Does the claim pattern cover this relative path (the pattern itself, a file under it, or a glob match)? */
export function covers(pattern: string, path: string): boolean {
  if (pattern === path || path.startsWith(`${pattern}/`)) return true
  return isGlob(pattern) && glob(pattern).match(path)
}

/** Could two claim patterns name a common file? Exact for the syntax glob.ts accepts; anything else overlaps. */
export function overlaps(a: string, b: string): boolean {
  if (!isGlob(a) && !isGlob(b)) return a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`)
  return patternsOverlap(a, b, isGlob)
}

function refused(input: string, why: string): EgcError {
  return new EgcError("E_REFUSED", `claim pattern ${JSON.stringify(input)} ${why}`, {
    hint: "pass a path or glob relative to the project root",
  })
}
