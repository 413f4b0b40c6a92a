import { describe, expect, test } from "bun:test"
import { unifiedDiff } from "../../src/install/diff"

const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`)

describe("--dry-run diffs", () => {
  test("a 20,000-line file with two distant edits gives two hunks with exact line numbers", () => {
    const before = lines(20_000)
    const after = [...before]
    after[99] = "line 100 changed"
    after.splice(18_000, 0, "inserted after 18000")
    const out = unifiedDiff("big.json", `${before.join("\n")}\n`, `${after.join("\n")}\n`)
    expect(out.split("\n")).toEqual([
      "--- big.json",
      "+++ big.json",
      "@@ -97,7 +97,7 @@",
      " line 97",
      " line 98",
      " line 99",
      "-line 100",
      "+line 100 changed",
      " line 101",
      " line 102",
      " line 103",
      "@@ -17998,6 +17998,7 @@",
      " line 17998",
      " line 17999",
      " line 18000",
      "+inserted after 18000",
      " line 18001",
      " line 18002",
      " line 18003",
    ])
  })

  test("edits closer than twice the context share one hunk; identical texts have none", () => {
    const before = lines(30)
    const after = [...before]
    after[9] = "ten"
    after[14] = "fifteen"
    const out = unifiedDiff("f", before.join("\n"), after.join("\n"))
    expect(out.split("\n").filter((l) => l.startsWith("@@"))).toEqual(["@@ -7,12 +7,12 @@"])
    expect(unifiedDiff("f", before.join("\n"), `${before.join("\n")}\n`)).toBe("--- f\n+++ f")
  })

  test("a created file is diffed against /dev/null, a removed one to it", () => {
    const created = unifiedDiff("new.toml", null, "a = 1\nb = 2\n")
    expect(created).toBe("--- /dev/null\n+++ new.toml\n@@ -0,0 +1,2 @@\n+a = 1\n+b = 2")
    const removed = unifiedDiff("old.toml", "a = 1\n", null)
    expect(removed).toBe("--- old.toml\n+++ /dev/null\n@@ -1,1 +0,0 @@\n-a = 1")
  })

  test("the diff package is loaded by the first diff, not by importing the installer", () => {
    const script = [
      'const has = () => Object.keys(require.cache).some((k) => k.includes("/node_modules/diff/"))',
      'const install = await import("./src/install/index.ts")',
      "const before = has()",
      'const { unifiedDiff } = await import("./src/install/diff.ts")',
      'unifiedDiff("f", "a\\n", "b\\n")',
      "console.log(JSON.stringify([typeof install.renderPlan, before, has()]))",
    ].join("\n")
    const r = Bun.spawnSync([process.execPath, "-e", script], { cwd: `${import.meta.dir}/../..`, stderr: "pipe" })
    expect(r.stdout.toString().trim()).toBe('["function",false,true]')
  })
})
