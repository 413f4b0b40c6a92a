import { isProblem } from "../keep"
import { BLANK, FRAMEWORK_FRAME, STACK_FRAME } from "./_noise"
import { capRuns, type LineFilter, selection } from "./_select"

/** Logs: each distinct line shape once (with a count of its repeats); problems and their traces stay. */
export const logsFilter: LineFilter = (lines, ctx) => {
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
    const key = ctx.shape(i)
    const count = seen.get(key) ?? 0
    seen.set(key, count + 1)
    if (count > 0 && !ctx.problem(i)) {
      sel.keep[i] = 0
      repeats++
      if (first === -1) first = i
    }
  }
  capRuns(lines, sel, STACK_FRAME, 6, "stack frames")
  if (first !== -1) sel.notes.set(first, `… ${repeats} repeated lines (same shape, other numbers or times)`)
  return sel
}
