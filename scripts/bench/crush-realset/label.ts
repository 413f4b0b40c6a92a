#!/usr/bin/env bun
/**
 * Labels the real-output set by the written rule below, WITHOUT looking at the crusher (it imports
 * nothing from src/), and splits it into a tuning half and a held-out half by a hash of the case id.
 * Usage: bun scripts/bench/crush-realset/label.ts <generated dir> <out dir: cases.json + inputs/>
 *
 * The rule (a line is needed when):
 *  R1 it reports an error, warning or failure (error/warn/fail/fatal/panic/exception/not ok/ERR!),
 *     or is a compiler diagnostic with a location (`file(l,c): error`, `file:l:c`); when more than five
 *     lines share one shape (digits aside), the first is needed and the others' ids by R6;
 *  R2 it names a failing test or is part of its assertion diff (expected/actual lines, `+`/`-` lines
 *     under an assertion, `operator:` lines of TAP);
 *  R3 it is a stack frame of the project's own code (not node_modules, node:internal, the runtime);
 *  R4 it is a summary or count line (tests/pass/fail/duration counts, `N passing`, `Found N errors`,
 *     `N files changed`, the total line of `du` — its last line);
 *  R5 in a `git status`, every path (checked as the path string);
 *  R6 in a problem line (R1, `not found`, an HTTP status ≥ 400), every distinct id (a number of three or
 *     more digits that is not part of a time stamp or a duration), checked as the number;
 *  R7 in `npm ls`, every line with invalid/UNMET/missing/extraneous, and every package the command named;
 *  R8 in `grep -rn` output, every file path that has a match (checked as the path);
 *  R9 in JSON, every member whose key is error(s)/warning(s)/deprecated/problems/failures, or whose
 *     string value starts with an error word (checked as the trimmed line, trailing comma removed).
 * A needed line is checked as its trimmed text (first 200 characters).
 */
import { createHash } from "node:crypto"
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"

const [src = "", dest = ""] = process.argv.slice(2)
const rows = readFileSync(join(src, "commands.tsv"), "utf8")
  .trim()
  .split("\n")
  .map((l) => l.split("\t"))

const PROBLEM =
  /(?<![-/.@])\b(?:error|errors|warn|warning|fail|failed|failure|failing|fatal|panic|exception|not ok|ERR!)\b|\w(?:Error|Exception)\b|\(\d+,\d+\): |[✗✖✘×]/i
const SUMMARY =
  /^\s*# (?:tests|pass|fail|suites|duration_ms|cancelled|skipped|todo) \d|^\s*(?:Tests?|Test Suites):?\s+\d|^\s*\d+ (?:passing|failing|pending)\b|Found \d+ errors?|\d+ files? changed|^npm error code /i
const FRAME = /^\s*at .*[(\s](\/[^():]+|[\w.][^():]*):\d+:\d+\)?$/
const SOFT = /not found|\s[45]\d\d\s/

function label(id: string, command: string, text: string): string[] {
  const lines = text.split("\n").map((l) => l.replace(/\x1b\[[0-9;]*m/g, ""))
  const need = new Set<string>()
  const add = (s: string) => {
    const t = s.trim().replace(/,$/, "").slice(0, 200)
    if (t) need.add(t)
  }
  const json = id.startsWith("json-")
  let inDiff = false
  const shapes = new Map<string, number>()
  const shapeCount = new Map<string, number>()
  for (const l of lines) shapeCount.set(l.replace(/\d+/g, "#"), (shapeCount.get(l.replace(/\d+/g, "#")) ?? 0) + 1)
  for (const [i, line] of lines.entries()) {
    if (json) {
      if (/^\s*"(?:errors?|warnings?|deprecated|problems|failures)":|:\s*"(?:error|fatal|failed|failure)\b/i.test(line))
        add(line)
      continue
    }
    if (id.startsWith("grep-")) {
      const path = /^([^:]+):\d+:/.exec(line)?.[1]
      if (path) need.add(path)
      continue
    }
    if (id.startsWith("git-status")) {
      const path = /^\t(?:[\w ]+:\s+)?(.+)$/.exec(line)?.[1] ?? /^[ MADRCU?!]{2} (.+)$/.exec(line)?.[1]
      if (path) need.add(path.trim())
      continue
    }
    if (id.startsWith("pkg-npm-ls")) {
      const names = command
        .split(/\s+/)
        .slice(2)
        .filter((w) => !w.startsWith("-"))
      if (/invalid|UNMET|missing|extraneous/.test(line) || names.some((n) => line.includes(`${n}@`))) add(line)
    }
    if (id.startsWith("du-") && i === lines.length - 2) add(line)
    if (id.startsWith("git-") || id.startsWith("find-") || id.startsWith("ls-") || id.startsWith("du-")) {
      // file content and listings: only summary lines are needed by the rule
      if (/\d+ files? changed/.test(line)) add(line)
      continue
    }
    const frame = FRAME.exec(line)
    if (frame) {
      if (!/node_modules\/|node:internal|\(node:|internal\//.test(line)) add(line)
      continue
    }
    const shape = line.replace(/\d+/g, "#")
    shapes.set(shape, (shapes.get(shape) ?? 0) + 1)
    if (
      SUMMARY.test(line) ||
      (PROBLEM.test(line) && (shapeCount.get(shape) ?? 0) <= 5) ||
      (PROBLEM.test(line) && shapes.get(shape) === 1)
    )
      add(line)
    // an assertion diff: expected/actual blocks and the +/- lines under them
    if (/^\s*(?:expected|actual|operator|\+ expected - actual)\b/i.test(line)) {
      add(line)
      inDiff = true
    } else if (inDiff && /^\s*[+-]\s*\S/.test(line)) add(line)
    else if (!line.trim()) inDiff = false
    if (PROBLEM.test(line) || SOFT.test(line)) {
      const body = line.replace(/\d{4}-\d\d-\d\dT[\d:.]+Z?/g, "").replace(/\d+(?:\.\d+)? ?ms\b/g, "")
      for (const m of body.matchAll(/(?<![\d.])\d{3,}(?![\d.])/g)) need.add(m[0])
    }
  }
  return [...need]
}

mkdirSync(join(dest, "inputs"), { recursive: true })
const cases = rows.map(([id = "", exit = "", command = ""]) => {
  const file = `${id}.txt`
  copyFileSync(join(src, file), join(dest, "inputs", file))
  const text = readFileSync(join(src, file), "utf8")
  // decided before any tuning: the first byte of sha1(id) even → tune, odd → held out
  const split = (createHash("sha1").update(id).digest()[0] ?? 0) % 2 === 0 ? "tune" : "heldout"
  return {
    id,
    command,
    family: id.split("-")[0],
    input_file: `inputs/${file}`,
    exit_code: Number(exit),
    split,
    must_keep: label(id, command, text),
  }
})
writeFileSync(join(dest, "cases.json"), `${JSON.stringify({ cases }, null, 1)}\n`)
process.stdout.write(
  `${cases.length} cases: ${cases.filter((c) => c.split === "tune").length} tune, ${cases.filter((c) => c.split === "heldout").length} held out\n`,
)
