/**
 * The invariant's definition: which lines must survive every filter verbatim. Errors, warnings,
 * failures, diagnostics and summary lines of the common tools. The pipeline enforces it after
 * each filter, so a filter that forgets a line cannot lose it.
 */
const KEYWORD = /(?<!\w)(?:error|err!|fatal|panic|panicked|exception|traceback|failed|failure|fail:|failing|warning|warn|critical|denied|aborted|abort|vulnerabilit(?:y|ies)|deprecated)(?!\w)/i
const CLASS_NAME = /\w(?:Error|Exception)\b|\b[A-Z][A-Za-z0-9]*(?:Failure|Panic)\b/
const DIAGNOSTIC = /[\w./\\@~+-]+\.\w+:\d+:\d+(?::\s*\S| - )|\(\d+,\d+\):\s*(?:error|warning)|^\s*-->\s+\S+:\d+:\d+/i
const PASSING = /^\s*(?:✓|✔|√|PASS\b|--- PASS|ok\s|PASSED\b)|(?:\.\.\.|\s)\s*(?:ok|PASSED)\s*$|\bPASSED\b/
const SUMMARY = new RegExp(
  [
    String.raw`^\s*(?:Tests?|Test Suites|Test Files|Snapshots|Suites|Assertions|Examples)\s*:?\s+\d`,
    String.raw`^\s*(?:Tests|Test Files|Duration|Start at)\s{2,}`,
    String.raw`^=+ .*\b(?:passed|failed|errors?|skipped|deselected|xfailed|xpassed|warnings?|no tests ran)\b.* in [\d.]+m?s`,
    String.raw`short test summary info`,
    String.raw`^test result:`,
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
    String.raw`^\s*(?:Finished|Compiled|Built|Done|Completed)\b.*\b(?:in|after) [\d.]+\s*m?s\b`,
    String.raw`\bFound \d+ (?:errors?|warnings?|problems?|issues?)|^\s*[✖✗×x] \d+ problems?|\d+ problems? \(\d+ errors?`,
    String.raw`^\s*(?:added|removed|changed|updated|audited|up to date)\b.*\bpackages?\b|\bfound \d+ vulnerabilit|\d+ vulnerabilit`,
    String.raw`^(?:Successfully installed|Installed \d+ packages?|Resolved \d+ packages?|Prepared \d+ packages?|Packages: [+-]?\d)`,
    String.raw`^\s*Total time:|^\s*Reactor Summary|^Plan: \d+ to add|^No changes\.|^Apply complete!|^Exit code:?\s*\d`,
  ].join("|"),
)

export function isSummary(line: string): boolean {
  return SUMMARY.test(line)
}

/** Error, warning, failure or diagnostic (explicit passing-test lines excepted). */
export function isProblem(line: string): boolean {
  if (!KEYWORD.test(line) && !CLASS_NAME.test(line) && !DIAGNOSTIC.test(line)) return false
  return !PASSING.test(line) || /\b(?:FAIL|FAILED|ERROR)\b/.test(line)
}

export function mustKeep(line: string): boolean {
  return isProblem(line) || isSummary(line)
}
