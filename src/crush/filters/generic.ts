import { BLANK, FRAMEWORK_FRAME, PROGRESS, SEPARATOR, STACK_FRAME } from "./_noise"
import { capRuns, type FilterContext, type LineFilter, selection } from "./_select"
import { isProblem } from "../keep"

/** Drop progress and blank runs; if still long, keep the head and the tail (problems always stay). */
export const genericFilter: LineFilter = (lines, ctx) => {
  const sel = selection(lines.length, 1)
  dropNoise(lines, sel.keep)
  dropFrameworkFrames(lines, sel)
  collapseSimilar(lines, sel, ctx)
  const kept = sel.keep.reduce((n, k) => n + k, 0)
  if (kept > 80) {
    let seen = 0
    for (let i = 0; i < lines.length; i++) {
      if (!sel.keep[i]) continue
      seen++
      if (seen > 30 && seen <= kept - 30) sel.keep[i] = 0
    }
  }
  return sel
}

/** Progress lines, separators and repeated blank lines go; the first blank of a run stays. */
export function dropNoise(lines: string[], keep: Uint8Array): void {
  let prevBlank = true
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? ""
    const blank = BLANK.test(line)
    if ((blank && prevBlank) || PROGRESS.test(line) || SEPARATOR.test(line)) keep[i] = 0
    prevBlank = blank
  }
}

/** Stack traces: the project's frames (a few per trace) stay, the framework's go. */
export function dropFrameworkFrames(lines: string[], sel: ReturnType<typeof selection>): void {
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i] ?? ""
    if (sel.keep[i] && STACK_FRAME.test(l) && FRAMEWORK_FRAME.test(l) && !isProblem(l)) sel.keep[i] = 0
  }
  capRuns(lines, sel, STACK_FRAME, 6, "stack frames")
}

/** Runs of lines of one shape (same text but numbers, times, ids): the first and last stay. */
export function collapseSimilar(lines: string[], sel: ReturnType<typeof selection>, ctx: FilterContext): void {
  let i = 0
  while (i < lines.length) {
    if (!sel.keep[i] || !(lines[i] ?? "").trim()) {
      i++
      continue
    }
    const shape = ctx.shape(i)
    let j = i + 1
    while (j < lines.length && sel.keep[j] && ctx.shape(j) === shape) j++
    if (j - i >= 4) {
      for (let k = i + 1; k < j - 1; k++) if (!ctx.problem(k)) sel.keep[k] = 0
      sel.notes.set(i + 1, `… ${j - i - 2} similar lines`)
    }
    i = j
  }
}
