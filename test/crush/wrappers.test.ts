import { describe, expect, spyOn, test } from "bun:test"
import { DEFAULTS } from "../../src/core/config"
import * as parse from "../../src/core/shell/parse"
import { RUNNERS, SUBCOMMAND_RUNNERS, WRAPPERS } from "../../src/core/shell/wrappers"
import { familyOf, rewriteForCrush } from "../../src/crush"
import { programWords } from "../../src/crush/command"
import { judgeCommand } from "../../src/guard"

/**
 * One wrapper table (core/shell/wrappers.ts): the crusher names the program a wrapper runs, the guard
 * judges it. Decisions only: nothing here is run.
 */
const scene = { cwd: "/home/tester/work/proj", home: "/home/tester", projectRoot: "/home/tester/work/proj" }

/** Each wrapper with the words it needs before the command (an operand where it takes one). */
const wrapped = (name: string, inner: string): string => {
  const spec = WRAPPERS[name]
  const operands = Array.from({ length: spec?.operands ?? 0 }, () => "5")
  return [name, ...operands, inner].join(" ")
}

describe("the shared wrapper table", () => {
  const names = Object.keys(WRAPPERS)

  test("the crusher names the wrapped program for every wrapper and runner of the table", () => {
    for (const name of names)
      expect({ name, words: programWords(wrapped(name, "pytest -q")) }).toEqual({
        name,
        words: ["pytest", "-q"],
      })
    for (const name of RUNNERS) expect([name, programWords(`${name} pytest -q`)]).toEqual([name, ["pytest", "-q"]])
    for (const [name, subs] of Object.entries(SUBCOMMAND_RUNNERS))
      for (const sub of subs)
        expect([name, sub, programWords(`${name} ${sub} pytest -q`)]).toEqual([name, sub, ["pytest", "-q"]])
    // control: a program that is not a wrapper is named itself
    expect(programWords("pytest -q")).toEqual(["pytest", "-q"])
    expect(programWords("make -j4")).toEqual(["make", "-j4"])
  })

  test("uvx and valued wrapper options: the program, not an option's value", () => {
    expect(familyOf("uvx pytest -x")).toBe("test")
    expect(familyOf("uvx --from pytest==8 pytest -x")).toBe("test")
    expect(programWords("nice -n 10 make")).toEqual(["make"])
    expect(programWords("dotenv -e .env.test -- jest --ci")).toEqual(["jest", "--ci"])
    expect(programWords("timeout -s KILL 60 cargo test")).toEqual(["cargo", "test"])
    expect(programWords("npx jest@29 --ci")).toEqual(["jest", "--ci"])
    expect(programWords("bunx @biomejs/biome check")).toEqual(["biome", "check"])
    // an inert option: the wrapper runs nothing, so it names itself
    expect(programWords("command -v git")).toEqual(["command", "-v", "git"])
  })

  test("the guard judges what each wrapper of the table runs (a control: the plain wrapper is allowed)", () => {
    const pushed = "git push --force origin main"
    expect(judgeCommand(pushed, scene).decision).toBe("deny")
    for (const name of names) {
      expect({ name, decision: judgeCommand(wrapped(name, pushed), scene).decision }).toEqual({
        name,
        decision: "deny",
      })
      expect({ name, decision: judgeCommand(wrapped(name, "git status"), scene).decision }).not.toEqual({
        name,
        decision: "deny",
      })
    }
    for (const name of RUNNERS)
      expect([name, judgeCommand(`${name} ${pushed}`, scene).decision]).toEqual([name, "deny"])
  })
})

describe("the rewrite reads the command once", () => {
  test("one parse per rewrite; the family comes from the words it already read", () => {
    const opts = { bin: "/opt/egc", config: DEFAULTS }
    const spy = spyOn(parse, "parseShell")
    try {
      expect(rewriteForCrush("uvx pytest -x", opts)).toBe("/opt/egc crush -- uvx pytest -x")
      expect(spy).toHaveBeenCalledTimes(1)
      // control: a command that is not filtered is left alone, still after one parse
      expect(rewriteForCrush("vim notes.txt", opts)).toBeUndefined()
      expect(spy).toHaveBeenCalledTimes(2)
    } finally {
      spy.mockRestore()
    }
  })
})
