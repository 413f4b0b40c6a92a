import { describe, expect, test } from "bun:test"
import { parse } from "smol-toml"
import { MalformedFile } from "../../src/install/edit"
import { removeTomlTable, setTomlTable } from "../../src/install/edit/toml"

const USER = `# my codex config
model = "o3"

[mcp_servers.other]
command = "other"   # keep this comment
args = ["--x"]

[profiles.fast]
model = "o4-mini"
`
const egc = { command: "/opt/egc", args: ["serve"] }

describe("TOML tables", () => {
  test("adds [mcp_servers.egc] beside existing servers; the rest is byte-identical", () => {
    const out = setTomlTable(USER, "mcp_servers.egc", egc)
    expect(out.startsWith(USER.trimEnd())).toBe(true)
    const v = parse(out) as { mcp_servers: Record<string, unknown>; profiles: unknown; model: string }
    expect(v.mcp_servers.egc).toEqual(egc)
    expect(v.mcp_servers.other).toEqual({ command: "other", args: ["--x"] })
    expect(v.model).toBe("o3")
  })

  test("idempotent; a stale table is replaced in place; removal restores the bytes", () => {
    const once = setTomlTable(USER, "mcp_servers.egc", egc)
    expect(setTomlTable(once, "mcp_servers.egc", egc)).toBe(once)
    const moved = `${USER.replace("[profiles.fast]", '[mcp_servers.egc]\ncommand = "/old/egc"\nargs = ["serve"]\n\n[profiles.fast]')}`
    const upgraded = setTomlTable(moved, "mcp_servers.egc", egc)
    expect(upgraded).not.toContain("/old/egc")
    expect(upgraded.indexOf("[mcp_servers.egc]")).toBeLessThan(upgraded.indexOf("[profiles.fast]"))
    expect(removeTomlTable(once, "mcp_servers.egc")).toBe(USER)
    expect(removeTomlTable("", "mcp_servers.egc")).toBe("")
    expect(removeTomlTable(setTomlTable("", "mcp_servers.egc", egc), "mcp_servers.egc")).toBe("")
  })

  test("the table lands outside any [profiles.x] table that ends the file", () => {
    const v = parse(setTomlTable(USER, "mcp_servers.egc", egc)) as { profiles: { fast: Record<string, unknown> } }
    expect(v.profiles.fast).toEqual({ model: "o4-mini" })
  })

  test("Windows paths and quotes are escaped and read back exactly", () => {
    const win = { command: 'C:\\Users\\Zoë "Z"\\egc.exe', args: ["serve"] }
    const v = parse(setTomlTable(USER, "mcp_servers.egc", win)) as { mcp_servers: { egc: unknown } }
    expect(v.mcp_servers.egc).toEqual(win)
  })

  test("CRLF files stay CRLF", () => {
    const crlf = USER.replace(/\n/g, "\r\n")
    const out = setTomlTable(crlf, "mcp_servers.egc", egc)
    expect(out.replace(/\r\n/g, "")).not.toContain("\n")
    expect(removeTomlTable(out, "mcp_servers.egc")).toBe(crlf)
  })

  test("malformed TOML is refused; an inline definition egc cannot edit safely is refused", () => {
    expect(() => setTomlTable("model = \n[x", "mcp_servers.egc", egc)).toThrow(MalformedFile)
    expect(() => setTomlTable('mcp_servers = { egc = { command = "x" } }\n', "mcp_servers.egc", egc)).toThrow(
      MalformedFile,
    )
  })
})
