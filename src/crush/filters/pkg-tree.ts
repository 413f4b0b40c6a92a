import { isProblem } from "../keep"
import { type FilterContext, namesTerm, noteRuns, type Selection, selection } from "./_select"

// `├── x@1`, `│ └─┬ y@2`, `+-- z@3` (npm 6), `` `-- `` : the connector's column is the depth
const CONNECTOR = /[├└+`][─-]{1,2}[┬─-]? /

/**
 * `npm ls`, `pnpm ls`, `yarn list`: the root and every direct dependency (their installed versions),
 * every problem line (invalid, UNMET, missing, extraneous) and every line naming a package the
 * command named, with the tree lines above them; deeper levels are counted.
 */
export function treeFilter(lines: string[], ctx: FilterContext): Selection {
  const sel = selection(lines.length, 1)
  const depth = (l: string) => {
    const m = CONNECTOR.exec(l)
    return m ? Math.floor(m.index / 2) : -1
  }
  const stack: number[] = []
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i] ?? ""
    const d = depth(l)
    if (d <= 0) continue
    stack.length = d
    stack[d - 1] = i
    if (isProblem(l) || namesTerm(l.replace(/^[\s│├└─┬+`|-]+/, ""), ctx.named)) {
      // its ancestors say where in the tree it sits
      for (let k = 0; k < d; k++) if (stack[k] !== undefined) sel.keep[stack[k] as number] = 1
      continue
    }
    sel.keep[i] = 0
  }
  noteRuns(sel, "deeper tree lines")
  return sel
}
