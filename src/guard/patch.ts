import type { GuardContext, Verdict } from "./types"
import { ALLOW, stricter } from "./types"
import { judgeWrite, type WriteInput } from "./write-gate"

/**
 * The files a patch touches, with the lines it adds: Codex's `apply_patch` envelope
 * (`*** Add File:` / `*** Update File:` / `*** Delete File:` / `*** Move to:`) and unified diffs
 * (`+++ b/path`). Deleted files count as writes too.
 */
export function filesInPatch(patch: string): Array<{ path: string; added: string }> {
  const files: Array<{ path: string; added: string[] }> = []
  for (const line of patch.split("\n")) {
    const envelope = /^\*\*\* (?:Add|Update|Delete) File: (.+)$|^\*\*\* Move to: (.+)$/.exec(line)
    const unified = /^\+\+\+ (?:b\/)?(.+?)(\t.*)?$/.exec(line)
    const path = envelope
      ? (envelope[1] ?? envelope[2])
      : unified && unified[1] !== "/dev/null"
        ? unified[1]
        : undefined
    if (path) files.push({ path: path.trim(), added: [] })
    else if (line.startsWith("+") && !line.startsWith("+++")) files.at(-1)?.added.push(line.slice(1))
  }
  return files.map((f) => ({ path: f.path, added: f.added.join("\n") }))
}

/** Judges every file of a patch as a write; the strictest verdict stands. */
export function judgePatch(patch: string, ctx: GuardContext, claimHolder?: WriteInput["claimHolder"]): Verdict {
  let verdict: Verdict = ALLOW
  for (const f of filesInPatch(patch))
    verdict = stricter(
      verdict,
      judgeWrite({ path: f.path, content: f.added, ...(claimHolder ? { claimHolder } : {}) }, ctx),
    )
  return verdict
}
