import { DAY, WEEK } from "../core/clock"

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

/** Decayed confidence of a lesson at time `t`, from its confidence at the last use. */
export function decayedConfidence(base: number, lastUse: number, t: number): number {
  const idle = t - lastUse - LESSON_GRACE_MS
  const weeks = idle > 0 ? Math.floor(idle / WEEK) : 0
  return Math.max(0, Math.round((base - weeks * LESSON_DECAY_PER_WEEK) * 1000) / 1000)
}
