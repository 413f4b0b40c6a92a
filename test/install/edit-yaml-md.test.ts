import { describe, expect, test } from "bun:test"
import { MalformedFile } from "../../src/install/edit"
import { blockPresent, removeBlock, setBlock } from "../../src/install/edit/markdown"
import { readYaml, removeYaml, setYaml } from "../../src/install/edit/yaml"

const GOOSE = `# Goose config (mine)
GOOSE_PROVIDER: openai
extensions:
  developer:
    # the built-in developer tools
    bundled: true
    enabled: true
    name: developer
    type: builtin
`
const ext = {
  enabled: true,
  name: "egc",
  type: "stdio",
  cmd: "/opt/my egc/egc",
  args: ["serve"],
  envs: {},
  timeout: 300,
}

describe("YAML documents", () => {
  test("adds the extension and keeps comments and other extensions", () => {
    const out = setYaml(GOOSE, ["extensions", "egc"], ext)
    expect(out).toContain("# Goose config (mine)")
    expect(out).toContain("# the built-in developer tools")
    const v = readYaml(out) as { extensions: Record<string, unknown>; GOOSE_PROVIDER: string }
    expect(v.extensions.egc).toEqual(ext)
    expect(v.extensions.developer).toMatchObject({ bundled: true })
    expect(setYaml(out, ["extensions", "egc"], ext)).toBe(out)
    expect(removeYaml(out, ["extensions", "egc"])).toBe(GOOSE)
  })

  test("fresh file, and removal of the only entry leaves an empty file", () => {
    const out = setYaml("", ["extensions", "egc"], ext)
    expect(readYaml(out)).toEqual({ extensions: { egc: ext } })
    expect(removeYaml(out, ["extensions", "egc"])).toBe("")
  })

  test("malformed YAML and a non-mapping document are refused", () => {
    expect(() => setYaml("extensions: [\n  unclosed", ["extensions", "egc"], ext)).toThrow(MalformedFile)
    expect(() => setYaml("- a\n- b\n", ["extensions", "egc"], ext)).toThrow(/mapping/)
  })
})

describe("Markdown marker block", () => {
  const notes = "# My rules\n\nUse tabs.\n"

  test("appends after the user's text, idempotent, removal restores the bytes", () => {
    const out = setBlock(notes, "Read state first.", 1)
    expect(out.startsWith(notes)).toBe(true)
    expect(blockPresent(out, "Read state first.", 1)).toBe(true)
    expect(setBlock(out, "Read state first.", 1)).toBe(out)
    expect(removeBlock(out)).toBe(notes)
    expect(removeBlock(setBlock("", "x", 1))).toBe("")
  })

  test("an older version is upgraded in place; text around it survives", () => {
    const old = `${notes}\n<!-- egc:protocol v0 -->\nold words\n<!-- /egc:protocol -->\n\n## After\nkeep me\n`
    const out = setBlock(old, "new words", 1)
    expect(out).not.toContain("old words")
    expect(out).toContain("<!-- egc:protocol v1 -->\nnew words\n<!-- /egc:protocol -->")
    expect(out.indexOf("new words")).toBeLessThan(out.indexOf("## After"))
    expect(out.match(/egc:protocol v/g)?.length).toBe(1)
    expect(out).toContain("keep me")
  })
})
