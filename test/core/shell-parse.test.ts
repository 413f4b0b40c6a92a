import { describe, expect, test } from "bun:test"
import type { Command, Script } from "../../src/core/shell/ast"
import { parseShell } from "../../src/core/shell/parse"

/** Every simple command's words, depth-first, including those inside substitutions. */
function commands(script: Script): string[][] {
  const out: string[][] = []
  const visit = (s: Script) => {
    for (const p of s.pipelines) for (const c of p.commands) cmd(c)
  }
  const cmd = (c: Command) => {
    if (c.type !== "simple") return visit(c.body)
    for (const w of [...c.assigns, ...c.words]) w.subs.forEach(visit)
    for (const r of c.redirects) {
      r.target?.subs.forEach(visit)
      r.heredoc?.subs.forEach(visit)
    }
    if (c.words.length) out.push(c.words.map((w) => w.text))
  }
  visit(script)
  return out
}

describe("shell parser", () => {
  test("lists, pipelines, subshells, groups", () => {
    expect(commands(parseShell("a 1 && b | c; (d) || { e; }"))).toEqual([["a", "1"], ["b"], ["c"], ["d"], ["e"]])
  })

  test("quoting: single, double, ANSI-C, backslashes, concatenation", () => {
    expect(commands(parseShell(`echo 'a b' "c $X d" $'\\x72\\x6d' e\\ f g"h"'i'`))[0]).toEqual([
      "echo",
      "a b",
      "c $X d",
      "rm",
      "e f",
      "ghi",
    ])
  })

  test("command, backtick, arithmetic and process substitutions are parsed as commands", () => {
    expect(commands(parseShell("echo $(a $(b)) `c` $(( $(d) + 1 )) <(e) >(f)"))).toEqual([
      ["b"],
      ["a", "$(b)"],
      ["c"],
      ["d"],
      ["e"],
      ["f"],
      ["echo", "$(a $(b))", "`c`", "$(( $(d) + 1 ))", "<(e)", ">(f)"],
    ])
  })

  test("single quotes keep substitutions literal", () => {
    expect(commands(parseShell("echo '$(a)' '`b`'"))).toEqual([["echo", "$(a)", "`b`"]])
  })

  test("heredocs: body captured, quoted delimiter literal, unquoted body substitutions found", () => {
    const s = parseShell("cat <<'EOF' > f\n$(a)\nEOF\ncat <<EOF\n$(b) x\nEOF\nc")
    const first = s.pipelines[0]!.commands[0]!
    expect(first.type === "simple" && first.redirects[0]!.heredoc).toMatchObject({
      delimiter: "EOF",
      quoted: true,
      body: "$(a)",
    })
    expect(commands(s)).toEqual([["cat"], ["b"], ["cat"], ["c"]])
  })

  test("<<- strips leading tabs; here-strings are words", () => {
    const s = parseShell("cat <<-END\n\tx\n\tEND\nwc <<< 'y z'")
    const [a, b] = s.pipelines.map((p) => p.commands[0]!)
    expect(a!.type === "simple" && a!.redirects[0]!.heredoc!.body).toBe("x")
    expect(b!.type === "simple" && b!.redirects[0]).toMatchObject({ op: "<<<", target: { text: "y z" } })
  })

  test("control flow keywords and case arms", () => {
    expect(
      commands(
        parseShell("if a; then b; elif c; then d; else e; fi; while f; do g; done; for x in 1 2; do h $x; done"),
      ),
    ).toEqual([["a"], ["b"], ["c"], ["d"], ["e"], ["f"], ["g"], ["h", "$x"]])
    expect(commands(parseShell("case $v in a|b) i;; *) j;; esac; k"))).toEqual([["i"], ["j"], ["k"]])
  })

  test("redirections with fd numbers, assignments, and comments", () => {
    const s = parseShell("X=1 Y=(a b) cmd 2>&1 >out 123>/dev/null arg # rm -rf /")
    const c = s.pipelines[0]!.commands[0]!
    expect(c.type === "simple" && c.assigns.map((w) => w.text)).toEqual(["X=1", "Y=(a b)"])
    expect(c.type === "simple" && c.words.map((w) => w.text)).toEqual(["cmd", "arg"])
    expect(c.type === "simple" && c.redirects.map((r) => r.op)).toEqual([">&", ">", ">"])
    expect(c.type === "simple" && c.redirects.map((r) => r.fd)).toEqual(["2", undefined, "123"])
  })

  test("each pipeline knows the list operator after it and where it ends (the crusher's cd && form)", () => {
    const src = "cd a && b || c & d; e\nf"
    const s = parseShell(src)
    expect(s.pipelines.map((p) => p.next?.op)).toEqual(["&&", "||", "&", ";", ";", undefined])
    expect(src.slice(0, s.pipelines[0]!.next!.end)).toBe("cd a &&")
    expect(parseShell("a;\n\nb").pipelines.map((p) => p.next)).toEqual([{ op: ";", end: 2 }, undefined])
  })

  test("syntax problems are reported, not thrown", () => {
    expect(parseShell("echo 'open").errors).toContain("unterminated single quote")
    expect(parseShell("| x").errors.length).toBeGreaterThan(0)
    expect(parseShell("echo $(a").errors.length).toBeGreaterThan(0)
    expect(parseShell("echo ok;").errors).toEqual([])
  })
})
