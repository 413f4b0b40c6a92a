import { describe, test } from "bun:test"
import { join } from "node:path"
import { autoPushScenario } from "./_autopush"

const MAIN = join(import.meta.dir, "..", "..", "src", "main.ts")

describe("sync push at session end (from source)", () => {
  test(
    "off unless the person turns it on (a project file cannot); on, the hook returns and the push lands",
    () => autoPushScenario([process.execPath, "run", MAIN]),
    120_000,
  )
})
