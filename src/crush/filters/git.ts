import { PROGRESS } from "./_noise"
import { type FilterContext, type LineFilter, namesTerm, type Selection, selection } from "./_select"
import { genericFilter } from "./generic"
import { grepFilter } from "./listing"
import { oneLinePerItem } from "./_lines"

/** A file whose diff changes more lines than this is summarised as churn with counts. */
const CHURN_LINES = 200
/** A new or deleted file longer than this is shown as its header and size. */
const WHOLE_FILE_LINES = 40
const STAT_LINE = /^ \S.* \| +(?:\d+ [+-]*|Bin )/

function sizeOf(lines: string[], from: number, end: number): number {
  let n = 0
  for (let i = from; i < end; i++) {
    const l = lines[i] ?? ""
    if ((l.startsWith("+") || l.startsWith("-")) && !l.startsWith("+++") && !l.startsWith("---")) n += l.length
  }
  return n
}
const GENERATED =
  /(?:^|\/)(?:package-lock\.json|pnpm-lock\.yaml|yarn\.lock|bun\.lockb?|Cargo\.lock|poetry\.lock|uv\.lock|Gemfile\.lock|composer\.lock|go\.sum|[^/]+\.min\.(?:js|css)|[^/]+\.map|[^/]+\.snap)$/

export const gitFilter: LineFilter = (lines, ctx) => {
  const sub = subcommand(ctx)
  if (sub === "grep") return grepFilter(lines)
  if (lines.some((l) => STAT_LINE.test(l)) && !lines.some((l) => l.startsWith("diff --git ")))
    return statFilter(lines, ctx)
  if (sub === "diff" || sub === "show" || sub === "stash" || lines.some((l) => l.startsWith("diff --git ")))
    return diffFilter(lines)
  if (sub === "log") return logFilter(lines, ctx)
  if (sub === "status") return statusFilter(lines)
  if (sub === "blame" || sub === "annotate") return blameFilter(lines)
  if (sub === "branch" || sub === "tag") return branchFilter(lines)
  return genericFilter(lines, ctx)
}

function subcommand(ctx: FilterContext): string {
  if (ctx.words[0] !== "git") return ""
  for (let i = 1; i < ctx.words.length; i++) {
    const w = ctx.words[i] ?? ""
    if (w === "-C" || w === "-c") i++
    else if (!w.startsWith("-")) return w
  }
  return ""
}

/** Every changed line of ordinary files; context lines and index lines go; big or generated files become counts. */
function diffFilter(lines: string[]): Selection {
  const sel = selection(lines.length, 0)
  const bodies = new Map<string, string>()
  let fileStart = -1
  const closeFile = (end: number) => {
    if (fileStart === -1) return
    let added = 0
    let removed = 0
    let hunks = 0
    const header = lines[fileStart] ?? ""
    for (let i = fileStart + 1; i < end; i++) {
      const l = lines[i] ?? ""
      if (l.startsWith("+++") || l.startsWith("---")) continue
      if (l.startsWith("@@")) hunks++
      else if (l.startsWith("+")) added++
      else if (l.startsWith("-")) removed++
    }
    const path = /^diff --git a\/(.*?) b\//.exec(header)?.[1] ?? ""
    sel.keep[fileStart] = 1
    const created = /^new file mode/.test(lines[fileStart + 1] ?? "")
    const deleted = /^deleted file mode/.test(lines[fileStart + 1] ?? "")
    if ((created || deleted) && added + removed > WHOLE_FILE_LINES) {
      // a whole file's text: the agent has the file (or had it); its size says what happened
      sel.keep[fileStart + 1] = 1
      const bytes = sizeOf(lines, fileStart + 1, end)
      sel.notes.set(
        fileStart + 2,
        `… ${created ? "new" : "deleted"} file, ${created ? `+${added}` : `−${removed}`} lines (${bytes} bytes) not shown`,
      )
      return
    }
    if (added + removed > CHURN_LINES || GENERATED.test(path)) {
      sel.notes.set(
        fileStart + 1,
        `… +${added} −${removed} lines in ${hunks} hunks of ${path || "this file"} (summarised)`,
      )
      return
    }
    const changed: number[] = []
    for (let i = fileStart + 1; i < end; i++) {
      const l = lines[i] ?? ""
      // `--- a/x` and `+++ b/x` repeat the header's paths; renames and new files keep theirs
      if ((l === `--- a/${path}` || l === `+++ b/${path}`) && path) continue
      if (/^(?:@@|\+|-|Binary files|rename |new file|deleted file|similarity|old mode|new mode|\\ No newline)/.test(l))
        changed.push(i)
    }
    const body = changed
      .filter((i) => !(lines[i] ?? "").startsWith("@@"))
      .map((i) => lines[i])
      .join("\n")
    const twin = bodies.get(body)
    if (twin && body.length > 80) {
      sel.notes.set(fileStart + 1, `… the same +${added} −${removed} lines as in ${twin}`)
      return
    }
    if (path) bodies.set(body, path)
    for (const i of changed) sel.keep[i] = 1
  }
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i] ?? ""
    if (l.startsWith("diff --git ") || l.startsWith("diff --cc ")) {
      closeFile(i)
      fileStart = i
    } else if (/^commit [0-9a-f]{7,}/.test(l)) {
      // git log -p: the next commit's header is not part of the previous file
      closeFile(i)
      fileStart = -1
      sel.keep[i] = 1
    } else if (fileStart === -1) {
      // commit header of git show / log -p: keep all but blank lines
      if (l.trim()) sel.keep[i] = 1
    }
  }
  closeFile(lines.length)
  return sel
}

