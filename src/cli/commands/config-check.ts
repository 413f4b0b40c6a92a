import { existsSync, readFileSync } from "node:fs"
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from "jsonc-parser"
import { DEFAULTS, envLayer, projectConfigPath } from "../../core/config"
import { paths } from "../../core/paths"

/** One config file or layer as `egc config` sees it. */
interface ConfigFile {
  source: string
  path: string | undefined
  exists: boolean
  data?: Record<string, unknown>
  text?: string
}

export interface ConfigProblem {
  file: string
  field: string
  line: number
  column: number
  message: string
}

export function configFiles(projectRoot: string | undefined): ConfigFile[] {
  const files: ConfigFile[] = [{ source: "user", path: paths.config(), exists: false }]
  if (projectRoot) files.push({ source: "project", path: projectConfigPath(projectRoot), exists: false })
  for (const f of files) {
    if (!f.path || !existsSync(f.path)) continue
    f.exists = true
    f.text = readFileSync(f.path, "utf8")
    try {
      f.data = JSON.parse(f.text) as Record<string, unknown>
    } catch {
      // validate reports where
    }
  }
  const e = envLayer()
  if (e) files.push({ source: e.source, path: undefined, exists: true, data: e.data })
  return files
}

function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split("\n")
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 }
}

/** The deepest node of the field the issue names (a missing key points at its parent object). */
function nodeOf(tree: Node | undefined, path: Array<string | number>): Node | undefined {
  if (!tree) return undefined
  for (let i = path.length; i >= 0; i--) {
    const node = findNodeAtLocation(tree, path.slice(0, i))
    if (node) return node.parent?.type === "property" ? node.parent : node
  }
  return tree
}

/** Every problem of every file: JSON syntax, then the schema, each with file, field and line:col. */
export async function validateFiles(files: ConfigFile[]): Promise<ConfigProblem[]> {
  const { configSchema } = await import("../../core/config-schema")
  const problems: ConfigProblem[] = []
  for (const f of files) {
    if (!f.exists) continue
    const name = f.path ?? f.source
    if (f.text !== undefined) {
      const errors: ParseError[] = []
      const tree = parseTree(f.text, errors, { disallowComments: true, allowTrailingComma: false })
      if (errors.length) {
        for (const e of errors)
          problems.push({
            file: name,
            field: "",
            ...position(f.text, e.offset),
            message: `JSON: ${printParseErrorCode(e.error)}`,
          })
        continue
      }
      if (tree?.type !== "object") {
        problems.push({ file: name, field: "", line: 1, column: 1, message: "must hold a JSON object" })
        continue
      }
      const result = configSchema.safeParse(f.data)
      if (result.success) continue
      for (const issue of result.error.issues) {
        const path = issue.path.map((p) => (typeof p === "number" ? p : String(p)))
        const keys = "keys" in issue && Array.isArray(issue.keys) ? issue.keys.map(String) : []
        // an unknown key is reported at the key itself
        const node = nodeOf(tree, keys.length === 1 ? [...path, keys[0]!] : path)
        const at = node ? position(f.text, node.offset) : { line: 1, column: 1 }
        const field = [...path, ...(keys.length === 1 ? [keys[0]!] : [])].join(".")
        problems.push({ file: name, field: field || "(root)", ...at, message: issue.message })
      }
      continue
    }
    const result = configSchema.safeParse(f.data ?? {})
    if (!result.success) {
      for (const issue of result.error.issues)
        problems.push({ file: name, field: issue.path.join("."), line: 0, column: 0, message: issue.message })
    }
  }
  return problems
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v)

function lookup(data: Record<string, unknown> | undefined, path: string[]): unknown {
  let cur: unknown = data
  for (const key of path) {
    if (!isObject(cur) || !Object.hasOwn(cur, key)) return undefined
    cur = cur[key]
  }
  return cur
}

/** Each leaf of the effective config with the layer it came from (the last one that sets it). */
export function origins(
  effective: Record<string, unknown>,
  files: ConfigFile[],
): Array<{ field: string; value: unknown; source: string }> {
  const out: Array<{ field: string; value: unknown; source: string }> = []
  const walk = (value: unknown, path: string[]) => {
    if (isObject(value) && Object.keys(value).length && path.join(".") !== "guard.rules") {
      for (const [k, v] of Object.entries(value)) walk(v, [...path, k])
      return
    }
    let source = lookup(DEFAULTS as unknown as Record<string, unknown>, path) !== undefined ? "default" : "unset"
    for (const f of files) if (f.exists && lookup(f.data, path) !== undefined) source = f.path ?? f.source
    out.push({ field: path.join("."), value, source })
  }
  walk(effective, [])
  return out.filter((o) => o.field !== "$schema")
}
