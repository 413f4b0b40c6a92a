import { describe, expect, test } from "bun:test"
import { crush, SMALL_BYTES } from "../../src/crush/pipeline"
import { selection } from "../../src/crush/filters/_select"

const enc = (s: string) => new TextEncoder().encode(s)
const lines = (n: number, f: (i: number) => string) => `${Array.from({ length: n }, (_, i) => f(i)).join("\n")}\n`

describe("small and empty outputs", () => {
  test("an empty output stays empty", () => {
    const r = crush(new Uint8Array(0), { command: "git status" })
    expect(r.output).toBe("")
    expect(r.mode).toBe("raw")
  })

  test("a small output passes through byte for byte, even with problem-free noise", () => {
    const text = lines(10, (i) => `Compiling crate${i} v0.1.${i}`)
    expect(text.length).toBeLessThan(SMALL_BYTES)
    expect(crush(enc(text), { command: "cargo build" }).output).toBe(text)
  })

  test("a small output with colours is only cleaned", () => {
    const r = crush(enc("\x1b[31merror\x1b[0m: boom\n"), { command: "make" })
    expect(r.output).toBe("error: boom\n")
    expect(r.mode).toBe("clean")
  })

  test("control: the same content past the threshold is filtered", () => {
    const text = `${lines(200, (i) => `   Compiling crate${i} v0.1.${i}`)}error[E0425]: cannot find value \`x\` in this scope\n`
    const r = crush(enc(text), { command: "cargo build", runId: "r00000000000000000000000000" })
    expect(r.mode).toBe("filtered")
    expect(r.output).toContain("error[E0425]: cannot find value `x` in this scope")
    expect(r.output).not.toContain("Compiling crate100")
    expect(r.output).toMatch(
      /\[egc crush: \d+ of 201 lines omitted, \d+ → \d+ bytes; full output: egc crush show r0+ \(a part: --lines A-B or --grep PATTERN\)\]\n$/,
    )
  })
})

describe("bad input", () => {
  test("binary output is not printed, and says how to get the bytes", () => {
    const bytes = new Uint8Array(4096).map((_, i) => i % 256)
    const r = crush(bytes, { command: "cat image.png", runId: "r00000000000000000000000000" })
    expect(r.mode).toBe("binary")
    expect(r.output).toBe(
      "… binary output (4096 bytes) not shown; raw bytes: egc crush show r00000000000000000000000000 --raw\n",
    )
  })

  test("invalid UTF-8 becomes replacement characters; the problem lines around it survive", () => {
    const good = enc(lines(100, (i) => `step ${i} done`))
    const bad = new Uint8Array([0xff, 0xfe, 0x41, 0x0a])
    const err = enc("fatal: cannot lock ref 'HEAD'\n")
    const r = crush(new Uint8Array([...good, ...bad, ...err]), { command: "./deploy" })
    expect(r.output).toContain("fatal: cannot lock ref 'HEAD'")
    expect(r.output).toContain("\uFFFD")
  })

  // its speed is measured by scripts/bench, not asserted here (no wall-clock bounds in unit tests)
  test("one 100 MB line is cut to windows around what matters", () => {
    const chunk = "x".repeat(50_000_000)
    const text = `${chunk} ERROR: disk quota exceeded on /dev/sda1 ${chunk}\n`
    const r = crush(text, { command: "./export" })
    expect(r.output.length).toBeLessThan(10_000)
    expect(r.output).toContain("ERROR: disk quota exceeded on /dev/sda1")
    expect(r.output).toMatch(/…\[\d+ chars\]…/)
  })

  test("carriage-return progress spam collapses to its last frame", () => {
    const spam = `${Array.from({ length: 2000 }, (_, i) => `\rDownloading ${i}/2000 [${"#".repeat(i % 30)}]`).join("")}\nwarning: mirror slow\nDone\n`
    const r = crush(spam, { command: "./fetch" })
    expect(r.output).toContain("warning: mirror slow")
    expect(r.output).not.toContain("Downloading 10/2000")
    expect(r.bytesOut).toBeLessThan(300)
  })

  test("a filter that throws falls back to the raw output, cleaned", () => {
    const text = lines(300, (i) => `line ${i}`)
    const r = crush(enc(text), {
      command: "git log",
      filter: () => {
        throw new Error("filter bug")
      },
    })
    expect(r.mode).toBe("fallback")
    expect(r.output).toBe(text)
  })

  test("a filter that drops a problem line cannot lose it", () => {
    const text = lines(300, (i) => (i === 150 ? "FAILED tests/test_x.py::test_y - AssertionError" : `noise ${i}`))
    const r = crush(enc(text), { command: "pytest", filter: (ls) => selection(ls.length, 0) })
    expect(r.output).toContain("FAILED tests/test_x.py::test_y - AssertionError")
    expect(r.output).not.toContain("noise 7")
  })

  test("a disabled family is only cleaned, never filtered", () => {
    const text = lines(300, (i) => `   Compiling crate${i} v0.1.0`)
    expect(crush(enc(text), { command: "cargo build", disabledFamilies: ["build"] }).output).toBe(text)
    expect(crush(enc(text), { command: "cargo build" }).mode).toBe("filtered")
  })
})

