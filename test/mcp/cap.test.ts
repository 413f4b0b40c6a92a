import { describe, expect, test } from "bun:test"
import { capResult } from "../../src/mcp/cap"

const size = (v: unknown) => JSON.stringify(v).length

describe("the one result cap", () => {
  test("a result under the limit is returned untouched", () => {
    const value = { items: ["a", "b"], text: "short", project: "p" }
    expect(capResult(value, 1000)).toEqual({ value, cut: [] })
  })

  test("long strings are cut from the end and say how much was kept", () => {
    const { value, cut } = capResult({ body: "x".repeat(5000), project: "p" }, 1000)
    expect(size(value)).toBeLessThanOrEqual(1000)
    expect(value.project).toBe("p")
    expect(cut).toHaveLength(1)
    expect(cut[0]).toMatch(/^body: \d+ of 5000 characters$/)
  })

  test("nested objects are cut inside, the largest field first, and the project is never cut", () => {
    const input = {
      project: "p".repeat(50),
      small: [1, 2, 3],
      nested: { list: Array.from({ length: 500 }, (_, i) => `entry ${i}`), label: "keep me" },
    }
    const { value, cut } = capResult(input, 2000)
    expect(size(value)).toBeLessThanOrEqual(2000)
    expect(value.project).toBe(input.project)
    expect(value.small).toEqual([1, 2, 3])
    const nested = value.nested as { list: string[]; label: string }
    expect(nested.label).toBe("keep me")
    expect(nested.list.length).toBeGreaterThan(10)
    expect(nested.list).toEqual(input.nested.list.slice(0, nested.list.length))
    expect(cut[0]).toMatch(/^nested: list: \d+ of 500 items$/)
  })
})
