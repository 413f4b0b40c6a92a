import { describe, expect, test } from "bun:test"
import { StreamSummary } from "../../src/crush/stream"

/** The bounded path for outputs past the in-memory limit, fed in awkward chunk sizes. */
function feed(text: string, chunk: number): { text: string; lines: number } {
  const bytes = new TextEncoder().encode(text)
  const s = new StreamSummary()
  for (let i = 0; i < bytes.length; i += chunk) s.push(bytes.subarray(i, i + chunk))
  return s.finish()
}

describe("streaming summary", () => {
  const lines = Array.from({ length: 50_000 }, (_, i) =>
    i % 5000 === 2500 ? `2026-01-01 ERROR job ${i} failed: disk full` : `step ${i} ok`,
  )
  const text = `${lines.join("\n")}\n`

  test("head, tail and every problem line, in order, with counted gaps", () => {
    const { text: out, lines: n } = feed(text, 4093)
    expect(n).toBe(50_000)
    expect(out.startsWith("step 0 ok\nstep 1 ok\n")).toBe(true)
    expect(out.endsWith("step 49999 ok\n")).toBe(true)
    for (let i = 2500; i < 50_000; i += 5000) expect(out).toContain(`2026-01-01 ERROR job ${i} failed: disk full\n`)
    expect(out).not.toContain("step 30000 ok")
    expect(out).toMatch(/… 2400 lines\n2026-01-01 ERROR job 2500/)
    expect(out.length).toBeLessThan(10_000)
  })

  test("chunk boundaries inside multi-byte characters and CRLF do not change the result", () => {
    const utf = `${Array.from({ length: 300 }, (_, i) => `é ${i} ü\r`).join("\n")}\nwarning: ä ö\n`
    expect(feed(utf, 1).text).toBe(feed(utf, 4096).text)
    expect(feed(utf, 3).text).toContain("warning: ä ö")
    expect(feed(utf, 3).text).not.toContain("\r")
  })

  test("one endless line stays bounded and keeps its problem", () => {
    const s = new StreamSummary()
    const block = new TextEncoder().encode("x".repeat(1 << 20))
    for (let i = 0; i < 20; i++) s.push(block)
    s.push(new TextEncoder().encode(" panic: out of memory "))
    for (let i = 0; i < 20; i++) s.push(block)
    const { text: out } = s.finish()
    expect(out).toContain("panic: out of memory")
    expect(out.length).toBeLessThan(50_000)
  })
})
