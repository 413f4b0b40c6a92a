import { now, DAY, WEEK } from "../core/clock"
import type { Project } from "../core/project"
import { appendAudit } from "./audit"
import { recall } from "./recall"
import { nextRev, tx, type Store } from "./_store"
import { LESSON, reinforceRow } from "./write/mutate"
import { writeItem } from "./write/item"
import type { Actor, RecallItem, WriteContext, WriteResult } from "./types"

/**
 * Lessons: default confidence 0.7, +0.15 per reinforcement (capped at 1), and after 30 days
 * without use 0.05 lost per full week, measured from the last use. The sweep derives confidence
 * from the value at the last use, so running it any number of times gives the same result.
 * Below 0.2 a lesson is archived; reinforcement revives it.
 */
export const LESSON_DEFAULT_CONFIDENCE = 0.7
export const LESSON_DECAY_PER_WEEK = 0.05
export const LESSON_GRACE_MS = 30 * DAY
export const LESSON_ARCHIVE_BELOW = 0.2

export interface LessonInput {
  title?: string
  body: string
  entities?: string[]
  tags?: string[]
  confidence?: number
  scope?: "project" | "global"
}

export function saveLesson(store: Store, input: LessonInput, ctx: WriteContext): WriteResult {
  return writeItem(store, { kind: LESSON, ...input, confidence: input.confidence ?? LESSON_DEFAULT_CONFIDENCE }, ctx)
}

/** Decayed confidence of a lesson at time `t`, from its confidence at the last use. */
export function decayedConfidence(base: number, lastUse: number, t: number): number {
  const idle = t - lastUse - LESSON_GRACE_MS
  const weeks = idle > 0 ? Math.floor(idle / WEEK) : 0
  return Math.max(0, Math.round((base - weeks * LESSON_DECAY_PER_WEEK) * 1000) / 1000)
}

export function reinforceLesson(store: Store, id: string, ctx: WriteContext): WriteResult {
  return tx(store, () => {
    const row = store.db.query("SELECT project, kind, status FROM memory_items WHERE id = ? AND project = ?").get(id, ctx.project.id) as
      | { project: string; kind: string; status: string }
      | null
    if (!row || row.kind !== LESSON) return { outcome: "refused", code: "not-found", reason: `no lesson ${id} in this project` } as WriteResult
    if (row.status !== "active" && row.status !== "archived") return { outcome: "refused", code: "not-found", reason: `lesson ${id} is ${row.status}` } as WriteResult
    reinforceRow(store, id, row.project, ctx.actor)
    return { outcome: "reinforced", id, status: "active" } as WriteResult
  })
}

/** Ranked lessons for a query; returning a lesson counts as a use and restarts its decay clock. */
export function recallLessons(store: Store, q: { project: Project; query: string; minConfidence?: number; limit?: number }, actor: Actor): RecallItem[] {
  const found = recall(store, { project: q.project, query: q.query, kinds: [LESSON], limit: q.limit ?? 10, tokenCap: Number.MAX_SAFE_INTEGER })
  const lessons = found.items.filter((v) => v.confidence >= (q.minConfidence ?? LESSON_ARCHIVE_BELOW))
  if (lessons.length) touch(store, lessons.map((l) => ({ id: l.id, project: l.project.id })), actor)
  return lessons
}

function touch(store: Store, items: Array<{ id: string; project: string }>, actor: Actor): void {
  const t = now()
  tx(store, () => {
    for (const it of items) {
      // freeze the decay so far into the base, then restart the clock
      store.db.query("UPDATE memory_items SET base_confidence = confidence, last_used_at = ?, rev = ? WHERE id = ? AND kind = 'lesson'").run(t, nextRev(store), it.id)
    }
    void actor
  })
}

/** Apply decay to every lesson of a project (or all projects). Idempotent; returns the changed ids. */
export function decaySweep(store: Store, q: { project?: Project } = {}): { decayed: string[]; archived: string[] } {
  const t = now()
  const actor: Actor = { source: "cli", tool: "decay-sweep" }
  return tx(store, () => {
    const rows = (q.project
      ? store.db.query("SELECT id, project, confidence, base_confidence, last_used_at, recorded_at FROM memory_items WHERE kind = 'lesson' AND status = 'active' AND project = ?").all(q.project.id)
      : store.db.query("SELECT id, project, confidence, base_confidence, last_used_at, recorded_at FROM memory_items WHERE kind = 'lesson' AND status = 'active'").all()) as Array<{
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
        .query(`UPDATE memory_items SET confidence = ?, updated_at = ?, rev = ?${archive ? ", status = 'archived', retracted_at = ?" : ""} WHERE id = ?`)
        .run(...(archive ? [target, t, nextRev(store), t, r.id] : [target, t, nextRev(store), r.id]))
      appendAudit(store.db, store.keys, { project: r.project, item: r.id, action: archive ? "archive" : "decay", actor, detail: `confidence=${target}` })
      ;(archive ? archived : decayed).push(r.id)
    }
    return { decayed, archived }
  })
}
