import { blockPresent, removeBlock, setBlock } from "./markdown"
import { getAt, hooksPresent, mergeHooks, readJsonc, removeJson, setJson, unmergeHooks } from "./json"
import { removeTomlTable, setTomlTable, tomlTablePresent } from "./toml"
import { removeYaml, setYaml, yamlPresent } from "./yaml"
import { deepEqual, MalformedFile } from "./_malformed"
import type { Op } from "../types"

export { MalformedFile } from "./_malformed"

/** How a file egc wrote says so, when the record that would tell us is gone. */
const EGC_MARK = /(managed|written) by egc install/

/** Files written by Windows tools may start with a byte-order mark: edit without it, put it back. */
const BOM = "\uFEFF"
const withoutBom = <T>(text: string, edit: (t: string) => T): T | string => {
  if (!text.startsWith(BOM)) return edit(text)
  const out = edit(text.slice(1))
  return typeof out === "string" ? BOM + out : out
}

/** Apply one op to a file's text (null: the file does not exist). Throws MalformedFile. */
export function applyOp(text: string | null, op: Op, what: string, opts: { owned?: boolean } = {}): string {
  if (text?.startsWith(BOM) && op.kind !== "file") return withoutBom(text, (t) => applyOp(t, op, what, opts)) as string
  try {
    const t = text ?? ""
    switch (op.kind) {
      case "json-set":
        return deepEqual(getAt(readJsonc(t, what), op.path), op.value) ? t : setJson(t, op.path, op.value)
      case "json-hooks":
        return mergeHooks(t, op.path, op.events, op.defaults as Record<string, unknown> | undefined)
      case "toml-table":
        return setTomlTable(t, op.table, op.values)
      case "yaml-set":
        return setYaml(t, op.path, op.value)
      case "md-block":
        return setBlock(t, op.text, op.version)
      case "file":
        if (text !== null && text !== op.content && !opts.owned && !EGC_MARK.test(text))
          throw new MalformedFile(`${what} exists and is not egc's; egc will not overwrite it`)
        return op.content
    }
  } catch (e) {
    if (e instanceof MalformedFile)
      throw new MalformedFile(
        /^(file|the edited file)\b/.test(e.message)
          ? e.message.replace(/^(file|the edited file)\b/, what)
          : `${what}: ${e.message}`,
      )
    throw e
  }
}

/** Remove exactly egc's part; null when the file is egc's own and should go (the caller checks it is unchanged). */
export function removeOp(text: string, op: Op): string | null {
  if (text.startsWith(BOM) && op.kind !== "file") return withoutBom(text, (t) => removeOp(t, op)) as string | null
  switch (op.kind) {
    case "json-set":
      return removeJson(text, op.path)
    case "json-hooks":
      return unmergeHooks(text, op.path, Object.keys(op.events))
    case "toml-table":
      return removeTomlTable(text, op.table)
    case "yaml-set":
      return removeYaml(text, op.path)
    case "md-block":
      return removeBlock(text)
    case "file":
      return null
  }
}

/** Is egc's part present and current? (doctor) */
export function opPresent(text: string, op: Op): boolean {
  if (text.startsWith(BOM) && op.kind !== "file") return opPresent(text.slice(1), op)
  try {
    switch (op.kind) {
      case "json-set":
        return deepEqual(getAt(readJsonc(text), op.path), op.value)
      case "json-hooks":
        return hooksPresent(text, op.path, op.events)
      case "toml-table":
        return tomlTablePresent(text, op.table, op.values)
      case "yaml-set":
        return yamlPresent(text, op.path, op.value)
      case "md-block":
        return blockPresent(text, op.text, op.version)
      case "file":
        return text === op.content
    }
  } catch {
    return false
  }
}
