import { lstatSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import { writeFileAtomic } from "../core/atomic-write"
import { EgcError } from "../core/errors"

/**
 * The instruction files a mirror may write: by default those read by tools that have no MCP server
 * or session hook to hear egc (AGENTS.md for Warp, Zed, Amp, Jules and most others; CONVENTIONS.md
 * for Aider; WARP.md; Copilot's repository instructions; Cursor's and Windsurf's legacy rule files).
 * CLAUDE.md, GEMINI.md and QWEN.md are left out by default: those tools hear the state from egc's
 * session-start hook, so a mirror would only repeat it (`--files CLAUDE.md` opts in). egc never
 * creates an instruction file: a missing default is skipped, a missing `--files` entry is an error.
 */
export const DEFAULT_FILES = [
  "AGENTS.md",
  "CONVENTIONS.md",
  "WARP.md",
  ".github/copilot-instructions.md",
  ".cursorrules",
  ".windsurfrules",
] as const

/** One instruction file larger than this is not an instruction file a tool reads whole: skipped. */
const MAX_FILE_BYTES = 4 * 1024 * 1024
const MAX_FILES = 20
// plain relative paths only: they go into info/attributes and info/exclude as patterns, unquoted
const SAFE = /^[A-Za-z0-9_][A-Za-z0-9._-]*(\/[A-Za-z0-9_.][A-Za-z0-9._-]*)*$/

export function parseFiles(value: string): string[] {
  const items = value
    .split(",")
    .map((s) => s.trim().replace(/^\.\//, ""))
    .filter(Boolean)
  if (!items.length)
    throw new EgcError("E_USAGE", "--files needs at least one file", { hint: "e.g. --files AGENTS.md" })
  if (items.length > MAX_FILES) throw new EgcError("E_USAGE", `--files takes at most ${MAX_FILES} files`)
  for (const f of items) {
    const segments = f.split("/")
    const bad =
      f.length > 200 ||
      !SAFE.test(f) ||
      segments.some((s) => s === "." || s === "..") ||
      segments[0]?.toLowerCase() === ".git"
    if (bad)
      throw new EgcError("E_USAGE", `--files ${JSON.stringify(f)}: not a plain path inside the repository`, {
        hint: "relative paths of letters, digits, . _ - and /, outside .git (e.g. AGENTS.md,docs/CONVENTIONS.md)",
      })
  }
  return [...new Set(items)]
}

type Presence = { kind: "file"; size: number } | { kind: "absent" } | { kind: "other"; why: string }

export function presence(root: string, rel: string): Presence {
  try {
    const st = lstatSync(join(root, rel))
    if (st.isSymbolicLink()) return { kind: "other", why: "a symbolic link (its target is mirrored if it is listed)" }
    if (!st.isFile()) return { kind: "other", why: "not a regular file" }
    if (st.size > MAX_FILE_BYTES) return { kind: "other", why: `larger than ${MAX_FILE_BYTES} bytes` }
    return { kind: "file", size: st.size }
  } catch {
    return { kind: "absent" }
  }
}

/** The file as latin1 (one char per byte): whatever its encoding, writing it back changes no byte. */
export const readBytes = (path: string): string => readFileSync(path).toString("latin1")
export const latin1 = (utf8Text: string): string => Buffer.from(utf8Text, "utf8").toString("latin1")

/** The atomic write's temp files, as an info/exclude pattern (any folder). */
export const TEMP_PATTERN = ".egc-mirror-*.tmp"

/** Atomic replace that keeps the file's mode; the temp file sits beside it, so the rename is one step. */
export function writeBytes(path: string, text: string): void {
  try {
    // a file that is gone is not created again
    statSync(path)
    writeFileAtomic(path, Buffer.from(text, "latin1"), { tempPrefix: ".egc-mirror-" })
  } catch (cause) {
    throw new EgcError("E_IO", `cannot write ${path}`, { cause })
  }
}
