import { describe, expect, test } from "bun:test"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { runCrushed } from "../../src/crush/runner"
import { tmpdir } from "../fixture"

/**
 * A long-running command's failures are printed while it still runs. The command below cannot end
 * until the test has seen its failure line live (it waits for a file the test writes on seeing it),
 * so the assertion is on order, not on time.
 */
describe("live lines of a running command", () => {
  test("a test runner's failure is printed before the command ends; progress and passes are not", async () => {
    using dir = tmpdir()
    const go = join(dir.path, "go")
    const script =
      `for i in 1 2 3; do echo "  ✓ adds $i"; done; echo "FAIL src/sum.test.ts > subtracts"; echo "Downloading 50%"; ` +
      `while [ ! -f '${go}' ]; do sleep 0.02; done; echo "Tests  1 failed | 3 passed"`
    const seen: string[] = []
    const outcome = await runCrushed([script], {
      command: "npx vitest run",
      liveAfterMs: 0,
      live: (text) => {
        seen.push(text)
        if (text.includes("FAIL src/sum.test.ts")) writeFileSync(go, "")
      },
    })
    outcome.releaseSignals()
    const early = seen.join("")
    expect(early).toContain("FAIL src/sum.test.ts > subtracts\n")
    expect(early).not.toContain("✓ adds")
    expect(early).not.toContain("Downloading")
    expect(early.indexOf("FAIL")).toBeLessThan(early.indexOf("the command ended"))
    expect(outcome.exitCode).toBe(0)
    // the summary came after the live failure; the filtered output still has everything needed
    expect(outcome.result.output).toContain("Tests  1 failed | 3 passed")
  })

  test("control: a command that ends before the live delay prints nothing early", async () => {
    const seen: string[] = []
    const outcome = await runCrushed(["echo 'error: boom'"], {
      command: "make",
      liveAfterMs: 600_000,
      live: (t) => seen.push(t),
    })
    outcome.releaseSignals()
    expect(seen).toEqual([])
    expect(outcome.result.output).toBe("error: boom\n")
  })
})
