import { now } from "../../core/clock"
import type { Project } from "../../core/project"
import { tx, type Store } from "../_store"
import { decayedConfidence, LESSON_ARCHIVE_BELOW } from "../lesson-rules"
import type { Actor, WriteContext, WriteResult } from "../types"
import { appendAudit } from "./audit"
import { LESSON, reinforceRow } from "./mutate"
import { nextRev } from "./rev"

export function reinforceLesson(store: Store, id: string, ctx: WriteContext): WriteResult {
  return tx(store, () => {
    const row = store.db
      .query("SELECT project, kind, status FROM memory_items WHERE id = ? AND project = ?")
      .get(id, ctx.project.id) as { project: string; kind: string; status: string } | null
    if (!row || row.kind !== LESSON)
      return { outcome: "refused", code: "not-found", reason: `no lesson ${id} in this project` } as WriteResult
    if (row.status !== "active" && row.status !== "archived")
      return { outcome: "refused", code: "not-found", reason: `lesson ${id} is ${row.status}` } as WriteResult
    reinforceRow(store, id, row.project, ctx.actor)
    return { outcome: "reinforced", id, status: "active" } as WriteResult
  })
}

/** A lesson returned by recall counts as used: its decay so far is frozen into the base and the clock restarts. */
export function touchLessons(store: Store, ids: string[]): void {
  const t = now()
  tx(store, () => {
    for (const id of ids) {
      store.db
        .query(
          "UPDATE memory_items SET base_confidence = confidence, last_used_at = ?, rev = ? WHERE id = ? AND kind = 'lesson'",
        )
        .run(t, nextRev(store), id)
    }
  })
}

/** Apply decay to every lesson of a project (or all projects). Idempotent; returns the changed ids. */
export function decaySweep(store: Store, q: { project?: Project } = {}): { decayed: string[]; archived: string[] } {
  const t = now()
  const actor: Actor = { source: "cli", tool: "decay-sweep" }
  return tx(store, () => {
    const rows = (
      q.project
        ? store.db
            .query(
              "SELECT id, project, confidence, base_confidence, last_used_at, recorded_at FROM memory_items WHERE kind = 'lesson' AND status = 'active' AND project = ?",
            )
            .all(q.project.id)
        : store.db
            .query(
              "SELECT id, project, confidence, base_confidence, last_used_at, recorded_at FROM memory_items WHERE kind = 'lesson' AND status = 'active'",
            )
            .all()
    ) as Array<{
      id: string
      project: string
      confidence: number
      base_confidence: number
      last_used_at: number | null
      recorded_at: number
    }>
    const decayed: string[] = []
    const archived: string[] = []
    for (const r of rows) {
      const target = decayedConfidence(r.base_confidence, r.last_used_at ?? r.recorded_at, t)
      const archive = target < LESSON_ARCHIVE_BELOW
      if (target === r.confidence && !archive) continue
      store.db
        .query(
          `UPDATE memory_items SET confidence = ?, updated_at = ?, rev = ?${archive ? ", status = 'archived', retracted_at = ?" : ""} WHERE id = ?`,
        )
        .run(...(archive ? [target, t, nextRev(store), t, r.id] : [target, t, nextRev(store), r.id]))
      appendAudit(store.db, store.keys, {
        project: r.project,
        item: r.id,
        action: archive ? "archive" : "decay",
        actor,
        detail: `confidence=${target}`,
      })
      ;(archive ? archived : decayed).push(r.id)
    }
    return { decayed, archived }
  })
}
