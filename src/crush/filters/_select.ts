import { FRAMEWORK_FRAME } from "./_noise"
import { namedTerms } from "./_named"
import { flagsByShape, PROBLEM, STATUS_TROUBLE, SUMMARY_LINE, template, TROUBLE } from "../keep"

// the shape (digits as #) of a line that may carry an HTTP-like status: see keep.ts STATUS_TROUBLE
const STATUS_SHAPE = /(?:status|code)[=: ]+#|" # |\s#\s+#(?:\.#)?\s*ms\b/i

/**
 * What a filter returns: which lines stay, and a short note to print in place of a dropped run.
 * Filters never write text of their own except notes, which always start with "… ", so nothing
 * that reads like the tool's output is invented.
 */
export interface Selection {
  keep: Uint8Array
  notes: Map<number, string>
}

export interface FilterContext {
  command: string
  /** Program and arguments, wrappers removed. */
  words: string[]
  /** Names the command line gave (a package, a search pattern), lower-cased; see _named.ts. */
  named: string[]
  exitCode: number | undefined
  /** Line i's shape (numbers, ids and times as #), computed once per line and shared. */
  shape(i: number): string
  /** Line i is an error, warning, failure or diagnostic (keep.ts), from its shape. */
  problem(i: number): boolean
  /** Line i must survive (a problem or a summary line). */
  mustKeep(i: number): boolean
  /** Line i reports trouble, maybe in other words (`not found`, a 4xx/5xx status): its ids are listed. */
  trouble(i: number): boolean
}

export function filterContext(
  lines: string[],
  base: { command: string; words: string[]; exitCode: number | undefined },
): FilterContext {
  const named = namedTerms(base.words).map((t) => t.toLowerCase())
  const statusShapes = new Map<string, boolean>()
  const shapes: Array<string | undefined> = new Array(lines.length)
  const shape = (i: number) => (shapes[i] ??= template(lines[i] ?? ""))
  return {
    ...base,
    named,
    shape,
    problem: (i) => (flagsByShape(shape(i), lines[i] ?? "") & PROBLEM) !== 0,
    mustKeep: (i) => (flagsByShape(shape(i), lines[i] ?? "") & (PROBLEM | SUMMARY_LINE)) !== 0,
    trouble: (i) => {
      const key = shape(i)
      if (flagsByShape(key, lines[i] ?? "") & TROUBLE) return true
      // a status code's value matters, so only shapes that can hold one test the line itself
      let may = statusShapes.get(key)
      if (may === undefined) statusShapes.set(key, (may = STATUS_SHAPE.test(key)))
      return may && STATUS_TROUBLE.test(lines[i] ?? "")
    },
  }
}

export type LineFilter = (lines: string[], ctx: FilterContext) => Selection

export function selection(n: number, initial: 0 | 1): Selection {
  return { keep: new Uint8Array(n).fill(initial), notes: new Map() }
}

const indentOf = (line: string): number => line.length - line.trimStart().length

/** Keep the nearest less-indented line above each kept indented line (a file name above its diagnostics). */
export function keepParents(lines: string[], sel: Selection): void {
  for (let i = lines.length - 1; i >= 0; i--) {
    if (!sel.keep[i]) continue
    const line = lines[i] ?? ""
    const indent = indentOf(line)
    if (indent === 0 || !line.trim()) continue
    for (let j = i - 1; j >= 0 && i - j < 400; j--) {
      const above = lines[j] ?? ""
      if (!above.trim()) continue
      if (indentOf(above) < indent) {
        sel.keep[j] = 1
        break
      }
    }
  }
}

// a frame naming a file by its path (JS, Python, Go, Ruby), where own code can be told from a dependency's
const PATH_FRAME = /\(?(?:\/|\.{1,2}\/|[A-Za-z]:\\|file:\/\/)[^\s()]+:\d+|File "[^"]+"|^\s*[\w./-]+\/[\w.-]+\.\w+:\d+/

/**
 * Keep at most `max` lines of each run of frames (stack frames), noting the rest. Frames of the
 * project's own code past the cap stay when their text is new in the run: recursion repeats one
 * frame, while a sorted or merged log puts many traces' frames in one run.
 */
export function capRuns(
  lines: string[],
  sel: Selection,
  frame: RegExp | ((line: string) => boolean),
  max: number,
  what: string,
): void {
  const isFrameLine = typeof frame === "function" ? frame : (l: string) => frame.test(l)
  let run: number[] = []
  const close = () => {
    if (run.length > max) {
      const texts = new Set<string>()
      let dropped = 0
      let firstDropped = -1
      for (let k = 0; k < run.length; k++) {
        const i = run[k] as number
        const text = (lines[i] ?? "").trim()
        const fresh = !texts.has(text)
        texts.add(text)
        if (k < max || (fresh && PATH_FRAME.test(text) && !FRAMEWORK_FRAME.test(text))) continue
        sel.keep[i] = 0
        dropped++
        if (firstDropped === -1) firstDropped = i
      }
      if (dropped) sel.notes.set(firstDropped, `… ${dropped} more ${what}`)
    }
    run = []
  }
  for (let i = 0; i < lines.length; i++) {
    if (sel.keep[i] && isFrameLine(lines[i] ?? "")) {
      run.push(i)
      continue
    }
    // a dropped line (a framework frame) does not end a run; a kept line of another kind does
    if (sel.keep[i]) close()
  }
  close()
}

/** Exact repeats of a line already kept (long enough to be content, not punctuation) go. */
export function dropRepeats(lines: string[], sel: Selection, isKeeper: (line: string) => boolean): void {
  const seen = new Set<string>()
  for (let i = 0; i < lines.length; i++) {
    if (!sel.keep[i]) continue
    const line = lines[i] ?? ""
    if (line.trim().length < 20) continue
    if (seen.has(line) && !isKeeper(line)) sel.keep[i] = 0
    seen.add(line)
  }
}

/** A paragraph (run of non-blank lines) identical to an earlier one is noted, not repeated. */
export function dropRepeatedBlocks(lines: string[], sel: Selection): void {
  const seen = new Set<string>()
  let start = 0
  for (let i = 0; i <= lines.length; i++) {
    if (i < lines.length && (lines[i] ?? "").trim()) continue
    if (i > start) {
      const key = lines.slice(start, i).join("\n")
      if (seen.has(key) && key.length > 40) {
        for (let k = start; k < i; k++) sel.keep[k] = 0
        if (i < lines.length) sel.keep[i] = 0
        sel.notes.set(start, `… the ${i - start} lines above repeated`)
      }
      seen.add(key)
    }
    start = i + 1
  }
}

/** Give every dropped run that has no note a count of what it held. */
export function noteRuns(sel: Selection, what: string): void {
  let i = 0
  while (i < sel.keep.length) {
    if (sel.keep[i]) {
      i++
      continue
    }
    const start = i
    let noted = false
    for (; i < sel.keep.length && !sel.keep[i]; i++) if (sel.notes.has(i)) noted = true
    if (!noted) sel.notes.set(start, `… ${i - start} ${what}`)
  }
}

/** The line names something the command line named (case-insensitive). */
export function namesTerm(line: string, named: readonly string[]): boolean {
  if (!named.length) return false
  const l = line.toLowerCase()
  return named.some((t) => l.includes(t))
}
