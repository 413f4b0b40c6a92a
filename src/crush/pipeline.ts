import { familyOf, type Family } from "./family"
import { programWords } from "./command"
import { crushJson } from "./filters/json"
import {
  filterContext,
  filterFor,
  looksLikeJson,
  namedTerms,
  type FilterContext,
  type LineFilter,
  type Selection,
} from "./filters"
import { clipLine, LONG_LINE } from "./clip"
import { decode, looksBinary, needsCleaning, plain, toLines } from "./text"

// SGR codes that lost their ESC byte; only then do filters need a view without them.
const ORPHAN_SGR_HINT = /\[(?:\d{1,3}(?:;\d{1,3})*)?m/

/** Outputs below this many bytes are not worth a footer: they pass through as they are. */
export const SMALL_BYTES = 1024
/** A filtered result that saves less than this share is not worth the footer either. */
const MIN_SAVING = 0.2

export interface CrushOptions {
  command: string
  exitCode?: number
  /** Id of the stored full output, named in the footer. */
  runId?: string
  /** Families the user turned off: their output only gets ANSI and progress cleaned. */
  disabledFamilies?: readonly string[]
  /** Use this filter instead of the family's (tests prove the fallback with a failing one). */
  filter?: LineFilter
}

export interface CrushResult {
  output: string
  family: Family
  /** "raw": unchanged; "clean": escapes and progress removed only; "filtered"; "fallback": the filter failed. */
  mode: "raw" | "clean" | "filtered" | "binary" | "fallback"
  bytesIn: number
  bytesOut: number
  linesIn: number
  linesOut: number
}

const byteLength = (s: string): number => Buffer.byteLength(s)

export function crush(input: string | Uint8Array, opts: CrushOptions): CrushResult {
  const bytes = typeof input === "string" ? undefined : input
  const bytesIn = bytes ? bytes.length : byteLength(input as string)
  const family = familyOf(opts.command) ?? "generic"
  const base = { family, bytesIn }
  if (bytes && looksBinary(bytes)) {
    const output = `… binary output (${bytesIn} bytes) not shown${opts.runId ? `; raw bytes: egc crush show ${opts.runId} --raw` : ""}\n`
    return { ...base, output, mode: "binary", bytesOut: byteLength(output), linesIn: 0, linesOut: 1 }
  }
  const text = bytes ? decode(bytes) : (input as string)
  const clean = needsCleaning(text)
  const linesInRaw = countLines(text)
  if (bytesIn < SMALL_BYTES || opts.disabledFamilies?.includes(family)) {
    if (!clean)
      return { ...base, output: text, mode: "raw", bytesOut: bytesIn, linesIn: linesInRaw, linesOut: linesInRaw }
    return cleaned(base, toLines(text), linesInRaw)
  }
  const lines = toLines(text)
  let filtered: { text: string; omitted: number } | undefined
  try {
    filtered = filterText(lines, opts, family, ORPHAN_SGR_HINT.test(text))
  } catch {
    const out = cleaned(base, lines, linesInRaw)
    return { ...out, mode: "fallback" }
  }
  const baseline = clean ? joinLines(lines) : text
  if (filtered === undefined || byteLength(filtered.text) > byteLength(baseline) * (1 - MIN_SAVING)) {
    return clean
      ? cleaned(base, lines, linesInRaw)
      : { ...base, output: text, mode: "raw", bytesOut: bytesIn, linesIn: linesInRaw, linesOut: linesInRaw }
  }
  const outLines = countLines(filtered.text)
  const footer = `[egc crush: ${filtered.omitted} of ${linesInRaw} lines omitted, ${bytesIn} → ${byteLength(filtered.text)} bytes; full output: ${opts.runId ? `egc crush show ${opts.runId} (a part: --lines A-B or --grep PATTERN)` : "run the command without egc crush"}]\n`
  const output = filtered.text + footer
  return {
    ...base,
    output,
    mode: "filtered",
    bytesOut: byteLength(output),
    linesIn: linesInRaw,
    linesOut: outLines + 1,
  }
}

function filterText(
  lines: string[],
  opts: CrushOptions,
  family: Family,
  orphanSgr: boolean,
): { text: string; omitted: number } | undefined {
  const base = { command: opts.command, words: programWords(opts.command), exitCode: opts.exitCode }
  if (!opts.filter && (family === "json" || looksLikeJson(lines))) {
    const json = crushJson(lines, namedTerms(base.words))
    // sampled JSON is re-serialised, so only the difference in lines can be counted
    if (json !== undefined) return { text: json, omitted: Math.max(0, lines.length - countLines(json)) }
  }
  const clipped = lines.map((l) => (l.length > LONG_LINE ? clipLine(l) : l))
  const view = orphanSgr ? clipped.map(plain) : clipped
  const ctx = filterContext(view, base)
  const sel = (opts.filter ?? filterFor(family))(view, ctx)
  enforce(view, sel, ctx)
  return { text: render(clipped, sel), omitted: sel.keep.reduce((n, k) => n + (k ? 0 : 1), 0) }
}

/** The invariant: every error, warning, failure and summary line is in the output, verbatim. */
function enforce(lines: string[], sel: Selection, ctx: FilterContext): void {
  // a repeat of a kept line adds nothing: the text survives once, verbatim
  const kept = new Set<string>()
  for (let i = 0; i < lines.length; i++) if (sel.keep[i]) kept.add(lines[i] ?? "")
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? ""
    if (sel.keep[i] || !ctx.mustKeep(i) || kept.has(line)) continue
    sel.keep[i] = 1
    kept.add(line)
  }
}

/** Kept lines in order; a dropped run shows the filter's note, or a count when it is long. */
function render(lines: string[], sel: Selection): string {
  const out: string[] = []
  let i = 0
  while (i < lines.length) {
    if (sel.keep[i]) {
      out.push(lines[i] ?? "")
      i++
      continue
    }
    const start = i
    // every note of the run is printed: one may carry ids that no other line has
    const notes: string[] = []
    while (i < lines.length && !sel.keep[i]) {
      const note = sel.notes.get(i)
      if (note) notes.push(note)
      i++
    }
    const n = i - start
    if (notes.length) out.push(...notes)
    else if (n >= 8) out.push(`… ${n} lines (${start + 1}–${i})`)
  }
  return out.length ? `${out.join("\n")}\n` : ""
}

function cleaned(base: { family: Family; bytesIn: number }, lines: string[], linesIn: number): CrushResult {
  const output = joinLines(lines)
  return { ...base, output, mode: "clean", bytesOut: byteLength(output), linesIn, linesOut: lines.length }
}

const joinLines = (lines: string[]): string => (lines.length ? `${lines.join("\n")}\n` : "")

function countLines(text: string): number {
  if (!text) return 0
  let n = 0
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) n++
  return text.endsWith("\n") ? n : n + 1
}
