import { isProblem } from "../keep"
import { BLANK, FRAMEWORK_FRAME, PROGRESS, SEPARATOR, STACK_FRAME } from "./_noise"
import { capRuns, type LineFilter, selection } from "./_select"

/** Drop progress and blank runs; if still long, keep the head and the tail (problems always stay). */
export const genericFilter: LineFilter = (lines) => {
  const sel = selection(lines.length, 1)
  dropNoise(lines, sel.keep)
  dropFrameworkFrames(lines, sel)
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
