import { isProblem } from "../keep"
import { BLANK, FRAMEWORK_FRAME, STACK_FRAME } from "./_noise"
import { capRuns, type LineFilter, selection } from "./_select"

// Timestamps, durations, ids and numbers vary between otherwise identical lines.
const VOLATILE = [
  /\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?/g,
  /\b\d{2}:\d{2}:\d{2}(?:[.,]\d+)?\b/g,
  /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi,
  /\b0x[0-9a-f]+\b|\b[0-9a-f]{12,}\b/gi,
  /\d+/g,
]

export function template(line: string): string {
  let t = line
  for (const re of VOLATILE) t = t.replace(re, "#")
  return t
}

/** Logs: each distinct line shape once (with a count of its repeats); problems and their traces stay. */
export const logsFilter: LineFilter = (lines) => {
  const sel = selection(lines.length, 1)
  const seen = new Map<string, number>()
  let repeats = 0
  let first = -1
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i] ?? ""
    if (BLANK.test(l)) {
      if (i > 0 && BLANK.test(lines[i - 1] ?? "")) sel.keep[i] = 0
      continue
    }
    if (STACK_FRAME.test(l)) {
      if (FRAMEWORK_FRAME.test(l) && !isProblem(l)) sel.keep[i] = 0
      continue
    }
    const key = template(l)
    const count = seen.get(key) ?? 0
    seen.set(key, count + 1)
    if (count > 0 && !isProblem(l)) {
      sel.keep[i] = 0
      repeats++
      if (first === -1) first = i
    }
  }
  capRuns(lines, sel, STACK_FRAME, 6, "stack frames")
  if (first !== -1) sel.notes.set(first, `… ${repeats} repeated lines (same shape, other numbers or times)`)
  return sel
}
