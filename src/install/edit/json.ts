import {
  applyEdits,
  findNodeAtLocation,
  modify,
  parse,
  parseTree,
  printParseErrorCode,
  type FormattingOptions,
  type ParseError,
} from "jsonc-parser"
import { isEgcHookCommand } from "../command"
import { placeElement, placeValue } from "./json-place"
import { deepEqual, eolOf, MalformedFile } from "./_malformed"

type Json = Record<string, unknown>

/** Parse JSON with comments and trailing commas; refuse anything that is not an object. */
export function readJsonc(text: string, what = "file"): Json {
  if (text.trim() === "") return {}
  const errors: ParseError[] = []
  const value = parse(text, errors, { allowTrailingComma: true, disallowComments: false })
  if (errors.length) {
    const e = errors[0] as ParseError
    const line = text.slice(0, e.offset).split("\n").length
    throw new MalformedFile(`${what} is not valid JSON (${printParseErrorCode(e.error)} at line ${line})`)
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new MalformedFile(`${what} does not hold a JSON object`)
  return value as Json
}

function formatting(text: string): FormattingOptions {
  const indent = /\n([ \t]+)["}\]]/.exec(text)?.[1] ?? "  "
  return {
    insertSpaces: !indent.startsWith("\t"),
    tabSize: indent.startsWith("\t") ? 1 : indent.length,
    eol: eolOf(text),
  }
}

const start = (text: string) => (text.trim() === "" ? "{}\n" : text)

export function getAt(root: unknown, path: (string | number)[]): unknown {
  let cur = root
  for (const key of path) {
    if (typeof cur !== "object" || cur === null) return undefined
    cur = (cur as Record<string, unknown>)[key as string]
  }
  return cur
}

/** Set one value, touching nothing else (comments, order and spacing elsewhere are kept). */
export function setJson(text: string, path: (string | number)[], value: unknown): string {
  const base = start(text)
  readJsonc(base)
  const f = formatting(base)
  const layout = { unit: f.insertSpaces ? " ".repeat(f.tabSize ?? 2) : "\t", eol: f.eol ?? "\n" }
  const keys = path.every((p) => typeof p === "string")
  const placed = keys ? placeValue(base, path as string[], value, layout) : undefined
  return placed ?? applyEdits(base, modify(base, path, value, { formattingOptions: f }))
}

/** Remove one value and any parent object it leaves empty. */
export function removeJson(text: string, path: string[]): string {
  if (getAt(readJsonc(text), path) === undefined) return text
  let out = text
  for (let depth = path.length; depth > 0; depth--) {
    const at = path.slice(0, depth)
    if (depth < path.length) {
      const parent = getAt(readJsonc(out), at)
      if (typeof parent !== "object" || parent === null || Object.keys(parent).length > 0) break
    }
    out = applyEdits(out, modify(out, at, undefined, { formattingOptions: formatting(out) }))
  }
  return out
}

/**
 * Remove one array element by its offsets (jsonc-parser's modify mangles the closing bracket when
 * the element is the last one), taking the comma that joined it to a neighbour.
 */
function removeElement(text: string, arrayPath: (string | number)[], index: number): string {
  const array = findNodeAtLocation(parseTree(text) as NonNullable<ReturnType<typeof parseTree>>, arrayPath)
  const items = array?.children ?? []
  const item = items[index]
  if (!item) return text
  const next = items[index + 1]
  const prev = items[index - 1]
  const [from, to] = next
    ? [item.offset, next.offset]
    : prev
      ? [prev.offset + prev.length, item.offset + item.length]
      : [item.offset, item.offset + item.length]
  return text.slice(0, from) + text.slice(to)
}

/** The egc-owned entries in one hook list: whole entries, and single hooks inside shared groups. */
function egcIn(list: unknown[]): { whole: number[]; inner: Array<[number, number]> } {
  const whole: number[] = []
  const inner: Array<[number, number]> = []
  list.forEach((entry, i) => {
    if (typeof entry !== "object" || entry === null) return
    const e = entry as Json
    if (isEgcHookCommand(e.command) || isEgcHookCommand(e.bash) || isEgcHookCommand(e.powershell)) {
      whole.push(i)
      return
    }
    if (!Array.isArray(e.hooks)) return
    const mine = e.hooks.flatMap((h, j) =>
      typeof h === "object" && h !== null && isEgcHookCommand((h as Json).command) ? [j] : [],
    )
    if (mine.length && mine.length === e.hooks.length) whole.push(i)
    else for (const j of mine) inner.push([i, j])
  })
  return { whole, inner }
}

function hookList(root: Json, path: string[], event: string): unknown[] | undefined {
  const list = getAt(root, [...path, event])
  if (list === undefined) return undefined
  if (!Array.isArray(list)) throw new MalformedFile(`${[...path, event].join(".")} is not a list`)
  return list
}

/** Drop egc's entries for `event`; returns the text and where the first one stood. */
function stripEvent(text: string, path: string[], event: string): { text: string; at: number | undefined } {
  const list = hookList(readJsonc(text), path, event)
  if (!list) return { text, at: undefined }
  const { whole, inner } = egcIn(list)
  let out = text
  for (const [i, j] of [...inner].reverse()) out = removeElement(out, [...path, event, i, "hooks"], j)
  for (const i of [...whole].reverse()) out = removeElement(out, [...path, event], i)
  const first = whole[0]
  return { text: out, at: first === undefined ? undefined : first }
}

/** Put egc's hook entries in place: stale ones are replaced where they stood, others kept. */
export function mergeHooks(
  text: string,
  path: string[],
  events: Record<string, unknown[]>,
  defaults: Json = {},
): string {
  let out = start(text)
  let root = readJsonc(out)
  for (const [key, value] of Object.entries(defaults))
    if (getAt(root, [key]) === undefined) out = setJson(out, [key], value)
  for (const [event, wanted] of Object.entries(events)) {
    root = readJsonc(out)
    const list = hookList(root, path, event)
    if (!list) {
      out = setJson(out, [...path, event], wanted)
      continue
    }
    const { whole, inner } = egcIn(list)
    if (
      inner.length === 0 &&
      deepEqual(
        whole.map((i) => list[i]),
        wanted,
      ) &&
      whole.every((i, k) => i === (whole[0] ?? 0) + k)
    )
      continue
    const stripped = stripEvent(out, path, event)
    out = stripped.text
    const at = stripped.at ?? hookList(readJsonc(out), path, event)?.length ?? 0
    wanted.forEach((entry, k) => {
      const f = formatting(out)
      const layout = { unit: f.insertSpaces ? " ".repeat(f.tabSize ?? 2) : "\t", eol: f.eol ?? "\n" }
      const placed = placeElement(out, [...path, event], at + k, entry, layout)
      const options = { formattingOptions: f, isArrayInsertion: true }
      out = placed ?? applyEdits(out, modify(out, [...path, event, at + k], entry, options))
    })
  }
  return out
}

/** Remove egc's hook entries, then any event list and hooks object left empty. */
export function unmergeHooks(text: string, path: string[], events: string[]): string {
  let out = text
  for (const event of events) {
    const stripped = stripEvent(out, path, event)
    if (stripped.text === out) continue
    out = stripped.text
    const list = getAt(readJsonc(out), [...path, event])
    if (Array.isArray(list) && list.length === 0) out = removeJson(out, [...path, event])
  }
  return out
}

export function hooksPresent(text: string, path: string[], events: Record<string, unknown[]>): boolean {
  const root = readJsonc(text)
  return Object.entries(events).every(([event, wanted]) => {
    const list = getAt(root, [...path, event])
    if (!Array.isArray(list)) return false
    const { whole } = egcIn(list)
    return deepEqual(
      whole.map((i) => list[i]),
      wanted,
    )
  })
}
