import { BLANK, PROGRESS, SEPARATOR } from "./_noise"
import { type LineFilter, selection } from "./_select"
import { oneLinePerItem } from "./_lines"
import { treeFilter } from "./pkg-tree"
import { dropOrphanBlanks } from "./test"

// Per-package lines of installers: what was fetched, linked or built, one by one.
const PER_PACKAGE =
  /^\s*(?:[+-] \S+ \d|\+\s+\S+@|[├└│]|Progress:|Packages: [+-]|\+{5,}|Installing collected packages|Attempting uninstall|Found existing installation|Uninstalling|Successfully uninstalled|Building wheel for|Running setup\.py|Using [\w.-]+ \d|Fetching [\w.-]+ \d|Installing [\w.-]+ \d|npm notice|info (?:There appears|No lockfile|fsevents)|➤ YN\d+: (?:┌|│|└)|\s*at\s)/

/** Package managers: the final summary, warnings, errors and vulnerability lines; per-package chatter counted. */
export const pkgFilter: LineFilter = (lines, ctx) => {
  const [name = "", sub = ""] = ctx.words
  if (["npm", "pnpm", "yarn", "bun"].includes(name) && ["ls", "list", "la", "ll", "why"].includes(sub))
    return treeFilter(lines, ctx)
  if (
    ["pip", "pip3", "uv", "conda", "gem", "brew"].includes(name) &&
    ["list", "freeze"].includes(sub === "pip" ? (ctx.words[2] ?? "") : sub)
  ) {
    return oneLinePerItem(lines, ctx, "packages")
  }
  const sel = selection(lines.length, 1)
  let prevBlank = true
  let perPackage = 0
  let first = -1
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? ""
    const blank = BLANK.test(line)
    if (PER_PACKAGE.test(line)) {
      sel.keep[i] = 0
      perPackage++
      if (first === -1) first = i
    } else if ((blank && prevBlank) || PROGRESS.test(line) || SEPARATOR.test(line)) sel.keep[i] = 0
    prevBlank = blank || !sel.keep[i]
  }
  if (first !== -1) sel.notes.set(first, `… ${perPackage} per-package lines`)
  // the last lines of an installer are its verdict, whatever their wording
  let tail = 0
  for (let i = lines.length - 1; i >= 0 && tail < 3; i--) {
    if (BLANK.test(lines[i] ?? "")) continue
    sel.keep[i] = 1
    tail++
  }
  dropOrphanBlanks(lines, sel.keep)
  return sel
}
