import { existsSync, statSync } from "node:fs"
import { now } from "../../core/clock"
import type { Project } from "../../core/project"
import type { Actor, MemoryPort } from "../ports"
import { mine } from "./rules"
import { alreadyMined, fingerprint, minerDb, noteMined, saveOffset, transcriptOffset } from "./store"
import { readTranscript } from "./transcript"

export { mine, type Mined } from "./rules"
export { readTranscript, type Turn } from "./transcript"

interface MineResult {
  proposed: number
  skipped: number
}

/**
 * Mines the part of a transcript not mined before into pending items through the memory write
 * layer. Idempotent: a re-run on the same transcript proposes nothing new.
 */
export async function mineTranscript(
  path: string,
  project: Project,
  memory: MemoryPort,
  actor: Actor,
): Promise<MineResult> {
  if (!existsSync(path) || !statSync(path).isFile()) return { proposed: 0, skipped: 0 }
  const db = minerDb()
  const chunk = readTranscript(path, transcriptOffset(db, path))
  let proposed = 0
  let skipped = 0
  for (const item of mine(chunk.turns)) {
    const fp = fingerprint(item.kind, item.text)
    if (alreadyMined(db, project.id, fp)) {
      skipped++
      continue
    }
    const outcome = await memory.write(
      project,
      { kind: item.kind, title: item.text.slice(0, 120), body: item.text, pending: true },
      actor,
    )
    noteMined(db, project.id, fp, outcome.id, now())
    if (outcome.status === "pending" || outcome.status === "active") proposed++
    else skipped++
  }
  saveOffset(db, path, chunk.end, now())
  return { proposed, skipped }
}
