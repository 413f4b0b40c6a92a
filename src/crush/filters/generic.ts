import { BLANK, FRAMEWORK_FRAME, PROGRESS, SEPARATOR, STACK_FRAME } from "./_noise"
import { capRuns, type FilterContext, type LineFilter, selection } from "./_select"
import { isProblem } from "../keep"
import { ValueList } from "./_values"

/** Drop progress and blank runs; if still long, keep the head and the tail (problems always stay). */
export const genericFilter: LineFilter = (lines, ctx) => {
  const sel = selection(lines.length, 1)
  dropNoise(lines, sel.keep)
  dropFrameworkFrames(lines, sel)
  collapseSimilar(lines, sel, ctx)
  const kept = sel.keep.reduce((n, k) => n + k, 0)
  if (kept > 80) {
    let seen = 0
    const lists = new Map<string, { list: ValueList; at: number; shown: number }>()
    for (let i = 0; i < lines.length; i++) {
      if (!sel.keep[i]) continue
      seen++
      if (seen <= 30 || seen > kept - 30) continue
      sel.keep[i] = 0
      const l = lines[i] ?? ""
      // the middle goes, but trouble keeps a few lines per shape and the ids of the rest
      if (!ctx.trouble(i)) continue
      let entry = lists.get(ctx.shape(i))
      if (!entry) lists.set(ctx.shape(i), (entry = { list: new ValueList(l), at: -1, shown: 0 }))
      if (entry.shown < 3) {
        entry.shown++
        sel.keep[i] = 1
        continue
      }
      if (entry.at === -1) entry.at = i
      entry.list.add(l)
    }
    for (const { list, at } of lists.values()) if (at !== -1) sel.notes.set(at, list.note())
  }
  return sel
}

/** Progress lines, separators and repeated blank lines go; the first blank of a run stays. */
function dropNoise(lines: string[], keep: Uint8Array): void {
  let prevBlank = true
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? ""
    const blank = BLANK.test(line)
    if ((blank && prevBlank) || PROGRESS.test(line) || SEPARATOR.test(line)) keep[i] = 0
    prevBlank = blank
  }
}

/** Stack traces: the project's frames (a few per trace) stay, the framework's go. */
function dropFrameworkFrames(lines: string[], sel: ReturnType<typeof selection>): void {
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i] ?? ""
    if (sel.keep[i] && STACK_FRAME.test(l) && FRAMEWORK_FRAME.test(l) && !isProblem(l)) sel.keep[i] = 0
  }
  capRuns(lines, sel, STACK_FRAME, 6, "stack frames")
}

/** Runs of lines of one shape (same text but numbers, times, ids): the first and last stay. */
function collapseSimilar(lines: string[], sel: ReturnType<typeof selection>, ctx: FilterContext): void {
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
      // lines reporting trouble (`job 17: tenant 3 not found`) list the values they differed in
      let trouble = false
      for (let k = i + 1; k < j - 1; k++) {
        if (ctx.problem(k)) continue
        sel.keep[k] = 0
        trouble ||= ctx.trouble(k)
      }
      // values are worked out only for trouble: routine runs are just counted
      let note = `… ${j - i - 2} similar lines`
      if (trouble) {
        const list = new ValueList(lines[i + 1] ?? "")
        for (let k = i + 1; k < j - 1; k++) if (!sel.keep[k]) list.add(lines[k] ?? "")
        note = list.note()
      }
      sel.notes.set(i + 1, note)
    }
    i = j
  }
}
