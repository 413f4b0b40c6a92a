import { type LineFilter, selection } from "./_select"

const SHOW = 40

/** Listings: the first entries, then counts of the rest by folder and by extension. */
export const listingFilter: LineFilter = (lines) => {
  const sel = selection(lines.length, 1)
  if (lines.length <= SHOW + 10) return sel
  const byDir = new Map<string, number>()
  const byExt = new Map<string, number>()
  for (let i = SHOW; i < lines.length; i++) {
    const l = (lines[i] ?? "").trim()
    sel.keep[i] = 0
    const path = l.split(/\s+/).at(-1) ?? l
    const dir = path.includes("/") ? path.split("/").slice(0, 2).join("/") : "."
    const ext = /\.([\w]{1,8})$/.exec(path)?.[1] ?? "(none)"
    byDir.set(dir, (byDir.get(dir) ?? 0) + 1)
    byExt.set(ext, (byExt.get(ext) ?? 0) + 1)
  }
  const top = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 8).map(([k, v]) => `${k} ${v}`).join(", ")
  sel.notes.set(SHOW, `… ${lines.length - SHOW} more entries; by folder: ${top(byDir)}; by extension: ${top(byExt)}`)
  return sel
}
