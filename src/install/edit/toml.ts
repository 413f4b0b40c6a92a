import { parse } from "smol-toml"
import { getAt } from "./json"
import { deepEqual, eolOf, MalformedFile } from "./_malformed"
import { topLevelLines } from "./_toml-lines"

/**
 * TOML is edited as text: egc inserts or replaces its own `[table]` (and its sub-tables) and
 * leaves every other byte alone, then parses the result to prove it is still valid TOML.
 */
function readToml(text: string, what = "file"): Record<string, unknown> {
  try {
    return parse(text) as Record<string, unknown>
  } catch (e) {
    throw new MalformedFile(`${what} is not valid TOML (${(e as Error).message.split("\n")[0]})`)
  }
}

const keyRe = (table: string) =>
  table
    .split(".")
    .map((k) => `(?:${k.replace(/[-]/g, "\\-")}|"${k}"|'${k}')`)
    .join("\\s*\\.\\s*")

/**
 * Line range [from, to) of the table and its sub-tables, if present. Headers are looked for only on
 * top-level lines: a `[x]` line inside a multi-line string or array is a value, not a table.
 */
function locate(lines: string[], table: string): [number, number] | undefined {
  const head = new RegExp(`^\\s*\\[\\s*${keyRe(table)}\\s*\\]\\s*(#.*)?$`)
  const sub = new RegExp(`^\\s*\\[\\s*${keyRe(table)}\\s*\\.`)
  const top = topLevelLines(lines)
  const from = lines.findIndex((l, i) => top[i] && head.test(l))
  if (from === -1) return undefined
  let to = from + 1
  while (to < lines.length) {
    const line = lines[to] as string
    if (top[to] && /^\s*\[/.test(line) && !sub.test(line)) break
    to++
  }
  while (to > from + 1 && (lines[to - 1] as string).trim() === "") to--
  return [from, to]
}

function renderTable(table: string, values: Record<string, string | string[]>, eol = "\n"): string {
  const lines = [`[${table}]`]
  for (const [k, v] of Object.entries(values))
    lines.push(`${k} = ${Array.isArray(v) ? `[${v.map((x) => JSON.stringify(x)).join(", ")}]` : JSON.stringify(v)}`)
  return lines.join(eol)
}

export function setTomlTable(text: string, table: string, values: Record<string, string | string[]>): string {
  const current = readToml(text)
  if (deepEqual(getAt(current, table.split(".")), values)) return text
  const eol = eolOf(text)
  const lines = text.split(/\r?\n/)
  const at = locate(lines, table)
  const block = renderTable(table, values, eol)
  let out: string
  if (at) out = [...lines.slice(0, at[0]), block, ...lines.slice(at[1])].join(eol)
  else {
    const body = text.replace(/(\r?\n)*$/, "")
    out = body === "" ? `${block}${eol}` : `${body}${eol}${eol}${block}${eol}`
  }
  const parsed = readToml(out, "the edited file")
  if (!deepEqual(getAt(parsed, table.split(".")), values))
    throw new MalformedFile(
      `cannot place [${table}]: the file defines it in a form egc does not edit (inline or dotted keys)`,
    )
  return out
}

export function removeTomlTable(text: string, table: string): string {
  const lines = text.split(/\r?\n/)
  const at = locate(lines, table)
  if (!at) return text
  let [from, to] = at
  while (from > 0 && (lines[from - 1] as string).trim() === "") from--
  if (from === 0) while (to < lines.length && (lines[to] as string).trim() === "" && to < lines.length - 1) to++
  const out = [...lines.slice(0, from), ...lines.slice(to)].join(eolOf(text))
  readToml(out, "the edited file")
  return out
}

export function tomlTablePresent(text: string, table: string, values: Record<string, string | string[]>): boolean {
  return deepEqual(getAt(readToml(text), table.split(".")), values)
}
