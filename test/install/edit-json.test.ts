import { describe, expect, test } from "bun:test"
import { formatError } from "../../src/cli/format-error"
import { EgcError } from "../../src/core/errors"
import { MalformedFile } from "../../src/install/edit"
import { hooksPresent, mergeHooks, readJsonc, removeJson, setJson, unmergeHooks } from "../../src/install/edit/json"

const USER = `{
  // the user's own comment
  "model": "opus",
  "mcpServers": {
    "other": { "command": "other-server" }, // trailing comment
  },
}
`
const egcHook = (bin: string, event = "pre-tool") => ({
  hooks: [{ type: "command", command: `${bin} hook ${event} --tool claude-code` }],
})

describe("JSONC values", () => {
  test("setting a value keeps comments, trailing commas and other servers", () => {
    const out = setJson(USER, ["mcpServers", "egc"], { command: "/opt/egc", args: ["serve"] })
    expect(out).toContain("// the user's own comment")
    expect(out).toContain("// trailing comment")
    const v = readJsonc(out) as { mcpServers: Record<string, unknown>; model: string }
    expect(v.model).toBe("opus")
    expect(Object.keys(v.mcpServers)).toEqual(["other", "egc"])
  })

  test("removing the value gives the user's text back", () => {
    const out = removeJson(setJson(USER, ["mcpServers", "egc"], { command: "x" }), ["mcpServers", "egc"])
    expect(readJsonc(out)).toEqual(readJsonc(USER))
    expect(out).toContain("// trailing comment")
  })

  test("removal prunes a parent egc emptied, but keeps one the user still uses", () => {
    const lone = setJson("", ["mcpServers", "egc"], { command: "x" })
    expect(readJsonc(removeJson(lone, ["mcpServers", "egc"]))).toEqual({})
    expect(removeJson(USER, ["mcpServers", "egc"])).toBe(USER)
  })

  test("malformed JSON and non-objects are refused, not rewritten", () => {
    expect(() => readJsonc('{"a": 1,,}')).toThrow(MalformedFile)
    expect(() => readJsonc("[1, 2]")).toThrow(/does not hold a JSON object/)
    expect(() => setJson("{ oops", ["a"], 1)).toThrow(MalformedFile)
    expect(readJsonc("   \n")).toEqual({})
  })

  test("a malformed file is an EgcError (E_INPUT, exit 65) wherever it reaches the CLI edge", () => {
    let err: unknown
    try {
      readJsonc('{"a": 1,,}', "settings.json")
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(EgcError)
    expect((err as EgcError).code).toBe("E_INPUT")
    const shown = formatError(err)
    expect(shown.exitCode).toBe(65)
    expect(shown.text).toContain("settings.json is not valid JSON")
    expect(shown.text).toContain("[E_INPUT]")
    // control: an error that is not an EgcError is still a bug (70)
    expect(formatError(new Error("boom")).exitCode).toBe(70)
  })
})

describe("hook lists", () => {
  const user = { matcher: "Bash", hooks: [{ type: "command", command: "my-linter --check" }] }
  const base = `${JSON.stringify({ hooks: { PreToolUse: [user] }, theme: "dark" }, null, 2)}\n`

  test("adds egc's entry after the user's and is idempotent", () => {
    const once = mergeHooks(base, ["hooks"], { PreToolUse: [egcHook("/a/egc")], Stop: [egcHook("/a/egc", "stop")] })
    const v = readJsonc(once) as { hooks: { PreToolUse: unknown[]; Stop: unknown[] } }
    expect(v.hooks.PreToolUse).toEqual([user, egcHook("/a/egc")])
    expect(v.hooks.Stop).toEqual([egcHook("/a/egc", "stop")])
    expect(mergeHooks(once, ["hooks"], { PreToolUse: [egcHook("/a/egc")], Stop: [egcHook("/a/egc", "stop")] })).toBe(
      once,
    )
  })

  test("a stale egc entry (older binary path) is replaced where it stood, never duplicated", () => {
    const stale = JSON.stringify({ hooks: { PreToolUse: [egcHook("'/old dir/egc'"), user] } })
    const v = readJsonc(mergeHooks(stale, ["hooks"], { PreToolUse: [egcHook("/new/egc")] })) as {
      hooks: { PreToolUse: unknown[] }
    }
    expect(v.hooks.PreToolUse).toEqual([egcHook("/new/egc"), user])
  })

  test("an egc hook inside a user's group is taken out of the group; the group stays", () => {
    const shared = JSON.stringify({
      hooks: {
        PreToolUse: [
          {
            matcher: "*",
            hooks: [
              { type: "command", command: "mine" },
              { type: "command", command: "/x/egc hook pre-tool --tool claude-code" },
            ],
          },
        ],
      },
    })
    const v = readJsonc(unmergeHooks(shared, ["hooks"], ["PreToolUse"])) as { hooks: { PreToolUse: unknown[] } }
    expect(v.hooks.PreToolUse).toEqual([{ matcher: "*", hooks: [{ type: "command", command: "mine" }] }])
  })

  test("unmerge removes only egc's entries and empty containers it leaves", () => {
    const merged = mergeHooks(base, ["hooks"], { PreToolUse: [egcHook("/a/egc")], Stop: [egcHook("/a/egc", "stop")] })
    expect(readJsonc(unmergeHooks(merged, ["hooks"], ["PreToolUse", "Stop"]))).toEqual(readJsonc(base))
    expect(unmergeHooks(base, ["hooks"], ["PreToolUse"])).toBe(base)
  })

  test("flat entries (Cursor) with a version default", () => {
    const out = mergeHooks("", ["hooks"], { stop: [{ command: "/e/egc hook stop --tool cursor" }] }, { version: 1 })
    expect(readJsonc(out)).toEqual({ version: 1, hooks: { stop: [{ command: "/e/egc hook stop --tool cursor" }] } })
    expect(hooksPresent(out, ["hooks"], { stop: [{ command: "/e/egc hook stop --tool cursor" }] })).toBe(true)
    expect(hooksPresent(out, ["hooks"], { stop: [{ command: "/other/egc hook stop --tool cursor" }] })).toBe(false)
  })

  test("a hook event that is not a list is malformed", () => {
    expect(() =>
      mergeHooks('{"hooks": {"PreToolUse": "oops"}}', ["hooks"], { PreToolUse: [egcHook("/a/egc")] }),
    ).toThrow(/not a list/)
  })
})
