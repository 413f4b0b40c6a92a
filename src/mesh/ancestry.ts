import { readFileSync } from "node:fs"

/**
 * This process's ancestors, nearest first (parent, grandparent, …), read from /proc without
 * spawning anything: a hook runs under a shell under the coding tool, whose pid the tool's
 * `egc serve` recorded as its host. Elsewhere only the parent is known.
 */
export function processAncestors(depth = 6): number[] {
  const out: number[] = []
  let pid = process.ppid
  while (pid > 1 && out.length < depth) {
    out.push(pid)
    if (process.platform !== "linux") break
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
      pid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1])
    } catch {
      break
    }
  }
  return out
}
