import { describe, expect, test } from "bun:test"
import { judgeCommand } from "../../src/guard"

/** Hostile and malformed input: an answer (ask at worst) within the cap, never a crash, never an accidental allow. */
const ctx = { cwd: "/home/dev/src/app", home: "/home/dev", projectRoot: "/home/dev/src/app" }
const timed = (command: string) => {
  const t0 = performance.now()
  const v = judgeCommand(command, ctx)
  return { v, ms: performance.now() - t0 }
}

describe("bad input", () => {
  test("unbalanced quotes are asked about, and a danger before them still denies", () => {
    expect(timed("echo 'unterminated").v.decision).toBe("ask")
    expect(timed('ls "unterminated').v.decision).toBe("ask")
    expect(timed("git reset --hard 'x").v.decision).toBe("deny")
    expect(timed("echo $(ls").v.decision).toBe("ask")
  })

  test("a 1 MB command answers ask quickly", () => {
    const { v, ms } = timed(`echo ${"a".repeat(1024 * 1024)}`)
    expect(v.decision).toBe("ask")
    expect(v.rule).toBe("input.too-large")
    expect(ms).toBeLessThan(50)
  })

  test("a long script is judged up to the work cap, then asked about; a danger before the cap still denies", () => {
    expect(timed(`${"echo ok; ".repeat(300)}git reset --hard`).v.decision).toBe("deny")
    const { v, ms } = timed(`${"echo ok; ".repeat(20_000)}git reset --hard`)
    expect(v).toMatchObject({ decision: "ask", rule: "parse.budget" })
    expect(ms).toBeLessThan(100)
    expect(timed(`git reset --hard; ${"echo ok; ".repeat(20_000)}`).v.decision).toBe("deny")
  })

  test("deeply nested substitutions hit the cap and ask", () => {
    const deep = `${"$(".repeat(5000)}ls${")".repeat(5000)}`
    const { v, ms } = timed(deep)
    expect(v.decision).toBe("ask")
    expect(ms).toBeLessThan(100)
    let nested = "git reset --hard"
    for (let i = 0; i < 4; i++) nested = `bash -c "${nested.replace(/[\\"$`]/g, "\\$&")}"`
    expect(timed(nested).v.decision).toBe("deny")
    for (let i = 0; i < 8; i++) nested = `bash -c "${nested.replace(/[\\"$`]/g, "\\$&")}"`
    expect(timed(nested).v.decision).not.toBe("allow")
  })

  test("deep subshell nesting hits the cap and asks", () => {
    expect(timed(`${"( ".repeat(10_000)}ls${" )".repeat(10_000)}`).v.decision).toBe("ask")
    expect(timed(`${"( ".repeat(20)}git reset --hard${" )".repeat(20)}`).v.decision).toBe("deny")
  })

  test("NUL bytes never pass silently", () => {
    expect(timed("ls\0 -la").v.decision).toBe("ask")
    expect(timed("rm -rf /\0").v.decision).toBe("deny")
  })

  test("invalid UTF-8 (replacement characters, lone surrogates) is asked about", () => {
    expect(timed("ls \ufffd").v.decision).toBe("ask")
    expect(timed("ls \ud800").v.decision).toBe("ask")
  })

  test("look-alike letters and zero-width characters in command names do not hide a command", () => {
    expect(timed("r\u200bm -rf /").v.decision).toBe("deny")
    expect(timed("rm -rf \u200b/").v.decision).not.toBe("allow")
    expect(timed("gіt reset --hard").v.decision).toBe("deny") // Cyrillic і
    expect(timed("git reset \u2010\u2010hard").v.decision).toBe("deny")
    expect(timed("ｒｍ -rf /").v.decision).toBe("deny") // full-width
    expect(timed("echo 'héllo wörld 🚀'").v.decision).toBe("allow")
  })

  test("ANSI escapes are stripped and flagged", () => {
    expect(timed("\x1b[31mrm\x1b[0m -rf /").v.decision).toBe("deny")
    expect(timed("ls \x1b[2J").v.decision).toBe("ask")
  })

  test("CRLF line ends separate commands like LF", () => {
    expect(timed("echo ok\r\ngit reset --hard\r\n").v.decision).toBe("deny")
    expect(timed("echo ok\r\nls\r\n").v.decision).toBe("allow")
  })

  test("a pathological heredoc stays within the cap", () => {
    const body = "x = 1\n".repeat(30_000)
    const { v, ms } = timed(`python3 <<'EOF'\n${body}EOF`)
    expect(v.decision).toBe("allow")
    expect(ms).toBeLessThan(100)
  })

  test("empty and whitespace-only commands are allowed (nothing runs)", () => {
    expect(timed("").v.decision).toBe("allow")
    expect(timed("   \n\t ").v.decision).toBe("allow")
  })
})
