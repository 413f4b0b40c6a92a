import { describe, expect, test } from "bun:test"
import { judgeCommand } from "../../src/guard"
import { sound, stricter, type Verdict } from "../../src/guard/types"
import { own } from "../../src/core/own"
import { programWords } from "../../src/crush/command"

/**
 * Words that name a member of every JavaScript object ("constructor", "toString", "__proto__") reach the
 * guard's tables as command names and subcommands. Strings are judged only; nothing is executed.
 */
const PROJECT = "/home/dev/src/app"
const ctx = { cwd: PROJECT, home: "/home/dev", projectRoot: PROJECT }
const NAMES = Object.getOwnPropertyNames(Object.prototype)

describe("names of Object's members are ordinary words to the guard", () => {
  test("as a program, a git or npm subcommand, or behind a wrapper: judged (allow), never an internal failure", () => {
    for (const n of NAMES)
      for (const c of [n, `${n} x`, `git ${n}`, `git ${n} -f`, `npm ${n}`, `nice ${n}`, `sudo ${n}`, `npx ${n}`]) {
        const v = judgeCommand(c, ctx)
        expect([c, v.decision, v.rule]).toEqual([c, "allow", undefined])
      }
  })

  test("a git subcommand named 'constructor' does not hide the reset beside it (it made the verdict undefined)", () => {
    const alone = judgeCommand("git reset --hard HEAD~1", ctx)
    expect(alone).toMatchObject({ decision: "deny", rule: "git.reset-hard" })
    for (const n of ["constructor", "__proto__", "toString", "valueOf"]) {
      expect(judgeCommand(`git ${n} && git reset --hard HEAD~1`, ctx)).toMatchObject(alone)
      expect(judgeCommand(`git reset --hard HEAD~1; git ${n}`, ctx)).toMatchObject(alone)
    }
  })

  test("the crusher reads them as program words", () => {
    for (const n of NAMES) expect(programWords(`nice ${n} status`)).toEqual([n, "status"])
  })
})

describe("a verdict without a known decision asks", () => {
  const malformed = [
    { decision: undefined },
    { decision: "maybe" },
    { decision: "constructor" },
    [] as unknown,
    undefined,
  ] as unknown as Verdict[]
  test("sound() turns it into the guard's internal failure; real verdicts pass unchanged", () => {
    for (const v of malformed) expect(sound(v)).toMatchObject({ decision: "ask", rule: "guard.internal" })
    const deny: Verdict = { decision: "deny", rule: "x.y", reason: "r" }
    expect(sound(deny)).toBe(deny)
    expect(sound({ decision: "allow" })).toEqual({ decision: "allow" })
  })

  test("stricter() never lets it count as an allow, nor lose a deny to it", () => {
    const deny: Verdict = { decision: "deny", rule: "x.y", reason: "r" }
    for (const v of malformed) {
      expect(stricter(v, { decision: "allow" }).decision).toBe("ask")
      expect(stricter({ decision: "allow" }, v).decision).toBe("ask")
      expect(stricter(v, deny)).toBe(deny)
      expect(stricter(deny, v)).toBe(deny)
    }
  })

  test("own() reads own entries only", () => {
    const table: Record<string, number> = { git: 1 }
    expect(own(table, "git")).toBe(1)
    for (const n of NAMES) expect(own(table, n)).toBeUndefined()
  })
})
