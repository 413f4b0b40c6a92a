import { describe, expect, test } from "bun:test"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { SRC, sourceFiles } from "./_graph"

/**
 * One error idiom (AGENTS.md): a failure that leaves its module is an EgcError (or a subclass). An
 * error class of its own is allowed only for the reasons AGENTS.md gives, listed here by name.
 */
const KEPT: Record<string, string> = {
  "core/errors.ts:EgcError": "the idiom itself",
  "memory/state/patch.ts:PatchRefused": "private: rolls back a patch's transaction, returned as a result",
  "core/shell/reader.ts:BudgetExceeded": "private to the shell parser: its work cap, caught by its callers",
  "core/git.ts:BrokenGitPointer": "core/git → core/project, which words the error",
  "mesh/overlap.ts:Unmodelled": "private to overlap.ts",
  "ui/context.ts:HttpError": "the dashboard's edge: an HTTP status is its vocabulary",
}

const CLASS = /\bclass\s+(\w+)\s+extends\s+Error\b/g

export function errorClasses(files: Array<{ file: string; text: string }>): string[] {
  return files.flatMap(({ file, text }) =>
    [...text.matchAll(CLASS)]
      .filter(([, name]) => !KEPT[`${file}:${name}`])
      .map(([, name]) => `${name} extends Error: src/${file}`),
  )
}

describe("one error idiom", () => {
  test("the check names an Error class nobody kept, and passes EgcError subclasses and the kept ones", () => {
    expect(
      errorClasses([
        { file: "core/errors.ts", text: "export class EgcError extends Error {}" },
        { file: "mcp/tool.ts", text: "export class ToolFailure extends EgcError {}" },
        { file: "ui/context.ts", text: "export class HttpError extends Error {}" },
        { file: "crush/run.ts", text: "export class RunFailed extends Error {}" },
      ]),
    ).toEqual(["RunFailed extends Error: src/crush/run.ts"])
  })

  test("src/ keeps it", () => {
    const files = sourceFiles().map((file) => ({ file, text: readFileSync(join(SRC, file), "utf8") }))
    expect(errorClasses(files)).toEqual([])
  })
})
