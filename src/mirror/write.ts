import { join } from "node:path"
import { findBlock, setBlock, strip } from "./block"
import { latin1, presence, readBytes, TEMP_PATTERN, writeBytes } from "./files"
import { attributeLine, excludeLine, sectionLines, setFilter, setSection } from "./guards"
import { preCheck, restat, scratchCheck, trackedOf } from "./verify"

/**
 * Writing (and withholding) the block in one worktree. Order matters: the guards are set first, the
 * block is written only when git proves it would not stage it, and a block git then stages anyway
 * is taken straight back out. A file whose markers are broken is never touched.
 */
type FileState = "written" | "unchanged" | "withheld" | "refused" | "absent" | "skipped" | "removed"

export interface FileResult {
  file: string
  state: FileState
  tracked?: boolean
  reason?: string
}

export interface Where {
  root: string
  commonDir: string
}

/** Guards for `files` (attributes for all, exclude for the untracked ones that exist). */
function ensureGuards(at: Where, files: string[], untracked: string[], cleanCommand: string): void {
  setFilter(at.root, cleanCommand)
  const attrs = new Set([...sectionLines(at.commonDir, "attributes"), ...files.map(attributeLine)])
  setSection(at.commonDir, "attributes", [...attrs])
  // the temp file of an atomic write holds the block for an instant; a crash must not leave it committable
  const excl = new Set([TEMP_PATTERN, ...sectionLines(at.commonDir, "exclude"), ...untracked.map(excludeLine)])
  setSection(at.commonDir, "exclude", [...excl])
}

export function writeMirror(at: Where, files: string[], content: string, cleanCommand: string): FileResult[] {
  const present = files.map((file) => ({ file, p: presence(at.root, file) }))
  const existing = present.filter((x) => x.p.kind === "file").map((x) => x.file)
  const tracked = trackedOf(at.root, existing)
  ensureGuards(
    at,
    files,
    existing.filter((f) => !tracked.has(f)),
    cleanCommand,
  )
  const body = latin1(content)
  return present.map(({ file, p }): FileResult => {
    if (p.kind === "absent") return { file, state: "absent" }
    if (p.kind === "other") return { file, state: "skipped", reason: p.why }
    return writeOne(at.root, file, body, tracked.has(file))
  })
}

function writeOne(root: string, file: string, body: string, tracked: boolean): FileResult {
  const path = join(root, file)
  const before = readBytes(path)
  const next = setBlock(before, body)
  if ("broken" in next) return { file, state: "refused", tracked, reason: `markers: ${next.broken}` }
  const without = strip(next.text) as string
  const pre = preCheck(root, file, next.text, without)
  if (!pre.ok) {
    // an old block git would now commit goes too
    if (findBlock(before).kind === "one") put(root, file, without, tracked)
    return { file, state: "withheld", tracked, reason: pre.reason }
  }
  if (next.text !== before) put(root, file, next.text, tracked)
  const post = scratchCheck(root, file, pre.blob, tracked)
  if (!post.ok) {
    put(root, file, without, tracked)
    return { file, state: "withheld", tracked, reason: post.reason }
  }
  return { file, state: next.text === before ? "unchanged" : "written", tracked }
}

/** The block out of one file; a file with broken markers is left as it is. */
export function removeMirror(root: string, file: string): FileResult {
  const p = presence(root, file)
  if (p.kind !== "file") return { file, state: "absent" }
  const path = join(root, file)
  const before = readBytes(path)
  const found = findBlock(before)
  if (found.kind === "none") return { file, state: "unchanged" }
  if (found.kind === "broken") return { file, state: "refused", reason: `markers: ${found.reason}` }
  put(root, file, strip(before) as string, true)
  return { file, state: "removed" }
}

function put(root: string, file: string, text: string, tracked: boolean): void {
  writeBytes(join(root, file), text)
  if (tracked) restat(root, file)
}
