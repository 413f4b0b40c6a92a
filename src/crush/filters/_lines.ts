import { type FilterContext, namesTerm, type Selection, selection } from "./_select"

const HEAD = 30
const TAIL = 10

/**
 * One item per line (`git log --oneline`, `pip list`, `npm ls`): the first and last items, every
 * line naming what the command named (a package, a `--grep` pattern), and a count of the rest.
 */
export function oneLinePerItem(lines: string[], ctx: FilterContext, what: string): Selection {
  const sel = selection(lines.length, 1)
  if (lines.length <= HEAD + TAIL + 10) return sel
  let dropped = 0
  for (let i = HEAD; i < lines.length - TAIL; i++) {
    if (namesTerm(lines[i] ?? "", ctx.named)) continue
    sel.keep[i] = 0
    dropped++
  }
  sel.notes.set(
    HEAD,
    `… ${dropped} more ${what} (lines ${HEAD + 1}–${lines.length - TAIL} of ${lines.length}, less any named above)`,
  )
  return sel
}
