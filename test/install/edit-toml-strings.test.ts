import { describe, expect, test } from "bun:test"
import { parse } from "smol-toml"
import { topLevelLines } from "../../src/install/edit/_toml-lines"
import { removeTomlTable, setTomlTable } from "../../src/install/edit/toml"

const egc = { command: "/opt/egc", args: ["serve"] }

/** A user's file whose multi-line strings hold lines that look like egc's table header. */
const DECOY = `model = "o3"
notes = """
[mcp_servers.egc]
command = "not a table, a note"
"""
literal = '''
[mcp_servers.egc]
'''

[mcp_servers.other]
command = "other"
`

describe("TOML headers inside multi-line strings are values, not tables", () => {
  test("a [x] line in \"\"\" or ''' is left alone; the table is added after; removal restores the bytes", () => {
    const out = setTomlTable(DECOY, "mcp_servers.egc", egc)
    expect(out.startsWith(DECOY.trimEnd())).toBe(true)
    const v = parse(out) as { notes: string; literal: string; mcp_servers: Record<string, unknown> }
    expect(v.notes).toBe('[mcp_servers.egc]\ncommand = "not a table, a note"\n')
    expect(v.literal).toBe("[mcp_servers.egc]\n")
    expect(v.mcp_servers).toEqual({ other: { command: "other" }, egc })
    expect(removeTomlTable(out, "mcp_servers.egc")).toBe(DECOY)
    expect(removeTomlTable(DECOY, "mcp_servers.egc")).toBe(DECOY)
  })

  test("a stale real table after the decoys is replaced in place; the decoys stay", () => {
    const stale = `${DECOY}\n[mcp_servers.egc]\ncommand = "/old/egc"\nargs = ["serve"]\n`
    const out = setTomlTable(stale, "mcp_servers.egc", egc)
    expect(out).not.toContain("/old/egc")
    expect(out.startsWith(DECOY)).toBe(true)
    expect((parse(out) as { notes: string }).notes).toContain("not a table, a note")
  })

  test("a header-like line inside the table's own string or nested array does not end the table", () => {
    const mine = `[mcp_servers.egc]
command = "/old/egc"
help = """
[profiles.fast]
"""
matrix = [
  [1, 2],
]

[profiles.fast]
model = "o4-mini"
`
    const removed = removeTomlTable(mine, "mcp_servers.egc")
    expect(removed).toBe('[profiles.fast]\nmodel = "o4-mini"\n')
    const replaced = parse(setTomlTable(mine, "mcp_servers.egc", egc)) as Record<string, Record<string, unknown>>
    expect(replaced.mcp_servers).toEqual({ egc })
    expect(replaced.profiles).toEqual({ fast: { model: "o4-mini" } })
  })
})

describe("topLevelLines", () => {
  test("strings, escapes, comments and brackets", () => {
    const lines = [
      'a = "x # [ not a comment" # [ a comment',
      "[t]",
      'b = """one line""""',
      "[u]",
      'c = """ escaped \\""" still open',
      "[in.string]",
      'end"""',
      "d = { e = [1,",
      "[in.array]",
      "2] }",
      "[[v]]",
    ]
    expect(topLevelLines(lines)).toEqual([true, true, true, true, true, false, false, true, false, false, true])
  })
})
