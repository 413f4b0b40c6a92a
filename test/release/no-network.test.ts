import { describe, expect, test } from "bun:test"
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join, resolve } from "node:path"

/** Hooks, the guard and the crusher run on every tool call: none of them may reach the release code. */
const SRC = resolve(import.meta.dir, "../../src")
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) =>
    statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : f.endsWith(".ts") ? [join(dir, f)] : [],
  )

describe("no network on the hook path", () => {
  test("nothing under hooks/, guard/, crush/, mesh/ or core/ imports release/ or calls fetch", () => {
    const hot = ["hooks", "guard", "crush", "mesh", "core"].flatMap((d) => files(join(SRC, d)))
    expect(hot.length).toBeGreaterThan(20)
    const offenders = hot.filter((f) =>
      /from "[./]*\/release\/|import\("[./]*\/release\/|\bfetch\(/.test(readFileSync(f, "utf8")),
    )
    expect(offenders).toEqual([])
    // control: the release code itself does fetch, and the pattern sees it
    expect(/\bfetch\(/.test(readFileSync(join(SRC, "release", "source.ts"), "utf8"))).toBe(true)
  })
})
