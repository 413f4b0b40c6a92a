import { describe, expect, test } from "bun:test"
import { selectLines } from "../../src/crush/show"

/** `egc crush show <id> --lines A-B / --grep PATTERN`: a part of a stored output. */
describe("a part of a stored output", () => {
  const text = `${Array.from({ length: 100 }, (_, i) => (i === 41 ? "job 42: tenant 3 not found" : `line ${i + 1}`)).join("\n")}\n`

  test("--lines A-B gives exactly those lines, 1-based and inclusive", () => {
    expect(selectLines(text, { from: 40, to: 43 })).toBe("line 40\nline 41\njob 42: tenant 3 not found\nline 43\n")
  })

  test("a range past the end stops at the end; an empty range gives nothing", () => {
    expect(selectLines(text, { from: 99, to: 500 })).toBe("line 99\nline 100\n")
    expect(selectLines(text, { from: 200, to: 300 })).toBe("")
  })

  test("--grep gives the matching lines with their numbers, and nothing else", () => {
    expect(selectLines(text, { pattern: /tenant \d+ not found/i })).toBe("42: job 42: tenant 3 not found\n")
    expect(selectLines(text, { pattern: /no such thing/ })).toBe("")
  })
})
