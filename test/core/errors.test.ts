import { describe, expect, test } from "bun:test"
import { EgcError, refusalCode } from "../../src/core/errors"
import { MalformedFile } from "../../src/install/edit"
import { ToolFailure } from "../../src/mcp/tool"

describe("one error vocabulary", () => {
  test("each reason memory refuses a write for maps onto one error code", () => {
    const reasons = ["invalid", "injection", "tombstoned", "consent", "off", "not-found", "scope"] as const
    expect(Object.fromEntries(reasons.map((r) => [r, refusalCode(r)]))).toEqual({
      invalid: "E_INPUT",
      injection: "E_REFUSED",
      tombstoned: "E_REFUSED",
      consent: "E_REFUSED",
      off: "E_REFUSED",
      "not-found": "E_NOT_FOUND",
      scope: "E_SCOPE",
    })
    expect(refusalCode(undefined)).toBe("E_REFUSED")
  })

  test("the edges' own failures are EgcErrors with a code; a plain Error is not", () => {
    const tool = new ToolFailure("give id or text")
    const scoped = new ToolFailure("outside the bound folders", "E_SCOPE")
    const file = new MalformedFile("settings.json is not valid JSON")
    expect([tool, scoped, file].map((e) => [e instanceof EgcError, e.code, e.name])).toEqual([
      [true, "E_INPUT", "ToolFailure"],
      [true, "E_SCOPE", "ToolFailure"],
      [true, "E_INPUT", "MalformedFile"],
    ])
    expect(tool.hint).toBeUndefined()
    expect(new Error("x") instanceof EgcError).toBe(false)
  })
})
