import { describe, expect, test } from "bun:test"
import { crush } from "../../src/crush/pipeline"
import { namedTerms } from "../../src/crush/filters/_named"

/** Round two's shrinking filters, each beside what it must keep. */
const lines = (n: number, f: (i: number) => string) => `${Array.from({ length: n }, (_, i) => f(i)).join("\n")}\n`
const run = (text: string, command: string) => crush(text, { command, runId: "r00000000000000000000000000" })

describe("names the command line gave", () => {
  test("a package, a --grep pattern, a search pattern; flags and paths are not names", () => {
    expect(namedTerms(["npm", "ls", "qs@6", "--all"])).toEqual(["qs"])
    expect(namedTerms(["git", "log", "--oneline", "--grep=router"])).toEqual(["router"])
    expect(namedTerms(["grep", "-rn", "TODO", "src"])).toEqual(["TODO"])
    expect(namedTerms(["git", "log", "--oneline"])).toEqual([])
  })
})

describe("shrinking what is large", () => {
  test("grep -rn: three matches per file, the rest counted per file; every file named", () => {
    const text = lines(10, (f) => lines(20, (i) => `src/f${f}.ts:${i + 1}:  const value${i} = compute(${i})`).trimEnd())
    const out = run(text, "grep -rn compute src").output
    for (let f = 0; f < 10; f++) {
      expect(out).toContain(`src/f${f}.ts:3:`)
      expect(out).not.toContain(`src/f${f}.ts:4:`)
      expect(out).toContain(`… 17 more matches in src/f${f}.ts`)
    }
  })

  test("git log --oneline: head and tail, plus every commit matching --grep", () => {
    const text = lines(
      300,
      (i) => `${(1000000 + i).toString(16)} ${i === 150 ? "router: fix the params merge" : `chore: step ${i}`}`,
    )
    const out = run(text, "git log --oneline --grep=router").output
    expect(out).toContain("router: fix the params merge")
    expect(out).toContain("chore: step 0\n")
    expect(out).toContain("chore: step 299\n")
    expect(out).not.toContain("chore: step 100\n")
  })

  test("git diff of a new file: its header and size; a small new file stays whole", () => {
    const big = `diff --git a/src/big.ts b/src/big.ts\nnew file mode 100644\nindex 0000000..1111111\n--- /dev/null\n+++ b/src/big.ts\n@@ -0,0 +1,120 @@\n${lines(120, (i) => `+export const v${i} = ${i}`)}`
    const small = `diff --git a/src/small.ts b/src/small.ts\nnew file mode 100644\nindex 0000000..2222222\n--- /dev/null\n+++ b/src/small.ts\n@@ -0,0 +1,3 @@\n+export const a = 1\n+export const b = 2\n+export const c = 3\n`
    const out = run(big + small, "git diff --cached").output
    expect(out).toContain("diff --git a/src/big.ts b/src/big.ts\nnew file mode 100644\n")
    expect(out).toMatch(/… new file, \+120 lines \(\d+ bytes\) not shown/)
    expect(out).not.toContain("export const v50 = 50")
    expect(out).toContain("+export const b = 2\n")
  })

  test("git diff --stat: folders and the summary line", () => {
    const text = `${lines(60, (i) => ` ${i % 2 ? "src/crush" : "test/crush"}/f${i}.ts | ${i + 1} ++--`)} 60 files changed, 900 insertions(+), 930 deletions(-)\n`
    const out = run(text, "git diff --stat").output
    expect(out).toContain(" 60 files changed, 900 insertions(+), 930 deletions(-)\n")
    expect(out).toMatch(/… 60 files by folder: src\/crush\/ 30 files, \d+ changes; test\/crush\/ 30 files/)
    expect(out).not.toContain("f17.ts")
  })

  test("JSON: a long map keeps a few keys, the named and the failing entries, and a count", () => {
    const packages: Record<string, unknown> = {}
    for (let i = 0; i < 200; i++) packages[`node_modules/pkg${i}`] = { version: `1.0.${i}` }
    packages["node_modules/qs"] = { version: "6.13.0" }
    packages["node_modules/old"] = { version: "0.1.0", deprecated: "no longer supported, error-prone" }
    const text = JSON.stringify({ name: "app", packages }, null, 2)
    const out = run(text, "npm ls qs --json").output
    expect(out).toContain('"node_modules/qs"')
    expect(out).toContain('"deprecated": "no longer supported, error-prone"')
    expect(out).toMatch(/"… \d+ keys": "omitted \(202 in all\)"/)
    expect(out).not.toContain('"node_modules/pkg100"')
  })

  test("JSON keys named like an object's members stay in the output ('__proto__' was swallowed as a prototype)", () => {
    const rows = Array.from({ length: 80 }, (_, i) => ({
      id: i,
      meta: JSON.parse(`{"__proto__": {"owner": "team-${i}"}, "constructor": "c${i}", "toString": "s${i}"}`),
    }))
    const text = JSON.stringify({ name: "app", rows }, null, 2)
    const out = run(text, "cat rows.json").output
    expect(out.length).toBeLessThan(text.length)
    expect(out).toContain('"__proto__": {')
    expect(out).toContain('"owner": "team-0"')
    expect(out).toContain('"constructor": "c0"')
    expect(out).toContain('"toString": "s0"')
  })

  test("several pretty-printed JSON documents (jq without -c) are sampled as documents", () => {
    const text = Array.from({ length: 50 }, (_, i) =>
      JSON.stringify({ name: `pkg${i}`, status: i === 30 ? "failed" : "ok" }, null, 2),
    ).join("\n")
    const out = run(text, "jq '.[]' packages.json").output
    expect(out).toContain('"name": "pkg30"')
    expect(out).toMatch(/… \d+ of 50 documents omitted/)
    expect(out).not.toContain('"name": "pkg20"')
  })
})
