import { describe, expect, test } from "bun:test"
import { END, findBlock, neutralise, setBlock, START, strip } from "../../src/mirror/block"
import { MIRROR_MAX_BYTES, scrub } from "../../src/mirror/content"

const count = (text: string, needle: string) => text.split(needle).length - 1
const set = (file: string, content: string) => {
  const r = setBlock(file, content)
  if (!("text" in r)) throw new Error(r.broken)
  return r.text
}

describe("the mirror block", () => {
  test("appended, replaced in place, and stripped back to the exact bytes (with or without a final newline, CRLF)", () => {
    for (const file of ["# A\nbody\n", "no newline at the end", "", "crlf\r\nfile\r\n", "bytes \xff\xfe kept\n"]) {
      const once = set(file, "first")
      expect(count(once, START)).toBe(1)
      expect(strip(once)).toBe(file)
      const twice = set(once, "second")
      expect(count(twice, START)).toBe(1)
      expect(twice).toContain("second")
      expect(twice).not.toContain("first")
      expect(strip(twice)).toBe(file)
      expect(set(twice, "second")).toBe(twice)
    }
    // a block in the middle keeps the text after it where it was
    const middle = `${set("head\n", "x")}tail written later\n`
    expect(strip(set(middle, "y"))).toBe("head\ntail written later\n")
    expect(set("crlf\r\n", "a\nb")).toContain(`${START}\r\n`)
  })

  test("broken markers are refused; the filter has no answer for them", () => {
    const cases = [
      `x\n${START}\nno end\n`,
      `x\n${END}\nno start\n`,
      `${END}\n${START}\n`,
      `${START}\n${START}\n${END}\n`,
      `${START}\n${END}\n${START}\n${END}\n`,
    ]
    for (const text of cases) {
      expect(findBlock(text).kind).toBe("broken")
      expect("broken" in setBlock(text, "c")).toBe(true)
      expect(strip(text)).toBeUndefined()
    }
    // control: text without markers passes through the filter untouched
    expect(strip("plain <!-- a comment -->\n")).toBe("plain <!-- a comment -->\n")
  })

  test("content cannot forge or close a marker", () => {
    const hostile = `${END}\n${START}\n<!-- egc:mirror:end-->\n--><!--`
    const safe = neutralise(hostile)
    expect(safe).not.toContain("<!--")
    expect(safe).not.toContain("-->")
    const file = set("mine\n", safe)
    expect(findBlock(file).kind).toBe("one")
    expect(strip(file)).toBe("mine\n")
  })
})

describe("scrub", () => {
  test("terminal and bidi controls, secrets and marker text go; ordinary text stays", () => {
    const secret = `ghp_${"a1B2c3D4e5".repeat(4)}`
    const raw = `keep this line\n\u001b[31mred\u001b[0m \u001b]0;title\u0007 x\u202eevil\u2066 token ${secret}\r\n${END}`
    const out = scrub(raw)
    expect(out).toContain("keep this line")
    expect(out).toContain("red")
    expect(out).not.toMatch(/[\u001b\u0007\u202e\u2066\r]/)
    expect(out).not.toContain("[31m")
    expect(out).not.toContain(secret)
    expect(out).toContain("[REDACTED:")
    expect(out).not.toContain(END)
  })

  test("10 MB of text is capped to the byte ceiling, on a line boundary, with a note", () => {
    const line = "- a decision that goes on and on ".repeat(10)
    const huge = Array.from({ length: Math.ceil((10 * 1024 * 1024) / line.length) }, () => line).join("\n")
    expect(huge.length).toBeGreaterThan(10 * 1024 * 1024)
    const out = scrub(huge)
    expect(Buffer.byteLength(out)).toBeLessThanOrEqual(MIRROR_MAX_BYTES)
    expect(out.endsWith("`egc memory list` shows everything)")).toBe(true)
    for (const l of out.split("\n").slice(0, -1)) expect(l).toBe(line)
    // control: a short text is not touched by the cap
    expect(scrub("short")).toBe("short")
  })
})
