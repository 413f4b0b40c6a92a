import { expect, test } from "bun:test"
import { judgeCommand } from "../../src/guard"
import { loadCorpus } from "./_corpus"

/** Every prefix of every corpus command (unbalanced quotes, cut heredocs, open substitutions) gets an answer, never an internal failure. */
test("no internal failure on any prefix of any corpus command", () => {
  const ctx = { cwd: "/home/dev/src/app", home: "/home/dev", projectRoot: "/home/dev/src/app" }
  const failures: string[] = []
  let judged = 0
  for (const { command } of loadCorpus()) {
    const step = Math.max(1, Math.floor(command.length / 60))
    for (let end = 1; end <= command.length; end += step) {
      const v = judgeCommand(command.slice(0, end), ctx)
      judged++
      if (v.rule === "guard.internal") failures.push(`${JSON.stringify(command.slice(0, end))}: ${v.reason}`)
    }
  }
  expect(judged).toBeGreaterThan(10_000)
  expect(failures.slice(0, 10)).toEqual([])
})

test("a danger followed by garbage is never allowed", () => {
  const ctx = { cwd: "/home/dev/src/app", home: "/home/dev", projectRoot: "/home/dev/src/app" }
  for (const tail of ["'", '"', "$(", "`", "<<EOF", "\\", "((", "{", ")", "|", "&&", ";;", "\0", "\x1b[0m"]) {
    expect(judgeCommand(`git reset --hard ${tail}`, ctx).decision).not.toBe("allow")
    expect(judgeCommand(`rm -rf / ${tail}`, ctx).decision).not.toBe("allow")
  }
})
