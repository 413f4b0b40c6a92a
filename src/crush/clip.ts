/** Lines longer than this are cut to windows around what matters (minified bundles, one-line JSON). */
export const LONG_LINE = 4096
const KEYWORD = /error|err!|fatal|panic|exception|traceback|fail|warn/gi
const BEFORE = 200
const AFTER = 600
const MAX_WINDOWS = 20

export function clipLine(line: string): string {
  const windows: Array<[number, number]> = [[0, 300]]
  for (const m of line.matchAll(KEYWORD)) {
    const last = windows.at(-1) as [number, number]
    const start = Math.max(0, m.index - BEFORE)
    if (start <= last[1]) last[1] = Math.max(last[1], m.index + AFTER)
    else if (windows.length < MAX_WINDOWS) windows.push([start, m.index + AFTER])
    else break
  }
  const tailStart = Math.max(0, line.length - 200)
  const last = windows.at(-1) as [number, number]
  if (tailStart <= last[1]) last[1] = line.length
  else windows.push([tailStart, line.length])
  let out = ""
  let pos = 0
  for (const [a, b] of windows) {
    if (a > pos) out += ` …[${a - pos} chars]… `
    out += line.slice(Math.max(a, pos), Math.min(b, line.length))
    pos = Math.min(b, line.length)
  }
  if (pos < line.length) out += ` …[${line.length - pos} chars]…`
  return out
}
