import type { Project } from "../core/project"
import { cleanText, redactSecrets } from "../core/screen"
import type { Memory } from "../memory"
import { neutralise } from "./block"

/**
 * What a mirror says: the state view (memory's own renderer and per-section budget) cut down to
 * context, next steps, avoid and the newest decisions of this project, without global items and
 * without any item whose text reads as an instruction. The text is then scrubbed again as it
 * leaves egc for a plaintext file: terminal and bidi controls, secrets, marker-like text.
 */
const KINDS = ["context", "next", "avoid", "decision"] as const
const MIRROR_TOKENS = 1200
/** A hard ceiling on the block's body whatever the renderer produced (UTF-8 bytes). */
export const MIRROR_MAX_BYTES = 8 * 1024

// CSI and OSC sequences first, so no `[31m` is left behind when the escape itself goes
const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[@-_]/g
// line and paragraph separators and the Arabic letter mark are not in cleanText's set
const EXTRA = /[\u061C\u2028\u2029\r]/g

/** Text fit for a plaintext instruction file, within `maxBytes`. */
export function scrub(text: string, maxBytes = MIRROR_MAX_BYTES): string {
  const clean = cleanText(text.replace(ANSI, "")).replace(EXTRA, "")
  return cap(neutralise(redactSecrets(clean).text), maxBytes)
}

function cap(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text
  const note = "… (the mirror is capped; `egc memory list` shows everything)"
  const lines = text.split("\n")
  const out: string[] = []
  let used = Buffer.byteLength(note) + 1
  for (const line of lines) {
    const size = Buffer.byteLength(line) + 1
    if (used + size > maxBytes) break
    out.push(line)
    used += size
  }
  return [...out, note].join("\n")
}

export function mirrorText(memory: Memory, project: Project): string {
  const view = memory.renderState({
    project,
    budgetTokens: MIRROR_TOKENS,
    kinds: KINDS,
    omitFlagged: true,
    omitGlobal: true,
  })
  return scrub(view || "# Project state\n(nothing stored yet)")
}
