import { describe, expect, test } from "bun:test"
import { selfArgv, selfBinary } from "../../src/core/self"
import { runningBinary } from "../../src/release/replace"
import { runSource } from "../cli/_egc"
import { egc } from "../mirror/_repo"
import { selfPrefixes, versionVia } from "./_self"

describe("one way to run this egc again (core/self), from source", () => {
  test("the clean filter and the crusher's rewrite run this checkout's egc (bun + entry script), not bare bun", async () => {
    const version = (await runSource(["version"])).stdout.trim()
    expect(version).toMatch(/\d+\.\d+\.\d+/)
    const { filter, rewrite } = await selfPrefixes(egc)
    expect(filter).toContain("src/main.ts")
    expect(rewrite).toContain("src/main.ts")
    expect(versionVia(filter)).toBe(version)
    expect(versionVia(rewrite)).toBe(version)
  }, 60_000)

  test("a source run has no binary to replace: upgrade says so instead of replacing bun", () => {
    expect(selfArgv()).toEqual([process.execPath, Bun.main])
    expect(selfBinary()).toBeUndefined()
    expect(() => runningBinary()).toThrow(/runs from source/)
  })
})