describe("families through the pipeline", () => {
  test("a diff keeps every changed line and drops context", () => {
    const body = lines(240, (i) => (i % 3 === 0 ? `+added ${i}` : i % 3 === 1 ? `-removed ${i}` : ` context ${i}`))
    const diff = `diff --git a/src/a.ts b/src/a.ts\nindex 1..2 100644\n--- a/src/a.ts\n+++ b/src/a.ts\n@@ -1,160 +1,160 @@\n${body}`
    const r = crush(diff, { command: "git diff" })
    for (let i = 0; i < 240; i++) {
      if (i % 3 === 0) expect(r.output).toContain(`+added ${i}\n`)
      if (i % 3 === 1) expect(r.output).toContain(`-removed ${i}\n`)
      if (i % 3 === 2) expect(r.output).not.toContain(`context ${i}\n`)
    }
  })

  test("a lockfile's churn becomes counts, never invented text", () => {
    const body = lines(400, (i) => `+  "pkg${i}": "1.0.${i}",`)
    const r = crush(
      `diff --git a/package-lock.json b/package-lock.json\n--- a/package-lock.json\n+++ b/package-lock.json\n@@ -1,0 +1,400 @@\n${body}`,
      { command: "git diff" },
    )
    expect(r.output).toContain("… +400 −0 lines in 1 hunks of package-lock.json (summarised)")
    expect(r.output).not.toContain("pkg17")
  })

  test("a long git log keeps every commit's hash and subject (no cut at a count)", () => {
    const log = Array.from(
      { length: 120 },
      (_, i) =>
        `commit ${i.toString(16).padStart(40, "0")}\nAuthor: A <a@x>\nDate:   Mon Jan 1 00:00:00 2026\n\n    subject number ${i}\n`,
    ).join("\n")
    const r = crush(log, { command: "git log" })
    for (let i = 0; i < 120; i++) expect(r.output).toContain(`    subject number ${i}\n`)
    expect(r.output).not.toContain("Author: A")
  })

  test("JSON arrays are sampled with counts, keeping items that carry errors", () => {
    const items = Array.from({ length: 50 }, (_, i) => ({ id: i, state: i === 33 ? "error: quota exceeded" : "ok" }))
    const r = crush(JSON.stringify(items, null, 2), { command: "gh run list --json id,state" })
    const parsed = JSON.parse(r.output.slice(0, r.output.lastIndexOf("[egc crush")))
    expect(parsed[0]).toEqual({ id: 0, state: "ok" })
    expect(parsed).toContainEqual({ id: 33, state: "error: quota exceeded" })
    expect(parsed).toContain("… 30 of 50 items omitted")
  })
})

