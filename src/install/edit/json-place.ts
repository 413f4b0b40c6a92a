import { findNodeAtLocation, parseTree, type Node } from "jsonc-parser"

/**
 * Edits that touch only egc's own keys. jsonc-parser's formatter re-lays the whole line around an
 * edit, so a user's one-line `"mcpServers": { "mine": … }` came back spread over ten lines; here a
 * value is spliced in by offsets: a one-line container gets a compact value inline, a multi-line one
 * gets the value on its own lines at its siblings' indentation. Nothing else changes.
 */
interface Layout {
  unit: string
  eol: string
}

const lineStart = (text: string, offset: number) => text.lastIndexOf("\n", offset - 1) + 1
const indentAt = (text: string, offset: number) => /^[ \t]*/.exec(text.slice(lineStart(text, offset)))?.[0] ?? ""
const startsLine = (text: string, offset: number) => text.slice(lineStart(text, offset), offset).trim() === ""
const oneLine = (text: string, node: Node) => !text.slice(node.offset, node.offset + node.length).includes("\n")
const render = (value: unknown, indent: string, l: Layout) =>
  JSON.stringify(value, null, l.unit).split("\n").join(`${l.eol}${indent}`)

function childIndent(text: string, container: Node, l: Layout): string {
  const first = container.children?.[0]
  if (first && startsLine(text, first.offset)) return indentAt(text, first.offset)
  return indentAt(text, container.offset) + l.unit
}

/** Where an entry after `last` goes: after its comma if it has one, and after a comment ending its line. */
function after(text: string, last: Node): { at: number; comma: boolean } {
  const at = last.offset + last.length
  const rest = /^[ \t]*,/.exec(text.slice(at))
  if (rest) return { at: at + rest[0].length, comma: false }
  return { at, comma: true }
}

function insertInto(
  text: string,
  container: Node,
  entry: (indent: string) => string,
  compact: string,
  l: Layout,
): string {
  const kids = container.children ?? []
  const close = container.offset + container.length - 1
  if (!kids.length) {
    const inner = indentAt(text, container.offset) + l.unit
    return `${text.slice(0, container.offset + 1)}${l.eol}${inner}${entry(inner)}${l.eol}${indentAt(text, container.offset)}${text.slice(close)}`
  }
  const last = kids[kids.length - 1]!
  const { at, comma } = after(text, last)
  if (oneLine(text, container)) return `${text.slice(0, at)}${comma ? "," : ""} ${compact}${text.slice(at)}`
  const indent = childIndent(text, container, l)
  return `${text.slice(0, at)}${comma ? "," : ""}${l.eol}${indent}${entry(indent)}${comma ? "" : ","}${text.slice(at)}`
}

/** Set `path` to `value`, creating missing objects; undefined when the path runs through a non-object. */
export function placeValue(text: string, path: string[], value: unknown, l: Layout): string | undefined {
  const tree = parseTree(text)
  if (tree?.type !== "object") return undefined
  let depth = path.length
  let node = findNodeAtLocation(tree, path)
  while (!node && depth > 0) node = findNodeAtLocation(tree, path.slice(0, --depth))
  if (!node) node = tree
  if (depth === path.length) {
    const oneLined = node.parent && oneLine(text, node.parent.parent ?? node.parent)
    const shown = oneLined ? JSON.stringify(value) : render(value, indentAt(text, node.offset), l)
    return `${text.slice(0, node.offset)}${shown}${text.slice(node.offset + node.length)}`
  }
  if (node.type !== "object") return undefined
  let nested: unknown = value
  for (const key of path.slice(depth + 1).reverse()) nested = { [key]: nested }
  const key = JSON.stringify(path[depth])
  return insertInto(
    text,
    node,
    (indent) => `${key}: ${render(nested, indent, l)}`,
    `${key}: ${JSON.stringify(nested)}`,
    l,
  )
}

/** Insert `value` into the array at `path` before index `index` (or at its end). */
export function placeElement(
  text: string,
  path: Array<string | number>,
  index: number,
  value: unknown,
  l: Layout,
): string | undefined {
  const tree = parseTree(text)
  const array = tree && findNodeAtLocation(tree, path)
  if (array?.type !== "array") return undefined
  const kids = array.children ?? []
  const before = kids[index]
  if (!before) return insertInto(text, array, (indent) => render(value, indent, l), JSON.stringify(value), l)
  if (oneLine(text, array) || !startsLine(text, before.offset))
    return `${text.slice(0, before.offset)}${JSON.stringify(value)}, ${text.slice(before.offset)}`
  const indent = indentAt(text, before.offset)
  return `${text.slice(0, before.offset)}${render(value, indent, l)},${l.eol}${indent}${text.slice(before.offset)}`
}
