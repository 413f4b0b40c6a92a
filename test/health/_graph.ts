/**
 * The import graph of src/, read with Bun's own parser, and the rules AGENTS.md states about it:
 * a faculty is reached through its index.ts, a `_private` file only from its own folder, and
 * imports run one way (cli → surfaces → faculties → core).
 */
import { readdirSync, readFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"

export interface Edge {
  from: string
  to: string
}

const ROOT = resolve(import.meta.dir, "../..")
export const SRC = join(ROOT, "src")

export function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts"))
    .map((e) => relative(SRC, join(e.parentPath, e.name)))
    .sort()
}

function resolveLocal(from: string, spec: string, files: Set<string>): string | undefined {
  if (!spec.startsWith(".")) return undefined
  const base = relative(SRC, resolve(SRC, dirname(from), spec))
  for (const candidate of [base, `${base}.ts`, join(base, "index.ts")]) if (files.has(candidate)) return candidate
  return undefined
}

export function importGraph(): Edge[] {
  const files = sourceFiles()
  const known = new Set(files)
  const transpiler = new Bun.Transpiler({ loader: "ts" })
  const edges: Edge[] = []
  for (const file of files) {
    const code = readFileSync(join(SRC, file), "utf8")
    for (const { path } of transpiler.scanImports(code)) {
      const to = resolveLocal(file, path, known)
      if (to) edges.push({ from: file, to })
    }
  }
  return edges
}

/** `memory/read/_score.ts` → "memory"; top-level files (`main.ts`) have no faculty. */
export const facultyOf = (file: string): string | undefined => (file.includes("/") ? file.split("/")[0] : undefined)
