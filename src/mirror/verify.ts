import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { git, lastLine, zList } from "./git"

/**
 * Proof that git keeps a block out of commits, asked of git itself. Before the block is written:
 * the text with the block, hashed as git would stage it at that path (filters applied), must be the
 * very blob of the text without it. After it is written: the file staged into a scratch index
 * (GIT_INDEX_FILE in a temp folder; the real index is never touched) must be that blob again, and
 * a file git does not track must also be ignored. Any "no" withholds the block, with git's reason.
 */
export type Verdict = { ok: true } | { ok: false; reason: string }
type Pre = { ok: true; blob: string } | { ok: false; reason: string }

function stagedHash(root: string, rel: string, text: string): string | { reason: string } {
  const r = git(["hash-object", `--path=${rel}`, "--stdin"], root, { stdin: Buffer.from(text, "latin1") })
  if (r.code !== 0) return { reason: `git cannot stage it: ${lastLine(r)}` }
  return r.stdout.toString().trim()
}

/** Would staging `withBlock` at `rel` store exactly `without`? (`blob`: that blob's hash.) */
export function preCheck(root: string, rel: string, withBlock: string, without: string): Pre {
  const a = stagedHash(root, rel, withBlock)
  if (typeof a !== "string") return { ok: false, reason: a.reason }
  const b = stagedHash(root, rel, without)
  if (typeof b !== "string") return { ok: false, reason: b.reason }
  return a === b
    ? { ok: true, blob: b }
    : { ok: false, reason: "git would commit the block: the clean filter does not apply" }
}

/** Stage the file as it is on disk into a scratch index: its blob must be `expected` (the text without the block). */
export function scratchCheck(root: string, rel: string, expected: string, tracked: boolean): Verdict {
  const dir = mkdtempSync(join(tmpdir(), "egc-mirror-"))
  try {
    const env = { GIT_INDEX_FILE: join(dir, "index") }
    const add = git(["add", "-f", "--", rel], root, { env })
    if (add.code !== 0) return { ok: false, reason: `staging into a scratch index failed: ${lastLine(add)}` }
    const listed = git(["ls-files", "-s", "-z", "--", rel], root, { env })
    const blob = /^\d+ ([0-9a-f]+) \d\t/.exec(zList(listed.stdout)[0] ?? "")?.[1]
    if (blob !== expected) return { ok: false, reason: "the staged file still holds the block" }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  if (!tracked && !ignored(root, rel))
    return { ok: false, reason: "untracked and not ignored (a .gitignore `!` line re-includes it?)" }
  return { ok: true }
}

export function ignored(root: string, rel: string): boolean {
  return git(["check-ignore", "-q", "--", rel], root).code === 0
}

export function trackedOf(root: string, rels: string[]): Set<string> {
  if (!rels.length) return new Set()
  return new Set(zList(git(["ls-files", "-z", "--", ...rels], root).stdout))
}

/**
 * After the block is written or removed the file's size differs from the size the index recorded,
 * and git reports a size change as "modified" without running the clean filter. Re-entering the
 * same staged blob (`update-index --cacheinfo`, same mode and hash) zeroes that cached size, so the
 * next `git status` compares content through the filter. The staged content does not change; a
 * conflicted or busy index is left alone (the file then only looks modified until `git add`).
 */
export function restat(root: string, rel: string): void {
  const entries = zList(git(["ls-files", "-s", "-z", "--", rel], root).stdout)
  const m = entries.length === 1 ? /^(\d+) ([0-9a-f]+) 0\t(.*)$/s.exec(entries[0] ?? "") : null
  if (!m || m[3] !== rel) return
  git(["update-index", "--cacheinfo", `${m[1]},${m[2]},${rel}`], root)
}
