import { isProblem } from "../keep"
import { BLANK, FRAMEWORK_FRAME, isFrame } from "./_noise"
import { capRuns, type LineFilter, selection } from "./_select"
import { ValueList, valueKey } from "./_values"

/** A shape of trouble (`job #: tenant # not found`) keeps this many distinct lines; the rest are listed by value. */
const TROUBLE_LINES = 5
const ROUTINE_LEVEL = /^(?:\S+\s+){0,3}?[[<(]?(?:INFO|DEBUG|TRACE|FINE|FINER|VERBOSE|NOTICE)\b/

/**
 * Logs: each distinct line shape once (with a count of its repeats); problems and their traces stay;
 * lines reporting trouble keep every distinct value of their ids, as lines or listed in a note.
 */
export const logsFilter: LineFilter = (lines, ctx) => {
  const sel = selection(lines.length, 1)
  const seen = new Map<string, number>()
  const kinds = new Map<string, Set<string>>()
  const lists = new Map<string, { list: ValueList; at: number }>()
  let repeats = 0
  let first = -1
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i] ?? ""
    if (BLANK.test(l)) {
      if (i > 0 && BLANK.test(lines[i - 1] ?? "")) sel.keep[i] = 0
      continue
    }
    // a frame is known by its shape, wherever it stands (a sorted or interleaved log moves it)
    if (isFrame(l)) {
      if (FRAMEWORK_FRAME.test(l) && !isProblem(l)) sel.keep[i] = 0
      continue
    }
    // trouble in other words counts unless the line says it is routine (an INFO line that mentions `missing`)
    const trouble = ctx.problem(i) || (ctx.trouble(i) && !ROUTINE_LEVEL.test(l))
    const key = trouble ? `${ctx.shape(i)}\u0000!` : ctx.shape(i)
    const count = seen.get(key) ?? 0
    seen.set(key, count + 1)
    if (count === 0) {
      if (trouble) kinds.set(key, new Set([valueKey(l)]))
      continue
    }
    if (ctx.problem(i)) continue
    if (trouble) {
      const distinct = kinds.get(key) as Set<string>
      const values = valueKey(l)
      if (!distinct.has(values) && distinct.size < TROUBLE_LINES) {
        distinct.add(values)
        continue
      }
      sel.keep[i] = 0
      if (distinct.has(values)) {
        repeats++
        if (first === -1) first = i
        continue
      }
      let entry = lists.get(key)
      if (!entry) lists.set(key, (entry = { list: new ValueList(l), at: i }))
      entry.list.add(l)
      continue
    }
    sel.keep[i] = 0
    repeats++
    if (first === -1) first = i
  }
  capRuns(lines, sel, isFrame, 6, "stack frames")
  if (first !== -1) sel.notes.set(first, `… ${repeats} repeated lines (same shape, other numbers or times)`)
  for (const { list, at } of lists.values()) sel.notes.set(at, list.note())
  return sel
}
