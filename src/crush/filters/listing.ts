import { type FilterContext, type LineFilter, namesTerm, type Selection, selection } from "./_select"

const SHOW = 40
const TAIL = 5
const SEARCHERS = new Set(["grep", "egrep", "fgrep", "rg", "ag", "ack"])

/** Listings: the first and last entries, lines naming what the command named, then counts by folder and extension. */
export const listingFilter: LineFilter = (lines, ctx) => {
  if (SEARCHERS.has(ctx.words[0] ?? "")) return grepFilter(lines)
  const sel = selection(lines.length, 1)
  if (lines.length <= SHOW + TAIL + 10) return sel
  const byDir = new Map<string, number>()
  const byExt = new Map<string, number>()
  // `ls -R` names each folder before its entries: the folder lines stay, they are the map
  const recursive = ctx.words[0] === "ls" && ctx.words.some((w) => /^-\w*R/.test(w))
  let dropped = 0
  for (let i = SHOW; i < lines.length - TAIL; i++) {
    const l = (lines[i] ?? "").trim()
    if (namesTerm(l, ctx.named) || (recursive && /^\S.*:$/.test(l))) continue
    sel.keep[i] = 0
    dropped++
    const path = l.split(/\s+/).at(-1) ?? l
    const dir = path.includes("/") ? path.split("/").slice(0, 2).join("/") : "."
    const ext = /\.([\w]{1,8})$/.exec(path)?.[1] ?? "(none)"
    byDir.set(dir, (byDir.get(dir) ?? 0) + 1)
    byExt.set(ext, (byExt.get(ext) ?? 0) + 1)
  }
  sel.notes.set(SHOW, `… ${dropped} more entries; by folder: ${top(byDir)}; by extension: ${top(byExt)}`)
  return sel
}

const top = (m: Map<string, number>) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 8)
    .map(([k, v]) => `${k} ${v}`)
    .join(", ")

const PER_FILE = 3
const MATCH = /^([^:\s][^:]*?):(\d+)[:-]/

/** `grep -rn`: matches grouped by file, the first few of each file kept, the rest counted per file. */
export function grepFilter(lines: string[]): Selection {
  const sel = selection(lines.length, 1)
  const seen = new Map<string, { n: number; first: number }>()
  for (let i = 0; i < lines.length; i++) {
    const file = MATCH.exec(lines[i] ?? "")?.[1]
    if (!file) continue
    const entry = seen.get(file) ?? { n: 0, first: -1 }
    entry.n++
    seen.set(file, entry)
    if (entry.n <= PER_FILE) continue
    sel.keep[i] = 0
    if (entry.first === -1) entry.first = i
  }
  for (const [file, { n, first }] of seen)
    if (first !== -1) sel.notes.set(first, `… ${n - PER_FILE} more matches in ${file}`)
  return sel
}

export type { FilterContext }
