import { isProblem } from "../keep"
import { BLANK, FRAMEWORK_FRAME, PROGRESS, ROUTINE_LOG, SEPARATOR, STACK_FRAME, TEST_PASS } from "./_noise"
import { capRuns, dropRepeats, keepParents, type LineFilter, selection } from "./_select"

// Build-tool chatter around a test run: task lines, maven/gradle banners, collection headers.
export const TEST_CHATTER =
  /^(?:> Task :\S+(?: (?:UP-TO-DATE|NO-SOURCE|SKIPPED|FROM-CACHE))?\s*$|\[INFO\] (?!.*(?:Tests run|BUILD|ERROR|FAIL|Reactor|Total time|Results))|collecting \.\.\.\s*$|platform \w+ -- Python|cachedir:|rootdir:|plugins:|configfile:|Running [\w.]+$|\s*Running (?:unittests|tests)\b|\s*Doc-tests\b|\s*RUNS? |\s*Determining test suites)/

// A line that reports a failure is never taken for a pass, whatever else it carries (a duration, a ✓ elsewhere).
export const FAILING = /\bFAIL(?:ED|URE|S)?\b|[✗✕×✘❌]|\bERROR\b|\bpanicked\b|\bTIMEOUT\b|\bTIMED OUT\b/
const PYTEST_SOURCE = /^ {4}(?![ ]*[>E] )/

/** Failures in full (with assertion and location); passing tests, progress and banners counted away. */
export const testFilter: LineFilter = (lines, ctx) => {
  const sel = selection(lines.length, 1)
  // rspec's documentation format prints each passing example as a bare indented line
  const rspecDoc =
    ctx.words[0] === "rspec" &&
    ctx.words.some(
      (w, i) =>
        w === "-fd" || /^--format=d/.test(w) || ((w === "--format" || w === "-f") && /^d/.test(ctx.words[i + 1] ?? "")),
    )
  let beforeFailures = true
  let passes = 0
  let firstPass = -1
  let prevBlank = true
  let pytestFailures = false
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? ""
    const blank = BLANK.test(line)
    if (/^(?:Failures|Pending):\s*$/.test(line)) beforeFailures = false
    if (rspecDoc && beforeFailures && /^\s{2,}\S/.test(line) && !FAILING.test(line) && !/\(PENDING/.test(line)) {
      sel.keep[i] = 0
      passes++
      if (firstPass === -1) firstPass = i
      prevBlank = true
      continue
    }
    if (/^={3,} (?:FAILURES|ERRORS) =+$/.test(line)) pytestFailures = true
    else if (/^={3,} /.test(line)) pytestFailures = false
    if (pytestFailures && PYTEST_SOURCE.test(line) && !isProblem(line)) {
      // pytest prints the failing test's source; the `>` line, the `E` lines and the location stay
      sel.keep[i] = 0
    } else if (FAILING.test(line)) {
      sel.keep[i] = 1
    } else if (TEST_PASS.test(line)) {
      sel.keep[i] = 0
      passes++
      if (firstPass === -1) firstPass = i
    } else if (
      (blank && prevBlank) ||
      PROGRESS.test(line) ||
      SEPARATOR.test(line) ||
      TEST_CHATTER.test(line) ||
      ROUTINE_LOG.test(line)
    ) {
      sel.keep[i] = 0
    } else if (STACK_FRAME.test(line) && FRAMEWORK_FRAME.test(line)) {
      sel.keep[i] = 0
    }
    prevBlank = blank || !sel.keep[i]
  }
  passes += dropTapPasses(lines, sel.keep)
  if (firstPass !== -1) sel.notes.set(firstPass, `… ${passes} passing test lines`)
  capRuns(lines, sel, STACK_FRAME, 8, "stack frames")
  dropRepeats(lines, sel, isProblem)
  dropOrphanBlanks(lines, sel.keep)
  keepParents(lines, sel)
  return sel
}

/** A blank line whose neighbours are both gone separates nothing. */
export function dropOrphanBlanks(lines: string[], keep: Uint8Array): void {
  for (let i = 0; i < lines.length; i++) {
    if (!keep[i] || !BLANK.test(lines[i] ?? "")) continue
    let prev = i - 1
    while (prev >= 0 && !keep[prev]) prev--
    if (prev < 0 || BLANK.test(lines[prev] ?? "")) keep[i] = 0
  }
}

/** TAP (node --test, tape): a passing test's `# Subtest:` header and its YAML block (`---` … `...`) go with it. */
function dropTapPasses(lines: string[], keep: Uint8Array): number {
  let dropped = 0
  for (let i = 0; i < lines.length; i++) {
    const ok = /^(\s*)ok \d+\b/.exec(lines[i] ?? "")
    if (!ok) continue
    const indent = ok[1] ?? ""
    if (i > 0 && (lines[i - 1] ?? "") === `${indent}# Subtest: ${(lines[i] ?? "").replace(/^\s*ok \d+ - /, "")}`)
      keep[i - 1] = 0
    if ((lines[i + 1] ?? "") !== `${indent}  ---`) continue
    let j = i + 2
    while (j < lines.length && j - i < 50 && (lines[j] ?? "") !== `${indent}  ...`) j++
    if (j - i >= 50 || j >= lines.length) continue
    for (let k = i + 1; k <= j; k++)
      if (keep[k]) {
        keep[k] = 0
        dropped++
      }
  }
  return dropped
}