/** Hash, refs and subject of every commit (never cut at a count); author, date and body lines counted. */
function logFilter(lines: string[], ctx: FilterContext): Selection {
  if (!lines.some((l) => /^commit [0-9a-f]{7,}/.test(l))) return oneLinePerItem(lines, ctx, "commits")
  const sel = selection(lines.length, 0)
  let wantSubject = false
  let first = -1
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i] ?? ""
    if (/^commit [0-9a-f]{7,}/.test(l)) {
      sel.keep[i] = 1
      wantSubject = true
    } else if (wantSubject && /^\s{4}\S/.test(l)) {
      sel.keep[i] = 1
      wantSubject = false
    } else if (first === -1 && l.trim()) first = i
  }
  if (first !== -1) sel.notes.set(first, "… author, date and body lines omitted")
  return sel
}

const LISTED = 20
/** An agent acts on file names: a status lists every path up to this many, then counts by folder. */
const STATUS_PATHS = 300

/** Branch state and every path by state (up to 300); the `(use "git …")` hints go; past that, counts by folder. */
function statusFilter(lines: string[]): Selection {
  const sel = selection(lines.length, 1)
  let listed = 0
  const rest: number[] = []
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i] ?? ""
    if (
      /^\s+\(use "git .*"\)\s*$|^\s+\((?:use|commit or discard|fix conflicts|all conflicts)[^)]*\)\s*$/.test(l) ||
      PROGRESS.test(l)
    ) {
      sel.keep[i] = 0
      continue
    }
    // long format lists paths indented by a tab; porcelain lists `XY path`
    if (!/^\t|^[ MADRCU?!]{2} \S/.test(l) || /^(?:##|On branch|Your branch)/.test(l)) continue
    if (listed++ < STATUS_PATHS) continue
    sel.keep[i] = 0
    rest.push(i)
  }
  if (rest.length) {
    const byDir = new Map<string, number>()
    for (const i of rest) {
      const path = (lines[i] ?? "").trim().replace(/^(?:[\w ]+:\s+|[ MADRCU?!]{1,2} )/, "")
      const dir = path.includes("/") ? path.slice(0, path.lastIndexOf("/") + 1) : "./"
      byDir.set(dir, (byDir.get(dir) ?? 0) + 1)
    }
    const dirs = [...byDir.entries()]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, 10)
      .map(([d, n]) => `${d} ${n}`)
    sel.notes.set(rest[0] as number, `… ${rest.length} more paths past the first ${STATUS_PATHS} (${dirs.join(", ")})`)
  }
  return sel
}

/** Branches and tags: the current one and the first 30, then a count (remote ones grouped by remote). */
function branchFilter(lines: string[]): Selection {
  const sel = selection(lines.length, 1)
  if (lines.length <= LISTED + 20) return sel
  const remotes = new Map<string, number>()
  let dropped = 0
  for (let i = 30; i < lines.length; i++) {
    const l = lines[i] ?? ""
    if (l.startsWith("*")) continue
    sel.keep[i] = 0
    dropped++
    const remote = /^\s*remotes\/([^/]+)\//.exec(l)?.[1] ?? "local"
    remotes.set(remote, (remotes.get(remote) ?? 0) + 1)
  }
  const by = [...remotes.entries()].map(([r, n]) => `${r} ${n}`).join(", ")
  sel.notes.set(30, `… ${dropped} more (${by})`)
  return sel
}

const LISTED_STAT = 30

/** `--stat`: past 30 files, the file lines are counted by folder; the summary line stays. */
function statFilter(lines: string[], ctx: FilterContext): Selection {
  const sel = selection(lines.length, 1)
  const stats = lines.flatMap((l, i) => (STAT_LINE.test(l) ? [i] : []))
  if (stats.length <= LISTED_STAT) return sel
  const byDir = new Map<string, { files: number; changes: number }>()
  let first = -1
  for (const i of stats) {
    const l = lines[i] ?? ""
    if (namesTerm(l, ctx.named)) continue
    const m = /^ (\S.*?)\s+\| +(\d+)?/.exec(l)
    const path = m?.[1] ?? ""
    const parts = path.replace(/^\.\.\.\//, "").split("/")
    const dir = parts.length > 2 ? `${parts.slice(0, 2).join("/")}/` : parts.length === 2 ? `${parts[0]}/` : "./"
    const entry = byDir.get(dir) ?? { files: 0, changes: 0 }
    entry.files++
    entry.changes += Number(m?.[2] ?? 0)
    byDir.set(dir, entry)
    sel.keep[i] = 0
    if (first === -1) first = i
  }
  const dirs = [...byDir.entries()].sort((a, b) => b[1].files - a[1].files || (a[0] < b[0] ? -1 : 1))
  const shown = dirs
    .slice(0, 12)
    .map(([d, e]) => `${d} ${e.files} files, ${e.changes} changes`)
    .join("; ")
  if (first !== -1)
    sel.notes.set(
      first,
      `… ${stats.length} files by folder: ${shown}${dirs.length > 12 ? `; ${dirs.length - 12} more folders` : ""}`,
    )
  return sel
}

/** `git blame`: one line per run of lines from one commit, with the run's line numbers. */
function blameFilter(lines: string[]): Selection {
  const sel = selection(lines.length, 1)
  const commitOf = (l: string) => /^\^?([0-9a-f]{7,40})\b/.exec(l)?.[1]
  let i = 0
  while (i < lines.length) {
    const c = commitOf(lines[i] ?? "")
    let j = i + 1
    while (c && j < lines.length && commitOf(lines[j] ?? "") === c) j++
    if (c && j - i > 2) {
      for (let k = i + 1; k < j; k++) sel.keep[k] = 0
      sel.notes.set(i + 1, `… ${j - i - 1} more lines (${i + 2}–${j}) from ${c}`)
    }
    i = j
  }
  return sel
}
