import { isMap, parseDocument, type Document } from "yaml"
import { deepEqual, MalformedFile } from "./_malformed"

/** YAML through the `yaml` Document model, which keeps comments and the user's layout. */
function load(text: string, what = "file"): Document {
  const doc = parseDocument(text, { keepSourceTokens: true })
  const err = doc.errors[0]
  if (err) throw new MalformedFile(`${what} is not valid YAML (${err.message.split("\n")[0]})`)
  if (doc.contents !== null && !isMap(doc.contents)) throw new MalformedFile(`${what} does not hold a YAML mapping`)
  return doc
}

export function readYaml(text: string, what?: string): unknown {
  return load(text, what).toJS()
}

export function setYaml(text: string, path: string[], value: unknown): string {
  const doc = load(text)
  if (deepEqual(getIn(doc.toJS(), path), value)) return text
  doc.setIn(path, doc.createNode(value))
  return doc.toString()
}

export function removeYaml(text: string, path: string[]): string {
  const doc = load(text)
  if (getIn(doc.toJS(), path) === undefined) return text
  doc.deleteIn(path)
  for (let depth = path.length - 1; depth > 0; depth--) {
    const parent = getIn(doc.toJS(), path.slice(0, depth))
    if (typeof parent !== "object" || parent === null || Object.keys(parent).length > 0) break
    doc.deleteIn(path.slice(0, depth))
  }
  const out = doc.toString()
  return out.trim() === "{}" ? "" : out
}

export function yamlPresent(text: string, path: string[], value: unknown): boolean {
  return deepEqual(getIn(load(text).toJS(), path), value)
}

function getIn(root: unknown, path: string[]): unknown {
  let cur = root
  for (const k of path) {
    if (typeof cur !== "object" || cur === null) return undefined
    cur = (cur as Record<string, unknown>)[k]
  }
  return cur
}
