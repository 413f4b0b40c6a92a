import { describe, expect, test } from "bun:test"
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { crush } from "../../src/crush/pipeline"
import { isProblem, isSummary } from "../../src/crush/keep"
import { toLines } from "../../src/crush/text"

/**
 * One golden pair per filter (input → expected output), reviewed by reading the diff.
 * `UPDATE_GOLDEN=1 bun test test/crush/golden.test.ts` rewrites the .out files.
 */
const DIR = join(import.meta.dir, "golden")
const RUN_ID = "r00000000000000000000000000"
const cases = JSON.parse(readFileSync(join(DIR, "cases.json"), "utf8")) as Array<{
  name: string
  command: string
  exitCode?: number
  raw?: boolean
}>
const run = (c: (typeof cases)[number]) =>
  crush(new Uint8Array(readFileSync(join(DIR, `${c.name}.in`))), {
    command: c.command,
    ...(c.exitCode === undefined ? {} : { exitCode: c.exitCode }),
    runId: RUN_ID,
  })

describe("golden outputs", () => {
  for (const c of cases) {
    test(c.name, () => {
      const result = run(c)
      const file = join(DIR, `${c.name}.out`)
      if (process.env.UPDATE_GOLDEN === "1" || !existsSync(file)) writeFileSync(file, result.output)
      expect(result.output).toBe(readFileSync(file, "utf8"))
      if (c.raw) {
        // all of it is errors and warnings: nothing may go, so it passes through unchanged
        expect(result.mode).toBe("raw")
        expect(result.output).toBe(readFileSync(join(DIR, `${c.name}.in`), "utf8"))
      } else {
        expect(result.mode).toBe("filtered")
        expect(result.output).toContain(`egc crush show ${RUN_ID}`)
      }
      // the invariant, checked line by line on the input
      const out = result.output
      for (const line of toLines(readFileSync(join(DIR, `${c.name}.in`), "utf8"))) {
        if ((isProblem(line) || isSummary(line)) && line.length < 4096) expect(out).toContain(line)
      }
    })
  }

  test("determinism: the same input gives the same output", () => {
    for (const c of cases) expect(run(c).output).toBe(run(c).output)
  })
})
