import { describe, expect, test } from "bun:test"
import { readdirSync, readFileSync } from "node:fs"
import { join, relative, resolve } from "node:path"
import { SRC, sourceFiles } from "./_graph"

/**
 * An export nobody imports is dead code with a public face. A name counts as used when another
 * file of src/, test/ or scripts/ mentions it; `index.ts` re-exports and type-only exports of a
 * faculty's public surface count like any other.
 */
const ROOT = resolve(import.meta.dir, "../..")
const DECLARED =
  /^export\s+(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|md)$/.test(e.name) && !e.parentPath.includes("node_modules"))
    .map((e) => join(e.parentPath, e.name))
}

export function deadExports(files: Array<{ file: string; text: string }>): string[] {
  const words = new Map<string, Set<string>>()
  for (const { file, text } of files) {
    for (const w of text.match(/[A-Za-z_$][\w$]*/g) ?? []) {
      let where = words.get(w)
      if (!where) words.set(w, (where = new Set()))
      where.add(file)
    }
  }
  const dead: string[] = []
  for (const { file, text } of files) {
    if (!file.startsWith("src/")) continue
    for (const [, name = ""] of text.matchAll(DECLARED)) {
      const users = [...(words.get(name) ?? [])].filter((f) => f !== file)
      if (users.length === 0) dead.push(`${file}: ${name}`)
    }
  }
  return dead
}

describe("dead exports", () => {
  test("the check finds an export no other file names, and passes one that is used", () => {
    expect(
      deadExports([
        { file: "src/a.ts", text: "export function used() {}\nexport const unusedThing = 1" },
        { file: "src/b.ts", text: 'import { used } from "./a"' },
      ]),
    ).toEqual(["src/a.ts: unusedThing"])
  })

  test("src/ has none", () => {
    const all = [SRC, join(ROOT, "test"), join(ROOT, "scripts")].flatMap(tsFiles)
    const files = all.map((f) => ({ file: relative(ROOT, f), text: readFileSync(f, "utf8") }))
    expect(sourceFiles().length).toBeGreaterThan(100)
    expect(deadExports(files)).toEqual([])
  })
})