describe("git subcommands", () => {
  test("git log -p keeps every commit header and every changed line", () => {
    const commit = (n: number) =>
      `commit ${String(n).repeat(40).slice(0, 40)}\nAuthor: A <a@x>\nDate:   Mon Jan 1 00:00:00 2026\n\n    change number ${n}\n\ndiff --git a/f${n}.ts b/f${n}.ts\n--- a/f${n}.ts\n+++ b/f${n}.ts\n@@ -1,6 +1,6 @@\n context a\n context b\n-old ${n}\n+new ${n}\n context c\n context d\n`
    const log = Array.from({ length: 30 }, (_, i) => commit(i + 1)).join("")
    const r = crush(log, { command: "git log -p" })
    expect(r.mode).toBe("filtered")
    for (let n = 1; n <= 30; n++) {
      expect(r.output).toContain(`    change number ${n}\n`)
      expect(r.output).toContain(`-old ${n}\n+new ${n}\n`)
    }
    expect(r.output).not.toContain(" context b")
  })

  test("git blame is folded by commit: the first line of each run, the run's line range and commit", () => {
    const blame = lines(
      200,
      (i) => `${i < 120 ? "^a1b2c3d" : "9f8e7d6"} (Dev 2026-01-01 10:00:00 +0000 ${i + 1}) const line${i} = ${i}`,
    )
    const out = crush(blame, { command: "git blame src/a.ts" }).output
    expect(out).toContain("^a1b2c3d (Dev 2026-01-01 10:00:00 +0000 1) const line0 = 0\n")
    expect(out).toContain("9f8e7d6 (Dev 2026-01-01 10:00:00 +0000 121) const line120 = 120\n")
    expect(out).toContain("… 119 more lines (2–120) from a1b2c3d")
    expect(out).toContain("… 79 more lines (122–200) from 9f8e7d6")
    expect(out).not.toContain("const line5 = 5")
  })

  test("control: a blame whose commit changes on every line is kept whole", () => {
    const blame = lines(
      200,
      (i) => `${i % 2 ? "^a1b2c3d" : "9f8e7d6"} (Dev 2026-01-01 10:00:00 +0000 ${i + 1}) const line${i} = ${i}`,
    )
    expect(crush(blame, { command: "git blame src/a.ts" }).output).toBe(blame)
  })

  test("a long branch list keeps the current branch and counts the rest by remote", () => {
    const branches = `${lines(40, (i) => `  feature/f${i}`)}* main\n${lines(60, (i) => `  remotes/origin/feature/f${i}`)}`
    const r = crush(branches, { command: "git branch -a" })
    expect(r.output).toContain("* main\n")
    expect(r.output).toContain("  feature/f0\n")
    expect(r.output).toMatch(/… 70 more \(local 10, origin 60\)/)
  })
})

describe("JSON edge cases", () => {
  test("go test -json: the fail events survive the sampling", () => {
    const events = Array.from({ length: 80 }, (_, i) =>
      JSON.stringify({
        Time: "2026-01-01T00:00:00Z",
        Action: i === 50 ? "fail" : "pass",
        Package: "example.com/m",
        Test: `Test${i}`,
        Elapsed: 0,
      }),
    )
    const r = crush(`${events.join("\n")}\n`, { command: "go test -json ./..." })
    expect(r.output).toContain('"Action":"fail","Package":"example.com/m","Test":"Test50"')
    expect(r.output).not.toContain('"Test":"Test40"')
  })

  test("a long string value keeps the window around its error", () => {
    const log = `${"x".repeat(5000)} FATAL: checksum mismatch ${"y".repeat(5000)}`
    const r = crush(JSON.stringify({ id: 1, log }, null, 2), { command: "gh run view 1 --json log" })
    expect(r.output).toContain("FATAL: checksum mismatch")
    expect(r.bytesOut).toBeLessThan(3000)
  })
})
