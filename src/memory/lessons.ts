import type { Project } from "../core/project"
import { recall } from "./recall"
import type { Store } from "./_store"
import { LESSON } from "./write/mutate"
import { touchLessons } from "./write/lessons"
import { LESSON_ARCHIVE_BELOW, LESSON_DEFAULT_CONFIDENCE } from "./lesson-rules"
import { writeItem } from "./write/item"
import type { Actor, RecallItem, WriteContext, WriteResult } from "./types"

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

/** Ranked lessons for a query; returning a lesson counts as a use and restarts its decay clock. */
export function recallLessons(
  store: Store,
  q: { project: Project; query: string; minConfidence?: number; limit?: number },
  _actor: Actor,
): RecallItem[] {
  const found = recall(store, {
    project: q.project,
    query: q.query,
    kinds: [LESSON],
    limit: q.limit ?? 10,
    tokenCap: Number.MAX_SAFE_INTEGER,
  })
  const lessons = found.items.filter((v) => v.confidence >= (q.minConfidence ?? LESSON_ARCHIVE_BELOW))
  if (lessons.length)
    touchLessons(
      store,
      lessons.map((l) => l.id),
    )
  return lessons
}

export { decaySweep, reinforceLesson } from "./write/lessons"
export {
  decayedConfidence,
  LESSON_ARCHIVE_BELOW,
  LESSON_DECAY_PER_WEEK,
  LESSON_DEFAULT_CONFIDENCE,
  LESSON_GRACE_MS,
} from "./lesson-rules"
