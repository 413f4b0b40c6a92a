import { isProblem } from "../keep"
import { type LineFilter, noteRuns, selection } from "./_select"

const HEALTHY =
  /\b(?:Running|Up \d+|Up About|Up Less|Completed|Succeeded|Ready|Active|Bound|deployed|Healthy|True|Normal)\b/
const SAMPLE = 10

/** Tables: header, every unhealthy row, a sample of healthy ones, and a count of the rest. */
export const tableFilter: LineFilter = (lines) => {
  const sel = selection(lines.length, 1)
  const rows = lines.length - 1
  if (rows <= SAMPLE * 2) return sel
  let healthy = 0
  for (let i = 1; i < lines.length; i++) {
    const l = lines[i] ?? ""
    if (
      !HEALTHY.test(l) ||
      isProblem(l) ||
      /\b(?:CrashLoop|Pending|Exited \([1-9]|Evicted|OOMKilled|Unknown|Terminating|ImagePull|BackOff|NotReady|[1-9]\d* restarts?)/i.test(
        l,
      )
    )
      continue
    healthy++
    if (healthy > SAMPLE) sel.keep[i] = 0
  }
  noteRuns(sel, "more healthy rows")
  return sel
}
