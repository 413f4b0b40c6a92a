/**
 * The invariant's definition: which lines must survive every filter verbatim. Errors, warnings,
 * failures, diagnostics and summary lines of the common tools. The pipeline enforces it after
 * each filter, so a filter that forgets a line cannot lose it.
 */
// \b, not a lookbehind: lookbehinds keep the regex off the JIT, which costs 3x on big logs
const KEYWORD =
  /\b(?:error|err!|fatal|panic|panicked|exception|traceback|failed|failure|fail:|failing|warning|warn|critical|denied|aborted|abort|vulnerabilit(?:y|ies)|deprecated)(?!\w)/i
const CLASS_NAME = /\w(?:Error|Exception)\b|\b[A-Z][A-Za-z0-9]*(?:Failure|Panic)\b/
// version conflicts and missing dependencies (npm ls, pip check, peer dependencies)
const DEPENDENCY =
  /\binvalid: |\bUNMET (?:OPTIONAL |PEER )?DEPENDENCY\b|\bextraneous\b|\bmissing: |\bpeer dep missing\b|\bELSPROBLEMS\b|\bconflict(?:s|ing)?\b|\bincompatible\b|, but you have |which is not installed/i
// bounded repeats: an unbounded path class backtracks quadratically on a long line without dots
const DIAGNOSTIC =
  /(?:^|[\s('"])[\w./\\@~+-]{1,300}\.\w{1,12}:\d+:\d+(?::\s*\S| - )|\(\d+,\d+\):\s*(?:error|warning)|^\s*-->\s+\S+:\d+:\d+/i
const PASSING = /^\s*(?:✓|✔|√|PASS\b|--- PASS|ok\s|PASSED\b)|(?:\.\.\.|\s)\s*(?:ok|PASSED)\s*$|\bPASSED\b/
const SUMMARY = new RegExp(
  [
    String.raw`^\s*(?:Tests?|Test Suites|Test Files|Snapshots|Suites|Assertions|Examples)\s*:?\s+\d`,
    String.raw`^\s*(?:Tests|Test Files|Duration|Start at)\s{2,}`,
    String.raw`^\s*Time:\s+[\d.]+\s*m?s\b|^Ran all test suites|^Total Test time|^Run completed in|^\*\*\* \d+ TESTS? COMPLETED`,
    String.raw`^=+ .*\b(?:passed|failed|errors?|skipped|deselected|xfailed|xpassed|warnings?|no tests ran)\b.* in [\d.]+m?s`,
    "short test summary info",
    "^test result:",
    String.raw`^\s*Summary \[`,
    String.raw`^(?:ok|FAIL|PASS)\s*(?:\t|\s{2,}|$)`,
    String.raw`^\s*\d+ (?:passing|failing|pending|passed|failed|flaky|skipped|pass|fail|skip|todo|errors?|tests? (?:passed|failed|completed))\b`,
    String.raw`^\s*\d+ examples?, \d+ failures?`,
    String.raw`Tests run:\s*\d+,\s*Failures:`,
    String.raw`\bBUILD (?:SUCCESS|SUCCESSFUL|FAILURE|FAILED)\b`,
    String.raw`^\s*\d+ actionable tasks?`,
    String.raw`(?:Passed|Failed)!\s+-|Total tests:|Test Run (?:Successful|Failed)|^\s*(?:Passed|Failed|Skipped|Total):\s+\d`,
    String.raw`\d+% tests passed`,
    String.raw`All tests passed|Tests: succeeded \d+|^\[success\] Total time`,
    String.raw`^\s*[#ℹ] (?:tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) \d`,
    String.raw`^OK \(\d+ tests?|^Tests: \d+, Assertions:`,
    String.raw`Ran \d+ tests? (?:across|in)`,
    String.raw`^\s*(?:Finished|Compiled|Built|Done|Completed|Ran)\b.*\b(?:in|after) [\d.:]+\s*(?:m?s|sec(?:ond)?s?|min(?:ute)?s?)\b`,
    String.raw`^\s*(?:running|Starting) \d+ (?:tests?|items?)\b|\bcollected \d+ items?\b|^Time: \d`,
    String.raw`\bFound \d+ (?:errors?|warnings?|problems?|issues?)|^\s*[✖✗×x] \d+ problems?|\d+ problems? \(\d+ errors?`,
    String.raw`^\s*(?:added|removed|changed|updated|audited|up to date)\b.*\bpackages?\b|\bfound \d+ vulnerabilit|\d+ vulnerabilit`,
    String.raw`^(?:Successfully installed|Installed \d+ packages?|Resolved \d+ packages?|Prepared \d+ packages?|Packages: [+-]?\d)`,
    String.raw`^\s*Total time:|^\s*Reactor Summary|^Plan: \d+ to add|^No changes\.|^Apply complete!|^Exit code:?\s*\d`,
  ].join("|"),
)

// Ids, hex and numbers (timestamps included) are what vary between lines of one shape.
// (One simple class: the JIT runs it at ~200 MB/s; uuids and timestamps come out as #-#-#.)
const VOLATILE = /[0-9a-fA-F]*\d[0-9a-fA-F]*/g

/** The line with its ids and numbers replaced by `#`: lines of one shape share it. */
export function template(line: string): string {
  // a long run of hex letters would make the scan quadratic; long lines are not grouped anyway
  return line.length > 2000 ? line : line.replace(VOLATILE, "#")
}

export const PROBLEM = 1
export const SUMMARY_LINE = 2
/** Not a must-keep flag: trouble in other words (SOFT_PROBLEM), whose distinct values filters list. */
export const TROUBLE = 4
// Keyed by shape: the rules look at words, not at the value of a number, so a log of a million
// lines of a few shapes costs a few regex evaluations per shape (this is the filter's hot path).
const memo = new Map<string, number>()

function flags(line: string): number {
  return line.length > 2000 ? compute(line) : flagsByShape(template(line), line)
}

/** The keep flags of a line whose shape (template) the caller already has: PROBLEM | SUMMARY_LINE. */
export function flagsByShape(key: string, line: string): number {
  if (line.length > 2000) return compute(line)
  const hit = memo.get(key)
  if (hit !== undefined) return hit
  if (memo.size > 100_000) memo.clear()
  const value = compute(line)
  memo.set(key, value)
  return value
}

function compute(line: string): number {
  let value = 0
  if (
    (KEYWORD.test(line) || CLASS_NAME.test(line) || DIAGNOSTIC.test(line) || DEPENDENCY.test(line)) &&
    (!PASSING.test(line) || /\b(?:FAIL|FAILED|ERROR)\b/.test(line))
  )
    value |= PROBLEM
  if (SUMMARY.test(line)) value |= SUMMARY_LINE
  if (value & PROBLEM || SOFT_PROBLEM.test(line)) value |= TROUBLE
  return value
}

// Trouble that is not worded as an error: a log's `tenant 3 not found`, `status=503`, `timed out`.
const SOFT_PROBLEM =
  /\b(?:not found|no such|unable to|cannot|can't|could not|couldn't|refused|rejected|timed? ?out|unreachable|unavailable|unauthori[sz]ed|forbidden|invalid|missing|retry(?:ing)?|dropped|skipped|expired|mismatch|conflict|violation|unhandled|killed|oom)\b/i
/** An HTTP-like failure status (`status=503`, `" 404 `, `GET /x 500 3.1 ms`). Depends on a number's value,
 * so it is not part of the per-shape memo: callers test it per line. */
export const STATUS_TROUBLE = /(?:status|code)[=: ]+[45]\d\d\b|" [45]\d\d |\s[45]\d\d\s+[\d.]+\s*ms\b/i

export function isSummary(line: string): boolean {
  return (flags(line) & SUMMARY_LINE) !== 0
}

/** Error, warning, failure or diagnostic (explicit passing-test lines excepted). */
export function isProblem(line: string): boolean {
  return (flags(line) & PROBLEM) !== 0
}

export function mustKeep(line: string): boolean {
  return (flags(line) & (PROBLEM | SUMMARY_LINE)) !== 0
}
