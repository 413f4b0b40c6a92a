import { describe, expect, test } from "bun:test"
import { selfPrefixes, versionVia } from "../core/_self"
import { egcBinary, runEgc } from "./_binary"

describe("one way to run this egc again (core/self), compiled", () => {
  test("the clean filter and the crusher's rewrite name the binary itself, which answers `version`", async () => {
    const bin = await egcBinary()
    const version = (await runEgc(["version"])).stdout.trim()
    expect(version).toMatch(/\d+\.\d+\.\d+/)
    const { filter, rewrite } = await selfPrefixes((args, cwd, stdin) =>
      runEgc(args, { cwd, ...(stdin === undefined ? {} : { stdin }) }),
    )
    for (const prefix of [filter, rewrite]) {
      expect(prefix).not.toContain("main.ts")
      expect(prefix.replace(/^'|'$/g, "")).toBe(bin)
      expect(versionVia(prefix)).toBe(version)
    }
  }, 60_000)
})
