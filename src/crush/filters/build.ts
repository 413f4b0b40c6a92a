import { isProblem } from "../keep"
import { BLANK, PROGRESS, ROUTINE_LOG, SEPARATOR, STACK_FRAME, TEST_PASS } from "./_noise"
import { capRuns, dropRepeatedBlocks, dropRepeats, keepParents, type LineFilter, selection } from "./_select"
import { dropOrphanBlanks, TEST_CHATTER } from "./test"

const CHATTER =
  /^(?:> Task :\S+(?: (?:UP-TO-DATE|NO-SOURCE|SKIPPED|FROM-CACHE))?\s*$|> Configure project|\[INFO\] (?!.*(?:BUILD|ERROR|FAIL|Reactor|Total time|Tests run|WARN))|\s*(?:asset|orphan modules|runtime modules|cacheable modules|modules by path|javascript modules|\.\/\S+ \d+(?:\.\d+)? [KMG]?i?B)\b|\s*Creating an optimized production build|\s*Collecting page data|\s*Generating static pages|\s*Finalizing page optimization|\s*transforming \(\d+\)|\s*rendering chunks|\s*computing gzip size|\s*✓ \d+ modules transformed|\s*(?:Linting|Type checking) (?:and checking validity of types|\.\.\.)?\s*$|(?:CC|CXX|LD|AR|AS|GEN|CCLD)\s+\S+$|(?:[\w./-]*-)?(?:gcc|g\+\+|cc|c\+\+|clang|clang\+\+|ld|ar|nvcc|javac|ccache)\s+-\S.*$|make\[\d+\]: (?:Entering|Leaving) directory|\[\s*\d+%\] (?:Building|Linking|Built target|Scanning)|-- (?:Configuring|Generating|Build files|Detecting|Check for|Looking for|Found|Performing))/
// Gradle's dependency report and similar trees: the tree body under each configuration header.
const TREE_BODY = /^[|\\+ ]*[+\\]--- |^\|\s{2,}|^[│ ]*[├└]── |^│\s/
// rustc/clippy boilerplate repeated under every diagnostic
const BOILERPLATE =
  /^\s*= (?:help: for further information visit|note: `-[DW] [\w:-]+` implied by|help: to override `-D warnings`|note: `#\[(?:warn|deny)\([\w:]+\)\]` on by default)/
const DIAGNOSTIC_CONTEXT = /^\s*(?:\||\d+\s*\||=\s*(?:note|help)|-->|\^+|~+\^?|\.{3})/

/** Diagnostics with their location; progress, banners and tree bodies counted away. */
export const buildFilter: LineFilter = (lines) => {
  const sel = selection(lines.length, 1)
  let prevBlank = true
  let inWarning = false
  let treeRun = 0
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? ""
    const blank = BLANK.test(line)
    if (/^(?:warning|warn)(?:\[\w+\])?:/i.test(line.trimStart())) inWarning = true
    else if (/^error(?:\[\w+\])?:/i.test(line.trimStart()) || blank) inWarning = false
    let drop: boolean =
      (blank && prevBlank) ||
      PROGRESS.test(line) ||
      SEPARATOR.test(line) ||
      CHATTER.test(line) ||
      BOILERPLATE.test(line) ||
      ROUTINE_LOG.test(line) ||
      TEST_PASS.test(line) ||
      TEST_CHATTER.test(line)
    // a warning keeps its headline and location; its code excerpt goes (errors keep theirs)
    if (!drop && inWarning && DIAGNOSTIC_CONTEXT.test(line) && !/-->/.test(line) && !isProblem(line)) drop = true
    if (!drop && TREE_BODY.test(line) && !isProblem(line)) {
      drop = true
      if (treeRun === 0) sel.notes.set(i, "… dependency tree lines")
      treeRun++
    } else if (treeRun) {
      noteCount(sel, i, treeRun, "tree lines")
      treeRun = 0
    }
    if (drop) sel.keep[i] = 0
    prevBlank = blank || drop
  }
  if (treeRun) noteCount(sel, lines.length, treeRun, "tree lines")
  capRuns(lines, sel, STACK_FRAME, 8, "stack frames")
  // a diagnostic printed twice (several targets, watch rebuilds) is shown once
  dropRepeats(lines, sel, () => false)
  dropRepeatedBlocks(lines, sel)
  dropOrphanBlanks(lines, sel.keep)
  keepParents(lines, sel)
  return sel
}

function noteCount(sel: ReturnType<typeof selection>, end: number, n: number, what: string): void {
  sel.notes.set(end - n, `… ${n} ${what}`)
}
